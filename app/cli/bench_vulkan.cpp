#include "bench_vulkan.h"

#ifdef SMOLDESK_HAVE_VULKAN
#include "compute/vulkan/vulkan_backend.h"
#endif

#include <algorithm>
#include <cstdio>
#include <optional>
#include <string>
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

// GPU time per token by kernel between two snapshots, longest first, as a JSON object; also
// printed to stderr as a table (the profile is what one looks at on a lent GPU).
std::string kernelsPerToken(const VulkanCounters& a, const VulkanCounters& b, int tokens, const char* what) {
    struct Row {
        std::string name;
        double us = 0, dispatches = 0; // per token
    };
    std::vector<Row> rows;
    double total = 0;
    for (const auto& [name, t] : b.kernels) {
        const auto before = a.kernels.find(name);
        const compute::KernelTime earlier =
            before != a.kernels.end() ? before->second : compute::KernelTime{};
        if (t.dispatches == earlier.dispatches) continue;
        rows.push_back({name, (t.microseconds - earlier.microseconds) / tokens,
                        static_cast<double>(t.dispatches - earlier.dispatches) / tokens});
        total += rows.back().us;
    }
    std::sort(rows.begin(), rows.end(), [](const Row& x, const Row& y) { return x.us > y.us; });
    std::fprintf(stderr, "GPU time per %s token by kernel (%.1f us in all):\n", what, total);
    std::string out = "{";
    for (const Row& r : rows) {
        std::fprintf(stderr, "  %10.1f us %5.1f%%  %6.1f dispatches  %s\n", r.us,
                     total > 0 ? 100 * r.us / total : 0.0, r.dispatches, r.name.c_str());
        std::string escaped; // kernel names are plain ASCII; quotes and backslashes escaped anyway
        for (char c : r.name) {
            if (c == '"' || c == '\\') escaped += '\\';
            escaped += c;
        }
        char us[32];
        std::snprintf(us, sizeof us, "%.3f", r.us);
        out += (out.size() > 1 ? ", \"" : "\"") + escaped + "\": " + us;
    }
    return out + "}";
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

    // Since the load: the pipelines compiled and what that cost (a first start's wait; a persisted cache or
    // the driver's own makes the second start cheap).
    // at_load: those compiled in parallel while the model loaded (counted in load_seconds, see
    // runtime/gpu_warmup.h), at_load_ms their wall time; the rest were created lazily by the passes.
    char pipelines[320];
    std::snprintf(
        pipelines, sizeof pipelines,
        "{\"created\": %llu, \"create_ms\": %.1f, \"cache_hits\": %llu, \"cache_bytes_loaded\": %llu, "
        "\"at_load\": %llu, \"at_load_ms\": %.1f}",
        static_cast<unsigned long long>(d1.pipelineCreations), d1.pipelineCreateUs / 1000.0,
        static_cast<unsigned long long>(d1.pipelineCacheHits),
        static_cast<unsigned long long>(d1.pipelineCacheBytesLoaded),
        static_cast<unsigned long long>(d1.pipelinesPrepared), d1.pipelinePrepareMs);
    std::vector<std::pair<std::string, std::string>> out{
        {"prompt_per_token", perToken(p0, p1, static_cast<int>(prompt.size()))},
        {"decode_per_token", perToken(d0, d1, nGen)},
        {"pipelines", pipelines}};
    if (!d1.kernels.empty()) { // SMOLDESK_VK_PROFILE
        out.emplace_back("prompt_gpu_us_per_token_by_kernel",
                         kernelsPerToken(p0, p1, static_cast<int>(prompt.size()), "prompt"));
        out.emplace_back("decode_gpu_us_per_token_by_kernel", kernelsPerToken(d0, d1, nGen, "decode"));
    }
    return out;
}
#else
std::vector<std::pair<std::string, std::string>> vulkanBenchJson(runtime::Session&, std::span<const int32_t>,
                                                                 int, const std::function<int32_t()>&) {
    return {}; // built without the Vulkan backend
}
#endif

} // namespace smoldesk::cli
