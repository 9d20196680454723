#include "engine_types.h"

namespace smoldesk::app {

void registerEngineTypes() {
    qRegisterMetaType<EngineError>();
    qRegisterMetaType<LoadRequest>();
    qRegisterMetaType<LoadedModel>();
    qRegisterMetaType<GenerationRequest>();
    qRegisterMetaType<GenerationResult>();
}

} // namespace smoldesk::app
