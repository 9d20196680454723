#include "error_text.h"

#include "common/error.h"

#include <QCoreApplication>

namespace smoldesk::app {

QString errorSentence(int code) {
    switch (code) {
    case static_cast<int>(ErrorCode::Io):
        return QCoreApplication::translate("ErrorText", "The file cannot be read.");
    case static_cast<int>(ErrorCode::NotGguf):
        return QCoreApplication::translate("ErrorText", "This is not a GGUF model file.");
    case static_cast<int>(ErrorCode::UnsupportedVersion):
        return QCoreApplication::translate("ErrorText", "This GGUF version is not supported.");
    case static_cast<int>(ErrorCode::Truncated):
        return QCoreApplication::translate("ErrorText", "The file is truncated (an incomplete download?).");
    case static_cast<int>(ErrorCode::Corrupt):
        return QCoreApplication::translate("ErrorText", "The file is damaged.");
    case static_cast<int>(ErrorCode::WrongType):
        return QCoreApplication::translate("ErrorText", "The model's metadata has an unexpected type.");
    case static_cast<int>(ErrorCode::MissingKey):
        return QCoreApplication::translate("ErrorText", "The model is missing required metadata or tensors.");
    case static_cast<int>(ErrorCode::UnsupportedArch):
        return QCoreApplication::translate("ErrorText", "This model architecture is not supported.");
    case static_cast<int>(ErrorCode::UnsupportedType):
        return QCoreApplication::translate("ErrorText",
                                           "The model uses a tensor type that is not supported.");
    case static_cast<int>(ErrorCode::UnsupportedTokenizer):
        return QCoreApplication::translate("ErrorText", "The model's tokenizer is not supported.");
    case static_cast<int>(ErrorCode::BadShape):
        return QCoreApplication::translate("ErrorText",
                                           "A tensor's shape does not match the model's parameters.");
    case static_cast<int>(ErrorCode::InvalidArgument):
        return QCoreApplication::translate("ErrorText", "The request is not valid for this model.");
    case static_cast<int>(ErrorCode::OutOfMemory):
        return QCoreApplication::translate("ErrorText", "There is not enough memory.");
    case static_cast<int>(ErrorCode::Cancelled):
        return QCoreApplication::translate("ErrorText", "Cancelled.");
    case static_cast<int>(ErrorCode::Template):
        return QCoreApplication::translate("ErrorText", "The model's chat template cannot be used.");
    case static_cast<int>(ErrorCode::Backend):
        return QCoreApplication::translate("ErrorText", "The compute device failed.");
    case EngineError::kNoModel:
        return QCoreApplication::translate("ErrorText", "No model is loaded.");
    case EngineError::kBusy:
        return QCoreApplication::translate("ErrorText", "The model is busy.");
    default:
        return QCoreApplication::translate("ErrorText", "Something went wrong.");
    }
}

QString errorAction(int code) {
    switch (code) {
    case static_cast<int>(ErrorCode::Io):
    case static_cast<int>(ErrorCode::NotGguf):
        return QCoreApplication::translate("ErrorText", "Choose a .gguf model file.");
    case static_cast<int>(ErrorCode::Truncated):
    case static_cast<int>(ErrorCode::Corrupt):
        return QCoreApplication::translate("ErrorText", "Download the model again.");
    case static_cast<int>(ErrorCode::UnsupportedArch):
    case static_cast<int>(ErrorCode::UnsupportedType):
    case static_cast<int>(ErrorCode::UnsupportedTokenizer):
    case static_cast<int>(ErrorCode::UnsupportedVersion):
        return QCoreApplication::translate("ErrorText", "Choose a model in a supported format.");
    case static_cast<int>(ErrorCode::OutOfMemory):
        return QCoreApplication::translate("ErrorText",
                                           "Lower the context length or choose a smaller model.");
    case static_cast<int>(ErrorCode::Backend):
        return QCoreApplication::translate("ErrorText", "Choose the CPU in the settings.");
    case EngineError::kNoModel:
        return QCoreApplication::translate("ErrorText", "Open a model first.");
    default:
        return {};
    }
}

QString describeError(const EngineError& error) {
    QString s = errorSentence(error.code);
    if (!error.message.isEmpty()) s += QLatin1Char(' ') + error.message;
    return s;
}

} // namespace smoldesk::app
