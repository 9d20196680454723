#pragma once
// Compute pipelines built from embedded SPIR-V: storage buffers at bindings 0..n-1 of set 0,
// static parameters as specialization constants (constant_id 0 is always the workgroup
// size), and shapes as push constants (at most kPushBytes).
#include "compute/vulkan/device.h"
#include "compute/vulkan/step_memo.h"

#include <array>
#include <cstdint>
#include <initializer_list>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>

namespace smoldesk::compute::vk {

constexpr uint32_t kPushBytes = 128; // the minimum every device guarantees

struct Pipeline {
    VkPipeline pipeline = VK_NULL_HANDLE;
    VkPipelineLayout layout = VK_NULL_HANDLE;
    VkDescriptorSetLayout setLayout = VK_NULL_HANDLE;
    uint32_t bindings = 0;
    uint32_t workgroupSize = 0;
    uint32_t subgroupSize = 0; // required at creation, 0: the driver's choice
    std::string name;
    std::string label; // name and specialization constants, "matvec_sg 256 12 4" (GPU profiles)
};

class PipelineCache {
  public:
    explicit PipelineCache(Device& device) : device_(device) {}
    ~PipelineCache();
    PipelineCache(const PipelineCache&) = delete;
    PipelineCache& operator=(const PipelineCache&) = delete;

    static constexpr size_t kMaxSpec = 8;
    // The pipeline of `shader` with specialization constants spec[0..] (spec[0]: workgroup
    // size), created on first use. Looking one up allocates nothing (it runs per dispatch).
    // subgroupSize: a required subgroup size (VK_EXT_subgroup_size_control, full subgroups where
    // the device can), or 0 to let the driver choose.
    const Pipeline& get(std::string_view shader, std::initializer_list<uint32_t> spec, uint32_t bindings,
                        uint32_t subgroupSize = 0);
    // The lookups that follow belong to a new step (see StepMemo).
    void restartStep() { memo_.restart(); }
    // Pipelines created so far (a host-cost counter: none should appear after warm-up).
    uint64_t creations() const { return creations_; }

  private:
    Device& device_;
    uint64_t creations_ = 0;
    struct Key {
        std::array<char, 32> shader{};
        std::array<uint32_t, kMaxSpec> spec{};
        uint32_t specCount = 0;
        uint32_t subgroupSize = 0;
        bool operator==(const Key& o) const = default;
    };
    struct KeyHash {
        size_t operator()(const Key& k) const;
    };
    const Pipeline& create(const Key& key, std::string_view shader, uint32_t bindings);
    std::unordered_map<Key, std::unique_ptr<Pipeline>, KeyHash> pipelines_;
    StepMemo<Key, const Pipeline*> memo_;
};

} // namespace smoldesk::compute::vk
