#include "compute/vulkan/host_clock.h"

#if defined(_WIN32)
#include <chrono>
#else
#include <time.h>
#endif

namespace smoldesk::compute::vk {

uint64_t threadCpuNanoseconds() {
#if defined(_WIN32)
    return static_cast<uint64_t>(std::chrono::duration_cast<std::chrono::nanoseconds>(
                                     std::chrono::steady_clock::now().time_since_epoch())
                                     .count());
#else
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return static_cast<uint64_t>(ts.tv_sec) * 1000000000ull + static_cast<uint64_t>(ts.tv_nsec);
#endif
}

} // namespace smoldesk::compute::vk
