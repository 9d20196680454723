// The CPU backend's mixture-of-experts FFN. The router runs in f32; then the (token, expert)
// pairs are sorted by expert, so each chosen expert's rows are read from the mapped file once
// per batch: a work unit is 16 rows of one expert's gate, up or down matrix applied to all of
// that expert's tokens (in tiles of kColumnBlock), and units of every expert run in one
// parallel region, so both threads stay busy even when one expert takes most of the tokens.
// Experts no token chose are never read: while decoding, only nUsed experts' rows stream.
// moeFfn reads as its phases, the same as the shaders': route, sort, convert, products, combine.
#include "common/error.h"
#include "compute/cpu/cpu_backend.h"
#include "compute/moe_routing.h"
#include "quant/packed.h"
#include "quant/quantize.h"
#include "quant/vec_dot.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <initializer_list>

namespace smoldesk::compute {

namespace {

constexpr int kUnitRows = 16;
constexpr int kColumnBlock = 64;    // pairs per tile: their activations stay in L2
constexpr size_t kPackMinPairs = 4; // an expert with this many tokens repacks its rows for them

void gatedActivation(GluActivation act, const float* g, const float* u, float* out, int64_t n) {
    const auto& kernels = quant::cpu::activeKernels();
    switch (act) {
    case GluActivation::Silu:
        kernels.swigluRow(g, u, out, n);
        break;
    case GluActivation::GeluTanh:
        kernels.gegluRow(g, u, out, n);
        break;
    case GluActivation::SwigluOai:
        swigluOaiRow(g, u, out, n);
        break;
    }
}

const float* f32Weight(const gguf::TensorInfo& t, const char* what) {
    if (t.type != quant::Type::F32)
        throw Error(ErrorCode::UnsupportedType, std::string(what) + " '" + t.name + "' must be F32.");
    return reinterpret_cast<const float*>(t.data);
}

size_t actRowStride(quant::Type t, size_t width) {
    return t == quant::Type::F32 ? width * sizeof(float) : quant::rowBytes(t, width);
}

// One activation row in a dot product's input format (f32 stays as it is).
void convertRow(quant::Type t, const float* src, uint8_t* dst, size_t width) {
    if (t == quant::Type::F32)
        std::memcpy(dst, src, width * sizeof(float));
    else
        quant::quantizeRow(t, src, dst, static_cast<int64_t>(width));
}

} // namespace

void swigluOaiRow(const float* g, const float* u, float* out, int64_t n) {
    constexpr float kAlpha = 1.702f, kLimit = 7.0f;
    for (int64_t i = 0; i < n; ++i) {
        const float x = std::min(g[i], kLimit);
        const float y = std::clamp(u[i], -kLimit, kLimit);
        out[i] = x / (1.0f + std::exp(kAlpha * -x)) * (y + 1.0f);
    }
}

void CpuBackend::moeFfn(const MoeFfn& m, BufferId xId, BufferId outId, BufferId scratchId, int rows) {
    if (rows <= 0) return;
    const Weight& gate = weights_[static_cast<size_t>(m.gate)];
    const Weight& up = weights_[static_cast<size_t>(m.up)];
    const Weight& down = weights_[static_cast<size_t>(m.down)];
    const size_t k = static_cast<size_t>(m.nUsed), pairs = static_cast<size_t>(rows) * k;
    const size_t d = static_cast<size_t>(m.dim), ff = static_cast<size_t>(m.width);
    const float* x = data(xId);
    // Scratch layout (moeScratchFloats): router logits, gate, up, down rows per pair, routing.
    float* logits = data(scratchId);
    float* g = logits + static_cast<size_t>(rows) * static_cast<size_t>(m.nExpert);
    float* u = g + pairs * ff;
    float* y = u + pairs * ff;
    moeRoute(m, x, logits, rows);
    moeSortPairs(m);
    // While decoding every pair reads the one token's row: converted once, read with a stride of 0.
    const bool oneToken = rows == 1;
    const quant::Type gateAct = quant::vecDotType(gate.info->type), upAct = quant::vecDotType(up.info->type);
    const size_t gateStride = actRowStride(gateAct, d), upStride = actRowStride(upAct, d);
    moeConvertInputs(m, x, oneToken ? 1 : pairs, gateAct, upAct);
    const uint8_t* upIn = upAct == gateAct ? moeGateIn_.data() : moeUpIn_.data();
    moeProducts(m,
                {{&gate, moeGateIn_.data(), oneToken ? 0 : gateStride, g, ff},
                 {&up, upIn, oneToken ? 0 : upStride, u, ff}},
                oneToken);
    const quant::Type downAct = quant::vecDotType(down.info->type);
    moeActivate(m, g, u, pairs, downAct);
    moeProducts(m, {{&down, moeDownIn_.data(), actRowStride(downAct, ff), y, d}}, oneToken);
    moeCombine(m, y, data(outId), rows);
}

void CpuBackend::moeRoute(const MoeFfn& m, const float* x, float* logits, int rows) {
    const size_t nE = static_cast<size_t>(m.nExpert), k = static_cast<size_t>(m.nUsed);
    const size_t d = static_cast<size_t>(m.dim), pairs = static_cast<size_t>(rows) * k;
    // The router in f32 (its weight is F32 in every file), one token per task.
    const float* router = f32Weight(*weights_[static_cast<size_t>(m.router)].info, "Router tensor");
    const float* routerBias =
        m.routerBias >= 0 ? f32Weight(*weights_[static_cast<size_t>(m.routerBias)].info, "Router bias")
                          : nullptr;
    moeIds_.resize(pairs);
    moeWeights_.resize(pairs);
    const auto routerLogits = [&](size_t t, size_t e0, size_t e1) {
        quant::vecDotRows(quant::Type::F32, static_cast<int64_t>(d), router + e0 * d, d * sizeof(float),
                          static_cast<int>(e1 - e0), x + t * d, logits + t * nE + e0);
    };
    const auto route = [&](size_t t) {
        float* lt = logits + t * nE;
        if (routerBias)
            for (size_t e = 0; e < nE; ++e) lt[e] += routerBias[e];
        routeToken(m, lt, moeIds_.data() + t * k, moeWeights_.data() + t * k);
    };
    if (rows == 1) {
        // One token: the router's rows (1 MB per layer in Qwen3-30B-A3B) split over the threads.
        const size_t threads = static_cast<size_t>(pool_.size());
        pool_.parallelFor(nE, (nE + threads - 1) / threads,
                          [&](size_t e0, size_t e1, int) { routerLogits(0, e0, e1); });
        route(0);
    } else {
        forRows(rows, [&](size_t t) {
            routerLogits(t, 0, nE);
            route(t);
        });
    }
}

void CpuBackend::moeSortPairs(const MoeFfn& m) {
    // Counting sort, stable: slot s of the sorted order holds pair moeOrder_[s] = t·k + j; an
    // expert's pairs are slots [moeStart_[e], moeStart_[e + 1]).
    const size_t nE = static_cast<size_t>(m.nExpert), pairs = moeIds_.size();
    moeStart_.assign(nE + 1, 0);
    for (size_t p = 0; p < pairs; ++p) ++moeStart_[static_cast<size_t>(moeIds_[p]) + 1];
    for (size_t e = 0; e < nE; ++e) moeStart_[e + 1] += moeStart_[e];
    moeOrder_.resize(pairs);
    moeSlot_.resize(pairs);
    std::vector<size_t> fill(moeStart_.begin(), moeStart_.end() - 1);
    for (size_t p = 0; p < pairs; ++p) {
        const size_t s = fill[static_cast<size_t>(moeIds_[p])]++;
        moeOrder_[s] = p;
        moeSlot_[p] = s;
    }
}

void CpuBackend::moeConvertInputs(const MoeFfn& m, const float* x, size_t inRows, quant::Type gateAct,
                                  quant::Type upAct) {
    // Each pair's input row in the dot formats of gate and up, in sorted order.
    const size_t k = static_cast<size_t>(m.nUsed), d = static_cast<size_t>(m.dim);
    const size_t gateStride = actRowStride(gateAct, d), upStride = actRowStride(upAct, d);
    moeGateIn_.resize(inRows * gateStride);
    if (upAct != gateAct) moeUpIn_.resize(inRows * upStride);
    forRows(static_cast<int>(inRows), [&](size_t s) {
        const float* src = x + moeOrder_[s] / k * d;
        convertRow(gateAct, src, moeGateIn_.data() + s * gateStride, d);
        if (upAct != gateAct) convertRow(upAct, src, moeUpIn_.data() + s * upStride, d);
    });
}

void CpuBackend::moeProducts(const MoeFfn& m, std::initializer_list<MoeProduct> list, bool oneToken) {
    // All chosen experts in one parallel region: units of 16 rows of one expert's matrix, each
    // applied to all of the expert's pairs (sorted slot s writes output row s).
    const MoeProduct* products = list.begin();
    const size_t nE = static_cast<size_t>(m.nExpert);
    moeUnits_.clear();
    moeSegments_.clear();
    for (size_t p = 0; p < list.size(); ++p) {
        const gguf::TensorInfo& t = *products[p].w->info;
        for (size_t e = 0; e < nE; ++e)
            if (moeStart_[e + 1] > moeStart_[e]) {
                const size_t before = moeUnits_.size();
                for (size_t r = 0; r < products[p].outWidth; r += kUnitRows)
                    moeUnits_.push_back(
                        {static_cast<uint32_t>(p), static_cast<uint32_t>(e), static_cast<uint32_t>(r)});
                moeSegments_.push_back(
                    {moeUnits_.size() - before, kUnitRows * quant::rowBytes(t.type, t.ne[0])});
            }
    }
    std::vector<std::vector<uint8_t>> packScratch(static_cast<size_t>(pool_.size()));
    const auto runUnits = [&](size_t b, size_t end, int thread) {
        for (size_t i = b; i < end; ++i)
            moeRunUnit(products[moeUnits_[i].product], moeUnits_[i],
                       packScratch[static_cast<size_t>(thread)]);
    };
    // Decode streams the chosen experts as the dense matmuls stream their weights: one contiguous
    // run of units per thread, balanced by bytes, with stealing at the end.
    if (oneToken)
        runStreaming(moeSegments_, runUnits);
    else
        pool_.parallelFor(moeUnits_.size(), 1, runUnits);
}

void CpuBackend::moeRunUnit(const MoeProduct& p, const MoeUnit& unit, std::vector<uint8_t>& packed) {
    const gguf::TensorInfo& t = *p.w->info;
    const size_t wRowBytes = quant::rowBytes(t.type, t.ne[0]);
    const int64_t width = static_cast<int64_t>(t.ne[0]);
    const size_t e = unit.expert, r0 = unit.row0;
    const int nRows = static_cast<int>(std::min<size_t>(kUnitRows, p.outWidth - r0));
    const uint8_t* wRows = t.data + (e * static_cast<size_t>(t.ne[1]) + r0) * wRowBytes;
    const size_t nPairs = moeStart_[e + 1] - moeStart_[e];
    if (nPairs >= kPackMinPairs && nRows == kUnitRows &&
        quant::packedPreferred(t.type, static_cast<uint64_t>(width), kUnitRows)) {
        // Several tokens: the 16 rows repacked into the interleaved layout (a copy in this
        // thread's scratch, the file stays mapped) run the packed kernels, which are several
        // times faster than GGUF blocks per token.
        packed.resize(quant::packedGroupBytes(t.type, width));
        quant::packRowGroup(t.type, width, wRows, wRowBytes, packed.data());
        for (size_t s0 = moeStart_[e]; s0 < moeStart_[e + 1]; s0 += kColumnBlock) {
            const int nc = static_cast<int>(std::min<size_t>(kColumnBlock, moeStart_[e + 1] - s0));
            quant::packedMatmul(t.type, width, packed.data(), 1, p.in + s0 * p.inStride, p.inStride, nc,
                                p.out + s0 * p.outWidth + r0, p.outWidth, false);
        }
        return;
    }
    for (size_t s0 = moeStart_[e]; s0 < moeStart_[e + 1]; s0 += kColumnBlock) {
        const int nc = static_cast<int>(std::min<size_t>(kColumnBlock, moeStart_[e + 1] - s0));
        float* o = p.out + s0 * p.outWidth + r0;
        if (nc == 1)
            quant::vecDotRows(t.type, width, wRows, wRowBytes, nRows, p.in + s0 * p.inStride, o);
        else
            quant::vecDotTile(t.type, width, wRows, wRowBytes, nRows, p.in + s0 * p.inStride, p.inStride, nc,
                              o, p.outWidth);
    }
}

void CpuBackend::moeActivate(const MoeFfn& m, float* g, float* u, size_t pairs, quant::Type downAct) {
    // Biases, the gated activation, and the down projection's input format.
    const size_t ff = static_cast<size_t>(m.width);
    const float* gateBias =
        m.gateBias >= 0 ? f32Weight(*weights_[static_cast<size_t>(m.gateBias)].info, "Bias") : nullptr;
    const float* upBias =
        m.upBias >= 0 ? f32Weight(*weights_[static_cast<size_t>(m.upBias)].info, "Bias") : nullptr;
    const size_t downStride = actRowStride(downAct, ff);
    moeDownIn_.resize(pairs * downStride);
    forRows(static_cast<int>(pairs), [&](size_t s) {
        const size_t e = static_cast<size_t>(moeIds_[moeOrder_[s]]);
        float* gs = g + s * ff;
        float* us = u + s * ff;
        if (gateBias)
            for (size_t i = 0; i < ff; ++i) gs[i] += gateBias[e * ff + i];
        if (upBias)
            for (size_t i = 0; i < ff; ++i) us[i] += upBias[e * ff + i];
        gatedActivation(m.act, gs, us, gs, static_cast<int64_t>(ff));
        convertRow(downAct, gs, moeDownIn_.data() + s * downStride, ff);
    });
}

void CpuBackend::moeCombine(const MoeFfn& m, const float* y, float* out, int rows) {
    // out[t] += Σ_j w_j · (y + bias) in selection order, the same order on every path.
    const size_t k = static_cast<size_t>(m.nUsed), d = static_cast<size_t>(m.dim);
    const float* downBias =
        m.downBias >= 0 ? f32Weight(*weights_[static_cast<size_t>(m.downBias)].info, "Bias") : nullptr;
    forRows(rows, [&](size_t t) {
        float* ot = out + t * d;
        for (size_t j = 0; j < k; ++j) {
            const size_t p = t * k + j;
            const float w = moeWeights_[p];
            const float* ys = y + moeSlot_[p] * d;
            const float* bias = downBias ? downBias + static_cast<size_t>(moeIds_[p]) * d : nullptr;
            for (size_t i = 0; i < d; ++i) ot[i] += w * (bias ? ys[i] + bias[i] : ys[i]);
        }
    });
}

} // namespace smoldesk::compute
