// Portable reference kernels: exact integer dot products per block, f32 scaling per block.
// The SIMD variants are tested against these, and fall back to them for the rarer types.
#include "quant/block_formats.h"
#include "quant/cpu_kernels.h"
#include "quant/fp16.h"
#include "quant/kquant_scales.h"
#include "quant/type_kernels.h"

#include <algorithm>
#include <cmath>
#include <cstring>

namespace smoldesk::quant::cpu {

namespace {

// Eight interleaved partial sums keep the f32 rounding error of long rows small.
template <typename Load> float dotFloat(int64_t n, Load load, const float* a) {
    float acc[8] = {};
    int64_t i = 0;
    for (; i + 8 <= n; i += 8)
        for (int k = 0; k < 8; ++k) acc[k] += load(i + k) * a[i + k];
    for (; i < n; ++i) acc[0] += load(i) * a[i];
    return ((acc[0] + acc[4]) + (acc[1] + acc[5])) + ((acc[2] + acc[6]) + (acc[3] + acc[7]));
}

} // namespace

namespace portable {

float dotF32(int64_t n, const void* w, const void* act) {
    const float* x = static_cast<const float*>(w);
    return dotFloat(
        n, [x](int64_t i) { return x[i]; }, static_cast<const float*>(act));
}

float dotF16(int64_t n, const void* w, const void* act) {
    const uint16_t* x = static_cast<const uint16_t*>(w);
    return dotFloat(
        n, [x](int64_t i) { return fp16ToFp32(x[i]); }, static_cast<const float*>(act));
}

float dotBF16(int64_t n, const void* w, const void* act) {
    const uint16_t* x = static_cast<const uint16_t*>(w);
    return dotFloat(
        n, [x](int64_t i) { return bf16ToFp32(x[i]); }, static_cast<const float*>(act));
}

int sumQ8(const int8_t* q) {
    int s = 0;
    for (int j = 0; j < kQK32; ++j) s += q[j];
    return s;
}

uint32_t loadQh(const uint8_t* qh) {
    uint32_t bits;
    std::memcpy(&bits, qh, 4);
    return bits;
}

float dotQ4_0(int64_t n, const void* w, const void* act) {
    const auto* x = static_cast<const BlockQ4_0*>(w);
    const auto* y = static_cast<const BlockQ8_0*>(act);
    float sum = 0;
    for (int64_t i = 0; i < n / kQK32; ++i) {
        int dot = 0;
        for (int j = 0; j < 16; ++j)
            dot += ((x[i].qs[j] & 0xF) - 8) * y[i].qs[j] + ((x[i].qs[j] >> 4) - 8) * y[i].qs[j + 16];
        sum += fp16ToFp32(x[i].d) * fp16ToFp32(y[i].d) * static_cast<float>(dot);
    }
    return sum;
}

float dotQ4_1(int64_t n, const void* w, const void* act) {
    const auto* x = static_cast<const BlockQ4_1*>(w);
    const auto* y = static_cast<const BlockQ8_0*>(act);
    float sum = 0;
    for (int64_t i = 0; i < n / kQK32; ++i) {
        int dot = 0;
        for (int j = 0; j < 16; ++j)
            dot += (x[i].qs[j] & 0xF) * y[i].qs[j] + (x[i].qs[j] >> 4) * y[i].qs[j + 16];
        const float dy = fp16ToFp32(y[i].d);
        sum += fp16ToFp32(x[i].d) * dy * static_cast<float>(dot) +
               fp16ToFp32(x[i].m) * dy * static_cast<float>(sumQ8(y[i].qs));
    }
    return sum;
}

float dotQ5_0(int64_t n, const void* w, const void* act) {
    const auto* x = static_cast<const BlockQ5_0*>(w);
    const auto* y = static_cast<const BlockQ8_0*>(act);
    float sum = 0;
    for (int64_t i = 0; i < n / kQK32; ++i) {
        const uint32_t qh = loadQh(x[i].qh);
        int dot = 0;
        for (int j = 0; j < 16; ++j) {
            const int q0 = ((x[i].qs[j] & 0xF) | (((qh >> j) & 1) << 4)) - 16;
            const int q1 = ((x[i].qs[j] >> 4) | (((qh >> (j + 16)) & 1) << 4)) - 16;
            dot += q0 * y[i].qs[j] + q1 * y[i].qs[j + 16];
        }
        sum += fp16ToFp32(x[i].d) * fp16ToFp32(y[i].d) * static_cast<float>(dot);
    }
    return sum;
}

float dotQ5_1(int64_t n, const void* w, const void* act) {
    const auto* x = static_cast<const BlockQ5_1*>(w);
    const auto* y = static_cast<const BlockQ8_0*>(act);
    float sum = 0;
    for (int64_t i = 0; i < n / kQK32; ++i) {
        const uint32_t qh = loadQh(x[i].qh);
        int dot = 0;
        for (int j = 0; j < 16; ++j) {
            const int q0 = (x[i].qs[j] & 0xF) | (((qh >> j) & 1) << 4);
            const int q1 = (x[i].qs[j] >> 4) | (((qh >> (j + 16)) & 1) << 4);
            dot += q0 * y[i].qs[j] + q1 * y[i].qs[j + 16];
        }
        const float dy = fp16ToFp32(y[i].d);
        sum += fp16ToFp32(x[i].d) * dy * static_cast<float>(dot) +
               fp16ToFp32(x[i].m) * dy * static_cast<float>(sumQ8(y[i].qs));
    }
    return sum;
}

float dotQ8_0(int64_t n, const void* w, const void* act) {
    const auto* x = static_cast<const BlockQ8_0*>(w);
    const auto* y = static_cast<const BlockQ8_0*>(act);
    float sum = 0;
    for (int64_t i = 0; i < n / kQK32; ++i) {
        int dot = 0;
        for (int j = 0; j < kQK32; ++j) dot += x[i].qs[j] * y[i].qs[j];
        sum += fp16ToFp32(x[i].d) * fp16ToFp32(y[i].d) * static_cast<float>(dot);
    }
    return sum;
}

float dotQ2_K(int64_t n, const void* w, const void* act) {
    const auto* x = static_cast<const BlockQ2_K*>(w);
    const auto* y = static_cast<const BlockQ8_K*>(act);
    float sum = 0;
    for (int64_t i = 0; i < n / kQK256; ++i) {
        int sumi = 0, summ = 0;
        for (int k = 0; k < 16; ++k) { // sub-block k: values 16k..16k+15
            const int half = k / 8, shift = 2 * ((k % 8) / 2), part = k % 2;
            const uint8_t* q = x[i].qs + 32 * half + 16 * part;
            const int8_t* a = y[i].qs + 16 * k;
            int dot = 0;
            for (int l = 0; l < 16; ++l) dot += ((q[l] >> shift) & 3) * a[l];
            sumi += (x[i].scales[k] & 0xF) * dot;
            summ += (x[i].scales[k] >> 4) * y[i].bsums[k];
        }
        sum += y[i].d * fp16ToFp32(x[i].d) * static_cast<float>(sumi) -
               y[i].d * fp16ToFp32(x[i].dmin) * static_cast<float>(summ);
    }
    return sum;
}

float dotQ3_K(int64_t n, const void* w, const void* act) {
    const auto* x = static_cast<const BlockQ3_K*>(w);
    const auto* y = static_cast<const BlockQ8_K*>(act);
    float sum = 0;
    for (int64_t i = 0; i < n / kQK256; ++i) {
        int8_t scales[16];
        unpackScalesQ3K(x[i].scales, scales);
        int sumi = 0;
        for (int k = 0; k < 16; ++k) {
            const int half = k / 8, j = (k % 8) / 2, part = k % 2;
            const uint8_t* q = x[i].qs + 32 * half + 16 * part;
            const uint8_t* hm = x[i].hmask + 16 * part;
            const uint8_t mask = static_cast<uint8_t>(1u << (4 * half + j));
            const int8_t* a = y[i].qs + 16 * k;
            int dot = 0;
            for (int l = 0; l < 16; ++l) dot += (((q[l] >> (2 * j)) & 3) - ((hm[l] & mask) ? 0 : 4)) * a[l];
            sumi += scales[k] * dot;
        }
        sum += y[i].d * fp16ToFp32(x[i].d) * static_cast<float>(sumi);
    }
    return sum;
}

// Q4_K and Q5_K share everything but the fifth bit.
template <bool kFiveBits, typename Block> float dotQ45_K(int64_t n, const void* w, const void* act) {
    const auto* x = static_cast<const Block*>(w);
    const auto* y = static_cast<const BlockQ8_K*>(act);
    float sum = 0;
    for (int64_t i = 0; i < n / kQK256; ++i) {
        int sumi = 0, summ = 0;
        for (int j = 0; j < 8; ++j) { // sub-block j: values 32j..32j+31
            const ScaleMin sm = scaleMinK4(j, x[i].scales);
            const uint8_t* q = x[i].qs + 32 * (j / 2);
            const int shift = 4 * (j % 2);
            const int8_t* a = y[i].qs + 32 * j;
            int dot = 0;
            for (int l = 0; l < 32; ++l) {
                int v = (q[l] >> shift) & 0xF;
                if constexpr (kFiveBits) v |= ((x[i].qh[l] >> j) & 1) << 4;
                dot += v * a[l];
            }
            sumi += sm.scale * dot;
            summ += sm.min * (y[i].bsums[2 * j] + y[i].bsums[2 * j + 1]);
        }
        sum += y[i].d * fp16ToFp32(x[i].d) * static_cast<float>(sumi) -
               y[i].d * fp16ToFp32(x[i].dmin) * static_cast<float>(summ);
    }
    return sum;
}

float dotQ6_K(int64_t n, const void* w, const void* act) {
    const auto* x = static_cast<const BlockQ6_K*>(w);
    const auto* y = static_cast<const BlockQ8_K*>(act);
    float sum = 0;
    for (int64_t i = 0; i < n / kQK256; ++i) {
        int sumi = 0;
        for (int k = 0; k < 16; ++k) { // sub-block k: values 16k..16k+15
            const int half = k / 8, quarter = (k % 8) / 2, part = k % 2;
            const uint8_t* ql = x[i].ql + 64 * half + 32 * (quarter % 2) + 16 * part;
            const uint8_t* qh = x[i].qh + 32 * half + 16 * part;
            const int lowShift = 4 * (quarter / 2), highShift = 2 * quarter;
            const int8_t* a = y[i].qs + 16 * k;
            int dot = 0;
            for (int l = 0; l < 16; ++l)
                dot += ((((ql[l] >> lowShift) & 0xF) | (((qh[l] >> highShift) & 3) << 4)) - 32) * a[l];
            sumi += x[i].scales[k] * dot;
        }
        sum += y[i].d * fp16ToFp32(x[i].d) * static_cast<float>(sumi);
    }
    return sum;
}

float dotQ4_K(int64_t n, const void* w, const void* act) {
    return dotQ45_K<false, BlockQ4_K>(n, w, act);
}

float dotQ5_K(int64_t n, const void* w, const void* act) {
    return dotQ45_K<true, BlockQ5_K>(n, w, act);
}

} // namespace portable

namespace {

// The shared int8 kernel of the decoded types: one decode per weight block, exact integer sums.
float dotDecoded256(const TypeRow& row, int64_t n, const void* w, const void* act) {
    const auto* wb = static_cast<const uint8_t*>(w);
    const auto* y = static_cast<const BlockQ8_K*>(act);
    Decoded256 dec;
    float sum = 0;
    for (int64_t i = 0; i < n / kQK256; ++i) {
        row.decode256(wb + i * row.info.blockBytes, &dec);
        int sumi = 0;
        for (int k = 0; k < 16; ++k) {
            int dot = 0;
            for (int l = 0; l < 16; ++l) dot += dec.q[16 * k + l] * y[i].qs[16 * k + l];
            sumi += dec.scale[k] * dot;
        }
        sum += dec.d * y[i].d * static_cast<float>(sumi);
    }
    return sum;
}

float dotDecoded32(const TypeRow& row, int64_t n, const void* w, const void* act) {
    const auto* wb = static_cast<const uint8_t*>(w);
    const auto* y = static_cast<const BlockQ8_0*>(act);
    Decoded32 dec;
    float sum = 0;
    for (int64_t i = 0; i < n / kQK32; ++i) {
        row.decode32(wb + i * row.info.blockBytes, &dec);
        int dot = 0;
        for (int j = 0; j < kQK32; ++j) dot += dec.q[j] * y[i].qs[j];
        sum += dec.d * fp16ToFp32(y[i].d) * static_cast<float>(dot);
    }
    return sum;
}

float vecDot(Type type, int64_t n, const void* w, const void* act) {
    const TypeRow& row = typeRow(type);
    if (row.dot) return row.dot(n, w, act);
    if (row.decode256) return dotDecoded256(row, n, w, act);
    if (row.decode32) return dotDecoded32(row, n, w, act);
    return 0.0f; // callers validate the type first
}

void vecDotRows(Type type, int64_t n, const void* w, size_t wRowStride, int nRows, const void* act,
                float* out) {
    const auto* row = static_cast<const uint8_t*>(w);
    for (int r = 0; r < nRows; ++r) out[r] = vecDot(type, n, row + r * wRowStride, act);
}

void vecDotTile(Type type, int64_t n, const void* w, size_t wRowStride, int nRows, const void* act,
                size_t actRowStride, int nCols, float* out, size_t outColStride) {
    const auto* cols = static_cast<const uint8_t*>(act);
    for (int c = 0; c < nCols; ++c)
        vecDotRows(type, n, w, wRowStride, nRows, cols + c * actRowStride, out + c * outColStride);
}

// ggml's roundf rounding (half away from zero), which the Q8_0 reference quantizer uses.
int8_t roundToQ8(float v) {
    return static_cast<int8_t>(std::clamp(std::round(v), -127.0f, 127.0f));
}

float absMax(const float* x, int n) {
    float amax = 0;
    for (int j = 0; j < n; ++j) amax = std::max(amax, std::fabs(x[j]));
    return amax;
}

void quantizeQ8_0(const float* x, void* dst, int64_t n) {
    auto* y = static_cast<BlockQ8_0*>(dst);
    for (int64_t i = 0; i < n / kQK32; ++i, x += kQK32) {
        const float d = absMax(x, kQK32) / 127.0f;
        const float id = d != 0.0f ? 1.0f / d : 0.0f;
        y[i].d = fp32ToFp16(d);
        for (int j = 0; j < kQK32; ++j) y[i].qs[j] = roundToQ8(x[j] * id);
    }
}

void quantizeQ8_K(const float* x, void* dst, int64_t n) {
    auto* y = static_cast<BlockQ8_K*>(dst);
    for (int64_t i = 0; i < n / kQK256; ++i, x += kQK256) {
        const float d = absMax(x, kQK256) / 127.0f;
        const float id = d != 0.0f ? 1.0f / d : 0.0f;
        y[i].d = d;
        for (int j = 0; j < kQK256; ++j) y[i].qs[j] = roundToQ8(x[j] * id);
        for (int k = 0; k < kQK256 / 16; ++k) {
            int s = 0;
            for (int l = 0; l < 16; ++l) s += y[i].qs[16 * k + l];
            y[i].bsums[k] = static_cast<int16_t>(s);
        }
    }
}

uint64_t readStream(const void* p, size_t n) {
    const auto* w = static_cast<const uint64_t*>(p);
    uint64_t a = 0, b = 0, c = 0, d = 0;
    for (size_t i = 0; i + 4 <= n / 8; i += 4) {
        a ^= w[i];
        b ^= w[i + 1];
        c ^= w[i + 2];
        d ^= w[i + 3];
    }
    return a ^ b ^ c ^ d;
}

// ---- attention (attention_kernel.inc) ----

typedef float Floats16 __attribute__((vector_size(64)));

float halfToFloat(uint16_t h) {
    return fp16ToFp32(h);
}

Floats16 halfsToFloats(const uint16_t* p) {
    Floats16 v;
    for (int i = 0; i < 16; ++i) v[i] = fp16ToFp32(p[i]);
    return v;
}

#include "attention_kernel.inc"

constexpr Kernels kScalar = {"scalar",  vecDot,    vecDotRows, vecDotTile,   nullptr,     readStream,
                             attendF16, swigluRow, gegluRow,   quantizeQ8_0, quantizeQ8_K};

} // namespace

const Kernels& scalarKernels() {
    return kScalar;
}

} // namespace smoldesk::quant::cpu
