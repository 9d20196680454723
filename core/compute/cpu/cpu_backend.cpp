#include "compute/cpu/cpu_backend.h"

#include "common/error.h"
#include "quant/dequant.h"
#include "quant/fp16.h"
#include "quant/quantize.h"
#include "quant/vec_dot.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <new>

namespace smoldesk::compute {

namespace {

constexpr int kColumnTile = 4; // activation rows per vecDotTile call
constexpr size_t kRowGrain = 16;

} // namespace

CpuBackend::CpuBackend(int threads) : pool_(threads) {
    attnScratch_.resize(static_cast<size_t>(pool_.size()));
}

std::string CpuBackend::deviceName() const {
    return "CPU (" + std::to_string(pool_.size()) + (pool_.size() == 1 ? " thread, " : " threads, ") +
           quant::cpuKernelName() + ")";
}

WeightId CpuBackend::addWeight(const gguf::TensorInfo& tensor) {
    weights_.push_back(&tensor);
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
    size_t n = static_cast<size_t>(nLayers) * static_cast<size_t>(nCtx) * static_cast<size_t>(kvDim);
    try {
        kCache_.assign(n, 0);
        vCache_.assign(n, 0);
    } catch (const std::bad_alloc&) {
        kCache_ = {};
        vCache_ = {};
        char gb[32];
        std::snprintf(gb, sizeof gb, "%.1f", 4.0 * static_cast<double>(n) / 1e9);
        throw Error(ErrorCode::OutOfMemory, "Not enough memory for a context of " + std::to_string(nCtx) +
                                                " tokens (the KV cache needs " + gb +
                                                " GB); choose a shorter context.");
    }
    for (auto& s : attnScratch_) s.assign(static_cast<size_t>(nCtx), 0.0f);
}

void CpuBackend::embed(WeightId table, std::span<const int32_t> ids, BufferId out) {
    const gguf::TensorInfo& t = *weights_[static_cast<size_t>(table)];
    const int64_t dim = static_cast<int64_t>(t.ne[0]);
    const uint64_t rowBytes = quant::rowBytes(t.type, t.ne[0]);
    float* dst = data(out);
    for (size_t r = 0; r < ids.size(); ++r) {
        if (ids[r] < 0 || static_cast<uint64_t>(ids[r]) >= t.ne[1])
            throw Error(ErrorCode::InvalidArgument, "Token id " + std::to_string(ids[r]) +
                                                        " is outside the vocabulary of " +
                                                        std::to_string(t.ne[1]) + " tokens.");
        quant::dequantizeRow(t.type, t.data + rowBytes * static_cast<uint64_t>(ids[r]),
                             dst + r * static_cast<size_t>(dim), dim);
    }
}

void CpuBackend::rmsNorm(BufferId x, WeightId w, BufferId out, int rows, int dim, float eps) {
    const gguf::TensorInfo& wt = *weights_[static_cast<size_t>(w)];
    const float* weight = reinterpret_cast<const float*>(wt.data); // norms are F32 in every supported file
    const float* src = data(x);
    float* dst = data(out);
    for (int r = 0; r < rows; ++r) {
        const float* xr = src + static_cast<size_t>(r) * dim;
        float* yr = dst + static_cast<size_t>(r) * dim;
        double sum = 0.0; // ggml accumulates the square sum in double
        for (int i = 0; i < dim; ++i) sum += static_cast<double>(xr[i] * xr[i]);
        const float mean = static_cast<float>(sum / dim);
        const float scale = 1.0f / std::sqrt(mean + eps);
        for (int i = 0; i < dim; ++i) yr[i] = (xr[i] * scale) * weight[i];
    }
}

void CpuBackend::matmul(WeightId w, BufferId x, BufferId out, int rows) {
    const gguf::TensorInfo& t = *weights_[static_cast<size_t>(w)];
    const int64_t k = static_cast<int64_t>(t.ne[0]);
    const size_t n = static_cast<size_t>(t.ne[1]);
    const size_t wStride = quant::rowBytes(t.type, t.ne[0]);
    const quant::Type actType = quant::vecDotType(t.type);
    const float* src = data(x);
    float* dst = data(out);

    const void* act = src;
    size_t actStride = static_cast<size_t>(k) * sizeof(float);
    if (actType != quant::Type::F32) {
        actStride = quant::rowBytes(actType, static_cast<uint64_t>(k));
        actScratch_.resize(actStride * static_cast<size_t>(rows));
        uint8_t* scratch = actScratch_.data();
        pool_.parallelFor(static_cast<size_t>(rows), 1, [&](size_t b, size_t e, int) {
            for (size_t r = b; r < e; ++r)
                quant::quantizeRow(actType, src + r * static_cast<size_t>(k), scratch + r * actStride, k);
        });
        act = scratch;
    }
    const uint8_t* actBytes = static_cast<const uint8_t*>(act);
    // Decode streams the weights once: one contiguous range per thread keeps each thread's
    // reads sequential for the prefetchers. Prompts take small chunks for load balance.
    const size_t threads = static_cast<size_t>(pool_.size());
    const size_t grain = rows == 1 ? std::max<size_t>(kRowGrain, (n + threads - 1) / threads) : kRowGrain;
    pool_.parallelFor(n, grain, [&](size_t b, size_t e, int) {
        const uint8_t* wRows = t.data + b * wStride;
        const int nRows = static_cast<int>(e - b);
        if (rows == 1) {
            quant::vecDotRows(t.type, k, wRows, wStride, nRows, actBytes, dst + b);
            return;
        }
        for (int c = 0; c < rows; c += kColumnTile) {
            int nCols = std::min(kColumnTile, rows - c);
            quant::vecDotTile(t.type, k, wRows, wStride, nRows, actBytes + static_cast<size_t>(c) * actStride,
                              actStride, nCols, dst + static_cast<size_t>(c) * n + b, n);
        }
    });
}

void CpuBackend::rope(BufferId x, int rows, int nHeads, int headDim, int ropeDims, int pos0, float freqBase,
                      RopeStyle style) {
    float* p = data(x);
    // ggml's cache: theta starts at the position and is multiplied by theta_scale per pair.
    const float thetaScale = std::pow(freqBase, -2.0f / static_cast<float>(ropeDims));
    std::vector<float> cosv(static_cast<size_t>(ropeDims / 2)), sinv(static_cast<size_t>(ropeDims / 2));
    for (int r = 0; r < rows; ++r) {
        float theta = static_cast<float>(pos0 + r);
        for (int i = 0; i < ropeDims / 2; ++i) {
            cosv[static_cast<size_t>(i)] = std::cos(theta);
            sinv[static_cast<size_t>(i)] = std::sin(theta);
            theta *= thetaScale;
        }
        for (int h = 0; h < nHeads; ++h) {
            float* v = p + (static_cast<size_t>(r) * nHeads + h) * headDim;
            for (int i = 0; i < ropeDims / 2; ++i) {
                const int a = style == RopeStyle::Adjacent ? 2 * i : i;
                const int b = style == RopeStyle::Adjacent ? 2 * i + 1 : i + ropeDims / 2;
                const float x0 = v[a], x1 = v[b];
                const float c = cosv[static_cast<size_t>(i)], s = sinv[static_cast<size_t>(i)];
                v[a] = x0 * c - x1 * s;
                v[b] = x0 * s + x1 * c;
            }
        }
    }
}

void CpuBackend::storeKv(int layer, BufferId k, BufferId v, int rows, int pos0) {
    if (pos0 + rows > kvCtx_)
        throw Error(ErrorCode::InvalidArgument, "The KV cache holds " + std::to_string(kvCtx_) +
                                                    " positions; position " +
                                                    std::to_string(pos0 + rows - 1) + " does not fit.");
    const size_t ctx = static_cast<size_t>(kvCtx_), dim = static_cast<size_t>(kvDim_);
    const float* ks = data(k);
    const float* vs = data(v);
    uint16_t* kDst = kCache_.data() + (static_cast<size_t>(layer) * ctx + static_cast<size_t>(pos0)) * dim;
    for (size_t i = 0; i < static_cast<size_t>(rows) * dim; ++i) kDst[i] = quant::fp32ToFp16(ks[i]);
    // V is stored transposed ([dim][position]) so that attention's weighted sum over positions
    // is one contiguous f16 dot product per output value.
    uint16_t* vLayer = vCache_.data() + static_cast<size_t>(layer) * dim * ctx;
    for (int r = 0; r < rows; ++r)
        for (size_t i = 0; i < dim; ++i)
            vLayer[i * ctx + static_cast<size_t>(pos0 + r)] =
                quant::fp32ToFp16(vs[static_cast<size_t>(r) * dim + i]);
}

void CpuBackend::attention(int layer, BufferId q, BufferId out, int rows, int pos0, const AttentionShape& s) {
    const float* qs = data(q);
    float* os = data(out);
    const int group = s.nHead / s.nHeadKv;
    const size_t ctx = static_cast<size_t>(kvCtx_), dim = static_cast<size_t>(kvDim_);
    const uint16_t* kLayer = kCache_.data() + static_cast<size_t>(layer) * ctx * dim;
    const uint16_t* vLayer = vCache_.data() + static_cast<size_t>(layer) * dim * ctx;
    const size_t tasks = static_cast<size_t>(rows) * s.nHead;
    pool_.parallelFor(tasks, 1, [&](size_t b, size_t e, int thread) {
        std::vector<float>& scores = attnScratch_[static_cast<size_t>(thread)];
        for (size_t task = b; task < e; ++task) {
            const int r = static_cast<int>(task / s.nHead);
            const int h = static_cast<int>(task % s.nHead);
            const size_t kvOffset = static_cast<size_t>(h / group) * s.headDim;
            const int nPos = pos0 + r + 1;
            const float* qv = qs + (static_cast<size_t>(r) * s.nHead + h) * s.headDim;
            float maxScore = -INFINITY;
            for (int j = 0; j < nPos; ++j) {
                const float dot = quant::vecDot(quant::Type::F16, s.headDim,
                                                kLayer + static_cast<size_t>(j) * dim + kvOffset, qv);
                scores[static_cast<size_t>(j)] = dot * s.scale;
                maxScore = std::max(maxScore, scores[static_cast<size_t>(j)]);
            }
            float sum = 0.0f;
            for (int j = 0; j < nPos; ++j) {
                const float p = std::exp(scores[static_cast<size_t>(j)] - maxScore);
                scores[static_cast<size_t>(j)] = p;
                sum += p;
            }
            const float inv = 1.0f / sum;
            float* ov = os + (static_cast<size_t>(r) * s.nHead + h) * s.headDim;
            for (int d = 0; d < s.headDim; ++d)
                ov[d] =
                    inv * quant::vecDot(quant::Type::F16, nPos,
                                        vLayer + (kvOffset + static_cast<size_t>(d)) * ctx, scores.data());
        }
    });
}

void CpuBackend::swiglu(BufferId gate, BufferId up, BufferId out, size_t n) {
    const float* g = data(gate);
    const float* u = data(up);
    float* o = data(out);
    pool_.parallelFor(n, 4096, [&](size_t b, size_t e, int) {
        for (size_t i = b; i < e; ++i) o[i] = g[i] / (1.0f + std::exp(-g[i])) * u[i];
    });
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
