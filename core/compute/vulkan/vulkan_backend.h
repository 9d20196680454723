#pragma once
// The Vulkan compute backend: our own compute shaders for the whole forward pass. When
// Vulkan cannot be used, createVulkanBackend says why in one sentence and the caller runs
// on the CPU backend.
#include "compute/backend.h"
#include "quant/types.h"

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace smoldesk::compute {

// A model's demand on device memory, from model::MemoryPlan and its attention shape.
struct VulkanMemoryNeed {
    uint64_t weightBytes = 0, kvCacheBytes = 0, activationBytes = 0;
    uint64_t largestReadBytes = 0; // the readback buffer (a chunk of logits)
    int nCtx = 0, nHead = 0, headDim = 0;
};

// Device memory the backend allocates for such a model: weights, KV cache and activations
// plus its own buffers (attention scratch, upload staging, token ids, positions, readback).
// Without the margin that the memory check adds; tests compare it with what is allocated.
uint64_t vulkanBytesNeeded(const VulkanMemoryNeed& need);

// The memory check: bytes needed plus a margin of 5% and 224 MiB (the allocator's 64 MiB
// blocks, one partly used for each of its three memory kinds, alignment, and the driver's own
// allocations).
uint64_t vulkanBytesNeededWithMargin(const VulkanMemoryNeed& need);

struct VulkanOptions {
    // -1: the best discrete, then integrated GPU; a CPU-type device (lavapipe) only when
    // chosen explicitly by index here or by the environment variable SMOLDESK_VK_DEVICE
    // (an index or a case-insensitive name substring).
    int device = -1;
    // Enable VK_LAYER_KHRONOS_validation and fail (Error Backend) on any message.
    bool validation = false;
    // What the model will allocate (model::planMemory), for the memory check that runs before
    // the device is even created: no check when all zero (tests that make their own tensors).
    VulkanMemoryNeed memoryNeed;
    // Called after each piece of a weight upload (at most 16 MiB) is submitted to the GPU, with
    // the bytes submitted so far by this backend; returning false cancels: addWeight throws
    // Error(Cancelled) once the pieces still in flight are copied. (The GPU copies one piece
    // while the next is prepared; the last ones are waited for before the next step runs.)
    std::function<bool(uint64_t)> uploadProgress;
    // Tests: upload pieces (each staging buffer's size) of this many bytes (0: 16 MiB).
    uint64_t uploadPieceBytes = 0;
    // Tests: bind weights in slices of at most this many bytes (0: the device limit).
    // (The environment variable SMOLDESK_VK_NO_SUBGROUP=1 likewise forces the shared-memory
    // reductions that devices without subgroup arithmetic use.)
    uint64_t maxBindingBytes = 0;
    // Longest wait for one submission before the device counts as hung (Error Backend).
    // 0: SMOLDESK_VK_FENCE_TIMEOUT_MS when set, else 60 s on GPUs and an hour on CPU-type
    // devices (lavapipe needs minutes for a 3B model's prompt chunk).
    uint64_t fenceTimeoutMs = 0;
    // The folder of the persisted VkPipelineCache (one file per device and driver, read when
    // the backend is created and written back when it is destroyed, if it changed), so a second
    // start compiles no pipelines. Empty: platform::userCacheDirectory()/vulkan. The environment
    // variable SMOLDESK_VK_PIPELINE_CACHE overrides it: "off" for no file, else the folder.
    // A file that cannot be read or written is ignored.
    std::string pipelineCacheDir;
};

struct VulkanDeviceInfo {
    int index = 0;
    std::string name;
    std::string type; // "discrete", "integrated", "virtual", "cpu", "other"
    uint64_t memoryBytes = 0;
    bool usable = false;
    std::string whyNot;
    std::string driverVersion;
};

// Every Vulkan device the loader reports; empty when there is no loader or driver, or when the
// driver fails while listing. Never throws: when the list is empty, *whyNone (if given) says
// why in one sentence (no loader, no driver, the driver's error); otherwise it is cleared.
std::vector<VulkanDeviceInfo> listVulkanDevices(std::string* whyNone = nullptr);

// nullptr with *reason set to one sentence (no loader, no device, only a CPU-type device,
// missing features, not enough memory, device lost…) when Vulkan cannot be used.
std::unique_ptr<Backend> createVulkanBackend(const VulkanOptions& options, std::string* reason);

// The index of the device createVulkanBackend would use for these options (the one asked for, or
// the automatic choice), -1 when it would use none (*reason, if given, says why). Never throws.
int resolveVulkanDevice(const VulkanOptions& options, std::string* reason = nullptr);

// The device memory the memory check of createVulkanBackend compares with, for the device these
// options select: VK_EXT_memory_budget's budget for this process (else the largest device-local
// heap), the RAM free now for a CPU-type device, capped by SMOLDESK_VK_MEMORY_BUDGET_MB. 0, with
// *reason (if given) saying why in one sentence, when no device would be used. Never throws.
uint64_t vulkanMemoryBudget(const VulkanOptions& options, std::string* reason = nullptr);

// Host-cost counters of a Vulkan backend, running totals since it was created (subtract two
// snapshots for a step's cost). weightBytesRead counts the bytes of weight tensors bound by
// the dispatches (an embedding lookup counts the rows it reads).
// GPU time of one kernel (SMOLDESK_VK_PROFILE=1; see gpu_profiler.h).
struct KernelTime {
    uint64_t dispatches = 0;
    double microseconds = 0;
};

struct VulkanCounters {
    uint64_t dispatches = 0;
    uint64_t descriptorSetAllocations = 0;
    uint64_t descriptorWrites = 0;
    uint64_t submits = 0;
    uint64_t fenceWaits = 0;
    uint64_t barriers = 0;
    uint64_t pipelineCreations = 0;
    double pipelineCreateUs = 0;           // host time in vkCreateComputePipelines
    uint64_t pipelineCacheBytesLoaded = 0; // of the persisted pipeline cache, at creation
    uint64_t pipelineCacheHits = 0;        // pipelines the driver found in the cache (if it says)
    uint64_t weightBytesRead = 0;
    uint64_t pipelinesPrepared = 0; // of pipelineCreations: compiled in parallel at load (warm-up)
    double pipelinePrepareMs = 0;   // the wall time of that compile
    double hostRecordUs = 0;        // thread CPU time spent recording and submitting, GPU waits excluded
    // GPU time by kernel name, filled only when SMOLDESK_VK_PROFILE is set.
    std::map<std::string, KernelTime> kernels;
};

// Pipeline warm-up: a GPU driver compiles each of our pipelines the first time it is created
// (0.37 s each on an H200 with a cold driver cache), which would otherwise happen one after the
// other inside the first prompt. prepareVulkanPipelines runs `steps` (forward passes of the
// shapes the first prompt and decode will have) with nothing computed or submitted, only noting
// the pipelines they look up, and compiles those in parallel on up to `threads` threads (0:
// hardware_concurrency, at most 8; SMOLDESK_VK_WARMUP_THREADS overrides). progress(done, total)
// is called on this thread as they finish; returning false cancels (Error Cancelled). A pipeline
// that fails to compile throws its Error where a step first uses it, as a lazy creation would.
// Nothing (no warm-up) when `backend` is not a whole Vulkan backend (the GPU part of a layer split
// compiles lazily) or SMOLDESK_VK_WARMUP=0; otherwise what was compiled.
struct VulkanWarmup {
    uint64_t pipelines = 0, failed = 0;
    int threads = 0;
    double seconds = 0;
};
std::optional<VulkanWarmup> prepareVulkanPipelines(Backend& backend, const std::function<void()>& steps,
                                                   const std::function<bool(size_t, size_t)>& progress = {},
                                                   int threads = 0);

// The counters when `backend` is a Vulkan backend, else nothing.
std::optional<VulkanCounters> vulkanCounters(const Backend& backend);

// Vulkan device memory of this process, all backends together (tests: nothing allocated
// before a refusal, everything freed after a cancelled load).
struct VulkanMemoryTotals {
    uint64_t allocations = 0; // vkAllocateMemory calls that succeeded, ever
    uint64_t liveBytes = 0;   // allocated and not yet freed
};
VulkanMemoryTotals vulkanMemoryTotals();

// True when the Vulkan shaders compute with tensors of this type (F32, F16, Q4_0, Q8_0,
// Q4_K, Q6_K); addWeight throws Error(UnsupportedType) for others.
bool vulkanSupportsType(quant::Type type);

} // namespace smoldesk::compute
