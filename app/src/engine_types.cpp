#include "engine_types.h"

namespace smoldesk::app {

void registerEngineTypes() {
    qRegisterMetaType<EngineError>();
    qRegisterMetaType<LoadRequest>();
    qRegisterMetaType<LoadedModel>();
    qRegisterMetaType<GpuDeviceInfo>();
    qRegisterMetaType<QList<GpuDeviceInfo>>();
    qRegisterMetaType<GenerationRequest>();
    qRegisterMetaType<GenerationResult>();
}

} // namespace smoldesk::app
