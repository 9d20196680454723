#include "compute/vulkan/gpu_profiler.h"

#include "compute/vulkan/vk_api.h"

#include <cstdio>
#include <cstdlib>

namespace smoldesk::compute::vk {

namespace {
// Timestamps per command buffer: dispatches beyond this many in one step go unmeasured (a
// 36-layer decode step has about 220, a long prompt's step a few thousand at most).
constexpr uint32_t kMaxQueries = 16384;
} // namespace

std::unique_ptr<GpuProfiler> GpuProfiler::createIfRequested(Device& device) {
    const char* env = std::getenv("SMOLDESK_VK_PROFILE");
    if (!env || !*env || std::string(env) == "0") return nullptr;
    const DeviceCaps& caps = device.caps();
    if (caps.timestampValidBits == 0 || caps.timestampPeriod <= 0.0f) {
        std::fprintf(stderr, "SMOLDESK_VK_PROFILE: the GPU '%s' has no timestamps on its compute queue.\n",
                     caps.name.c_str());
        return nullptr;
    }
    VkQueryPoolCreateInfo info{};
    info.sType = VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO;
    info.queryType = VK_QUERY_TYPE_TIMESTAMP;
    info.queryCount = kMaxQueries;
    VkQueryPool pool = VK_NULL_HANDLE;
    check(device.api().vkCreateQueryPool(device.handle(), &info, nullptr, &pool), "vkCreateQueryPool");
    const uint64_t mask =
        caps.timestampValidBits >= 64 ? ~uint64_t{0} : (uint64_t{1} << caps.timestampValidBits) - 1;
    return std::unique_ptr<GpuProfiler>(new GpuProfiler(device, pool, caps.timestampPeriod, mask));
}

GpuProfiler::GpuProfiler(Device& device, VkQueryPool pool, double nsPerTick, uint64_t tickMask)
    : device_(device), pool_(pool), nsPerTick_(nsPerTick), tickMask_(tickMask) {}

GpuProfiler::~GpuProfiler() {
    device_.api().vkDestroyQueryPool(device_.handle(), pool_, nullptr);
}

void GpuProfiler::beginRecording(VkCommandBuffer cmd) {
    slots_.clear();
    device_.api().vkCmdResetQueryPool(cmd, pool_, 0, kMaxQueries);
    device_.api().vkCmdWriteTimestamp(cmd, VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT, pool_, 0);
}

void GpuProfiler::afterDispatch(VkCommandBuffer cmd, VkPipeline pipeline) {
    if (slots_.size() + 1 >= kMaxQueries) return;
    slots_.push_back(pipeline);
    device_.api().vkCmdWriteTimestamp(cmd, VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT, pool_,
                                      static_cast<uint32_t>(slots_.size()));
}

void GpuProfiler::collect() {
    if (slots_.empty()) return;
    const uint32_t count = static_cast<uint32_t>(slots_.size() + 1);
    ticks_.assign(count, 0);
    const VkResult r = device_.api().vkGetQueryPoolResults(
        device_.handle(), pool_, 0, count, count * sizeof(uint64_t), ticks_.data(), sizeof(uint64_t),
        VK_QUERY_RESULT_64_BIT | VK_QUERY_RESULT_WAIT_BIT);
    if (r != VK_SUCCESS) return; // a profile is best effort; the step itself succeeded
    for (size_t i = 0; i < slots_.size(); ++i) {
        const uint64_t ticks = (ticks_[i + 1] - ticks_[i]) & tickMask_;
        auto name = names_.find(slots_[i]);
        KernelTime& t = totals_[name != names_.end() ? name->second : std::string("(unnamed)")];
        ++t.dispatches;
        t.microseconds += static_cast<double>(ticks) * nsPerTick_ / 1000.0;
    }
}

} // namespace smoldesk::compute::vk
