#pragma once
// Compute pipelines built from embedded SPIR-V: storage buffers at bindings 0..n-1 of set 0,
// static parameters as specialization constants (constant_id 0 is always the workgroup
// size), and shapes as push constants (at most kPushBytes).
#include "compute/vulkan/device.h"

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace smoldesk::compute::vk {

constexpr uint32_t kPushBytes = 128; // the minimum every device guarantees

struct Pipeline {
    VkPipeline pipeline = VK_NULL_HANDLE;
    VkPipelineLayout layout = VK_NULL_HANDLE;
    VkDescriptorSetLayout setLayout = VK_NULL_HANDLE;
    uint32_t bindings = 0;
    uint32_t workgroupSize = 0;
    std::string name;
};

class PipelineCache {
  public:
    explicit PipelineCache(Device& device) : device_(device) {}
    ~PipelineCache();
    PipelineCache(const PipelineCache&) = delete;
    PipelineCache& operator=(const PipelineCache&) = delete;

    // The pipeline of `shader` with specialization constants spec[0..] (spec[0]: workgroup
    // size), created on first use.
    const Pipeline& get(const std::string& shader, const std::vector<uint32_t>& spec, uint32_t bindings);

  private:
    Device& device_;
    std::map<std::pair<std::string, std::vector<uint32_t>>, std::unique_ptr<Pipeline>> pipelines_;
};

} // namespace smoldesk::compute::vk
