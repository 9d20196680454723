#include "compute/vulkan/backend_impl.h"

#include "common/error.h"

#include <algorithm>
#include <bit>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <tuple>

namespace smoldesk::compute::vk {

namespace {

constexpr uint32_t kEltwiseGroup = 256;
constexpr uint32_t kNormGroup = 128;
constexpr uint32_t kMatvecGroup = 64;
constexpr uint32_t kAttentionGroup = 64;        // attention_merge.comp
constexpr uint32_t kDecodeAttentionGroup = 128; // attention.comp: 16 key teams of 8 lanes

enum EltwiseOp : uint32_t {
    kAdd = 0,
    kSwiglu = 1,
    kCopy = 2,
    kBias = 3,
    kScale = 4,
    kGeglu = 5,
    kSwigluOai = 6
};

uint64_t fenceTimeoutMs(const VulkanOptions& options, const DeviceCaps& caps) {
    if (options.fenceTimeoutMs) return options.fenceTimeoutMs;
    if (const char* env = std::getenv("SMOLDESK_VK_FENCE_TIMEOUT_MS")) {
        const long long ms = std::atoll(env);
        if (ms > 0) return static_cast<uint64_t>(ms);
    }
    // A GPU finishes any one step (at most a 256-token prompt chunk) in seconds; a CPU
    // implementation such as lavapipe needs minutes for a 3B model's prompt chunk.
    return caps.vkType == VK_PHYSICAL_DEVICE_TYPE_CPU ? 3'600'000 : 60'000;
}

// Test hooks for GPU-fault recovery, read when a backend is created (the environment is not
// read again on the hot path): SMOLDESK_VK_INJECT_DEVICE_LOST=N makes the N-th read of results
// (one per prompt chunk or decoded token) report a lost device, SMOLDESK_VK_INJECT_HANG=N a
// fence timeout, as from a hung GPU, and SMOLDESK_VK_INJECT_ERROR=N a driver error
// (VK_ERROR_UNKNOWN). The work itself really finished, so teardown stays clean.
std::pair<VkResult, uint64_t> injectedFault() {
    for (const auto& [name, fault] : {std::pair{"SMOLDESK_VK_INJECT_DEVICE_LOST", VK_ERROR_DEVICE_LOST},
                                      std::pair{"SMOLDESK_VK_INJECT_HANG", VK_TIMEOUT},
                                      std::pair{"SMOLDESK_VK_INJECT_ERROR", VK_ERROR_UNKNOWN}})
        if (const char* env = std::getenv(name); env && std::atoll(env) > 0)
            return {fault, static_cast<uint64_t>(std::atoll(env))};
    return {VK_SUCCESS, 0};
}

uint32_t ceilDiv(uint64_t a, uint64_t b) {
    return static_cast<uint32_t>((a + b - 1) / b);
}

} // namespace

VulkanBackend::VulkanBackend(std::unique_ptr<Instance> instance, const DeviceCaps& caps,
                             const VulkanOptions& options)
    : instance_(std::move(instance)), options_(options) {
    const char* noGlu = std::getenv("SMOLDESK_VK_NO_GLU_FUSION");
    gluFusion_ = !(noGlu && *noGlu && *noGlu != '0');
    const char* cap = std::getenv("SMOLDESK_VK_SUBMIT_WORK_CAP");
    if (cap && *cap) forcedWorkCap_ = std::strtod(cap, nullptr) * 1e9; // GFLOP per submission; 0: none
    const char* noKv = std::getenv("SMOLDESK_VK_NO_KV_FUSION");
    kvFusion_ = !(noKv && *noKv && *noKv != '0') && caps.maxStorageBuffersPerStage >= kMaxBindingsPerSet;
    device_ = std::make_unique<Device>(*instance_, caps);
    allocator_ = std::make_unique<Allocator>(*device_);
    pipelines_ = std::make_unique<PipelineCache>(*device_, pipelineCachePath(options.pipelineCacheDir, caps));
    recorder_ = std::make_unique<Recorder>(*device_, fenceTimeoutMs(options, caps) * 1000000ull);
    recorder_->setWorkCap(submitWorkCap(caps, 0.0));
    uploader_ =
        std::make_unique<Uploader>(*device_, *allocator_, *recorder_,
                                   options.uploadPieceBytes ? options.uploadPieceBytes : kStagingBytes);
    // Byte addresses inside a binding are 32-bit in the shaders: stay below 2 GiB.
    maxBinding_ = std::min<uint64_t>(caps.maxStorageBufferRange, 1ull << 31);
    maxBinding_ = maxBinding_ / 16 * 16;
    maxWeightBinding_ =
        options.maxBindingBytes ? std::min(maxBinding_, options.maxBindingBytes) : maxBinding_;
    idsArena_ = allocator_->create(kIdsArenaBytes, MemoryKind::Upload, "token ids");
    positions_ = allocator_->create(kPositionSlots * sizeof(uint32_t), MemoryKind::Upload, "positions");
    const std::vector<uint32_t> codebook = quant::grids::codebookWords();
    codebooks_ = allocator_->create(kCodebookBytes, MemoryKind::Device, "i-quant codebooks");
    uploader_->write(reinterpret_cast<const uint8_t*>(codebook.data()), kCodebookBytes, codebooks_.handle, 0);
    uploader_->drain();
    std::tie(injectFault_, injectAtRead_) = injectedFault();
    if (const char* v = std::getenv("SMOLDESK_VK_PIPELINE_STATS");
        v && *v && *v != '0' && !caps.pipelineStats)
        std::fprintf(stderr, "SMOLDESK_VK_PIPELINE_STATS: the driver of '%s' has no pipeline statistics.\n",
                     caps.name.c_str());
    instance_->throwOnMessages("device creation");
}

VulkanBackend::~VulkanBackend() {
    if (recorder_->settle() && uploader_->settle()) return;
    // The device still runs work after a timeout: freeing its memory, pipelines or the device
    // itself would pull them from under it (a crash, not an error). Leak them instead.
    (void)uploader_.release();
    (void)recorder_.release();
    (void)pipelines_.release();
    (void)allocator_.release();
    (void)device_.release();
    (void)instance_.release();
}

std::string VulkanBackend::deviceName() const {
    return device_->caps().name + " (Vulkan)";
}

uint64_t VulkanBackend::alignBinding(uint64_t offset) const {
    const uint64_t a = std::max<uint64_t>(device_->caps().minStorageBufferOffsetAlignment, 4);
    return offset / a * a;
}

std::pair<uint32_t, uint32_t> VulkanBackend::foldGroups(uint64_t groups) const {
    const uint64_t maxX = std::min<uint64_t>(device_->caps().maxWorkgroupCount[0], 32768);
    const uint64_t x = std::max<uint64_t>(1, std::min(groups, maxX));
    const uint64_t y = (groups + x - 1) / x;
    if (y > device_->caps().maxWorkgroupCount[1])
        throw Error(ErrorCode::Backend, "A Vulkan dispatch needs too many workgroups.");
    return {static_cast<uint32_t>(x), static_cast<uint32_t>(std::max<uint64_t>(1, y))};
}

const Pipeline& VulkanBackend::pipeline(std::string_view shader, std::initializer_list<uint32_t> spec,
                                        uint32_t bindings, uint32_t subgroupSize) {
    return pipelines_->get(shader, spec, bindings, subgroupSize);
}

uint64_t VulkanBackend::submitWorkCap(const DeviceCaps& caps, double measuredRate) const {
    if (forcedWorkCap_ >= 0) return static_cast<uint64_t>(forcedWorkCap_);
    // CPU implementations (lavapipe) have no watchdog, and their fence wait is an hour.
    if (caps.vkType == VK_PHYSICAL_DEVICE_TYPE_CPU) return 0;
    // kSubmitBudgetSeconds of work at a rate no faster than assumed (a slow discrete GPU, an
    // integrated one) nor than measured on this device's long steps.
    double rate =
        caps.vkType == VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU ? kAssumedDiscreteFlops : kAssumedOtherFlops;
    if (measuredRate > 0) rate = std::min(rate, measuredRate);
    return static_cast<uint64_t>(rate * kSubmitBudgetSeconds);
}

std::string_view VulkanBackend::reduceVariant(std::string_view sg, std::string_view sh) const {
    return device_->caps().subgroupArithmetic ? sg : sh;
}

void VulkanBackend::submit() {
    uploader_->drain(); // no step runs before the weights (and KV rows) it may read are in place
    flushGlu();
    flushRope();
    pipelines_->restartStep();
    recorder_->submitAndWait();
    if (recorder_->measuredRate() > 0)
        recorder_->setWorkCap(submitWorkCap(device_->caps(), recorder_->measuredRate()));
    idsUsed_ = 0;
    positionsUsed_ = 0;
}

uint32_t VulkanBackend::positionSlot(int pos0) {
    if (positionsUsed_ == kPositionSlots) submit(); // (a step of thousands of attention ops)
    const uint32_t slot = positionsUsed_++;
    const uint32_t value = static_cast<uint32_t>(pos0);
    std::memcpy(positions_.mapped + slot * sizeof(uint32_t), &value, sizeof value);
    return slot;
}

// ---- resources ----

WeightId VulkanBackend::addWeight(const gguf::TensorInfo& t) {
    if (!vulkanSupportsType(t.type))
        throw Error(ErrorCode::UnsupportedType, std::string("The Vulkan backend cannot compute with ") +
                                                    quant::typeName(t.type) + " tensors such as '" + t.name +
                                                    "'.");
    DeviceWeight w;
    w.name = t.name;
    w.type = t.type;
    w.cols = t.ne[0];
    w.rows = t.rows();
    w.rowBytes = quant::rowBytes(t.type, t.ne[0]);
    if (w.rowBytes * w.rows != t.nBytes)
        throw Error(ErrorCode::BadShape,
                    "Tensor '" + t.name + "' has " + std::to_string(t.nBytes) + " bytes, not whole rows.");
    for (uint64_t row = 0; row < w.rows;) {
        WeightSlice s;
        s.row0 = row;
        const uint64_t start = row * w.rowBytes;
        s.bindOffset = alignBinding(start);
        s.base = static_cast<uint32_t>(start - s.bindOffset);
        const uint64_t fit = (maxWeightBinding_ - s.base - 3) / w.rowBytes;
        if (fit == 0)
            throw Error(ErrorCode::BadShape,
                        "A row of tensor '" + t.name + "' is larger than the GPU can bind.");
        s.rows = std::min(fit, w.rows - row);
        // Whole 32-bit words: the shaders read bytes through 16- and 32-bit loads, and an odd-sized
        // tensor's (MXFP4's 17-byte blocks) last byte would otherwise sit outside the binding.
        s.bindRange = (s.base + s.rows * w.rowBytes + 3) / 4 * 4;
        w.slices.push_back(s);
        row += s.rows;
    }

    // Upload the blocks unchanged, through the two staging buffers in turn. The last pieces
    // may still be copied when this returns: the next step's submit() waits for them, so the
    // CPU prepares the next tensor meanwhile.
    w.buffer =
        allocator_->create((t.nBytes + 3) / 4 * 4, MemoryKind::Device, ("weight '" + t.name + "'").c_str());
    // (Work recorded but not yet submitted may stay so: none of it can use this new buffer.)
    // Per piece, so that a large tensor (a 3B model's 200 MB embedding table) moves the
    // progress bar and a cancel takes effect within one piece.
    uploader_->write(t.data, t.nBytes, w.buffer.handle, 0, [this](uint64_t n) {
        uploadedBytes_ += n;
        if (options_.uploadProgress && !options_.uploadProgress(uploadedBytes_))
            throw Error(ErrorCode::Cancelled, "Loading was cancelled.");
    });
    // The device holds the weight now: its pages of the file mapping may leave resident memory.
    if (mapping_ && t.data >= mapping_->data() && t.data + t.nBytes <= mapping_->data() + mapping_->size())
        releaseMappedPages(t.data, t.nBytes);
    weights_.push_back(std::move(w));
    return static_cast<WeightId>(weights_.size() - 1);
}

BufferId VulkanBackend::createBuffer(size_t floats) {
    const uint64_t bytes = std::max<uint64_t>(floats, 1) * sizeof(float);
    if (bytes > maxBinding_)
        throw Error(ErrorCode::OutOfMemory, "An activation buffer of " + std::to_string(bytes) +
                                                " bytes exceeds what the GPU '" + device_->caps().name +
                                                "' can bind; use a smaller batch.");
    DeviceActivation a;
    a.buffer = allocator_->create(bytes, MemoryKind::Device, "activation buffer");
    a.floats = floats;
    recorder_->fill(a.buffer.handle, 0, VK_WHOLE_SIZE, 0); // the CPU backend's buffers start at zero too
    buffers_.push_back(a);
    return static_cast<BufferId>(buffers_.size() - 1);
}

void VulkanBackend::createKvCache(int nLayers, int nCtx, int kvDim) {
    const uint64_t bytes = static_cast<uint64_t>(nCtx) * static_cast<uint64_t>(kvDim) * 2;
    if (bytes > maxBinding_)
        throw Error(ErrorCode::OutOfMemory, "A KV cache layer of " + std::to_string(nCtx) +
                                                " positions exceeds what the GPU '" + device_->caps().name +
                                                "' can bind; use a shorter context.");
    kCache_.clear();
    vCache_.clear();
    for (int l = 0; l < nLayers; ++l) {
        kCache_.push_back(allocator_->create(bytes, MemoryKind::Device, "KV cache"));
        vCache_.push_back(allocator_->create(bytes, MemoryKind::Device, "KV cache"));
        recorder_->fill(kCache_.back().handle, 0, VK_WHOLE_SIZE, 0);
        recorder_->fill(vCache_.back().handle, 0, VK_WHOLE_SIZE, 0);
    }
    kvLayers_ = nLayers;
    kvCtx_ = nCtx;
    kvDim_ = kvDim;
}

const DeviceActivation& VulkanBackend::act(BufferId id, size_t floatsNeeded, const char* op) const {
    // Any op that names an activation runs after the deferred gate/up group (it may read them).
    const_cast<VulkanBackend*>(this)->flushGlu();
    if (id < 0 || static_cast<size_t>(id) >= buffers_.size())
        throw Error(ErrorCode::InvalidArgument,
                    std::string("Vulkan ") + op + ": no buffer " + std::to_string(id) + ".");
    const DeviceActivation& a = buffers_[static_cast<size_t>(id)];
    if (floatsNeeded > a.floats)
        throw Error(ErrorCode::InvalidArgument,
                    std::string("Vulkan ") + op + ": " + std::to_string(floatsNeeded) +
                        " values do not fit a buffer of " + std::to_string(a.floats) + ".");
    return a;
}

Binding VulkanBackend::bindAct(BufferId id, bool write) const {
    const_cast<VulkanBackend*>(this)->flushGlu();
    const DeviceActivation& a = buffers_[static_cast<size_t>(id)];
    return Binding{a.buffer.handle, 0, VK_WHOLE_SIZE, write};
}

// ---- ops ----

void VulkanBackend::embed(WeightId table, std::span<const int32_t> ids, BufferId out) {
    flushRope();
    const DeviceWeight& w = weights_.at(static_cast<size_t>(table));
    act(out, ids.size() * w.cols, "embed");
    for (int32_t id : ids)
        if (id < 0 || static_cast<uint64_t>(id) >= w.rows)
            throw Error(ErrorCode::InvalidArgument, "Token id " + std::to_string(id) +
                                                        " is outside the vocabulary of " +
                                                        std::to_string(w.rows) + " tokens.");
    if (ids.empty()) return;
    const uint64_t bytes = ids.size() * sizeof(int32_t);
    if (bytes > kIdsArenaBytes)
        throw Error(ErrorCode::InvalidArgument, "Too many token ids in one Vulkan step.");
    const uint64_t align = std::max<uint64_t>(device_->caps().minStorageBufferOffsetAlignment, 4);
    uint64_t offset = (idsUsed_ + align - 1) / align * align;
    if (offset + bytes > kIdsArenaBytes) { // the arena is full: run what was recorded so far
        submit();
        offset = 0;
    }
    std::memcpy(idsArena_.mapped + offset, ids.data(), bytes);
    idsUsed_ = offset + bytes;

    const Pipeline& p = pipeline("embed", {kMatvecGroup, static_cast<uint32_t>(w.type)}, 4);
    weightBytesRead_ += ids.size() * w.rowBytes; // only the looked-up rows are read
    for (const WeightSlice& s : w.slices) {
        const Binding b[] = {{w.buffer.handle, s.bindOffset, s.bindRange, false},
                             {idsArena_.handle, offset, bytes, false},
                             bindAct(out, true),
                             bindCodebooks()};
        const uint32_t push[] = {static_cast<uint32_t>(w.cols), s.base, static_cast<uint32_t>(w.rowBytes),
                                 static_cast<uint32_t>(s.row0), static_cast<uint32_t>(s.rows)};
        recorder_->dispatch(p, b, push, sizeof push, ceilDiv(w.cols, kMatvecGroup),
                            static_cast<uint32_t>(ids.size()));
    }
}

void VulkanBackend::rmsNorm(BufferId x, WeightId w, BufferId out, int rows, int dim, float eps) {
    flushRope();
    const DeviceWeight& wt = weights_.at(static_cast<size_t>(w));
    if (wt.type != quant::Type::F32 || wt.cols * wt.rows < static_cast<uint64_t>(dim) ||
        wt.slices.size() != 1)
        throw Error(ErrorCode::UnsupportedType,
                    "Norm tensor '" + wt.name + "' must be F32 with " + std::to_string(dim) + " values.");
    const size_t n = static_cast<size_t>(rows) * static_cast<size_t>(dim);
    act(x, n, "rmsNorm");
    act(out, n, "rmsNorm");
    if (rows <= 0) return;
    const auto [gx, gy] = foldGroups(static_cast<uint64_t>(rows));
    const Pipeline& p = pipeline(reduceVariant("rmsnorm_sg", "rmsnorm_sh"), {kNormGroup}, 3);
    const Binding b[] = {bindAct(x, false), {wt.buffer.handle, 0, VK_WHOLE_SIZE, false}, bindAct(out, true)};
    struct {
        uint32_t rows, dim;
        float eps;
        uint32_t groupsX;
    } push{static_cast<uint32_t>(rows), static_cast<uint32_t>(dim), eps, gx};
    recorder_->dispatch(p, b, &push, sizeof push, gx, gy);
    weightBytesRead_ += wt.rows * wt.rowBytes;
}

void VulkanBackend::rope(BufferId x, int rows, int nHeads, int headDim, int pos0, const RopeSpec& spec) {
    // Noted by a pending q/k/v group (vulkan_kv_fusion.cpp), which its storeKv then runs with the rotation.
    if (deferQkvRope(x, rows, nHeads, headDim, pos0, spec)) return;
    const int ropeDims = spec.dims;
    act(x, static_cast<size_t>(rows) * nHeads * headDim, "rope");
    if (ropeDims <= 0 || ropeDims > headDim || ropeDims % 2 != 0)
        throw Error(ErrorCode::InvalidArgument, "RoPE over " + std::to_string(ropeDims) + " of " +
                                                    std::to_string(headDim) + " dimensions is not possible.");
    // Deferred: when storeKv follows, the rotations of K and of Q are fused into the cache write.
    for (const PendingRope& r : pendingRopes_)
        if (r.x == x) flushRope(); // rotating one buffer twice: keep the order
    if (pendingRopes_.size() == 2) flushRope();
    pendingRopes_.push_back(PendingRope{x, rows, nHeads, headDim, pos0, spec});
}

void VulkanBackend::dispatchRope(const PendingRope& r) {
    const uint64_t pairs = static_cast<uint64_t>(r.rows) * r.nHeads * (r.spec.dims / 2);
    if (pairs == 0) return;
    const auto [gx, gy] = foldGroups(ceilDiv(pairs, kEltwiseGroup));
    const Pipeline& p = pipeline("rope", {kEltwiseGroup}, 2);
    const Binding b[] = {bindAct(r.x, true), bindRopeFactors(r.spec)};
    struct {
        uint32_t rows, nHeads, headDim, ropeDims, pos0;
        float freqBase;
        uint32_t neox, groupsX;
        RopePush rope;
    } push{static_cast<uint32_t>(r.rows),
           static_cast<uint32_t>(r.nHeads),
           static_cast<uint32_t>(r.headDim),
           static_cast<uint32_t>(r.spec.dims),
           static_cast<uint32_t>(r.pos0),
           r.spec.freqBase,
           r.spec.style == RopeStyle::NeoX ? 1u : 0u,
           gx,
           ropePush(r.spec)};
    recorder_->dispatch(p, b, &push, sizeof push, gx, gy);
}

VulkanBackend::RopePush VulkanBackend::ropePush(const RopeSpec& spec) {
    return {spec.freqScale, spec.freqFactors >= 0 ? 1u : 0u, spec.attnFactor, spec.extFactor, spec.corrLow,
            spec.corrHigh};
}

Binding VulkanBackend::bindRopeFactors(const RopeSpec& spec) const {
    if (spec.freqFactors < 0) return bindCodebooks(); // bound but never read
    const DeviceWeight& w = weight(spec.freqFactors);
    if (w.type != quant::Type::F32 || w.cols * w.rows != static_cast<uint64_t>(spec.dims / 2) ||
        w.slices.size() != 1 || w.slices[0].base != 0)
        throw Error(ErrorCode::BadShape, "RoPE factor tensor '" + w.name + "' must be F32 with " +
                                             std::to_string(spec.dims / 2) + " values.");
    return {w.buffer.handle, w.slices[0].bindOffset, w.slices[0].bindRange, false};
}

void VulkanBackend::flushRope() {
    if (pendingRopes_.empty()) return;
    std::vector<PendingRope> ropes;
    ropes.swap(pendingRopes_);
    for (const PendingRope& r : ropes) dispatchRope(r);
}

void VulkanBackend::storeKv(int layer, BufferId k, BufferId v, int rows, int pos0) {
    if (layer < 0 || layer >= kvLayers_)
        throw Error(ErrorCode::InvalidArgument,
                    "Vulkan storeKv: no KV cache for layer " + std::to_string(layer) + ".");
    if (pos0 < 0 || pos0 + rows > kvCtx_)
        throw Error(ErrorCode::InvalidArgument, "The KV cache holds " + std::to_string(kvCtx_) +
                                                    " positions; position " +
                                                    std::to_string(pos0 + rows - 1) + " does not fit.");
    if (fusedStoreKv(layer, k, v, rows, pos0)) return; // the pending q/k/v group's epilogue
    const size_t n = static_cast<size_t>(rows) * static_cast<size_t>(kvDim_);
    act(k, n, "storeKv");
    act(v, n, "storeKv");
    // The pending rotation of k fuses when it covers exactly these rows; a pending rotation of
    // another buffer (q) with the same positions and angles fuses along with it.
    std::optional<PendingRope> fused, fusedQ;
    for (size_t i = 0; i < pendingRopes_.size(); ++i) {
        const PendingRope& r = pendingRopes_[i];
        if (r.x == k && r.rows == rows && r.pos0 == pos0 && r.nHeads * r.headDim == kvDim_ && k != v)
            fused = r;
    }
    for (size_t i = 0; fused && i < pendingRopes_.size(); ++i) {
        const PendingRope& r = pendingRopes_[i];
        if (r.x != k && r.x != v && r.rows == rows && r.pos0 == pos0 && r.headDim == fused->headDim &&
            r.spec == fused->spec)
            fusedQ = r;
    }
    std::erase_if(pendingRopes_, [&](const PendingRope& r) {
        return (fused && r.x == fused->x) || (fusedQ && r.x == fusedQ->x);
    });
    flushRope();
    if (rows <= 0) return;
    const uint64_t pairs =
        n / 2 + (fusedQ ? static_cast<uint64_t>(rows) * fusedQ->nHeads * fusedQ->headDim / 2 : 0);
    const auto [gx, gy] = foldGroups(ceilDiv(pairs, kEltwiseGroup));
    const Pipeline& p = pipeline("store_kv", {kEltwiseGroup, fused ? 1u : 0u, fusedQ ? 1u : 0u}, 7);
    const size_t l = static_cast<size_t>(layer);
    const Binding b[] = {bindAct(k, fused.has_value()),
                         bindAct(v, false),
                         {kCache_[l].handle, 0, VK_WHOLE_SIZE, true},
                         {vCache_[l].handle, 0, VK_WHOLE_SIZE, true},
                         bindAct(fusedQ ? fusedQ->x : k, fusedQ.has_value()),
                         {positions_.handle, 0, VK_WHOLE_SIZE, false},
                         bindRopeFactors(fused ? fused->spec : RopeSpec{})};
    struct {
        uint32_t rows, kvDim, posSlot, groupsX, headDim, ropeDims;
        float freqBase;
        uint32_t neox, qDim;
        RopePush rope;
    } push{static_cast<uint32_t>(rows),
           static_cast<uint32_t>(kvDim_),
           positionSlot(pos0),
           gx,
           fused ? static_cast<uint32_t>(fused->headDim) : 0u,
           fused ? static_cast<uint32_t>(fused->spec.dims) : 0u,
           fused ? fused->spec.freqBase : 0.0f,
           fused && fused->spec.style == RopeStyle::NeoX ? 1u : 0u,
           fusedQ ? static_cast<uint32_t>(fusedQ->nHeads * fusedQ->headDim) : 0u,
           ropePush(fused ? fused->spec : RopeSpec{})};
    recorder_->dispatch(p, b, &push, sizeof push, gx, gy);
}

VulkanBackend::AttentionSplits VulkanBackend::attentionSplits(int maxPos, int nHeadKv, int nCtx) {
    const uint64_t positions = static_cast<uint64_t>(std::max(1, maxPos));
    const uint64_t context = std::max(positions, static_cast<uint64_t>(std::max(1, nCtx)));
    uint64_t length = 0; // forced: SMOLDESK_VK_ATTENTION_SPLIT (0: the automatic choice)
    if (const char* v = std::getenv("SMOLDESK_VK_ATTENTION_SPLIT"); v && *v)
        if ((length = std::strtoull(v, nullptr, 10)) != 0)
            length = std::max<uint64_t>(kAttentionMinSplit, length);
    if (length == 0) {
        // The length depends on the cache's size and the KV heads only, never on the rows or
        // the position: a query then sums its keys in the same pieces whether it is decoded
        // alone or verified in a batch of speculated tokens, so both give the same bits.
        const uint64_t heads = static_cast<uint64_t>(std::max(1, nHeadKv));
        const uint64_t want =
            std::clamp<uint64_t>((kAttentionWorkgroups + heads - 1) / heads, 1, kAttentionMaxSplits);
        length = std::max<uint64_t>(kAttentionMinSplit, std::bit_ceil((context + want - 1) / want));
    }
    // At most kAttentionMaxSplits (the scratch's size), whatever was forced.
    while ((context + length - 1) / length > static_cast<uint64_t>(kAttentionMaxSplits)) length *= 2;
    return {static_cast<uint32_t>((positions + length - 1) / length), static_cast<uint32_t>(length)};
}

void VulkanBackend::attention(int layer, BufferId q, BufferId out, int rows, int pos0,
                              const AttentionShape& s) {
    flushRope();
    if (layer < 0 || layer >= kvLayers_)
        throw Error(ErrorCode::InvalidArgument,
                    "Vulkan attention: no KV cache for layer " + std::to_string(layer) + ".");
    if (s.nHeadKv <= 0 || s.nHead % s.nHeadKv != 0 || s.nHeadKv * s.headDim != kvDim_ || s.headDim % 4 != 0)
        throw Error(ErrorCode::InvalidArgument,
                    "Vulkan attention: the head shape does not match the KV cache.");
    if (pos0 < 0 || pos0 + rows > kvCtx_)
        throw Error(ErrorCode::InvalidArgument, "Vulkan attention: positions beyond the KV cache.");
    const size_t n = static_cast<size_t>(rows) * s.nHead * s.headDim;
    act(q, n, "attention");
    act(out, n, "attention");
    if (rows <= 0) return;
    const uint32_t group = static_cast<uint32_t>(s.nHead / s.nHeadKv);
    // attention.comp: the key teams' outputs and states, and (without subgroups) their dots.
    const uint32_t quads = static_cast<uint32_t>(s.headDim / 4); // lanes per key: 8, or what divides them
    const uint32_t keyLanes = std::min<uint32_t>(8, quads & (~quads + 1));
    const uint64_t teams = kDecodeAttentionGroup / keyLanes;
    const uint64_t shared = (teams * (s.headDim + 2) + static_cast<uint64_t>(kDecodeAttentionGroup) * group +
                             static_cast<uint64_t>(group) * s.headDim) *
                            4;
    if (shared > device_->caps().maxSharedMemory)
        throw Error(ErrorCode::UnsupportedType,
                    "The attention shape (" + std::to_string(group) + " query heads per KV head of " +
                        std::to_string(s.headDim) + ") needs more shared memory than the GPU has.");
    if (rows > kMaxMatvecTokens && promptAttention(layer, q, out, rows, pos0, s)) return;
    // Decode (few rows): split long contexts across workgroups so the GPU stays busy; prompts
    // already give one workgroup per row and KV head.
    const int maxPos = pos0 + rows;
    const AttentionSplits splits =
        rows <= kMaxMatvecTokens ? attentionSplits(maxPos, s.nHeadKv, kvCtx_) : AttentionSplits{};
    const uint32_t nSplit = splits.count;
    // Room for the most splits this cache can need, allocated once: the bindings (and so the
    // descriptor sets) of every later step stay the same.
    const uint64_t need = attentionScratchBytes(static_cast<uint64_t>(kvCtx_), static_cast<uint64_t>(s.nHead),
                                                static_cast<uint64_t>(s.headDim));
    if (partials_.size < need) {
        submit(); // work recorded so far may use the old scratch
        partials_ = allocator_->create(need, MemoryKind::Device, "attention scratch");
    }
    // Shuffles within a key team need its lanes in one subgroup: pin the size where possible.
    const DeviceCaps& caps = device_->caps();
    const uint32_t pinned = pinnedSubgroupSize(kDecodeAttentionGroup);
    const uint32_t smallest = pinned                     ? pinned
                              : caps.subgroupSizeControl ? caps.minSubgroupSize
                                                         : caps.subgroupSize;
    const bool shuffles = caps.subgroupShuffle && smallest >= keyLanes;
    const Pipeline& p = pipeline(
        shuffles ? "attention_sg" : "attention_sh",
        {kDecodeAttentionGroup, group, static_cast<uint32_t>(s.headDim), keyLanes, s.causal ? 1u : 0u}, 7,
        shuffles ? pinned : 0);
    const size_t l = static_cast<size_t>(layer);
    const Binding b[] = {bindAct(q, false),
                         {kCache_[l].handle, 0, VK_WHOLE_SIZE, false},
                         {vCache_[l].handle, 0, VK_WHOLE_SIZE, false},
                         bindAct(out, nSplit == 1),
                         {partials_.handle, 0, VK_WHOLE_SIZE, nSplit > 1},
                         {positions_.handle, 0, VK_WHOLE_SIZE, false},
                         bindSinks(s)};
    struct {
        uint32_t posSlot, nHead, kvDim;
        float scale;
        uint32_t nSplit, splitLen, window, hasSinks;
    } push{positionSlot(pos0), static_cast<uint32_t>(s.nHead), static_cast<uint32_t>(kvDim_), s.scale, nSplit,
           // one split covers every position (the cache length: the same for every step)
           static_cast<uint32_t>(nSplit > 1 ? splits.length : std::max(kvCtx_, maxPos)),
           static_cast<uint32_t>(std::max(0, s.window)), s.sinks >= 0 ? 1u : 0u};
    recorder_->noteWork(4ull * uint64_t(rows) * uint64_t(s.nHead) * uint64_t(s.headDim) * uint64_t(maxPos));
    recorder_->dispatch(p, b, &push, sizeof push, static_cast<uint32_t>(s.nHeadKv),
                        static_cast<uint32_t>(rows), nSplit);
    if (nSplit == 1) return;

    const uint64_t rowHeads = static_cast<uint64_t>(rows) * s.nHead;
    const auto [gx, gy] = foldGroups(rowHeads);
    const Pipeline& merge = pipeline("attention_merge", {kAttentionGroup}, 3);
    const Binding mb[] = {{partials_.handle, 0, VK_WHOLE_SIZE, false}, bindAct(out, true), bindSinks(s)};
    const uint32_t mpush[] = {static_cast<uint32_t>(rowHeads),
                              static_cast<uint32_t>(s.headDim),
                              nSplit,
                              gx,
                              static_cast<uint32_t>(s.nHead),
                              s.sinks >= 0 ? 1u : 0u};
    recorder_->dispatch(merge, mb, mpush, sizeof mpush, gx, gy);
}

// Prompts: attention_prompt.comp, TILE query rows of one head per workgroup against key tiles
// in shared memory. TILE is the largest power of two (4…32) whose tiles (Q in f32, K and V in
// f16 with a padding word per row) and score block fit the device's shared memory less 4 KiB
// (lavapipe's 32 KiB: 32 at head size 64, 16 at 128; NVIDIA's 48 KiB: 32 at 128); false when
// the head shape does not split evenly, and the per-row kernel runs instead.
uint32_t VulkanBackend::promptAttentionTile(uint32_t headDim, uint64_t sharedBytes) {
    const uint64_t budget = sharedBytes - std::min<uint64_t>(sharedBytes, 4096);
    auto bytes = [&](uint64_t tile) {
        return 4 * (tile * headDim + 2 * tile * (headDim / 2 + 1) + tile * tile);
    };
    uint32_t tile = 32;
    while (tile >= 4 && bytes(tile) > budget) tile /= 2;
    return headDim % 2 == 0 && tile >= 4 && headDim % (kPromptAttentionGroup / tile) == 0 ? tile : 0;
}

bool VulkanBackend::promptAttention(int layer, BufferId q, BufferId out, int rows, int pos0,
                                    const AttentionShape& s) {
    constexpr uint32_t kGroup = kPromptAttentionGroup;
    const uint32_t headDim = static_cast<uint32_t>(s.headDim);
    const uint32_t tile = promptAttentionTile(headDim, device_->caps().maxSharedMemory);
    if (tile == 0 || kvDim_ % 2 != 0) return false;
    const Pipeline& p = pipeline("attention_prompt", {kGroup, headDim, tile, s.causal ? 1u : 0u}, 6);
    const size_t l = static_cast<size_t>(layer);
    const Binding b[] = {bindAct(q, false),
                         {kCache_[l].handle, 0, VK_WHOLE_SIZE, false},
                         {vCache_[l].handle, 0, VK_WHOLE_SIZE, false},
                         bindAct(out, true),
                         {positions_.handle, 0, VK_WHOLE_SIZE, false},
                         bindSinks(s)};
    struct {
        uint32_t posSlot, rows, nHead, group, kvDim;
        float scale;
        uint32_t window, hasSinks;
    } push{positionSlot(pos0),
           static_cast<uint32_t>(rows),
           static_cast<uint32_t>(s.nHead),
           static_cast<uint32_t>(s.nHead / s.nHeadKv),
           static_cast<uint32_t>(kvDim_),
           s.scale,
           static_cast<uint32_t>(std::max(0, s.window)),
           s.sinks >= 0 ? 1u : 0u};
    // QKᵀ and PV over the positions up to each row (the submit work cap's estimate).
    recorder_->noteWork(4ull * uint64_t(rows) * uint64_t(s.nHead) * uint64_t(s.headDim) *
                        uint64_t(pos0 + rows));
    recorder_->dispatch(p, b, &push, sizeof push, static_cast<uint32_t>(s.nHead), ceilDiv(rows, tile));
    return true;
}

Binding VulkanBackend::bindSinks(const AttentionShape& s) const {
    if (s.sinks < 0) return bindCodebooks(); // any buffer: the shaders do not read it
    const DeviceWeight& wt = weights_.at(static_cast<size_t>(s.sinks));
    if (wt.type != quant::Type::F32 || wt.cols * wt.rows != static_cast<uint64_t>(s.nHead) ||
        wt.slices.size() != 1)
        throw Error(ErrorCode::BadShape, "Attention sinks '" + wt.name + "' must be F32 with " +
                                             std::to_string(s.nHead) + " values.");
    return {wt.buffer.handle, 0, VK_WHOLE_SIZE, false};
}

void VulkanBackend::eltwise(uint32_t op, BufferId a, size_t aOffset, const Binding& b, BufferId out,
                            size_t outOffset, size_t n, uint32_t dim, float factor) {
    flushRope();
    if (n == 0) return;
    const auto [gx, gy] = foldGroups(ceilDiv(n, kEltwiseGroup));
    const Pipeline& p = pipeline("eltwise", {kEltwiseGroup, op}, 3);
    const Binding bind[] = {bindAct(a, false), b, bindAct(out, true)};
    struct {
        uint32_t n, groupsX, aOffset, outOffset, dim;
        float factor;
    } push{static_cast<uint32_t>(n),         gx,  static_cast<uint32_t>(aOffset),
           static_cast<uint32_t>(outOffset), dim, factor};
    recorder_->dispatch(p, bind, &push, sizeof push, gx, gy);
}

void VulkanBackend::glu(GluActivation activation, BufferId gate, BufferId up, BufferId out, size_t n) {
    act(gate, n, "glu");
    act(up, n, "glu");
    act(out, n, "glu");
    const uint32_t op = activation == GluActivation::GeluTanh    ? kGeglu
                        : activation == GluActivation::SwigluOai ? kSwigluOai
                                                                 : kSwiglu;
    eltwise(op, gate, 0, bindAct(up, false), out, 0, n);
}

void VulkanBackend::add(BufferId a, BufferId b, BufferId out, size_t n) {
    act(a, n, "add");
    act(b, n, "add");
    act(out, n, "add");
    eltwise(kAdd, a, 0, bindAct(b, false), out, 0, n);
}

void VulkanBackend::addBias(BufferId x, WeightId bias, int rows, int dim) {
    const DeviceWeight& wt = weights_.at(static_cast<size_t>(bias));
    if (wt.type != quant::Type::F32 || wt.cols * wt.rows != static_cast<uint64_t>(dim) ||
        wt.slices.size() != 1)
        throw Error(ErrorCode::UnsupportedType,
                    "Bias tensor '" + wt.name + "' must be F32 with " + std::to_string(dim) + " values.");
    const size_t n = static_cast<size_t>(rows) * static_cast<size_t>(dim);
    act(x, n, "addBias");
    weightBytesRead_ += wt.rows * wt.rowBytes;
    eltwise(kBias, x, 0, Binding{wt.buffer.handle, 0, VK_WHOLE_SIZE, false}, x, 0, n,
            static_cast<uint32_t>(dim));
}

void VulkanBackend::scale(BufferId x, size_t n, float factor) {
    act(x, n, "scale");
    eltwise(kScale, x, 0, bindAct(x, false), x, 0, n, 1, factor);
}

void VulkanBackend::copy(BufferId src, size_t srcOffset, BufferId dst, size_t dstOffset, size_t n) {
    act(src, srcOffset + n, "copy");
    act(dst, dstOffset + n, "copy");
    if (src == dst && srcOffset != dstOffset && srcOffset < dstOffset + n && dstOffset < srcOffset + n)
        throw Error(ErrorCode::InvalidArgument,
                    "Vulkan copy: overlapping ranges of one buffer are not supported.");
    if (src == dst && srcOffset == dstOffset) return;
    eltwise(kCopy, src, srcOffset, bindAct(src, false), dst, dstOffset, n);
}

void VulkanBackend::upload(BufferId dst, size_t offset, std::span<const float> values) {
    const DeviceActivation& a = act(dst, offset + values.size(), "upload");
    submit();
    uploader_->write(reinterpret_cast<const uint8_t*>(values.data()), values.size() * sizeof(float),
                     a.buffer.handle, offset * sizeof(float));
    uploader_->drain();
}

void VulkanBackend::read(BufferId src, size_t offset, size_t n, float* dst) {
    flushRope();
    const DeviceActivation& a = act(src, offset + n, "read");
    const uint64_t bytes = n * sizeof(float);
    if (readback_.size < bytes)
        readback_ =
            allocator_->create(std::max<uint64_t>(bytes, 1 << 20), MemoryKind::Readback, "readback buffer");
    if (bytes) recorder_->copy(a.buffer.handle, offset * sizeof(float), readback_.handle, 0, bytes);
    if (injectAtRead_ && !recorder_->dry() && ++reads_ == injectAtRead_)
        recorder_->injectFaultAtNextWait(injectFault_);
    submit();
    if (bytes) std::memcpy(dst, readback_.mapped, bytes);
}

void VulkanBackend::checkKvRange(int layer, int pos0, int n, const char* op) const {
    if (layer < 0 || layer >= kvLayers_ || pos0 < 0 || n < 0 || pos0 + n > kvCtx_)
        throw Error(ErrorCode::InvalidArgument,
                    std::string("Vulkan ") + op + ": layer " + std::to_string(layer) + ", positions " +
                        std::to_string(pos0) + "+" + std::to_string(n) + " are outside the KV cache.");
}

// Pixels in: the work queued so far finishes first (it may still read dst), then the floats go
// through the uploader's staging buffer.
void VulkanBackend::write(BufferId dst, size_t offset, size_t n, const float* src) {
    flushRope();
    const DeviceActivation& a = act(dst, offset + n, "write");
    submit();
    if (n)
        uploader_->write(reinterpret_cast<const uint8_t*>(src), n * sizeof(float), a.buffer.handle,
                         offset * sizeof(float));
    uploader_->drain();
}

// Both caches are f16 by position on the device: K and V rows go through the readback
// buffer in one submission per layer.
void VulkanBackend::readKv(int layer, int pos0, int n, uint16_t* k, uint16_t* v) {
    checkKvRange(layer, pos0, n, "readKv");
    const uint64_t rowBytes = static_cast<uint64_t>(kvDim_) * 2;
    const uint64_t bytes = static_cast<uint64_t>(n) * rowBytes;
    const uint64_t offset = static_cast<uint64_t>(pos0) * rowBytes;
    flushRope();
    if (readback_.size < 2 * bytes)
        readback_ = allocator_->create(std::max<uint64_t>(2 * bytes, 1 << 20), MemoryKind::Readback,
                                       "readback buffer");
    if (bytes) {
        const auto l = static_cast<size_t>(layer);
        recorder_->copy(kCache_[l].handle, offset, readback_.handle, 0, bytes);
        recorder_->copy(vCache_[l].handle, offset, readback_.handle, bytes, bytes);
    }
    submit();
    if (!bytes) return;
    std::memcpy(k, readback_.mapped, bytes);
    std::memcpy(v, readback_.mapped + bytes, bytes);
}

// Through the upload staging buffers: the rows of each cache are one contiguous range.
void VulkanBackend::writeKv(int layer, int pos0, int n, const uint16_t* k, const uint16_t* v) {
    checkKvRange(layer, pos0, n, "writeKv");
    const uint64_t rowBytes = static_cast<uint64_t>(kvDim_) * 2;
    const uint64_t bytes = static_cast<uint64_t>(n) * rowBytes;
    const uint64_t dst = static_cast<uint64_t>(pos0) * rowBytes;
    const auto l = static_cast<size_t>(layer);
    submit();
    uploader_->write(reinterpret_cast<const uint8_t*>(k), bytes, kCache_[l].handle, dst);
    uploader_->write(reinterpret_cast<const uint8_t*>(v), bytes, vCache_[l].handle, dst);
    uploader_->drain();
}

} // namespace smoldesk::compute::vk
