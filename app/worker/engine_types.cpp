#include "worker/engine_types.h"

#include "worker/document_sources.h"

namespace smoldesk::app {

void registerEngineTypes() {
    qRegisterMetaType<EngineError>();
    qRegisterMetaType<LoadRequest>();
    qRegisterMetaType<LoadedModel>();
    qRegisterMetaType<GpuDeviceInfo>();
    qRegisterMetaType<QList<GpuDeviceInfo>>();
    qRegisterMetaType<GenerationRequest>();
    qRegisterMetaType<ToolCallInfo>();
    qRegisterMetaType<GenerationResult>();
    qRegisterMetaType<DocumentsUsed>();
}

QString promptModeName(PromptMode mode) {
    switch (mode) {
    case PromptMode::OwnTemplate:
        return QStringLiteral("template");
    case PromptMode::BuiltinChatMl:
        return QStringLiteral("chatml");
    case PromptMode::PlainContinuation:
        return QStringLiteral("continuation");
    }
    return {};
}

} // namespace smoldesk::app
