// The Vulkan backend's matrix products: decode (1–8 tokens) through matvec.comp, one
// dispatch for a whole group of weights that share their input, with the residual add and
// SwiGLU folded in; prompts through the tiled matmul.comp (residual add as its epilogue), whose
// tile is chosen here from the shape and the device's shared memory.
#include "compute/vulkan/backend_impl.h"

#include "common/error.h"

#include <algorithm>
#include <bit>
#include <cstdio>
#include <cstdlib>
#include <string_view>

namespace smoldesk::compute::vk {

namespace {

constexpr uint32_t kMaxGroup = 3; // weights one matvec dispatch can take (matvec.comp)

// The types with matvec.comp's 16-lane decoders (matvec_blocks.glsl's mvBlockType): only their
// loop has UNROLL, so the other types' dispatches keep UNROLL 1 and share one pipeline.
bool matvecBlockType(quant::Type t) {
    return t == quant::Type::Q4_K || t == quant::Type::Q5_K || t == quant::Type::Q6_K ||
           t == quant::Type::IQ4_XS || t == quant::Type::Q8_0;
}
enum MatvecMode : uint32_t {
    kStore = 0,
    kAddToOutput = 1,
    kSwigluInput = 2,
    kGegluInput = 4,
    kNormInput = 8,
    kGluOut = 16,  // a gate/up pair writing act(gate)·up where the gate's rows go
    kGeluOut = 32, // with kGluOut: tanh GELU instead of SiLU
};

uint32_t ceilDiv(uint64_t a, uint64_t b) {
    return static_cast<uint32_t>((a + b - 1) / b);
}

struct MatvecPush {
    uint32_t cols, groupsX, slots;
    float eps;
    uint32_t rows[4], wBase[4], rowBytes[4], firstGroup[4], outRow0[4], outStride[4];
    uint32_t posSlot; // matvec_kv only
};
static_assert(sizeof(MatvecPush) <= kPushBytes);

struct MatmulPush {
    uint32_t cols, rows, wBase, rowBytes, outStride, outRow0, tokens;
};

} // namespace

uint32_t VulkanBackend::pinnedSubgroupSize(uint32_t workgroup) const {
    // 32 lanes are two super-block teams: NVIDIA's only size, and AMD's wave32. Intel runs its
    // 16-wide mode best (half the registers per lane of SIMD32). Any size works: the shader
    // combines subgroups through shared memory; pinning only makes the layout the planned one.
    const DeviceCaps& c = device_->caps();
    if (!c.subgroupSizeControl || !c.subgroupArithmetic) return 0;
    uint32_t want = c.name.find("Intel") != std::string::npos ? 16 : 32;
    want = std::clamp(want, c.minSubgroupSize, c.maxSubgroupSize);
    if (want == 0 || (want & (want - 1)) != 0 || workgroup % want != 0) return 0;
    if (c.maxComputeWorkgroupSubgroups && workgroup / want > c.maxComputeWorkgroupSubgroups) return 0;
    return want;
}

uint64_t MatmulTile::sharedBytes() const {
    // matmul.comp's tileA: bm rows of bk halves (or floats) plus 8 bytes; tileB: bn tokens of
    // bk floats plus 16 bytes.
    const uint64_t aRow = (f16 ? bk * 2 : bk * 4) + 8, bRow = bk * 4 + 16;
    return bm * aRow + bn * bRow;
}

MatmulTile VulkanBackend::matmulTile(const DeviceCaps& caps, uint64_t rows, uint64_t tokens,
                                     quant::Type type) {
    auto env = [](const char* name) {
        const char* v = std::getenv(name);
        return v && *v ? static_cast<uint32_t>(std::strtoul(v, nullptr, 10)) : 0u;
    };
    auto tileOf = [](uint32_t size) {
        MatmulTile t;
        t.bm = t.bn = size;
        t.tm = size >= 128 ? 8 : 4; // 8×8 outputs per lane in the large tile, 4×8 in the others
        return t;
    };
    auto groups = [&](uint32_t size) { return uint64_t(ceilDiv(rows, size)) * ceilDiv(tokens, size); };
    uint32_t size = 128;
    // Large tiles reuse each staged value more, but a grid of few workgroups leaves most of a
    // big GPU idle (the SM/CU count cannot be queried portably: aim for kMatmulWorkgroups).
    while (size > 32 && (tokens <= size / 2 || rows <= size / 2 || groups(size) < kMatmulWorkgroups))
        size /= 2;
    if (const uint32_t forced = env("SMOLDESK_VK_MATMUL_TILE"); forced == 128 || forced == 64 || forced == 32)
        size = forced;
    MatmulTile t = tileOf(size);
    // F32 and BF16 weights keep their range and precision in an f32 tile.
    const char* f16 = std::getenv("SMOLDESK_VK_MATMUL_F16");
    t.f16 = type != quant::Type::F32 && type != quant::Type::BF16 && !(f16 && std::string_view(f16) == "0");
    const uint32_t bk = env("SMOLDESK_VK_MATMUL_BK");
    t.bk = bk >= 8 && bk <= 64 && bk % 8 == 0 ? bk : 32;
    // Within the device's shared memory (32 KiB on lavapipe, 48 KiB on NVIDIA): fewer columns
    // per step first, then a smaller tile.
    while (t.sharedBytes() > caps.maxSharedMemory || t.workgroup() > caps.maxWorkgroupInvocations) {
        if (t.bk > 8)
            t.bk /= 2;
        else if (t.bm > 32)
            t = tileOf(t.bm / 2), t.bk = 8;
        else
            break; // 32×32 at bk 8 needs 2.8 KiB: every Vulkan device has 16 KiB
    }
    return t;
}

uint64_t CoopTile::sharedBytes() const {
    // matmul_coop.comp: two bm × (bk + 8) tiles of f16 (f32 when emulated), four MM × NN scratches.
    const uint64_t element = emulated ? 4 : 2, scratch = emulated || shape.f32Acc ? 4 : 2;
    return 2 * uint64_t(bm) * (bk + 8) * element + 4 * uint64_t(shape.m) * shape.n * scratch;
}

const char* CoopTile::shader() const {
    return emulated ? "matmul_coop_emu" : shape.f32Acc ? "matmul_coop" : "matmul_coop16";
}

std::optional<CoopTile> VulkanBackend::coopTile(const DeviceCaps& caps, uint64_t rows, uint64_t tokens,
                                                quant::Type type) {
    const char* mode = std::getenv("SMOLDESK_VK_MATMUL");
    const std::string_view m = mode ? mode : "";
    const char* f16 = std::getenv("SMOLDESK_VK_MATMUL_F16");
    if (m == "tiled" || type == quant::Type::F32 || type == quant::Type::BF16 ||
        (f16 && std::string_view(f16) == "0"))
        return std::nullopt;
    CoopTile t;
    t.emulated = m == "coopmat-emulated";
    if (!t.emulated && !caps.coopmat) return std::nullopt;
    t.shape = caps.coopShape;
    if (const char* s = std::getenv("SMOLDESK_VK_COOPMAT_SHAPE"); s && *s) {
        CoopShape want;
        if (std::sscanf(s, "%ux%ux%u", &want.m, &want.n, &want.k) == 3) {
            std::vector<CoopShape> listed = t.emulated ? std::vector<CoopShape>{want} : caps.coopShapes;
            std::erase_if(
                listed, [&](const CoopShape& c) { return c.m != want.m || c.n != want.n || c.k != want.k; });
            pickCoopShape(listed, t.shape); // unchanged when the device lacks it
        }
    }
    if (t.emulated) t.shape.f32Acc = true;
    // The tile size as matmul.comp's (4 warps: a 32 tile is 16 × 16 per warp, which every shape
    // pickCoopShape accepts divides).
    const MatmulTile plain = matmulTile(caps, rows, tokens, type);
    t.bm = plain.bm;
    auto env = [](const char* name) {
        const char* v = std::getenv(name);
        return v && *v ? static_cast<uint32_t>(std::strtoul(v, nullptr, 10)) : 0u;
    };
    const uint32_t bk = env("SMOLDESK_VK_MATMUL_BK");
    t.bk = bk >= 16 && bk <= 64 && bk % 16 == 0 ? bk : 32;
    while (t.sharedBytes() > caps.maxSharedMemory) {
        if (t.bk > 16)
            t.bk /= 2;
        else if (t.bm > 32)
            t.bm /= 2, t.bk = 32;
        else
            return std::nullopt;
    }
    return t;
}

MatvecShape VulkanBackend::matvecShape(uint64_t rows, uint64_t cols, int tokens) const {
    // Tuning overrides for measurements on real GPUs (tests/gpu/matvec_sweep.sh): the K split
    // (subgroups of 32 per workgroup), the rows per workgroup, and SMOLDESK_VK_MATVEC_WG as a
    // workgroup size (32 · split) for the sweeps of the earlier shader.
    auto env = [](const char* name, uint32_t fallback) {
        const char* v = std::getenv(name);
        return v && *v ? static_cast<uint32_t>(std::strtoul(v, nullptr, 10)) : fallback;
    };
    MatvecShape s;
    // Few rows (at most 8,192, KERNELS.md): one 32-lane subgroup per workgroup leaves most of
    // the GPU idle, so split K over up to 4 subgroups, keeping at least one super-block per team.
    uint32_t split = 1;
    const uint64_t superBlocks = (cols + 255) / 256;
    if (rows <= 8192)
        while (split < 4 && 2 * (2 * split) <= superBlocks) split *= 2;
    split = env("SMOLDESK_VK_MATVEC_SPLIT", env("SMOLDESK_VK_MATVEC_WG", 32 * split) / 32);
    s.split = std::bit_floor(std::clamp<uint32_t>(split, 1, 8));
    // Several tokens: 4 rows per workgroup, so each input vec4 a lane loads feeds 4 rows' dots
    // (with 8 tokens the input, not the weights, is most of what a workgroup reads).
    s.rowsPerGroup = std::clamp<uint32_t>(env("SMOLDESK_VK_MATVEC_ROWS", tokens > 1 ? 4 : 2), 1, 4);
    // Super-blocks whose loads a team issues before their math (matvec.comp's UNROLL): 2 puts
    // twice the bytes in flight per lane for one token; with several tokens each block's math
    // is long enough to cover the next one's loads, and the registers go to the sums.
    const uint32_t unroll = env("SMOLDESK_VK_MATVEC_UNROLL", tokens > 2 ? 1 : 2);
    s.unroll = unroll >= 4 ? 4 : unroll >= 2 ? 2 : 1;
    // matvec.comp's shared partial sums: workgroup · rows · tokens floats next to the reductions'
    // 1 KiB, within the device's shared memory (and 16 KiB, to leave room for occupancy).
    const uint64_t budget = std::min<uint64_t>(16384, device_->caps().maxSharedMemory - 2048);
    auto bytes = [&] { return uint64_t(32) * s.split * s.rowsPerGroup * uint64_t(tokens) * 4; };
    while (bytes() > budget && s.rowsPerGroup > 1) --s.rowsPerGroup;
    while (bytes() > budget && s.split > 1) s.split /= 2;
    s.workgroup = 32 * s.split;
    s.subgroupSize = pinnedSubgroupSize(s.workgroup);
    return s;
}

const DeviceWeight& VulkanBackend::matrix(WeightId w, BufferId x, BufferId out, int rows,
                                          const char* op) const {
    const DeviceWeight& wt = weights_.at(static_cast<size_t>(w));
    act(x, static_cast<size_t>(rows) * wt.cols, op);
    act(out, static_cast<size_t>(rows) * wt.rows, op);
    return wt;
}

void VulkanBackend::matvec(std::span<const MatvecTarget> targets, BufferId x, const Binding& extra,
                           int tokens, uint32_t mode, float eps, const KvEpilogue* kv) {
    flushRope();
    // (A GLU pair's grid covers the gate's rows; each workgroup also makes the same rows of up.)
    const bool pair = (mode & kGluOut) != 0;
    uint64_t allRows = 0;
    for (const MatvecTarget& t : targets) allRows += pair && &t != &targets[0] ? 0 : t.slice->rows;
    MatvecShape shape = matvecShape(allRows, targets[0].w->cols, tokens);
    // The K/V epilogue rotates rows 2i and 2i + 1 together: a workgroup must hold both.
    if (kv && shape.rowsPerGroup % 2 != 0)
        shape.rowsPerGroup = shape.rowsPerGroup > 1 ? shape.rowsPerGroup - 1 : 2;
    MatvecPush push{};
    push.cols = static_cast<uint32_t>(targets[0].w->cols);
    push.slots = static_cast<uint32_t>(targets.size());
    push.eps = eps;
    uint32_t types[kMaxGroup];
    Binding weightsBound[kMaxGroup], outsBound[kMaxGroup];
    uint64_t groups = 0;
    for (size_t i = 0; i < kMaxGroup; ++i) {
        const MatvecTarget& t = targets[std::min(i, targets.size() - 1)]; // unused slots repeat the last
        types[i] = static_cast<uint32_t>(t.w->type);
        weightsBound[i] = {t.w->buffer.handle, t.slice->bindOffset, t.slice->bindRange, false};
        outsBound[i] = bindAct(t.out, true);
        if (i >= targets.size()) continue;
        push.rows[i] = static_cast<uint32_t>(t.slice->rows);
        push.wBase[i] = t.slice->base;
        push.rowBytes[i] = static_cast<uint32_t>(t.w->rowBytes);
        push.firstGroup[i] = static_cast<uint32_t>(groups);
        push.outRow0[i] = static_cast<uint32_t>(t.slice->row0);
        push.outStride[i] = static_cast<uint32_t>(t.w->rows);
        if (!pair || i == 0) groups += ceilDiv(t.slice->rows, shape.rowsPerGroup);
        weightBytesRead_ += t.slice->rows * t.w->rowBytes;
    }
    bool blocks = false;
    for (const MatvecTarget& t : targets) blocks = blocks || matvecBlockType(t.w->type);
    const uint32_t unroll = blocks ? shape.unroll : 1;
    const auto [gx, gy] = foldGroups(groups);
    push.groupsX = gx;
    const Binding b[] = {weightsBound[0], bindAct(x, false), outsBound[0], weightsBound[1], outsBound[1],
                         weightsBound[2], outsBound[2],      extra,        bindCodebooks()};
    uint64_t work = 0;
    for (const MatvecTarget& t : targets) work += 2 * t.slice->rows * t.w->cols * uint64_t(tokens);
    recorder_->noteWork(work);
    if (kv) {
        push.posSlot = kv->posSlot;
        const RopeSpec spec = kv->rope ? kv->rope->spec : RopeSpec{};
        const uint32_t flags = kv->rope ? 1u | (spec.freqFactors >= 0 ? 2u : 0u) : 0u;
        const uint32_t dims = kv->rope ? uint32_t(kv->rope->headDim) | uint32_t(spec.dims) << 16 : 0u;
        auto bits = [](float f) { return std::bit_cast<uint32_t>(f); };
        const Pipeline& p = pipeline(reduceVariant("matvec_kv_sg", "matvec_kv_sh"),
                                     {shape.workgroup, types[0], static_cast<uint32_t>(tokens), types[1],
                                      types[2], shape.rowsPerGroup, mode, unroll, flags, dims,
                                      bits(spec.freqBase), bits(spec.freqScale), bits(spec.attnFactor),
                                      bits(spec.extFactor), bits(spec.corrLow), bits(spec.corrHigh)},
                                     13, shape.subgroupSize);
        const Binding kb[] = {b[0],
                              b[1],
                              b[2],
                              b[3],
                              b[4],
                              b[5],
                              b[6],
                              b[7],
                              b[8],
                              {kCache_[kv->layer].handle, 0, VK_WHOLE_SIZE, true},
                              {vCache_[kv->layer].handle, 0, VK_WHOLE_SIZE, true},
                              {positions_.handle, 0, VK_WHOLE_SIZE, false},
                              bindRopeFactors(spec)};
        return recorder_->dispatch(p, kb, &push, sizeof push, gx, gy);
    }
    const Pipeline& p = pipeline(reduceVariant("matvec_sg", "matvec_sh"),
                                 {shape.workgroup, types[0], static_cast<uint32_t>(tokens), types[1],
                                  types[2], shape.rowsPerGroup, mode, unroll},
                                 9, shape.subgroupSize);
    recorder_->dispatch(p, b, &push, sizeof push, gx, gy);
}

void VulkanBackend::matmulCoop(const DeviceWeight& wt, const WeightSlice& s, const CoopTile& t, BufferId x,
                               BufferId out, int rows, bool add) {
    // Real fragments need subgroups of exactly 32 (queryDeviceCaps checked the device can).
    const uint32_t subgroup = !t.emulated && device_->caps().subgroupSizeControl ? 32 : 0;
    const Pipeline& p = pipeline(t.shader(),
                                 {CoopTile::workgroup, static_cast<uint32_t>(wt.type), add ? 1u : 0u, t.bm,
                                  t.bk, t.shape.m, t.shape.n, t.shape.k},
                                 4, subgroup);
    const Binding b[] = {{wt.buffer.handle, s.bindOffset, s.bindRange, false},
                         bindAct(x, false),
                         bindAct(out, true),
                         bindCodebooks()};
    const MatmulPush push{
        static_cast<uint32_t>(wt.cols),     static_cast<uint32_t>(s.rows),  s.base,
        static_cast<uint32_t>(wt.rowBytes), static_cast<uint32_t>(wt.rows), static_cast<uint32_t>(s.row0),
        static_cast<uint32_t>(rows)};
    weightBytesRead_ += s.rows * wt.rowBytes;
    recorder_->noteWork(2 * s.rows * wt.cols * uint64_t(rows));
    recorder_->dispatch(p, b, &push, sizeof push, ceilDiv(s.rows, t.bm),
                        ceilDiv(static_cast<uint64_t>(rows), t.bm));
}

void VulkanBackend::matmulTiled(const DeviceWeight& wt, BufferId x, BufferId out, int rows, bool add) {
    flushRope();
    for (const WeightSlice& s : wt.slices) {
        const auto coop =
            coopFailed_ ? std::nullopt : coopTile(device_->caps(), s.rows, uint64_t(rows), wt.type);
        if (coop) {
            try {
                matmulCoop(wt, s, *coop, x, out, rows, add);
                continue;
            } catch (const Error& e) {
                // Its pipeline could not be created (nothing was recorded): a driver that lists
                // cooperative matrices but cannot compile this shader still runs prompts.
                if (coop->emulated || e.code() != ErrorCode::Backend) throw;
                coopFailed_ = true;
                std::fprintf(stderr,
                             "SmolDesk: the tensor-core GEMM cannot be used on '%s' (%s); prompts use the "
                             "tiled GEMM.\n",
                             device_->caps().name.c_str(), e.what());
            }
        }
        const MatmulTile t = matmulTile(device_->caps(), s.rows, static_cast<uint64_t>(rows), wt.type);
        const Pipeline& p = pipeline(
            "matmul",
            {t.workgroup(), static_cast<uint32_t>(wt.type), add ? 1u : 0u, t.bm, t.bn, t.tm, t.bk, t.f16}, 4,
            pinnedSubgroupSize(t.workgroup()));
        const Binding b[] = {{wt.buffer.handle, s.bindOffset, s.bindRange, false},
                             bindAct(x, false),
                             bindAct(out, true),
                             bindCodebooks()};
        const MatmulPush push{
            static_cast<uint32_t>(wt.cols),     static_cast<uint32_t>(s.rows),  s.base,
            static_cast<uint32_t>(wt.rowBytes), static_cast<uint32_t>(wt.rows), static_cast<uint32_t>(s.row0),
            static_cast<uint32_t>(rows)};
        weightBytesRead_ += s.rows * wt.rowBytes;
        recorder_->noteWork(2 * s.rows * wt.cols * uint64_t(rows));
        recorder_->dispatch(p, b, &push, sizeof push, ceilDiv(s.rows, t.bm),
                            ceilDiv(static_cast<uint64_t>(rows), t.bn));
    }
}

void VulkanBackend::matmul(WeightId w, BufferId x, BufferId out, int rows) {
    const DeviceWeight& wt = matrix(w, x, out, rows, "matmul");
    if (rows <= 0) return;
    if (rows > kMaxMatvecTokens) return matmulTiled(wt, x, out, rows, false);
    for (const WeightSlice& s : wt.slices) {
        const MatvecTarget t{&wt, &s, out};
        matvec({&t, 1}, x, bindAct(x, false), rows, kStore);
    }
}

void VulkanBackend::matmulGroup(BufferId x, std::span<const MatmulOutput> outputs, int rows) {
    bool together = rows > 0 && rows <= kMaxMatvecTokens && !outputs.empty() && outputs.size() <= kMaxGroup;
    MatvecTarget targets[kMaxGroup];
    for (size_t i = 0; together && i < outputs.size(); ++i) {
        const DeviceWeight& wt = matrix(outputs[i].w, x, outputs[i].out, rows, "matmulGroup");
        together = wt.slices.size() == 1 && wt.cols == weights_.at(static_cast<size_t>(outputs[0].w)).cols &&
                   outputs[i].out != x;
        targets[i] = {&wt, &wt.slices[0], outputs[i].out};
    }
    if (!together) return Backend::matmulGroup(x, outputs, rows);
    matvec({targets, outputs.size()}, x, bindAct(x, false), rows, kStore);
}

void VulkanBackend::normMatmulGroup(BufferId x, WeightId norm, float eps, BufferId normed,
                                    std::span<const MatmulOutput> outputs, int rows, int dim) {
    if (!foldedNormGroup(x, norm, eps, outputs, rows, dim))
        Backend::normMatmulGroup(x, norm, eps, normed, outputs, rows, dim);
}

bool VulkanBackend::foldedNormGroup(BufferId x, WeightId norm, float eps,
                                    std::span<const MatmulOutput> outputs, int rows, int dim) {
    // (matvec.comp makes the norm's sum of squares itself: any width folds.)
    if (rows <= 0 || rows > kMaxMatvecTokens || outputs.empty() || outputs.size() > kMaxGroup || dim <= 0)
        return false;
    const DeviceWeight& nw = weights_.at(static_cast<size_t>(norm));
    if (nw.type != quant::Type::F32 || nw.cols * nw.rows < static_cast<uint64_t>(dim) ||
        nw.slices.size() != 1)
        return false;
    // Each binding slice of a weight is a target of its own (a large output head is bound in
    // slices on devices with small binding limits).
    MatvecTarget targets[kMaxGroup];
    size_t count = 0;
    for (const MatmulOutput& o : outputs) {
        const DeviceWeight& wt = matrix(o.w, x, o.out, rows, "normMatmulGroup");
        if (wt.cols != static_cast<uint64_t>(dim) || o.out == x || count + wt.slices.size() > kMaxGroup)
            return false;
        for (const WeightSlice& slice : wt.slices) targets[count++] = {&wt, &slice, o.out};
    }
    weightBytesRead_ += nw.rows * nw.rowBytes;
    if (gluFusion_ && count == 2 && outputs.size() == 2 && targets[0].slice->rows == targets[1].slice->rows &&
        targets[0].out != targets[1].out) {
        flushRope();
        pendingGlu_ = PendingGlu{x, &nw, eps, {targets[0], targets[1]}, rows};
        return true;
    }
    if (kvFusion_ && count == 3 && outputs.size() == 3 && kvLayers_ > 0) {
        flushRope();
        pendingQkv_ = PendingQkv{x, &nw, eps, {targets[0], targets[1], targets[2]}, rows, {}, {}};
        return true;
    }
    matvec({targets, count}, x, {nw.buffer.handle, 0, VK_WHOLE_SIZE, false}, rows, kNormInput, eps);
    return true;
}

void VulkanBackend::flushGlu() {
    flushQkv();
    if (!pendingGlu_) return;
    const PendingGlu p = *pendingGlu_;
    pendingGlu_.reset();
    matvec({p.t, 2}, p.x, {p.norm->buffer.handle, 0, VK_WHOLE_SIZE, false}, p.rows, kNormInput, p.eps);
}

void VulkanBackend::matmulAdd(WeightId w, BufferId x, BufferId out, BufferId scratch, int rows,
                              size_t outWidth) {
    const DeviceWeight& wt = matrix(w, x, out, rows, "matmulAdd");
    if (outWidth != wt.rows || out == x) return Backend::matmulAdd(w, x, out, scratch, rows, outWidth);
    if (rows <= 0) return;
    if (rows > kMaxMatvecTokens) return matmulTiled(wt, x, out, rows, true);
    for (const WeightSlice& s : wt.slices) {
        const MatvecTarget t{&wt, &s, out};
        matvec({&t, 1}, x, bindAct(x, false), rows, kAddToOutput);
    }
}

void VulkanBackend::gluMatmulAdd(GluActivation activation, WeightId w, BufferId gate, BufferId up,
                                 BufferId out, BufferId scratch, int rows, size_t inWidth, size_t outWidth) {
    // The deferred gate/up group of these two buffers: one GLU-pair dispatch writes h into gate,
    // then the down projection reads it (checked before act() would dispatch the group as it was).
    if (pendingGlu_ && pendingGlu_->t[0].out == gate && pendingGlu_->t[1].out == up &&
        pendingGlu_->rows == rows &&
        (activation == GluActivation::Silu || activation == GluActivation::GeluTanh) && out != gate &&
        out != up && inWidth == pendingGlu_->t[0].slice->rows) {
        const PendingGlu p = *pendingGlu_;
        pendingGlu_.reset();
        const uint32_t gelu = activation == GluActivation::GeluTanh ? kGeluOut : 0u;
        matvec({p.t, 2}, p.x, {p.norm->buffer.handle, 0, VK_WHOLE_SIZE, false}, rows,
               kNormInput | kGluOut | gelu, p.eps);
        return matmulAdd(w, gate, out, scratch, rows, outWidth);
    }
    const DeviceWeight& wt = matrix(w, gate, out, rows, "gluMatmulAdd");
    act(up, static_cast<size_t>(rows) * wt.cols, "gluMatmulAdd");
    // (matvec.comp folds SwiGLU and GeGLU; the clamped SwiGLU goes through glu().)
    if (rows > kMaxMatvecTokens || inWidth != wt.cols || outWidth != wt.rows || out == gate || out == up ||
        activation == GluActivation::SwigluOai)
        return Backend::gluMatmulAdd(activation, w, gate, up, out, scratch, rows, inWidth, outWidth);
    if (rows <= 0) return;
    const uint32_t input = activation == GluActivation::GeluTanh ? kGegluInput : kSwigluInput;
    for (const WeightSlice& s : wt.slices) {
        const MatvecTarget t{&wt, &s, out};
        matvec({&t, 1}, gate, bindAct(up, false), rows, kAddToOutput | input);
    }
}

} // namespace smoldesk::compute::vk
