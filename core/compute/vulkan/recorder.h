#pragma once
// Records dispatches into one command buffer per step and submits it once. A barrier is
// inserted only when a dispatch reads a buffer written since the last barrier, or writes a
// buffer read or written since then (tracked per VkBuffer).
// Descriptor sets are written once per distinct set of bindings and kept: buffers live as
// long as the backend (the allocator frees nothing early), so after the first step a decode
// step allocates and writes no descriptors at all; shapes and positions are push constants.
// Waiting for the GPU is bounded: a hung or lost device becomes an Error, not a frozen app.
// Record once, replay: the ops of a step are first collected as a plain list of commands;
// at submit, a list equal to the one last recorded resubmits that command buffer as it is
// (a decode step repeats exactly: positions live in a buffer, not in push constants), and
// only a different list is recorded into Vulkan commands.
#include "compute/vulkan/gpu_profiler.h"
#include "compute/vulkan/pipeline.h"
#include "compute/vulkan/step_memo.h"

#include <array>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

namespace smoldesk::compute::vk {

struct Binding {
    VkBuffer buffer = VK_NULL_HANDLE;
    uint64_t offset = 0;
    uint64_t range = VK_WHOLE_SIZE;
    bool write = false;
};

// Running totals since the recorder was created (the host-cost counters of bench --json).
struct RecorderStats {
    uint64_t submits = 0;
    uint64_t fenceWaits = 0;
    uint64_t dispatches = 0;
    uint64_t barriers = 0;
    uint64_t descriptorSetAllocations = 0;
    uint64_t descriptorWrites = 0; // descriptors written (one per binding)
    uint64_t hostRecordNs = 0;     // thread CPU time from a step's first command to its submit
    uint64_t replays = 0;          // submits that reused the previous step's command buffer
    uint64_t spinWaits = 0;        // step waits that polled the fence (see Recorder::waitForStep)
    uint64_t splitSteps = 0;       // recorded steps submitted in several pieces (the work cap)
};

// matvec.comp: three weights, their outputs, input, extra, codebooks; every device must bind that many.
constexpr uint32_t kRequiredBindings = 9;
// matvec_kv (the K/V epilogue) adds the two caches, the positions and the RoPE factors: used only on
// devices that bind that many (maxPerStageDescriptorStorageBuffers), else the unfused path runs.
constexpr uint32_t kMaxBindingsPerSet = 13;

// A descriptor set's identity: its layout and what each binding points at.
struct SetKey {
    VkDescriptorSetLayout layout = VK_NULL_HANDLE;
    uint32_t count = 0;
    std::array<VkDescriptorBufferInfo, kMaxBindingsPerSet> infos{}; // zero beyond count
    bool operator==(const SetKey& o) const;
};
struct SetKeyHash {
    size_t operator()(const SetKey& k) const;
};

class Recorder {
  public:
    // fenceTimeoutNs bounds each wait for the GPU.
    Recorder(Device& device, uint64_t fenceTimeoutNs);
    ~Recorder();
    Recorder(const Recorder&) = delete;
    Recorder& operator=(const Recorder&) = delete;

    void dispatch(const Pipeline& pipeline, std::span<const Binding> bindings, const void* push,
                  uint32_t pushBytes, uint32_t groupsX, uint32_t groupsY = 1, uint32_t groupsZ = 1);
    void copy(VkBuffer src, uint64_t srcOffset, VkBuffer dst, uint64_t dstOffset, uint64_t bytes);
    void fill(VkBuffer dst, uint64_t offset, uint64_t bytes, uint32_t value);

    // The estimated work (FLOPs) of the next dispatch; without it a dispatch counts 64 per
    // invocation. Only the submit work cap uses it.
    void noteWork(uint64_t flops) { nextWork_ = flops; }
    // The submit work cap: a recorded step whose estimated work exceeds it goes to the GPU in
    // several submissions of at most that much each (at least one dispatch), so that no single
    // submission runs long enough to trip a driver watchdog (Windows' TDR: 2 s). 0: no cap.
    // Replayed steps (decode) are submitted whole: they are small, and their first recording
    // was split already if it had to be.
    void setWorkCap(uint64_t flops) { workCap_ = flops; }
    uint64_t workCap() const { return workCap_; }
    // The work rate measured on the step pieces that took long enough to time (FLOPs per
    // second; 0 before the first): the backend lowers its cap to it.
    double measuredRate() const { return measuredRate_; }

    bool pending() const { return !commands_.empty(); }
    // Dry: dispatches, copies and fills are checked and dropped (nothing is recorded, allocated or
    // submitted), so that a step can be run only for the pipelines it looks up (pipeline_warmup.h).
    // Only switched when nothing is pending.
    void setDry(bool dry) { dry_ = dry; }
    bool dry() const { return dry_; }
    // Ends the command buffer, submits it, waits for the GPU and makes its writes visible to
    // the host. Does nothing when nothing was recorded.
    void submitAndWait();

    const RecorderStats& stats() const { return stats_; }
    // Per-kernel GPU time, when SMOLDESK_VK_PROFILE is set (else nullptr).
    const GpuProfiler* profiler() const { return profiler_.get(); }
    // Test hook for GPU-fault recovery: the next fence wait that succeeds reports `fault`
    // instead (VK_ERROR_DEVICE_LOST, or VK_TIMEOUT as from a hung device).
    void injectFaultAtNextWait(VkResult fault) { injected_ = fault; }
    // False when a hung device still runs submitted work after one more bounded wait: then
    // nothing it may use (memory, pipelines, the device) may be destroyed.
    bool settle();

    // For submissions made beside the recorder (the weight uploads, see Uploader), so that
    // they fail the way its own do: waits, bounded, for `fence` and resets it. A hang or a
    // lost device breaks the recorder (every later call fails with the same sentence);
    // another driver error throws it after the work has really finished and the fence has
    // been reset, so the next submission may use the fence again.
    void waitAndReset(VkFence fence) { waitAndReset(fence, VK_SUCCESS); }
    // Throws the broken recorder's Error(DeviceLost), if it is broken.
    void checkUsable() const;
    bool broken() const { return !broken_.empty(); }
    // Breaks the recorder with the lost-device sentence (a submission reported it).
    [[noreturn]] void deviceLost();
    // settle() for a fence of a submission beside the recorder.
    bool settleFence(VkFence fence) const;

    // One command of a step, plain data so that two steps compare with memcmp.
    struct Command {
        enum Kind : uint32_t { Dispatch, Copy, Fill, Barrier } kind;
        uint32_t pushBytes = 0;
        VkPipeline pipeline = VK_NULL_HANDLE;
        VkPipelineLayout layout = VK_NULL_HANDLE;
        VkDescriptorSet set = VK_NULL_HANDLE;
        VkBuffer src = VK_NULL_HANDLE, dst = VK_NULL_HANDLE;
        uint64_t srcOffset = 0, dstOffset = 0, bytes = 0;
        uint32_t groups[3] = {0, 0, 0};
        uint32_t value = 0;
        uint32_t push[kPushBytes / 4] = {};
        uint64_t work = 0; // estimated FLOPs (dispatches)
    };

  private:
    bool dry_ = false;
    enum : uint8_t { kRead = 1, kWritten = 2 };
    void begin();
    void add(const Command& c);
    // Records cmds into cmd_ (after a barrier on everything before when leadingBarrier: a piece
    // of a split step depends on the pieces submitted before it).
    void recordCommands(std::span<const Command> cmds, bool leadingBarrier);
    // Submits cmd_ and waits for it; `last`: the step's last submission (caches may be reset).
    void submitRecorded(VkResult injected, bool last);
    // [begin, end) index ranges of commands_ whose work each fits the cap.
    std::vector<std::pair<size_t, size_t>> pieces() const;
    void track(VkBuffer buffer, bool write);
    bool hazard(VkBuffer buffer, bool write) const;
    void barrier();
    VkDescriptorSet allocateSet(VkDescriptorSetLayout layout);
    VkDescriptorSet setFor(const Pipeline& pipeline, std::span<const Binding> bindings);
    void waitAndReset(VkFence fence, VkResult injected);
    // The wait for a step's fence: blocking until shortly before the last step's duration, then
    // polling for up to spinNs_, then blocking for the rest of the timeout (see recorder.cpp).
    VkResult waitForStep(VkFence fence);
    [[noreturn]] void fail(const std::string& sentence);

    Device& device_;
    VkCommandPool pool_ = VK_NULL_HANDLE;
    VkCommandBuffer cmd_ = VK_NULL_HANDLE;
    VkFence fence_ = VK_NULL_HANDLE;
    std::vector<Command> commands_; // the step being collected
    std::vector<Command> recorded_; // what cmd_ holds (valid when recordedValid_)
    bool recordedValid_ = false;
    bool inFlight_ = false; // fence_ belongs to a submission not yet waited for
    uint64_t recordStartNs_ = 0;
    uint64_t fenceTimeoutNs_;
    uint64_t spinNs_ = 0;     // polling budget of a step's wait; 0: a plain blocking wait
    uint64_t lastWaitNs_ = 0; // how long the last step's wait took
    uint64_t nextWork_ = 0, workCap_ = 0;
    double measuredRate_ = 0;
    std::string broken_;      // set once the device hung or was lost: every later call fails with it
    VkResult injected_ = VK_SUCCESS;
    std::vector<VkDescriptorPool> descriptorPools_;
    size_t currentPool_ = 0;
    std::unordered_map<SetKey, VkDescriptorSet, SetKeyHash> sets_;
    StepMemo<SetKey, VkDescriptorSet> setMemo_;
    // Access since the last barrier: a handful of buffers per step, so a flat list.
    std::vector<std::pair<VkBuffer, uint8_t>> since_;
    RecorderStats stats_;
    std::unique_ptr<GpuProfiler> profiler_;
};

} // namespace smoldesk::compute::vk
