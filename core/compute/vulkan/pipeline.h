#pragma once
// Compute pipelines built from embedded SPIR-V: storage buffers at bindings 0..n-1 of set 0,
// static parameters as specialization constants (constant_id 0 is always the workgroup
// size), and shapes as push constants (at most kPushBytes).
#include "common/error.h"
#include "compute/vulkan/device.h"
#include "compute/vulkan/step_memo.h"

#include <array>
#include <cstdint>
#include <functional>
#include <initializer_list>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

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

// The file of the persisted VkPipelineCache for this device in `folder`, named from its vendor,
// device and pipelineCacheUUID (another GPU or driver never reads a foreign file).
std::string pipelineCacheFileName(const DeviceCaps& caps);
// The folder of persisted pipeline caches: SMOLDESK_VK_PIPELINE_CACHE when set ("off": none),
// else `chosen` when not empty, else platform::userCacheDirectory()/vulkan; empty: none.
std::string pipelineCacheFolder(const std::string& chosen);
// The cache file for this device in that folder; empty: none. Never throws.
std::string pipelineCachePath(const std::string& chosen, const DeviceCaps& caps);
// True when `data` starts with a pipeline-cache header (version one) of this device: length,
// version, vendor, device and UUID all match.
bool pipelineCacheHeaderMatches(const uint8_t* data, size_t size, const DeviceCaps& caps);

class PipelineCache {
  public:
    // cacheFile: the persisted VkPipelineCache, read now when it is this device's (anything
    // else is ignored), written back (temp file + rename) on destruction when it changed;
    // empty: an in-memory VkPipelineCache only. Never throws for the file.
    explicit PipelineCache(Device& device, std::string cacheFile = {});
    ~PipelineCache();
    PipelineCache(const PipelineCache&) = delete;
    PipelineCache& operator=(const PipelineCache&) = delete;

    static constexpr size_t kMaxSpec = 16; // matvec_kv: 8 + RoPE's 8
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
    // Host time spent in vkCreateComputePipelines, in microseconds.
    double creationMicroseconds() const { return creationUs_; }
    // Bytes of the persisted cache passed to the driver at creation (0: none, or ignored).
    uint64_t loadedCacheBytes() const { return loadedCacheBytes_; }
    // Pipelines the driver says came from the pipeline cache (VK_EXT_pipeline_creation_feedback;
    // 0 where the driver does not report it).
    uint64_t cacheHits() const { return cacheHits_; }

    // Collecting (pipeline warm-up, pipeline_warmup.cpp): a pipeline not created yet is noted and
    // get() returns a stand-in without Vulkan objects (for a dry recorder only). Switching it off
    // forgets what the step memo remembered.
    void setCollecting(bool on);
    struct Compiled {
        uint64_t pipelines = 0, failed = 0;
        int threads = 0;
        double seconds = 0; // wall time
    };
    // Creates the noted pipelines on up to `threads` threads (vkCreateComputePipelines and the
    // VkPipelineCache are safe to use from several at once), the calling thread waiting and
    // calling progress(done, total) as they finish; progress returning false stops handing out
    // work, waits for the compiles running and throws Error(Cancelled). A pipeline that fails is
    // remembered: get() throws its Error where the step uses it (as a lazy creation would have).
    Compiled compileCollected(int threads, const std::function<bool(size_t, size_t)>& progress = {});
    // Pipelines noted while collecting and not compiled yet.
    size_t collected() const { return collected_.size(); }

    // Writes the cache file now when it changed (the destructor does it too); false when
    // nothing was written.
    bool save();

  private:
    Device& device_;
    uint64_t creations_ = 0;
    double creationUs_ = 0;
    VkPipelineCache cache_ = VK_NULL_HANDLE;
    std::string cacheFile_;
    std::vector<uint8_t> savedData_; // what the file holds (as read or last written)
    uint64_t loadedCacheBytes_ = 0;
    uint64_t cacheHits_ = 0;
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
    // A pipeline not in pipelines_: the remembered failure thrown, a stand-in noted, or created.
    const Pipeline& missing(const Key& key, uint32_t bindings);
    const Pipeline& create(const Key& key, uint32_t bindings);
    static void describe(const Key& key, uint32_t bindings, Pipeline& p); // name, label, sizes
    void destroy(Pipeline& p) const;
    void reportStatistics(const Pipeline& p) const; // SMOLDESK_VK_PIPELINE_STATS
    struct BuildCost {
        double us = 0;
        bool cacheHit = false;
    };
    // The pipeline's Vulkan objects; touches no member but reads, so threads may run it at once.
    std::unique_ptr<Pipeline> build(const Key& key, uint32_t bindings, BuildCost& cost) const;
    bool collecting_ = false;
    std::string injectFailure_; // SMOLDESK_VK_INJECT_PIPELINE_FAILURE: a shader whose creation fails
    std::unordered_map<Key, std::unique_ptr<Pipeline>, KeyHash> collected_; // stand-ins
    std::unordered_map<Key, Error, KeyHash> failed_;                        // warm-up failures
    std::unordered_map<Key, std::unique_ptr<Pipeline>, KeyHash> pipelines_;
    StepMemo<Key, const Pipeline*> memo_;
};

} // namespace smoldesk::compute::vk
