#include "quant/quantize.h"

#include "quant/block_formats.h"
#include "quant/cpu_kernels.h"
#include "quant/errors.h"
#include "quant/fp16.h"
#include "quant/kquant_quantize.h"

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

void quantizeQ4_0(const float* x, BlockQ4_0* y, int64_t nb) {
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

void quantizeQ4_1(const float* x, BlockQ4_1* y, int64_t nb) {
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

void quantizeQ5_0(const float* x, BlockQ5_0* y, int64_t nb) {
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

void quantizeQ5_1(const float* x, BlockQ5_1* y, int64_t nb) {
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

bool canQuantize(Type type) {
    switch (type) {
    case Type::F32:
    case Type::F16:
    case Type::BF16:
    case Type::Q4_0:
    case Type::Q4_1:
    case Type::Q5_0:
    case Type::Q5_1:
    case Type::Q8_0:
    case Type::Q4_K:
    case Type::Q5_K:
    case Type::Q6_K:
    case Type::Q8_K:
        return true;
    default:
        return false;
    }
}

void quantizeRow(Type type, const float* src, void* dst, int64_t n) {
    constexpr const char* kWhat = "Quantization";
    if (!canQuantize(type)) throwUnsupportedType(type, kWhat);
    checkWholeBlocks(type, n, kWhat);
    const int64_t nb = n / typeInfo(type).blockSize;
    switch (type) {
    case Type::F32:
        std::memcpy(dst, src, static_cast<size_t>(n) * sizeof(float));
        break;
    case Type::F16:
        for (int64_t i = 0; i < n; ++i) static_cast<uint16_t*>(dst)[i] = fp32ToFp16(src[i]);
        break;
    case Type::BF16:
        for (int64_t i = 0; i < n; ++i) static_cast<uint16_t*>(dst)[i] = fp32ToBf16(src[i]);
        break;
    case Type::Q4_0:
        quantizeQ4_0(src, static_cast<BlockQ4_0*>(dst), nb);
        break;
    case Type::Q4_1:
        quantizeQ4_1(src, static_cast<BlockQ4_1*>(dst), nb);
        break;
    case Type::Q5_0:
        quantizeQ5_0(src, static_cast<BlockQ5_0*>(dst), nb);
        break;
    case Type::Q5_1:
        quantizeQ5_1(src, static_cast<BlockQ5_1*>(dst), nb);
        break;
    case Type::Q8_0:
        cpu::activeKernels().quantizeQ8_0(src, dst, n);
        break;
    case Type::Q8_K:
        cpu::activeKernels().quantizeQ8_K(src, dst, n);
        break;
    case Type::Q4_K:
        quantizeRowQ4_K(src, dst, n);
        break;
    case Type::Q5_K:
        quantizeRowQ5_K(src, dst, n);
        break;
    case Type::Q6_K:
        quantizeRowQ6_K(src, dst, n);
        break;
    default:
        throwUnsupportedType(type, kWhat);
    }
}

} // namespace smoldesk::quant
