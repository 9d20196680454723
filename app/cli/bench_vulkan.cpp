#include "bench_vulkan.h"

#ifdef SMOLDESK_HAVE_VULKAN
#include "compute/vulkan/vulkan_backend.h"
#endif

#include <cstdio>
#include <optional>
#include <vector>

namespace smoldesk::cli {

#ifdef SMOLDESK_HAVE_VULKAN
namespace {

using compute::VulkanCounters;

VulkanCounters snapshot(const runtime::Session& session) {
    return *compute::vulkanCounters(session.backend());
}

std::string perToken(const VulkanCounters& a, const VulkanCounters& b, int tokens) {
    const double n = tokens;
    auto per = [&](uint64_t before, uint64_t after) { return static_cast<double>(after - before) / n; };
    char buf[512];
    std::snprintf(
        buf, sizeof buf,
        "{\"dispatches\": %.6g, \"descriptor_set_allocations\": %.6g, \"descriptor_writes\": %.6g, "
        "\"submits\": %.6g, \"fence_waits\": %.6g, \"barriers\": %.6g, \"pipeline_creations\": %.6g, "
        "\"host_record_us\": %.1f, \"weight_bytes_read\": %.0f}",
        per(a.dispatches, b.dispatches), per(a.descriptorSetAllocations, b.descriptorSetAllocations),
        per(a.descriptorWrites, b.descriptorWrites), per(a.submits, b.submits),
        per(a.fenceWaits, b.fenceWaits), per(a.barriers, b.barriers),
        per(a.pipelineCreations, b.pipelineCreations), (b.hostRecordUs - a.hostRecordUs) / n,
        per(a.weightBytesRead, b.weightBytesRead));
    return buf;
}

} // namespace

std::vector<std::pair<std::string, std::string>> vulkanBenchJson(runtime::Session& session,
                                                                 std::span<const int32_t> prompt, int nGen,
                                                                 const std::function<int32_t()>& nextToken) {
    if (!compute::vulkanCounters(session.backend())) return {};

    // Prompt: the first pass creates pipelines and descriptor sets; the second is measured.
    session.reset();
    session.evaluate(prompt);
    session.reset();
    const VulkanCounters p0 = snapshot(session);
    session.evaluate(prompt);
    const VulkanCounters p1 = snapshot(session);

    // Decode after a 1-token prompt, two warm-up steps first.
    session.reset();
    session.evaluate(std::vector<int32_t>{prompt[0]});
    for (int i = 0; i < 2; ++i) session.decode(nextToken());
    const VulkanCounters d0 = snapshot(session);
    for (int i = 0; i < nGen; ++i) session.decode(nextToken());
    const VulkanCounters d1 = snapshot(session);

    return {{"prompt_per_token", perToken(p0, p1, static_cast<int>(prompt.size()))},
            {"decode_per_token", perToken(d0, d1, nGen)}};
}
#else
std::vector<std::pair<std::string, std::string>> vulkanBenchJson(runtime::Session&, std::span<const int32_t>,
                                                                 int, const std::function<int32_t()>&) {
    return {}; // built without the Vulkan backend
}
#endif

} // namespace smoldesk::cli
