#include "quant/dequant.h"

#include "quant/block_formats.h"
#include "quant/errors.h"
#include "quant/fp16.h"
#include "quant/kquant_scales.h"
#include "quant/type_kernels.h"

#include <cstring>

// Every formula below repeats ggml's dequantize_row_* operation by operation: the fixtures
// are bit-exact, so `d1 * q - m1` must not become `d * (sc * q) - ...` or an FMA
// (this file is compiled with -ffp-contract=off).

namespace smoldesk::quant {

namespace {

uint32_t highBitsQ5(const uint8_t* qh) {
    uint32_t bits;
    std::memcpy(&bits, qh, 4);
    return bits;
}

} // namespace

namespace rows {

void dequantQ4_0(const void* src, float* y, int64_t nb) {
    const auto* x = static_cast<const BlockQ4_0*>(src);
    for (int64_t i = 0; i < nb; ++i, y += kQK32) {
        const float d = fp16ToFp32(x[i].d);
        for (int j = 0; j < kQK32 / 2; ++j) {
            y[j] = static_cast<float>((x[i].qs[j] & 0xF) - 8) * d;
            y[j + 16] = static_cast<float>((x[i].qs[j] >> 4) - 8) * d;
        }
    }
}

void dequantQ4_1(const void* src, float* y, int64_t nb) {
    const auto* x = static_cast<const BlockQ4_1*>(src);
    for (int64_t i = 0; i < nb; ++i, y += kQK32) {
        const float d = fp16ToFp32(x[i].d);
        const float m = fp16ToFp32(x[i].m);
        for (int j = 0; j < kQK32 / 2; ++j) {
            y[j] = static_cast<float>(x[i].qs[j] & 0xF) * d + m;
            y[j + 16] = static_cast<float>(x[i].qs[j] >> 4) * d + m;
        }
    }
}

void dequantQ5_0(const void* src, float* y, int64_t nb) {
    const auto* x = static_cast<const BlockQ5_0*>(src);
    for (int64_t i = 0; i < nb; ++i, y += kQK32) {
        const float d = fp16ToFp32(x[i].d);
        const uint32_t qh = highBitsQ5(x[i].qh);
        for (int j = 0; j < kQK32 / 2; ++j) {
            const int hi0 = ((qh >> j) & 1) << 4;
            const int hi1 = ((qh >> (j + 16)) & 1) << 4;
            y[j] = static_cast<float>(((x[i].qs[j] & 0xF) | hi0) - 16) * d;
            y[j + 16] = static_cast<float>(((x[i].qs[j] >> 4) | hi1) - 16) * d;
        }
    }
}

void dequantQ5_1(const void* src, float* y, int64_t nb) {
    const auto* x = static_cast<const BlockQ5_1*>(src);
    for (int64_t i = 0; i < nb; ++i, y += kQK32) {
        const float d = fp16ToFp32(x[i].d);
        const float m = fp16ToFp32(x[i].m);
        const uint32_t qh = highBitsQ5(x[i].qh);
        for (int j = 0; j < kQK32 / 2; ++j) {
            const int hi0 = ((qh >> j) & 1) << 4;
            const int hi1 = ((qh >> (j + 16)) & 1) << 4;
            y[j] = static_cast<float>((x[i].qs[j] & 0xF) | hi0) * d + m;
            y[j + 16] = static_cast<float>((x[i].qs[j] >> 4) | hi1) * d + m;
        }
    }
}

void dequantQ8_0(const void* src, float* y, int64_t nb) {
    const auto* x = static_cast<const BlockQ8_0*>(src);
    for (int64_t i = 0; i < nb; ++i, y += kQK32) {
        const float d = fp16ToFp32(x[i].d);
        for (int j = 0; j < kQK32; ++j) y[j] = static_cast<float>(x[i].qs[j]) * d;
    }
}

void dequantQ2_K(const void* src, float* y, int64_t nb) {
    const auto* x = static_cast<const BlockQ2_K*>(src);
    for (int64_t i = 0; i < nb; ++i) {
        const float d = fp16ToFp32(x[i].d);
        const float dmin = fp16ToFp32(x[i].dmin);
        const uint8_t* q = x[i].qs;
        const uint8_t* sc = x[i].scales;
        for (int half = 0; half < 2; ++half, q += 32) {
            for (int shift = 0; shift < 8; shift += 2) {
                for (int part = 0; part < 2; ++part) {
                    const uint8_t s = *sc++;
                    const float dl = d * static_cast<float>(s & 0xF);
                    const float ml = dmin * static_cast<float>(s >> 4);
                    for (int l = 0; l < 16; ++l)
                        *y++ = dl * static_cast<float>((q[l + 16 * part] >> shift) & 3) - ml;
                }
            }
        }
    }
}

void dequantQ3_K(const void* src, float* y, int64_t nb) {
    const auto* x = static_cast<const BlockQ3_K*>(src);
    for (int64_t i = 0; i < nb; ++i) {
        const float dAll = fp16ToFp32(x[i].d);
        int8_t scales[16];
        unpackScalesQ3K(x[i].scales, scales);
        const uint8_t* q = x[i].qs;
        const uint8_t* hm = x[i].hmask;
        int is = 0;
        uint8_t mask = 1;
        for (int half = 0; half < 2; ++half, q += 32) {
            for (int shift = 0; shift < 8; shift += 2, mask = static_cast<uint8_t>(mask << 1)) {
                for (int part = 0; part < 2; ++part) {
                    const float dl = dAll * static_cast<float>(scales[is++]);
                    for (int l = 16 * part; l < 16 * part + 16; ++l) {
                        const int v = ((q[l] >> shift) & 3) - ((hm[l] & mask) ? 0 : 4);
                        *y++ = dl * static_cast<float>(v);
                    }
                }
            }
        }
    }
}

void dequantQ4_K(const void* src, float* y, int64_t nb) {
    const auto* x = static_cast<const BlockQ4_K*>(src);
    for (int64_t i = 0; i < nb; ++i) {
        const float d = fp16ToFp32(x[i].d);
        const float dmin = fp16ToFp32(x[i].dmin);
        const uint8_t* q = x[i].qs;
        for (int c = 0; c < 4; ++c, q += 32) {
            const ScaleMin lo = scaleMinK4(2 * c, x[i].scales);
            const ScaleMin hi = scaleMinK4(2 * c + 1, x[i].scales);
            const float d1 = d * static_cast<float>(lo.scale), m1 = dmin * static_cast<float>(lo.min);
            const float d2 = d * static_cast<float>(hi.scale), m2 = dmin * static_cast<float>(hi.min);
            for (int l = 0; l < 32; ++l) *y++ = d1 * static_cast<float>(q[l] & 0xF) - m1;
            for (int l = 0; l < 32; ++l) *y++ = d2 * static_cast<float>(q[l] >> 4) - m2;
        }
    }
}

void dequantQ5_K(const void* src, float* y, int64_t nb) {
    const auto* x = static_cast<const BlockQ5_K*>(src);
    for (int64_t i = 0; i < nb; ++i) {
        const float d = fp16ToFp32(x[i].d);
        const float dmin = fp16ToFp32(x[i].dmin);
        const uint8_t* q = x[i].qs;
        const uint8_t* qh = x[i].qh;
        for (int c = 0; c < 4; ++c, q += 32) {
            const ScaleMin lo = scaleMinK4(2 * c, x[i].scales);
            const ScaleMin hi = scaleMinK4(2 * c + 1, x[i].scales);
            const float d1 = d * static_cast<float>(lo.scale), m1 = dmin * static_cast<float>(lo.min);
            const float d2 = d * static_cast<float>(hi.scale), m2 = dmin * static_cast<float>(hi.min);
            const uint8_t bitLo = static_cast<uint8_t>(1u << (2 * c)),
                          bitHi = static_cast<uint8_t>(2u << (2 * c));
            for (int l = 0; l < 32; ++l)
                *y++ = d1 * static_cast<float>((q[l] & 0xF) + ((qh[l] & bitLo) ? 16 : 0)) - m1;
            for (int l = 0; l < 32; ++l)
                *y++ = d2 * static_cast<float>((q[l] >> 4) + ((qh[l] & bitHi) ? 16 : 0)) - m2;
        }
    }
}

void dequantQ6_K(const void* src, float* y, int64_t nb) {
    const auto* x = static_cast<const BlockQ6_K*>(src);
    for (int64_t i = 0; i < nb; ++i) {
        const float d = fp16ToFp32(x[i].d);
        const uint8_t* ql = x[i].ql;
        const uint8_t* qh = x[i].qh;
        const int8_t* sc = x[i].scales;
        for (int half = 0; half < 2; ++half, y += 128, ql += 64, qh += 32, sc += 8) {
            for (int l = 0; l < 32; ++l) {
                const int is = l / 16;
                const int q1 = ((ql[l] & 0xF) | (((qh[l] >> 0) & 3) << 4)) - 32;
                const int q2 = ((ql[l + 32] & 0xF) | (((qh[l] >> 2) & 3) << 4)) - 32;
                const int q3 = ((ql[l] >> 4) | (((qh[l] >> 4) & 3) << 4)) - 32;
                const int q4 = ((ql[l + 32] >> 4) | (((qh[l] >> 6) & 3) << 4)) - 32;
                y[l] = d * static_cast<float>(sc[is]) * static_cast<float>(q1);
                y[l + 32] = d * static_cast<float>(sc[is + 2]) * static_cast<float>(q2);
                y[l + 64] = d * static_cast<float>(sc[is + 4]) * static_cast<float>(q3);
                y[l + 96] = d * static_cast<float>(sc[is + 6]) * static_cast<float>(q4);
            }
        }
    }
}

void dequantQ8_K(const void* src, float* y, int64_t nb) {
    const auto* x = static_cast<const BlockQ8_K*>(src);
    for (int64_t i = 0; i < nb; ++i, y += kQK256)
        for (int j = 0; j < kQK256; ++j) y[j] = x[i].d * static_cast<float>(x[i].qs[j]);
}

void dequantF16(const void* src, float* y, int64_t n) {
    const auto* x = static_cast<const uint16_t*>(src);
    for (int64_t i = 0; i < n; ++i) y[i] = fp16ToFp32(x[i]);
}

void dequantBF16(const void* src, float* y, int64_t n) {
    const auto* x = static_cast<const uint16_t*>(src);
    for (int64_t i = 0; i < n; ++i) y[i] = bf16ToFp32(x[i]);
}

void dequantF32(const void* src, float* y, int64_t n) {
    std::memcpy(y, src, static_cast<size_t>(n) * sizeof(float));
}

} // namespace rows

bool canDequantize(Type type) {
    return typeRow(type).dequantize != nullptr;
}

void dequantizeRow(Type type, const void* src, float* dst, int64_t n) {
    constexpr const char* kWhat = "Dequantization";
    const TypeRow& row = typeRow(type);
    if (row.dequantize == nullptr) throwUnsupportedType(type, kWhat);
    checkWholeBlocks(type, n, kWhat);
    row.dequantize(src, dst, n / row.info.blockSize);
}

} // namespace smoldesk::quant
