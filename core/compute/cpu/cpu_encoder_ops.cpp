// The CPU backend's ops for encoder models (BERT and its relatives): LayerNorm with bias and
// the tanh GELU.
#include "common/error.h"
#include "compute/cpu/cpu_backend.h"
#include "quant/cpu_kernels.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace smoldesk::compute {

void CpuBackend::layerNorm(BufferId x, WeightId w, WeightId b, BufferId out, int rows, int dim, float eps) {
    const gguf::TensorInfo& wt = *weights_[static_cast<size_t>(w)].info;
    const gguf::TensorInfo& bt = *weights_[static_cast<size_t>(b)].info;
    if (wt.type != quant::Type::F32 || bt.type != quant::Type::F32 ||
        wt.nElements != static_cast<uint64_t>(dim) || bt.nElements != static_cast<uint64_t>(dim))
        throw Error(ErrorCode::BadShape, "LayerNorm tensors '" + wt.name + "' and '" + bt.name +
                                             "' must be F32 with " + std::to_string(dim) + " values.");
    const float* weight = reinterpret_cast<const float*>(wt.data);
    const float* bias = reinterpret_cast<const float*>(bt.data);
    const float* src = data(x);
    float* dst = data(out);
    forRows(rows, [&](size_t r) {
        const float* xr = src + r * static_cast<size_t>(dim);
        float* yr = dst + r * static_cast<size_t>(dim);
        double sum = 0.0; // ggml's norm sums in double too
        for (int i = 0; i < dim; ++i) sum += xr[i];
        const float mean = static_cast<float>(sum / dim);
        double squares = 0.0;
        for (int i = 0; i < dim; ++i) {
            const float c = xr[i] - mean;
            yr[i] = c;
            squares += static_cast<double>(c * c);
        }
        const float scale = 1.0f / std::sqrt(static_cast<float>(squares / dim) + eps);
        for (int i = 0; i < dim; ++i) yr[i] = yr[i] * scale * weight[i] + bias[i];
    });
}

void CpuBackend::gelu(BufferId x, size_t n) {
    float* v = data(x);
    // The kernels' GEGLU row (gelu(g)·u, vectorized, x·sigmoid(2y) from e^-|2y|) against ones:
    // the scalar std::exp per value was 4% of a vision encode.
    static constexpr size_t kChunk = 4096;
    static const std::vector<float> ones(kChunk, 1.0f);
    const auto geglu = quant::cpu::activeKernels().gegluRow;
    pool_.parallelFor(n, kChunk, [&](size_t b, size_t e, int) {
        // A range may span several chunks (one thread gets [0, n) whole).
        for (size_t i = b; i < e; i += kChunk)
            geglu(v + i, ones.data(), v + i, static_cast<int64_t>(std::min(kChunk, e - i)));
    });
}

} // namespace smoldesk::compute
