// The ops of the interface that not every backend has yet: a backend that lacks one refuses in
// one sentence instead of computing something else.
#include "compute/backend.h"

#include "common/error.h"

namespace smoldesk::compute {

void Backend::layerNorm(BufferId, WeightId, WeightId, BufferId, int, int, float) {
    throw Error(ErrorCode::Backend, "The " + deviceName() + " backend has no LayerNorm (encoder models).");
}

void Backend::gelu(BufferId, size_t) {
    throw Error(ErrorCode::Backend, "The " + deviceName() + " backend has no GELU (encoder models).");
}

void Backend::write(BufferId, size_t, size_t, const float*) {
    throw Error(ErrorCode::Backend, "The " + deviceName() + " backend cannot take image input yet.");
}

} // namespace smoldesk::compute
