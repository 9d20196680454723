#include "common/error.h"
#include "compute/vulkan/backend_impl.h"

namespace smoldesk::compute::vk {

void VulkanBackend::moeFfn(const MoeFfn&, BufferId, BufferId, BufferId, int) {
    throw Error(ErrorCode::UnsupportedArch, "The Vulkan backend cannot run mixture-of-experts models yet.");
}

} // namespace smoldesk::compute::vk
