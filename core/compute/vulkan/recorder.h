#pragma once
// Records dispatches into one command buffer per step and submits it once. A barrier is
// inserted only when a dispatch reads a buffer written since the last barrier, or writes a
// buffer read or written since then (tracked per VkBuffer).
#include "compute/vulkan/pipeline.h"

#include <cstdint>
#include <span>
#include <unordered_map>
#include <vector>

namespace smoldesk::compute::vk {

struct Binding {
    VkBuffer buffer = VK_NULL_HANDLE;
    uint64_t offset = 0;
    uint64_t range = VK_WHOLE_SIZE;
    bool write = false;
};

struct RecorderStats {
    uint64_t submits = 0;
    uint64_t dispatches = 0;
    uint64_t barriers = 0;
};

class Recorder {
  public:
    explicit Recorder(Device& device);
    ~Recorder();
    Recorder(const Recorder&) = delete;
    Recorder& operator=(const Recorder&) = delete;

    void dispatch(const Pipeline& pipeline, std::span<const Binding> bindings, const void* push,
                  uint32_t pushBytes, uint32_t groupsX, uint32_t groupsY = 1, uint32_t groupsZ = 1);
    void copy(VkBuffer src, uint64_t srcOffset, VkBuffer dst, uint64_t dstOffset, uint64_t bytes);
    void fill(VkBuffer dst, uint64_t offset, uint64_t bytes, uint32_t value);

    bool pending() const { return recording_; }
    // Ends the command buffer, submits it, waits for the GPU and makes its writes visible to
    // the host. Does nothing when nothing was recorded.
    void submitAndWait();

    const RecorderStats& stats() const { return stats_; }

  private:
    enum : uint8_t { kRead = 1, kWritten = 2 };
    void begin();
    void track(VkBuffer buffer, bool write);
    bool hazard(VkBuffer buffer, bool write) const;
    void barrier();
    VkDescriptorSet allocateSet(VkDescriptorSetLayout layout);

    Device& device_;
    VkCommandPool pool_ = VK_NULL_HANDLE;
    VkCommandBuffer cmd_ = VK_NULL_HANDLE;
    VkFence fence_ = VK_NULL_HANDLE;
    bool recording_ = false;
    std::vector<VkDescriptorPool> descriptorPools_;
    size_t currentPool_ = 0;
    std::unordered_map<VkBuffer, uint8_t> since_; // access since the last barrier
    RecorderStats stats_;
};

} // namespace smoldesk::compute::vk
