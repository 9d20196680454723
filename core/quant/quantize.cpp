#include "quant/quantize.h"

#include "quant/block_formats.h"
#include "quant/cpu_kernels.h"
#include "quant/errors.h"
#include "quant/fp16.h"
#include "quant/kquant_quantize.h"
#include "quant/type_kernels.h"

#include <algorithm>
#include <cmath>
#include <cstring>

// The 32-value formats follow ggml's quantize_row_*_ref step by step (the same f32 operations,
// the same truncating casts) so that the blocks come out byte-identical to llama-quantize's.

namespace smoldesk::quant {

namespace {

// The value with the largest magnitude (the first one on ties), sign included.
float signedAbsMax(const float* x, int n) {
    float amax = 0, max = 0;
    for (int j = 0; j < n; ++j) {
        if (amax < std::fabs(x[j])) {
            amax = std::fabs(x[j]);
            max = x[j];
        }
    }
    return max;
}

void minMax(const float* x, int n, float& min, float& max) {
    min = x[0];
    max = x[0];
    for (int j = 1; j < n; ++j) {
        min = std::min(min, x[j]);
        max = std::max(max, x[j]);
    }
}

void blocksQ4_0(const float* x, BlockQ4_0* y, int64_t nb) {
    for (int64_t i = 0; i < nb; ++i, x += kQK32) {
        const float d = signedAbsMax(x, kQK32) / -8.0f;
        const float id = d != 0.0f ? 1.0f / d : 0.0f;
        y[i].d = fp32ToFp16(d);
        for (int j = 0; j < 16; ++j) {
            const int q0 = std::min(15, static_cast<int>(x[j] * id + 8.5f));
            const int q1 = std::min(15, static_cast<int>(x[j + 16] * id + 8.5f));
            y[i].qs[j] = static_cast<uint8_t>(q0 | (q1 << 4));
        }
    }
}

void blocksQ4_1(const float* x, BlockQ4_1* y, int64_t nb) {
    for (int64_t i = 0; i < nb; ++i, x += kQK32) {
        float min, max;
        minMax(x, kQK32, min, max);
        const float d = (max - min) / 15.0f;
        const float id = d != 0.0f ? 1.0f / d : 0.0f;
        y[i].d = fp32ToFp16(d);
        y[i].m = fp32ToFp16(min);
        for (int j = 0; j < 16; ++j) {
            const int q0 = std::min(15, static_cast<int>((x[j] - min) * id + 0.5f));
            const int q1 = std::min(15, static_cast<int>((x[j + 16] - min) * id + 0.5f));
            y[i].qs[j] = static_cast<uint8_t>(q0 | (q1 << 4));
        }
    }
}

void storeQh(uint8_t* dst, uint32_t qh) {
    std::memcpy(dst, &qh, 4);
}

void blocksQ5_0(const float* x, BlockQ5_0* y, int64_t nb) {
    for (int64_t i = 0; i < nb; ++i, x += kQK32) {
        const float d = signedAbsMax(x, kQK32) / -16.0f;
        const float id = d != 0.0f ? 1.0f / d : 0.0f;
        y[i].d = fp32ToFp16(d);
        uint32_t qh = 0;
        for (int j = 0; j < 16; ++j) {
            const int q0 = std::min(31, static_cast<int>(x[j] * id + 16.5f));
            const int q1 = std::min(31, static_cast<int>(x[j + 16] * id + 16.5f));
            y[i].qs[j] = static_cast<uint8_t>((q0 & 0xF) | ((q1 & 0xF) << 4));
            qh |= static_cast<uint32_t>((q0 >> 4) & 1) << j;
            qh |= static_cast<uint32_t>((q1 >> 4) & 1) << (j + 16);
        }
        storeQh(y[i].qh, qh);
    }
}

void blocksQ5_1(const float* x, BlockQ5_1* y, int64_t nb) {
    for (int64_t i = 0; i < nb; ++i, x += kQK32) {
        float min, max;
        minMax(x, kQK32, min, max);
        const float d = (max - min) / 31.0f;
        const float id = d != 0.0f ? 1.0f / d : 0.0f;
        y[i].d = fp32ToFp16(d);
        y[i].m = fp32ToFp16(min);
        uint32_t qh = 0;
        for (int j = 0; j < 16; ++j) {
            // ggml casts to uint8_t without clamping; the value never exceeds 31.
            const int q0 = static_cast<uint8_t>((x[j] - min) * id + 0.5f);
            const int q1 = static_cast<uint8_t>((x[j + 16] - min) * id + 0.5f);
            y[i].qs[j] = static_cast<uint8_t>((q0 & 0xF) | ((q1 & 0xF) << 4));
            qh |= static_cast<uint32_t>((q0 >> 4) & 1) << j;
            qh |= static_cast<uint32_t>((q1 >> 4) & 1) << (j + 16);
        }
        storeQh(y[i].qh, qh);
    }
}

} // namespace

namespace rows {

void quantizeF32(const float* src, void* dst, int64_t n) {
    std::memcpy(dst, src, static_cast<size_t>(n) * sizeof(float));
}
void quantizeF16(const float* src, void* dst, int64_t n) {
    for (int64_t i = 0; i < n; ++i) static_cast<uint16_t*>(dst)[i] = fp32ToFp16(src[i]);
}
void quantizeBF16(const float* src, void* dst, int64_t n) {
    for (int64_t i = 0; i < n; ++i) static_cast<uint16_t*>(dst)[i] = fp32ToBf16(src[i]);
}
void quantizeQ4_0(const float* src, void* dst, int64_t n) {
    blocksQ4_0(src, static_cast<BlockQ4_0*>(dst), n / 32);
}
void quantizeQ4_1(const float* src, void* dst, int64_t n) {
    blocksQ4_1(src, static_cast<BlockQ4_1*>(dst), n / 32);
}
void quantizeQ5_0(const float* src, void* dst, int64_t n) {
    blocksQ5_0(src, static_cast<BlockQ5_0*>(dst), n / 32);
}
void quantizeQ5_1(const float* src, void* dst, int64_t n) {
    blocksQ5_1(src, static_cast<BlockQ5_1*>(dst), n / 32);
}
// The activation formats: the CPU's SIMD variant, chosen at run time (the same bytes on every ISA).
void quantizeQ8_0(const float* src, void* dst, int64_t n) {
    cpu::activeKernels().quantizeQ8_0(src, dst, n);
}
void quantizeQ8_K(const float* src, void* dst, int64_t n) {
    cpu::activeKernels().quantizeQ8_K(src, dst, n);
}
void quantizeQ4_K(const float* src, void* dst, int64_t n) {
    quantizeRowQ4_K(src, dst, n);
}
void quantizeQ5_K(const float* src, void* dst, int64_t n) {
    quantizeRowQ5_K(src, dst, n);
}
void quantizeQ6_K(const float* src, void* dst, int64_t n) {
    quantizeRowQ6_K(src, dst, n);
}

} // namespace rows

bool canQuantize(Type type) {
    return typeRow(type).quantize != nullptr;
}

void quantizeRow(Type type, const float* src, void* dst, int64_t n) {
    constexpr const char* kWhat = "Quantization";
    const QuantizeRowFn quantize = typeRow(type).quantize;
    if (!quantize) throwUnsupportedType(type, kWhat);
    checkWholeBlocks(type, n, kWhat);
    quantize(src, dst, n);
}

} // namespace smoldesk::quant
