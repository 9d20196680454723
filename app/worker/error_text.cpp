#include "worker/error_text.h"

#include "worker/quantity_text.h"

#include "common/error.h"
#include "model/hparams.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QLocale>

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
        return QCoreApplication::translate("ErrorText", "Loading was cancelled.");
    case static_cast<int>(ErrorCode::Template):
        return QCoreApplication::translate("ErrorText", "The model's chat template cannot be used.");
    case static_cast<int>(ErrorCode::DeviceLost):
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
    case static_cast<int>(ErrorCode::DeviceLost):
    case static_cast<int>(ErrorCode::Backend):
        return QCoreApplication::translate("ErrorText", "Choose the CPU in the settings.");
    case EngineError::kNoModel:
        return QCoreApplication::translate("ErrorText", "Open a model first.");
    default:
        return {};
    }
}

namespace {
QString bytes(qint64 n) {
    return QLocale().toString(n);
}
} // namespace

QString describeError(const EngineError& e) {
    switch (e.code) {
    case EngineError::kRemote: // remote_errors.h said it in the UI's language already
        return e.message;
    case static_cast<int>(ErrorCode::Io):
        if (!e.subject.isEmpty() && !QFileInfo::exists(e.subject))
            return QCoreApplication::translate("ErrorText", "The file %1 does not exist.")
                .arg(QFileInfo(e.subject).fileName());
        if (!e.subject.isEmpty())
            return QCoreApplication::translate("ErrorText", "The file %1 cannot be read.")
                .arg(QFileInfo(e.subject).fileName());
        break;
    case static_cast<int>(ErrorCode::NotGguf):
        if (e.fileBytes == 0)
            return QCoreApplication::translate("ErrorText", "The file is empty, so it is not a model.");
        return QCoreApplication::translate(
            "ErrorText", "This is not a GGUF model file: it does not start with the bytes “GGUF”.");
    case static_cast<int>(ErrorCode::Truncated):
        if (e.expectedBytes > 0 && e.fileBytes >= 0)
            return QCoreApplication::translate(
                       "ErrorText",
                       "The file is truncated: at least %1 bytes expected, %2 present — the download was "
                       "probably interrupted.")
                .arg(bytes(e.expectedBytes), bytes(e.fileBytes));
        if (e.fileBytes >= 0)
            return QCoreApplication::translate(
                       "ErrorText",
                       "The file is truncated: it ends after %1 bytes, inside its header — the download was "
                       "probably interrupted.")
                .arg(bytes(e.fileBytes));
        return QCoreApplication::translate("ErrorText",
                                           "The file is truncated — the download was probably interrupted.");
    case static_cast<int>(ErrorCode::Corrupt):
        return QCoreApplication::translate("ErrorText",
                                           "The file is damaged: its header contradicts itself.");
    case static_cast<int>(ErrorCode::UnsupportedVersion):
        return QCoreApplication::translate(
            "ErrorText", "This GGUF version is not supported (SmolDesk reads versions 2 and 3).");
    case static_cast<int>(ErrorCode::UnsupportedArch):
        if (!e.subject.isEmpty())
            return QCoreApplication::translate("ErrorText",
                                               "The architecture “%1” is not supported (supported: %2).")
                .arg(e.subject, QString::fromStdString(model::supportedArchitecturesText()));
        break;
    case static_cast<int>(ErrorCode::UnsupportedType):
        if (!e.subject.isEmpty())
            return QCoreApplication::translate("ErrorText", "The tensor type %1 is not supported.")
                .arg(e.subject);
        break;
    case static_cast<int>(ErrorCode::OutOfMemory):
        if (e.neededBytes > 0 && e.availableBytes >= 0)
            return QCoreApplication::translate("ErrorText",
                                               "Not enough memory: the model needs %1, %2 are free.")
                .arg(formatBytes(e.neededBytes), formatBytes(e.availableBytes));
        break;
    case static_cast<int>(ErrorCode::Cancelled):
    case EngineError::kNoModel:
    case EngineError::kBusy:
        return errorSentence(e.code);
    default:
        break;
    }
    // No details to build a sentence from: the engine's sentence names the specifics (a key, a
    // tensor, a template line); it is English, as the engine has no translations.
    return e.message.isEmpty() ? errorSentence(e.code) : e.message;
}

} // namespace smoldesk::app
