#pragma once
// The Vulkan part of `smoldesk-cli bench --json`: host-cost counters per prompt token and per
// decode token, measured after a warm-up (issue 10; docs/KERNELS.md "Vulkan").
#include "runtime/session.h"

#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <utility>
#include <vector>

namespace smoldesk::cli {

// "prompt_per_token" and "decode_per_token" objects (dispatches, descriptor_set_allocations,
// descriptor_writes, submits, fence_waits, barriers, pipeline_creations, host_record_us,
// weight_bytes_read) as JSON members for BenchResult::extraJson; none when the session does
// not run on Vulkan. Runs the prompt twice and 2 + nGen decode steps of its own after the
// timed runs; nextToken picks the decode inputs.
std::vector<std::pair<std::string, std::string>> vulkanBenchJson(runtime::Session& session,
                                                                 std::span<const int32_t> prompt, int nGen,
                                                                 const std::function<int32_t()>& nextToken);

} // namespace smoldesk::cli
