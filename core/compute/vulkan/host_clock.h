#pragma once
// CPU time of the calling thread, for the host-cost counters: on a busy machine (or with
// lavapipe's worker threads competing) wall time would count other threads' work.

#include <cstdint>

namespace smoldesk::compute::vk {

// Nanoseconds of CPU time this thread has used (monotonic per thread; wall time where the
// platform has no per-thread clock).
uint64_t threadCpuNanoseconds();

} // namespace smoldesk::compute::vk
