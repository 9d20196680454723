#include "compute/cpu/cpu_backend.h"

#include "common/error.h"
#include "common/platform.h"
#include "quant/cpu_kernels.h"
#include "quant/dequant.h"
#include "quant/fp16.h"
#include "quant/packed.h"
#include "quant/quantize.h"
#include "quant/vec_dot.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <new>

namespace smoldesk::compute {

namespace {

// ggml's rope_yarn: the angle of pair i from its extrapolated angle (position times the
// pair's frequency, divided by its factor), with linear scaling, YaRN's ramp and the magnitude.
void ropeRotation(const RopeSpec& s, float thetaExtrap, int i, float* cosOut, float* sinOut) {
    const float thetaInterp = s.freqScale * thetaExtrap;
    float theta = thetaInterp, mscale = s.attnFactor;
    if (s.extFactor != 0.0f) {
        const float y = (static_cast<float>(i) - s.corrLow) / std::max(0.001f, s.corrHigh - s.corrLow);
        const float ramp = (1.0f - std::min(1.0f, std::max(0.0f, y))) * s.extFactor;
        theta = thetaInterp * (1.0f - ramp) + thetaExtrap * ramp;
        mscale *= 1.0f + 0.1f * std::log(1.0f / s.freqScale);
    }
    *cosOut = std::cos(theta) * mscale;
    *sinOut = std::sin(theta) * mscale;
}

constexpr int kPackRows = 16;    // rows per packed group (quant/packed_formats.h)
constexpr size_t kRowGrain = 16; // rows per work unit (a packed group, or 16 GGUF rows)
// Tokens per work unit of a prompt: the unit's activations stay in L2 while its 16 weight
// rows are reused for every one of them.
constexpr int kColumnBlock = 64;
constexpr int kStreamRows = 8; // batches up to this many tokens stream the weights like decode
// f16/bf16 weights (vision encoders, embedding models) are widened and transposed once per unit
// (float_tile.inc): more tokens per unit spread that over more work, and the outer-product tile
// streams each token's activations once, so they need not fit in L2 (one thread, 768-wide:
// 100 GFLOP/s at 64 tokens, 110 at 256).
constexpr int kFloatColumnBlock = 256;
// Units (16 rows) a decode thread takes at a time from a range: about 300 KB of 2048-wide
// Q4_K, so one atomic exchange per ~10 µs of streaming and at most that much imbalance.
constexpr uint64_t kStealGrain = 16;

// Weight storage on 2 MiB boundaries with transparent huge pages requested: a third of the
// page faults while packing is far fewer, and decode's stream over all weights misses the
// TLB far less often.
std::shared_ptr<uint8_t[]> allocateWeightStorage(size_t bytes) {
    constexpr size_t kHugePage = size_t(2) << 20;
    const size_t align = bytes >= kHugePage ? kHugePage : 64;
    // Only the start is aligned: a partial last huge page stays in small pages, so no memory
    // beyond the weights becomes resident.
    bytes = (bytes + 63) / 64 * 64;
    auto* p = static_cast<uint8_t*>(platform::alignedAlloc(align, bytes));
    if (p && align == kHugePage) platform::adviseHugePages(p, bytes);
    return std::shared_ptr<uint8_t[]>(p, platform::alignedFree);
}

} // namespace

CpuBackend::CpuBackend(int threads)
    : pool_(threads), decodeRanges_(std::make_unique<StealableRange[]>(static_cast<size_t>(pool_.size()))) {
    attnScratch_.resize(static_cast<size_t>(pool_.size()));
    rowScratch_.resize(static_cast<size_t>(pool_.size()));
}

std::string CpuBackend::deviceName() const {
    return "CPU (" + std::to_string(pool_.size()) + (pool_.size() == 1 ? " thread, " : " threads, ") +
           quant::cpuKernelName() + ")";
}

WeightId CpuBackend::addWeight(const gguf::TensorInfo& tensor) {
    Weight w;
    w.info = &tensor;
    w.data = tensor.data;
    if (tensor.nDims == 2 && quant::packedPreferred(tensor.type, tensor.ne[0], tensor.ne[1])) {
        const int64_t cols = static_cast<int64_t>(tensor.ne[0]);
        const size_t groups = static_cast<size_t>(tensor.ne[1]) / kPackRows;
        const size_t groupBytes = quant::packedGroupBytes(tensor.type, cols);
        const size_t rowBytes = quant::rowBytes(tensor.type, tensor.ne[0]);
        std::shared_ptr<uint8_t[]> storage = allocateWeightStorage(groups * groupBytes);
        if (!storage)
            throw Error(ErrorCode::OutOfMemory, "Not enough memory to load tensor '" + tensor.name + "'.");
        pool_.parallelFor(groups, 16, [&](size_t b, size_t e, int) {
            for (size_t g = b; g < e; ++g)
                quant::packRowGroup(tensor.type, cols, tensor.data + g * kPackRows * rowBytes, rowBytes,
                                    storage.get() + g * groupBytes);
        });
        // The packed copy replaces the mapped rows: keep the weights resident once.
        if (mapping_ && tensor.data >= mapping_->data() &&
            tensor.data + groups * kPackRows * rowBytes <= mapping_->data() + mapping_->size())
            releaseMappedPages(tensor.data, groups * kPackRows * rowBytes);
        w.data = storage.get();
        w.packed = true;
        w.packedStorage = std::move(storage);
    } else if (tensor.nDims == 3 && tensor.name.find("_exps.") != std::string::npos) {
        // Expert tensors stay mapped and each token touches other experts: when the whole file
        // fits in the memory available, map their pages now (from the page cache, or one read
        // of the file), so decoding takes no page faults; llama.cpp maps the whole file so too.
        // A file larger than that pages experts in as tokens use them.
        if (!populateExperts_)
            populateExperts_ =
                mapping_ && mapping_->size() + (uint64_t(1) << 30) <= platform::availableMemoryBytes();
        if (*populateExperts_) platform::populateMapped(tensor.data, tensor.nBytes);
    }
    weights_.push_back(std::move(w));
    return static_cast<WeightId>(weights_.size() - 1);
}

BufferId CpuBackend::createBuffer(size_t floats) {
    buffers_.emplace_back(floats, 0.0f);
    return static_cast<BufferId>(buffers_.size() - 1);
}

void CpuBackend::createKvCache(int nLayers, int nCtx, int kvDim) {
    kvLayers_ = nLayers;
    kvCtx_ = nCtx;
    kvDim_ = kvDim;
    kvBlocks_ = (nCtx + kKvTile - 1) / kKvTile;
    const size_t kHalfs =
        static_cast<size_t>(nLayers) * static_cast<size_t>(kvBlocks_) * kKvTile * static_cast<size_t>(kvDim);
    const size_t vHalfs =
        static_cast<size_t>(nLayers) * static_cast<size_t>(nCtx) * static_cast<size_t>(kvDim);
    // Left uninitialized on purpose: positions are written before attention reads them (the
    // lanes of a K tile past the last position are masked), so the pages become resident as
    // the conversation grows instead of all at load.
    try {
        kCache_.reset();
        vCache_.reset();
        kCache_.reset(new uint16_t[kHalfs]);
        vCache_.reset(new uint16_t[vHalfs]);
    } catch (const std::bad_alloc&) {
        kCache_.reset();
        vCache_.reset();
        char gb[32];
        std::snprintf(gb, sizeof gb, "%.1f", 2.0 * static_cast<double>(kHalfs + vHalfs) / 1e9);
        throw Error(ErrorCode::OutOfMemory, "Not enough memory for a context of " + std::to_string(nCtx) +
                                                " tokens (the KV cache needs " + gb +
                                                " GB); choose a shorter context.");
    }
}

void CpuBackend::embed(WeightId table, std::span<const int32_t> ids, BufferId out) {
    const Weight& w = weights_[static_cast<size_t>(table)];
    const gguf::TensorInfo& t = *w.info;
    const int64_t dim = static_cast<int64_t>(t.ne[0]);
    const uint64_t rowBytes = quant::rowBytes(t.type, t.ne[0]);
    float* dst = data(out);
    for (size_t r = 0; r < ids.size(); ++r) {
        if (ids[r] < 0 || static_cast<uint64_t>(ids[r]) >= t.ne[1])
            throw Error(ErrorCode::InvalidArgument, "Token id " + std::to_string(ids[r]) +
                                                        " is outside the vocabulary of " +
                                                        std::to_string(t.ne[1]) + " tokens.");
        float* row = dst + r * static_cast<size_t>(dim);
        if (w.packed)
            quant::dequantizePackedRow(t.type, dim,
                                       w.data + static_cast<size_t>(ids[r] / kPackRows) *
                                                    quant::packedGroupBytes(t.type, dim),
                                       ids[r] % kPackRows, row);
        else
            quant::dequantizeRow(t.type, t.data + rowBytes * static_cast<uint64_t>(ids[r]), row, dim);
    }
}

void CpuBackend::rmsNorm(BufferId x, WeightId w, BufferId out, int rows, int dim, float eps) {
    const gguf::TensorInfo& wt = *weights_[static_cast<size_t>(w)].info;
    const float* weight = reinterpret_cast<const float*>(wt.data); // norms are F32 in every supported file
    const float* src = data(x);
    float* dst = data(out);
    forRows(rows, [&](size_t r) {
        const float* xr = src + r * static_cast<size_t>(dim);
        float* yr = dst + r * static_cast<size_t>(dim);
        double sum = 0.0; // ggml accumulates the square sum in double
        for (int i = 0; i < dim; ++i) sum += static_cast<double>(xr[i] * xr[i]);
        const float mean = static_cast<float>(sum / dim);
        const float scale = 1.0f / std::sqrt(mean + eps);
        for (int i = 0; i < dim; ++i) yr[i] = (xr[i] * scale) * weight[i];
    });
}

void CpuBackend::forRows(int rows, const std::function<void(size_t)>& fn) {
    // One token (decode) stays on the calling thread: a parallel region costs more than it saves.
    if (rows == 1) {
        fn(0);
        return;
    }
    pool_.parallelFor(static_cast<size_t>(rows), 1, [&](size_t b, size_t e, int) {
        for (size_t r = b; r < e; ++r) fn(r);
    });
}

void CpuBackend::matmul(WeightId w, BufferId x, BufferId out, int rows) {
    const Weight& weight = weights_[static_cast<size_t>(w)];
    const Product p{&weight, data(out), false};
    runProducts({&p, 1}, data(x), nullptr, rows, static_cast<int64_t>(weight.info->ne[0]));
}

void CpuBackend::matmulGroup(BufferId x, std::span<const MatmulOutput> outputs, int rows) {
    // Products of one call must share the input width; groups larger than the work table
    // (never in practice: q/k/v, gate/up) run in several calls.
    for (size_t first = 0; first < outputs.size(); first += kMaxProducts) {
        const size_t count = std::min(kMaxProducts, outputs.size() - first);
        std::array<Product, kMaxProducts> ps{};
        const uint64_t k = weights_[static_cast<size_t>(outputs[first].w)].info->ne[0];
        for (size_t i = 0; i < count; ++i) {
            const Weight& weight = weights_[static_cast<size_t>(outputs[first + i].w)];
            if (weight.info->ne[0] != k)
                throw Error(ErrorCode::InvalidArgument, "Tensor '" + weight.info->name +
                                                            "' does not share the input width of its group.");
            ps[i] = {&weight, data(outputs[first + i].out), false};
        }
        runProducts({ps.data(), count}, data(x), nullptr, rows, static_cast<int64_t>(k));
    }
}

void CpuBackend::matmulAdd(WeightId w, BufferId x, BufferId out, BufferId, int rows, size_t) {
    const Weight& weight = weights_[static_cast<size_t>(w)];
    const Product p{&weight, data(out), true};
    runProducts({&p, 1}, data(x), nullptr, rows, static_cast<int64_t>(weight.info->ne[0]));
}

void CpuBackend::gluMatmulAdd(GluActivation act, WeightId w, BufferId gate, BufferId up, BufferId out,
                              BufferId, int rows, size_t inWidth, size_t) {
    const Weight& weight = weights_[static_cast<size_t>(w)];
    if (weight.info->ne[0] != inWidth)
        throw Error(ErrorCode::InvalidArgument,
                    "Tensor '" + weight.info->name + "' does not take the gated FFN width as its input.");
    const Product p{&weight, data(out), true};
    runProducts({&p, 1}, data(gate), data(up), rows, static_cast<int64_t>(inWidth), act);
}

void CpuBackend::addBias(BufferId x, WeightId bias, int rows, int dim) {
    const gguf::TensorInfo& bt = *weights_[static_cast<size_t>(bias)].info;
    if (bt.type != quant::Type::F32 || bt.nElements != static_cast<uint64_t>(dim))
        throw Error(ErrorCode::UnsupportedType,
                    "Bias tensor '" + bt.name + "' must be F32 with " + std::to_string(dim) + " values.");
    const float* b = reinterpret_cast<const float*>(bt.data);
    float* p = data(x);
    for (size_t r = 0; r < static_cast<size_t>(rows); ++r)
        for (size_t i = 0; i < static_cast<size_t>(dim); ++i) p[r * static_cast<size_t>(dim) + i] += b[i];
}

void CpuBackend::scale(BufferId x, size_t n, float factor) {
    float* p = data(x);
    for (size_t i = 0; i < n; ++i) p[i] *= factor;
}

void CpuBackend::prepareActivations(std::span<const Product> products, const float* x, const float* up,
                                    int rows, int64_t k, GluActivation act) {
    size_t slots = 0;
    for (const Product& p : products) {
        const quant::Type t = p.w->packed ? quant::Type::Q8_K : quant::vecDotType(p.w->info->type);
        bool have = false;
        for (size_t s = 0; s < slots; ++s) have = have || actSlots_[s].type == t;
        if (have) continue;
        if (actSlots_.size() <= slots) actSlots_.emplace_back();
        ActivationSlot& slot = actSlots_[slots++];
        slot.type = t;
        slot.stride = t == quant::Type::F32 ? static_cast<size_t>(k) * sizeof(float)
                                            : quant::rowBytes(t, static_cast<uint64_t>(k));
        slot.bytes.resize(slot.stride * static_cast<size_t>(rows));
    }
    activeSlots_ = slots;
    auto convertRow = [&](size_t r, int thread) {
        const float* src = x + r * static_cast<size_t>(k);
        if (up) {
            std::vector<float>& tmp = rowScratch_[static_cast<size_t>(thread)];
            tmp.resize(static_cast<size_t>(k));
            const float* u = up + r * static_cast<size_t>(k);
            const auto& kernels = quant::cpu::activeKernels();
            (act == GluActivation::GeluTanh    ? kernels.gegluRow
             : act == GluActivation::SwigluOai ? swigluOaiRow
                                               : kernels.swigluRow)(src, u, tmp.data(), k);
            src = tmp.data();
        }
        for (size_t s = 0; s < slots; ++s) {
            ActivationSlot& slot = actSlots_[s];
            uint8_t* dst = slot.bytes.data() + r * slot.stride;
            if (slot.type == quant::Type::F32)
                std::memcpy(dst, src, static_cast<size_t>(k) * sizeof(float));
            else
                quant::quantizeRow(slot.type, src, dst, k);
        }
    };
    // One token (decode) is converted on the calling thread: a parallel region costs more.
    if (rows == 1)
        convertRow(0, 0);
    else
        pool_.parallelFor(static_cast<size_t>(rows), 1, [&](size_t b, size_t e, int thread) {
            for (size_t r = b; r < e; ++r) convertRow(r, thread);
        });
}

const CpuBackend::ActivationSlot& CpuBackend::slotFor(const Weight& w) const {
    const quant::Type t = w.packed ? quant::Type::Q8_K : quant::vecDotType(w.info->type);
    for (size_t s = 0; s < activeSlots_; ++s)
        if (actSlots_[s].type == t) return actSlots_[s];
    throw Error(ErrorCode::Backend, "No activations were prepared for tensor '" + w.info->name + "'.");
}

void CpuBackend::runUnits(const Product& p, size_t u0, size_t u1, int c0, int nc, int thread) {
    const Weight& w = *p.w;
    const gguf::TensorInfo& t = *w.info;
    const int64_t k = static_cast<int64_t>(t.ne[0]);
    const size_t n = static_cast<size_t>(t.ne[1]);
    const ActivationSlot& slot = slotFor(w);
    const uint8_t* act = slot.bytes.data() + static_cast<size_t>(c0) * slot.stride;
    float* out = p.out + static_cast<size_t>(c0) * n;
    if (w.packed) {
        quant::packedMatmul(t.type, k, w.data + u0 * quant::packedGroupBytes(t.type, k),
                            static_cast<int>(u1 - u0), act, slot.stride, nc, out + u0 * kPackRows, n,
                            p.accumulate);
        return;
    }
    const size_t r0 = u0 * kRowGrain, r1 = std::min(n, u1 * kRowGrain);
    const int nRows = static_cast<int>(r1 - r0);
    const size_t wStride = quant::rowBytes(t.type, t.ne[0]);
    const uint8_t* wRows = t.data + r0 * wStride;
    // GGUF-layout kernels store; an accumulating product computes into scratch and adds.
    float* dst = out + r0;
    size_t dstStride = n;
    std::vector<float>& tmp = rowScratch_[static_cast<size_t>(thread)];
    if (p.accumulate) {
        tmp.resize(static_cast<size_t>(nc) * static_cast<size_t>(nRows));
        dst = tmp.data();
        dstStride = static_cast<size_t>(nRows);
    }
    if (nc == 1)
        quant::vecDotRows(t.type, k, wRows, wStride, nRows, act, dst);
    else
        quant::vecDotTile(t.type, k, wRows, wStride, nRows, act, slot.stride, nc, dst, dstStride);
    if (p.accumulate)
        for (int c = 0; c < nc; ++c) {
            float* o = out + static_cast<size_t>(c) * n + r0;
            const float* v = tmp.data() + static_cast<size_t>(c) * static_cast<size_t>(nRows);
            for (int r = 0; r < nRows; ++r) o[r] += v[r];
        }
}

void CpuBackend::runStreaming(std::span<const UnitSegment> segments,
                              const std::function<void(size_t, size_t, int)>& run) {
    // Decode streams the weights once: each thread takes one contiguous range of units (sequential
    // reads for the prefetchers) holding an equal share of the bytes.
    const size_t threads = static_cast<size_t>(pool_.size());
    size_t nUnits = 0;
    double total = 0;
    for (const UnitSegment& s : segments) {
        nUnits += s.units;
        total += static_cast<double>(s.units) * static_cast<double>(s.bytes);
    }
    std::vector<size_t>& cuts = decodeCuts_;
    cuts.assign(threads + 1, nUnits);
    cuts[0] = 0;
    double done = 0;
    size_t t = 1, first = 0;
    for (const UnitSegment& s : segments) {
        for (size_t u = 0; u < s.units && t < threads; ++u) {
            done += static_cast<double>(s.bytes);
            while (t < threads && done >= total * static_cast<double>(t) / static_cast<double>(threads))
                cuts[t++] = first + u + 1;
        }
        first += s.units;
    }
    // A thread done with its range takes grains from the far end of one still in progress, so a
    // preempted or slower thread does not hold up the region (the owner keeps reading forward;
    // the thief reads each grain forward too).
    for (size_t i = 0; i < threads; ++i)
        decodeRanges_[i].frontBack.store(static_cast<uint64_t>(cuts[i]) << 32 | cuts[i + 1],
                                         std::memory_order_relaxed);
    auto take = [](StealableRange& r, bool fromBack, size_t& u0, size_t& u1) {
        uint64_t v = r.frontBack.load(std::memory_order_relaxed);
        for (;;) {
            const uint64_t front = v >> 32, back = v & 0xffffffffu;
            if (front >= back) return false;
            // Smaller grains near the end of a range: the two threads then finish within about
            // one unit of each other instead of up to a whole grain.
            const uint64_t grain = std::min<uint64_t>(kStealGrain, std::max<uint64_t>(1, (back - front) / 2));
            const uint64_t next = fromBack ? back - grain : front + grain;
            const uint64_t packed = fromBack ? (front << 32 | next) : (next << 32 | back);
            if (r.frontBack.compare_exchange_weak(v, packed, std::memory_order_relaxed)) {
                u0 = fromBack ? next : front;
                u1 = fromBack ? back : next;
                return true;
            }
        }
    };
    pool_.parallelFor(threads, 1, [&](size_t b, size_t e, int thread) {
        size_t u0 = 0, u1 = 0;
        for (size_t i = b; i < e; ++i)
            while (take(decodeRanges_[i], false, u0, u1)) run(u0, u1, thread);
        for (size_t j = 1; j < threads; ++j) {
            StealableRange& other = decodeRanges_[(e - 1 + j) % threads];
            while (take(other, true, u0, u1)) run(u0, u1, thread);
        }
    });
}

void CpuBackend::runProducts(std::span<const Product> products, const float* x, const float* up, int rows,
                             int64_t k, GluActivation act) {
    if (rows <= 0 || products.empty()) return;
    prepareActivations(products, x, up, rows, k, act);
    // Work units: 16 weight rows of one product for one block of up to `columns` tokens;
    // the products of a call are concatenated so one parallel region runs them all.
    // Tokens per unit: the f16/bf16 block when every product is such a GGUF matrix.
    int columns = kFloatColumnBlock;
    for (const Product& p : products) {
        const quant::Type t = p.w->info->type;
        if (p.w->packed || (t != quant::Type::F16 && t != quant::Type::BF16)) columns = kColumnBlock;
    }
    std::array<size_t, kMaxProducts + 1> start{};
    for (size_t i = 0; i < products.size(); ++i) {
        const size_t n = static_cast<size_t>(products[i].w->info->ne[1]);
        start[i + 1] = start[i] + (n + kRowGrain - 1) / kRowGrain;
    }
    const size_t perBlock = start[products.size()];
    auto runRange = [&](size_t b, size_t e, int thread) {
        for (size_t u = b; u < e;) {
            const size_t block = u / perBlock, inBlock = u % perBlock;
            size_t p = 0;
            while (start[p + 1] <= inBlock) ++p;
            const size_t end = std::min(e - block * perBlock, start[p + 1]);
            const int c0 = static_cast<int>(block) * columns;
            runUnits(products[p], inBlock - start[p], end - start[p], c0, std::min(columns, rows - c0),
                     thread);
            u += end - inBlock;
        }
    };
    if (rows <= kStreamRows && rows <= columns) {
        // Decode, and speculative verification (a few tokens, weights read once as in decode, the
        // tiles compute-bound): contiguous ranges per thread. Handing out single units instead
        // interleaves the threads' reads and costs a dispatch per 16 rows.
        // Units of different types (Q4_K, Q6_K) differ in size.
        std::array<UnitSegment, kMaxProducts> segments{};
        for (size_t i = 0; i < products.size(); ++i) {
            const gguf::TensorInfo& t = *products[i].w->info;
            segments[i] = {start[i + 1] - start[i],
                           products[i].w->packed
                               ? quant::packedGroupBytes(t.type, static_cast<int64_t>(t.ne[0]))
                               : kRowGrain * quant::rowBytes(t.type, t.ne[0])};
        }
        runStreaming({segments.data(), products.size()}, runRange);
        return;
    }
    // Prompts: single units (16 rows × up to `columns` tokens) for load balance.
    pool_.parallelFor(perBlock * static_cast<size_t>((rows + columns - 1) / columns), 1, runRange);
}

void CpuBackend::rope(BufferId x, int rows, int nHeads, int headDim, int pos0, const RopeSpec& spec) {
    const int ropeDims = spec.dims;
    const RopeStyle style = spec.style;
    if (ropeDims <= 0 || ropeDims % 2 != 0 || ropeDims / 2 > kMaxRopePairs || ropeDims > headDim)
        throw Error(ErrorCode::InvalidArgument, "RoPE over " + std::to_string(ropeDims) + " of " +
                                                    std::to_string(headDim) +
                                                    " head dimensions is not supported.");
    const float* factors = nullptr;
    if (spec.freqFactors >= 0) {
        const gguf::TensorInfo& ft = *weights_[static_cast<size_t>(spec.freqFactors)].info;
        if (ft.type != quant::Type::F32 || ft.nElements != static_cast<uint64_t>(ropeDims / 2))
            throw Error(ErrorCode::BadShape, "RoPE factor tensor '" + ft.name + "' must be F32 with " +
                                                 std::to_string(ropeDims / 2) + " values.");
        factors = reinterpret_cast<const float*>(ft.data);
    }
    float* p = data(x);
    // ggml's cache: theta starts at the position and is multiplied by theta_scale per pair.
    const float thetaScale = std::pow(spec.freqBase, -2.0f / static_cast<float>(ropeDims));
    forRows(rows, [&](size_t r) {
        float cosv[kMaxRopePairs], sinv[kMaxRopePairs];
        float theta = static_cast<float>(pos0) + static_cast<float>(r);
        for (int i = 0; i < ropeDims / 2; ++i) {
            ropeRotation(spec, theta / (factors ? factors[i] : 1.0f), i, &cosv[i], &sinv[i]);
            theta *= thetaScale;
        }
        for (int h = 0; h < nHeads; ++h) {
            float* v =
                p + (r * static_cast<size_t>(nHeads) + static_cast<size_t>(h)) * static_cast<size_t>(headDim);
            for (int i = 0; i < ropeDims / 2; ++i) {
                const int a = style == RopeStyle::Adjacent ? 2 * i : i;
                const int b = style == RopeStyle::Adjacent ? 2 * i + 1 : i + ropeDims / 2;
                const float x0 = v[a], x1 = v[b];
                const float c = cosv[i], s = sinv[i];
                v[a] = x0 * c - x1 * s;
                v[b] = x0 * s + x1 * c;
            }
        }
    });
}

void CpuBackend::storeKv(int layer, BufferId k, BufferId v, int rows, int pos0) {
    if (pos0 < 0 || pos0 + rows > kvCtx_)
        throw Error(ErrorCode::InvalidArgument, "The KV cache holds " + std::to_string(kvCtx_) +
                                                    " positions; position " +
                                                    std::to_string(pos0 + rows - 1) + " does not fit.");
    const size_t dim = static_cast<size_t>(kvDim_);
    const float* ks = data(k);
    const float* vs = data(v);
    for (int r = 0; r < rows; ++r) {
        const size_t pos = static_cast<size_t>(pos0 + r);
        uint16_t* kTile = kLayer(layer) + pos / kKvTile * kKvTile * dim + pos % kKvTile;
        for (size_t i = 0; i < dim; ++i)
            kTile[i * kKvTile] = quant::fp32ToFp16(ks[static_cast<size_t>(r) * dim + i]);
        uint16_t* vRow = vLayer(layer) + pos * dim;
        for (size_t i = 0; i < dim; ++i) vRow[i] = quant::fp32ToFp16(vs[static_cast<size_t>(r) * dim + i]);
    }
}

void CpuBackend::checkKvRange(int layer, int pos0, int n, const char* op) const {
    if (layer < 0 || layer >= kvLayers_ || pos0 < 0 || n < 0 || pos0 + n > kvCtx_)
        throw Error(ErrorCode::InvalidArgument,
                    std::string("CPU ") + op + ": layer " + std::to_string(layer) + ", positions " +
                        std::to_string(pos0) + "+" + std::to_string(n) + " are outside the KV cache.");
}

// K sits in tiles of kKvTile positions with the positions innermost: gather (and scatter)
// one position's kvDim values from the tile's lanes.
void CpuBackend::readKv(int layer, int pos0, int n, uint16_t* k, uint16_t* v) {
    checkKvRange(layer, pos0, n, "readKv");
    const size_t dim = static_cast<size_t>(kvDim_);
    for (int r = 0; r < n; ++r) {
        const size_t pos = static_cast<size_t>(pos0 + r);
        const uint16_t* kTile = kLayer(layer) + pos / kKvTile * kKvTile * dim + pos % kKvTile;
        uint16_t* kRow = k + static_cast<size_t>(r) * dim;
        for (size_t i = 0; i < dim; ++i) kRow[i] = kTile[i * kKvTile];
    }
    std::memcpy(v, vLayer(layer) + static_cast<size_t>(pos0) * dim, static_cast<size_t>(n) * dim * 2);
}

void CpuBackend::writeKv(int layer, int pos0, int n, const uint16_t* k, const uint16_t* v) {
    checkKvRange(layer, pos0, n, "writeKv");
    const size_t dim = static_cast<size_t>(kvDim_);
    for (int r = 0; r < n; ++r) {
        const size_t pos = static_cast<size_t>(pos0 + r);
        uint16_t* kTile = kLayer(layer) + pos / kKvTile * kKvTile * dim + pos % kKvTile;
        const uint16_t* kRow = k + static_cast<size_t>(r) * dim;
        for (size_t i = 0; i < dim; ++i) kTile[i * kKvTile] = kRow[i];
    }
    std::memcpy(vLayer(layer) + static_cast<size_t>(pos0) * dim, v, static_cast<size_t>(n) * dim * 2);
}

uint16_t* CpuBackend::kLayer(int layer) {
    return kCache_.get() + static_cast<size_t>(layer) * static_cast<size_t>(kvBlocks_) * kKvTile *
                               static_cast<size_t>(kvDim_);
}

uint16_t* CpuBackend::vLayer(int layer) {
    return vCache_.get() +
           static_cast<size_t>(layer) * static_cast<size_t>(kvCtx_) * static_cast<size_t>(kvDim_);
}

void CpuBackend::attention(int layer, BufferId q, BufferId out, int rows, int pos0, const AttentionShape& s) {
    const float* qs = data(q);
    float* os = data(out);
    const int group = s.nHead / s.nHeadKv;
    // A task: up to kAttendQueries queries sharing one KV head (its query heads, for one or
    // more consecutive tokens), so each K tile and V row is read once for all of them.
    const int headsPerTask = std::min(group, quant::cpu::kAttendQueries);
    const int chunksPerKv = (group + headsPerTask - 1) / headsPerTask;
    const int rowsPerTask = std::max(1, quant::cpu::kAttendQueries / headsPerTask);
    const int rowBlocks = (rows + rowsPerTask - 1) / rowsPerTask;
    const size_t perRowBlock = static_cast<size_t>(s.nHeadKv) * static_cast<size_t>(chunksPerKv);
    const size_t hd = static_cast<size_t>(s.headDim);
    const uint16_t* kl = kLayer(layer);
    const uint16_t* vl = vLayer(layer);
    const auto& kernels = quant::cpu::activeKernels();
    const float* sinks = nullptr;
    if (s.sinks >= 0) {
        const gguf::TensorInfo& st = *weights_[static_cast<size_t>(s.sinks)].info;
        if (st.type != quant::Type::F32 || st.nElements != static_cast<uint64_t>(s.nHead))
            throw Error(ErrorCode::BadShape, "Attention sinks '" + st.name + "' must be F32 with " +
                                                 std::to_string(s.nHead) + " values.");
        sinks = reinterpret_cast<const float*>(st.data);
    }
    pool_.parallelFor(perRowBlock * static_cast<size_t>(rowBlocks), 1, [&](size_t b, size_t e, int thread) {
        std::vector<float>& scratch = attnScratch_[static_cast<size_t>(thread)];
        const size_t need = quant::cpu::attendScratchFloats(s.headDim, kvCtx_) + 16; // + alignment
        if (scratch.size() < need) scratch.resize(need);
        for (size_t task = b; task < e; ++task) {
            const int rowBlock = static_cast<int>(task / perRowBlock);
            const int kvHead = static_cast<int>(task % perRowBlock) / chunksPerKv;
            const int chunk = static_cast<int>(task % perRowBlock) % chunksPerKv;
            quant::cpu::AttendArgs a;
            a.hasSinks = sinks != nullptr;
            a.headDim = s.headDim;
            a.scale = s.scale;
            a.kTiles = kl + static_cast<size_t>(kvHead) * hd * kKvTile;
            a.kTileStride = static_cast<size_t>(kvDim_) * kKvTile;
            a.v = vl + static_cast<size_t>(kvHead) * hd;
            a.vStride = static_cast<size_t>(kvDim_);
            // 64-byte aligned start inside the thread's scratch.
            const uintptr_t raw = reinterpret_cast<uintptr_t>(scratch.data());
            a.scratch = scratch.data() + ((64 - raw % 64) % 64) / sizeof(float);
            for (int r = rowBlock * rowsPerTask; r < std::min(rows, (rowBlock + 1) * rowsPerTask); ++r)
                for (int h = chunk * headsPerTask; h < std::min(group, (chunk + 1) * headsPerTask); ++h) {
                    const size_t head = static_cast<size_t>(kvHead * group + h);
                    const size_t offset = (static_cast<size_t>(r) * static_cast<size_t>(s.nHead) + head) * hd;
                    a.q[a.nQueries] = qs + offset;
                    a.out[a.nQueries] = os + offset;
                    a.nPos[a.nQueries] = s.causal ? pos0 + r + 1 : pos0 + rows;
                    a.firstPos[a.nQueries] = s.window > 0 ? std::max(0, pos0 + r + 1 - s.window) : 0;
                    if (sinks) a.sink[a.nQueries] = sinks[head];
                    ++a.nQueries;
                }
            kernels.attendF16(a);
        }
    });
}

void CpuBackend::glu(GluActivation act, BufferId gate, BufferId up, BufferId out, size_t n) {
    const float* g = data(gate);
    const float* u = data(up);
    float* o = data(out);
    const auto& kernels = quant::cpu::activeKernels();
    const auto row = act == GluActivation::GeluTanh    ? kernels.gegluRow
                     : act == GluActivation::SwigluOai ? swigluOaiRow
                                                       : kernels.swigluRow;
    pool_.parallelFor(
        n, 4096, [&](size_t b, size_t e, int) { row(g + b, u + b, o + b, static_cast<int64_t>(e - b)); });
}

void CpuBackend::add(BufferId a, BufferId b, BufferId out, size_t n) {
    const float* x = data(a);
    const float* y = data(b);
    float* o = data(out);
    for (size_t i = 0; i < n; ++i) o[i] = x[i] + y[i];
}

void CpuBackend::copy(BufferId src, size_t srcOffset, BufferId dst, size_t dstOffset, size_t n) {
    std::memmove(data(dst) + dstOffset, data(src) + srcOffset, n * sizeof(float));
}

void CpuBackend::read(BufferId src, size_t offset, size_t n, float* dst) {
    std::memcpy(dst, data(src) + offset, n * sizeof(float));
}

} // namespace smoldesk::compute
