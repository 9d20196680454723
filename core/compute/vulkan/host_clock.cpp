#include "compute/vulkan/host_clock.h"

#include "common/platform.h"

namespace smoldesk::compute::vk {

uint64_t threadCpuNanoseconds() {
    return platform::threadCpuNanoseconds();
}

} // namespace smoldesk::compute::vk
