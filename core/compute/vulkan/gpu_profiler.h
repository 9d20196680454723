#pragma once
// GPU time per kernel, from timestamp queries around every dispatch of a step, for finding
// where a GPU's time goes (bench on a lent GPU). Off unless SMOLDESK_VK_PROFILE is set: the
// timestamps cost a little GPU time and a readback per step. A dispatch's time is measured from
// the end of the command before it to its own end, so with barriers between dispatches (the
// common case) it is the dispatch's own time, waits for its inputs included.
#include "compute/vulkan/device.h"
#include "compute/vulkan/vulkan_backend.h"

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

namespace smoldesk::compute::vk {

class GpuProfiler {
  public:
    // nullptr when SMOLDESK_VK_PROFILE is unset or "0", or the queue has no timestamps.
    static std::unique_ptr<GpuProfiler> createIfRequested(Device& device);
    ~GpuProfiler();
    GpuProfiler(const GpuProfiler&) = delete;
    GpuProfiler& operator=(const GpuProfiler&) = delete;

    void nameKernel(VkPipeline pipeline, const std::string& name) { names_[pipeline] = name; }
    // Recording a command buffer: once before its first command, then after each dispatch.
    void beginRecording(VkCommandBuffer cmd);
    void afterDispatch(VkCommandBuffer cmd, VkPipeline pipeline);
    // After the submission of that command buffer (recorded or replayed) has finished.
    void collect();

    // Totals by kernel name since the profiler was created.
    const std::map<std::string, KernelTime>& totals() const { return totals_; }

  private:
    GpuProfiler(Device& device, VkQueryPool pool, double nsPerTick, uint64_t tickMask);

    Device& device_;
    VkQueryPool pool_;
    double nsPerTick_;
    uint64_t tickMask_;
    std::unordered_map<VkPipeline, std::string> names_;
    std::vector<VkPipeline> slots_; // the dispatch behind each timestamp after the first
    std::vector<uint64_t> ticks_;
    std::map<std::string, KernelTime> totals_;
};

} // namespace smoldesk::compute::vk
