#pragma once
// The Vulkan backend's class. Ops are recorded into one command buffer as the decoder calls
// them and submitted once, in read(). Exposed (beyond vulkan_backend.h) for tests that look
// at the recorder's statistics.
#include "compute/backend.h"
#include "compute/vulkan/memory.h"
#include "compute/vulkan/pipeline.h"
#include "compute/vulkan/recorder.h"
#include "compute/vulkan/uploader.h"
#include "compute/vulkan/vulkan_backend.h"
#include "quant/iq_grids.h"

#include <functional>
#include <memory>
#include <optional>
#include <vector>

namespace smoldesk::compute::vk {

// A weight tensor bound in row slices that each fit maxStorageBufferRange.
struct WeightSlice {
    uint64_t row0 = 0, rows = 0;
    uint64_t bindOffset = 0, bindRange = 0; // bindOffset is aligned to the device's minimum
    uint32_t base = 0;                      // byte address of row0 inside the binding
};

struct DeviceWeight {
    Buffer buffer;
    quant::Type type = quant::Type::F32;
    uint64_t cols = 0, rows = 0, rowBytes = 0;
    std::vector<WeightSlice> slices;
    std::string name;
};

struct DeviceActivation {
    Buffer buffer;
    size_t floats = 0;
};

// The decode matrix-vector shader's layout for one dispatch (matvec.comp): 32 invocations (two
// 16-lane super-block teams) per K split, rows per workgroup, the subgroup size to require
// (0: the driver's choice), and the super-blocks whose loads a team issues together (unroll).
struct MatvecShape {
    uint32_t workgroup = 32, rowsPerGroup = 2, split = 1, subgroupSize = 0, unroll = 2;
};

// The prompt GEMM's tile for one weight (matmul.comp): bm rows × bn tokens per workgroup, tm × tn
// outputs per invocation, bk columns per step, the weight tile in f16 (else f32) shared memory.
struct MatmulTile {
    uint32_t bm = 128, bn = 128, tm = 8, bk = 32, f16 = 1;
    static constexpr uint32_t tn = 8; // matmul.comp's TN
    uint32_t workgroup() const { return (bm / tm) * (bn / tn); }
    uint64_t sharedBytes() const; // both shared tiles, padding included
};

// The prompt GEMM on tensor cores (matmul_coop.comp): bm × bm tiles computed by 4 warps of 32,
// bk columns per step, in fragments of the device's shape; emulated: the same shader with the
// matrix operations in plain GLSL over shared memory (any device: lavapipe, CI).
struct CoopTile {
    uint32_t bm = 128, bk = 32;
    CoopShape shape;
    bool emulated = false;
    static constexpr uint32_t workgroup = 128;
    uint64_t sharedBytes() const; // both tiles and the warps' scratch
    const char* shader() const;   // the embedded shader variant
};

class VulkanBackend : public Backend {
  public:
    VulkanBackend(std::unique_ptr<Instance> instance, const DeviceCaps& caps, const VulkanOptions& options);
    ~VulkanBackend() override;

    std::string deviceName() const override;
    // Up to kMaxMatvecTokens rows run decode's kernels (the prompt GEMM's f16 tiles round otherwise).
    int exactBatchRows() const override { return kMaxMatvecTokens; }
    void setWeightMapping(const MappedFile* map) override { mapping_ = map; }
    WeightId addWeight(const gguf::TensorInfo& tensor) override;
    BufferId createBuffer(size_t floats) override;
    void createKvCache(int nLayers, int nCtx, int kvDim) override;
    // …and every op (backend_ops.inc, at the end of the class): layerNorm and gelu are in
    // vulkan_encoder.cpp, moeFfn in vulkan_moe.cpp.

    // Tests: writes values into a buffer (through the staging buffers, after pending work).
    void upload(BufferId dst, size_t offset, std::span<const float> values);
    bool validating() const { return instance_->validating(); }
    bool uploadsInFlight() const { return uploader_->inFlight(); }
    const RecorderStats& stats() const { return recorder_->stats(); }
    const Allocator& allocator() const { return *allocator_; }
    VulkanCounters counters() const;
    // Pipeline warm-up (pipeline_warmup.cpp): runs `steps` with the recorder dry and the pipeline
    // cache collecting (nothing is computed or submitted; the backend's state is as before), then
    // compiles what they looked up on `threads` threads.
    PipelineCache::Compiled prepare(const std::function<void()>& steps, int threads,
                                    const std::function<bool(size_t, size_t)>& progress);
    const DeviceCaps& caps() const { return device_->caps(); }
    const DeviceWeight& weight(WeightId id) const { return weights_.at(static_cast<size_t>(id)); }
    // Host-visible buffers of fixed size (vulkanBytesNeeded counts them): each of the weight
    // upload's two staging buffers, the token ids of one step, one position slot per op of a step.
    static constexpr uint64_t kStagingBytes = 16ull << 20;
    static constexpr int kStagingBuffers = 2;
    static constexpr uint64_t kIdsArenaBytes = 256ull << 10;
    static constexpr uint32_t kPositionSlots = 4096;
    // The i-quant codebooks (device-local, uploaded when the backend is created), which the
    // dequantizing shaders read at one extra binding.
    static constexpr uint64_t kCodebookBytes = quant::grids::kCodebookWords * sizeof(uint32_t);
    // The attention scratch (split-K partial results) for a context; allocated at the first
    // attention, counted by vulkanBytesNeeded.
    static uint64_t attentionScratchBytes(uint64_t nCtx, uint64_t nHead, uint64_t headDim);
    // Decode attention's split of the positions: a workgroup per (KV head, row, split). The SM/CU
    // count cannot be queried portably, so aim for kAttentionWorkgroups (2x the 132 SMs of an
    // H100/H200; smaller GPUs just run more waves) over a full cache of nCtx positions, with
    // splits of at least kAttentionMinSplit positions (two steps of the 16 key teams) in
    // power-of-two lengths, so the recorded dispatch changes only when the context passes a
    // multiple of the length. The length never depends on the rows or the position (see
    // attentionSplits), so batched verification gives decode's bits.
    // SMOLDESK_VK_ATTENTION_SPLIT=N forces N positions per split (GPU sweeps, tests).
    static constexpr int kAttentionWorkgroups = 256, kAttentionMinSplit = 32, kAttentionMaxSplits = 256;
    struct AttentionSplits {
        uint32_t count = 1, length = 0;
    };
    static AttentionSplits attentionSplits(int maxPos, int nHeadKv, int nCtx);
    // Prompt attention's tile (attention_prompt.comp: query rows and key positions per step of a
    // workgroup of kPromptAttentionGroup) within a device's shared memory; 0: the per-row kernel.
    static constexpr uint32_t kPromptAttentionGroup = 64;
    static uint32_t promptAttentionTile(uint32_t headDim, uint64_t sharedBytes);
    // Activation rows up to which products run as matrix-vector (decode) kernels.
    static constexpr int kMaxMatvecTokens = 8;
    // The prompt GEMM's tile for `rows` weight rows and `tokens` activation rows: the largest of
    // 128/64/32 that still gives kMatmulWorkgroups workgroups, with the widest bk whose tiles fit
    // maxComputeSharedMemorySize. SMOLDESK_VK_MATMUL_TILE=128|64|32, SMOLDESK_VK_MATMUL_BK=8..64
    // and SMOLDESK_VK_MATMUL_F16=0 (f32 weight tile) override it (GPU sweeps, tests).
    static constexpr uint64_t kMatmulWorkgroups = 256;
    static MatmulTile matmulTile(const DeviceCaps& caps, uint64_t rows, uint64_t tokens, quant::Type type);
    // The tensor-core GEMM's tile, or nothing when the tiled matmul.comp runs: on devices with a
    // usable VK_NV_cooperative_matrix shape (caps.coopmat), for weights that take the f16 tile.
    // SMOLDESK_VK_MATMUL=tiled forces matmul.comp, =coopmat-emulated the emulated shader on any
    // device (with SMOLDESK_VK_COOPMAT_SHAPE=MxNxK, e.g. 16x8x16, its fragment shape); the tile
    // size (same choice as matmulTile) and bk follow SMOLDESK_VK_MATMUL_TILE and _BK.
    static std::optional<CoopTile> coopTile(const DeviceCaps& caps, uint64_t rows, uint64_t tokens,
                                            quant::Type type);

  private:
    struct MatvecTarget { // one weight (slice) of a matvec dispatch and where its rows go
        const DeviceWeight* w;
        const WeightSlice* slice;
        BufferId out;
    };
    // A decode gate/up group (the FFN's normMatmulGroup) whose dispatch waits for the next op:
    // gluMatmulAdd of its two outputs makes it one GLU-pair matvec that writes h = act(gate)·up
    // into the gate's buffer (matvec.comp MODE bit 4) and runs the down projection on h; any other
    // op (act, bindAct and submit all flush) dispatches it as the plain group first.
    // SMOLDESK_VK_NO_GLU_FUSION=1 turns it off (read when the backend is created).
    struct PendingGlu {
        BufferId x;
        const DeviceWeight* norm;
        float eps;
        MatvecTarget t[2];
        int rows;
    };
    std::optional<PendingGlu> pendingGlu_;
    bool gluFusion_ = true;
    void flushGlu(); // also dispatches a pending q/k/v group (flushQkv)
    struct PendingRope {
        BufferId x;
        int rows, nHeads, headDim, pos0;
        RopeSpec spec;
    };
    // A decode q/k/v group (the attention's normMatmulGroup of three weights) whose dispatch
    // waits likewise (vulkan_kv_fusion.cpp): rope(q) and rope(k) are noted, and storeKv of its k
    // and v makes it one matvec_kv dispatch with RoPE and the f16 cache write in the epilogue
    // (none for a NoPE layer's group). Anything else dispatches the group and then the noted
    // rotations as before. SMOLDESK_VK_NO_KV_FUSION=1 turns it off.
    struct PendingQkv {
        BufferId x;
        const DeviceWeight* norm;
        float eps;
        MatvecTarget t[3];
        int rows;
        std::optional<PendingRope> ropeQ, ropeK;
    };
    // The epilogue of a matvec_kv dispatch: the layer's cache, the position slot, the rotation.
    struct KvEpilogue {
        size_t layer;
        uint32_t posSlot;
        std::optional<PendingRope> rope;
    };
    std::optional<PendingQkv> pendingQkv_;
    bool kvFusion_ = true;
    void flushQkv();
    bool deferQkvRope(BufferId x, int rows, int nHeads, int headDim, int pos0, const RopeSpec& spec);
    bool fusedStoreKv(int layer, BufferId k, BufferId v, int rows, int pos0);
    const DeviceWeight& matrix(WeightId w, BufferId x, BufferId out, int rows, const char* op) const;
    // One matvec.comp dispatch for 1–3 weights sharing input x. `extra` is the gated
    // activation's second input (up) or the folded RMSNorm's weight; eps is the norm's.
    void matvec(std::span<const MatvecTarget> targets, BufferId x, const Binding& extra, int tokens,
                uint32_t mode, float eps = 0.0f, const KvEpilogue* kv = nullptr);
    // The matvec group of normMatmulGroup, or false when the shapes need the separate norm.
    bool foldedNormGroup(BufferId x, WeightId norm, float eps, std::span<const MatmulOutput> outputs,
                         int rows, int dim);
    void matmulTiled(const DeviceWeight& w, BufferId x, BufferId out, int rows, bool add);
    void matmulCoop(const DeviceWeight& w, const WeightSlice& s, const CoopTile& t, BufferId x, BufferId out,
                    int rows, bool add);
    // The layout for a dispatch of `rows` rows in all (its weights together) of width cols.
    MatvecShape matvecShape(uint64_t rows, uint64_t cols, int tokens) const;
    // The subgroup size to require of a pipeline of `workgroup` invocations, or 0.
    uint32_t pinnedSubgroupSize(uint32_t workgroup) const;
    bool promptAttention(int layer, BufferId q, BufferId out, int rows, int pos0, const AttentionShape& s);
    const DeviceActivation& act(BufferId id, size_t floatsNeeded, const char* op) const;
    Binding bindAct(BufferId id, bool write) const;
    const Pipeline& pipeline(std::string_view shader, std::initializer_list<uint32_t> spec, uint32_t bindings,
                             uint32_t subgroupSize = 0);
    // "<shader>_sg" with subgroup arithmetic, else "<shader>_sh" (shared-memory reductions).
    std::string_view reduceVariant(std::string_view sg, std::string_view sh) const;
    void dispatchRope(const PendingRope& r);
    // The push-constant tail rope.comp and store_kv.comp share (rope_angle.glsl's parameters
    // after the base), and the binding of the factor tensor (a placeholder when there is none).
    struct RopePush {
        float freqScale;
        uint32_t hasFactors;
        float attnFactor, extFactor, corrLow, corrHigh;
    };
    static RopePush ropePush(const RopeSpec& spec);
    Binding bindRopeFactors(const RopeSpec& spec) const;
    // The sinks weight of an attention, or a placeholder binding when it has none.
    Binding bindSinks(const AttentionShape& s) const;
    // One moe_matvec.comp dispatch: rows of the experts chosen for each pair (moeFfn).
    struct ExpertProduct {
        WeightId w, bias;
        uint32_t mode, cols, rows, inOffset, upOffset, outOffset;
    };
    // Prompts: the same through moe_matmul.comp over the pairs sorted by expert (moe_sort.comp),
    // whose order, starts and tile starts are at sorted.x, .y, .z of the scratch.
    void expertProduct(const ExpertProduct& e, BufferId x, BufferId scratch, uint32_t pairs, uint32_t nUsed,
                       uint32_t idsOffset, const uint32_t* sorted = nullptr, uint32_t nExpert = 0);
    void flushRope();
    void submit();
    // b: an activation buffer, or (bias) a weight's buffer.
    void eltwise(uint32_t op, BufferId a, size_t aOffset, const Binding& b, BufferId out, size_t outOffset,
                 size_t n, uint32_t dim = 1, float factor = 1.0f);
    std::pair<uint32_t, uint32_t> foldGroups(uint64_t groups) const;
    uint64_t alignBinding(uint64_t offset) const;
    void checkKvRange(int layer, int pos0, int n, const char* op) const;

    std::unique_ptr<Instance> instance_;
    std::unique_ptr<Device> device_;
    std::unique_ptr<Allocator> allocator_;
    std::unique_ptr<PipelineCache> pipelines_;
    std::unique_ptr<Recorder> recorder_;
    // Declared after recorder_ so that it is destroyed first: its submissions wait through it.
    std::unique_ptr<Uploader> uploader_;
    VulkanOptions options_;
    uint64_t maxBinding_ = 0;       // bytes one storage-buffer binding may span
    uint64_t maxWeightBinding_ = 0; // the same for weight slices (smaller in tests)

    std::vector<DeviceWeight> weights_;
    std::vector<DeviceActivation> buffers_;
    std::vector<Buffer> kCache_, vCache_; // one f16 buffer per layer
    int kvLayers_ = 0, kvCtx_ = 0, kvDim_ = 0;
    Buffer partials_; // attention split results
    Buffer idsArena_; // token ids of the step being recorded
    Buffer codebooks_;
    Binding bindCodebooks() const { return {codebooks_.handle, 0, VK_WHOLE_SIZE, false}; }
    uint64_t idsUsed_ = 0;
    uint64_t weightBytesRead_ = 0;     // for VulkanCounters
    PipelineCache::Compiled prepared_; // the warm-up's compile, for VulkanCounters
    uint64_t uploadedBytes_ = 0;       // weight bytes uploaded so far (options_.uploadProgress)
    // Test hook for GPU-fault recovery, read once when the backend is created (see
    // vulkan_backend.cpp): the fault to report at the step whose results are read the
    // injectAtRead_-th time (one read per prompt chunk or decoded token).
    VkResult injectFault_ = VK_SUCCESS;
    uint64_t injectAtRead_ = 0, reads_ = 0;
    const MappedFile* mapping_ = nullptr; // uploaded weights' pages in it are released
    Buffer readback_;
    // Positions read by store_kv and attention, one slot per op in the step (so a decode
    // step's commands do not change from token to token and replay).
    Buffer positions_;
    uint32_t positionsUsed_ = 0;
    uint32_t positionSlot(int pos0);
    // rope() calls not yet dispatched (at most two: q and k): storeKv fuses them into its
    // dispatch; any other op dispatches them first.
    std::vector<PendingRope> pendingRopes_;
    // The driver failed to build the tensor-core GEMM once: prompts take the tiled one from then on.
    bool coopFailed_ = false;
    // The recorder's submit work cap (Recorder::setWorkCap): kSubmitBudgetSeconds of work, 8x
    // under Windows' 2 s TDR, at the slower of an assumed rate (the weakest GPUs of the kind) and
    // the rate measured on this device's long steps; none on CPU implementations.
    // SMOLDESK_VK_SUBMIT_WORK_CAP=G forces G GFLOP per submission (0: none; tests, GPU A/B).
    static constexpr double kSubmitBudgetSeconds = 0.25, kAssumedDiscreteFlops = 2e12, kAssumedOtherFlops = 2e11;
    double forcedWorkCap_ = -1;
    uint64_t submitWorkCap(const DeviceCaps& caps, double measuredRate) const;

  public:
#include "compute/backend_ops.inc"
};

} // namespace smoldesk::compute::vk
