#include "quant/dequant.h"

#include "quant/block_formats.h"
#include "quant/errors.h"
#include "quant/fp16.h"
#include "quant/kquant_scales.h"

#include <cstring>

// Every formula below repeats ggml's dequantize_row_* operation by operation: the fixtures
// are bit-exact, so `d1 * q - m1` must not become `d * (sc * q) - ...` or an FMA
// (this file is compiled with -ffp-contract=off).

namespace smoldesk::quant {

namespace {

void rowQ4_0(const BlockQ4_0* x, float* y, int64_t nb) {
    for (int64_t i = 0; i < nb; ++i, y += kQK32) {
        const float d = fp16ToFp32(x[i].d);
        for (int j = 0; j < kQK32 / 2; ++j) {
            y[j] = static_cast<float>((x[i].qs[j] & 0xF) - 8) * d;
            y[j + 16] = static_cast<float>((x[i].qs[j] >> 4) - 8) * d;
        }
    }
}

void rowQ4_1(const BlockQ4_1* x, float* y, int64_t nb) {
    for (int64_t i = 0; i < nb; ++i, y += kQK32) {
        const float d = fp16ToFp32(x[i].d);
        const float m = fp16ToFp32(x[i].m);
        for (int j = 0; j < kQK32 / 2; ++j) {
            y[j] = static_cast<float>(x[i].qs[j] & 0xF) * d + m;
            y[j + 16] = static_cast<float>(x[i].qs[j] >> 4) * d + m;
        }
    }
}

uint32_t highBitsQ5(const uint8_t* qh) {
    uint32_t bits;
    std::memcpy(&bits, qh, 4);
    return bits;
}

void rowQ5_0(const BlockQ5_0* x, float* y, int64_t nb) {
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

void rowQ5_1(const BlockQ5_1* x, float* y, int64_t nb) {
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

void rowQ8_0(const BlockQ8_0* x, float* y, int64_t nb) {
    for (int64_t i = 0; i < nb; ++i, y += kQK32) {
        const float d = fp16ToFp32(x[i].d);
        for (int j = 0; j < kQK32; ++j) y[j] = static_cast<float>(x[i].qs[j]) * d;
    }
}

void rowQ2_K(const BlockQ2_K* x, float* y, int64_t nb) {
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

void rowQ3_K(const BlockQ3_K* x, float* y, int64_t nb) {
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

void rowQ4_K(const BlockQ4_K* x, float* y, int64_t nb) {
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

void rowQ5_K(const BlockQ5_K* x, float* y, int64_t nb) {
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

void rowQ6_K(const BlockQ6_K* x, float* y, int64_t nb) {
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

void rowQ8_K(const BlockQ8_K* x, float* y, int64_t nb) {
    for (int64_t i = 0; i < nb; ++i, y += kQK256)
        for (int j = 0; j < kQK256; ++j) y[j] = x[i].d * static_cast<float>(x[i].qs[j]);
}

void rowF16(const uint16_t* x, float* y, int64_t n) {
    for (int64_t i = 0; i < n; ++i) y[i] = fp16ToFp32(x[i]);
}

void rowBF16(const uint16_t* x, float* y, int64_t n) {
    for (int64_t i = 0; i < n; ++i) y[i] = bf16ToFp32(x[i]);
}

} // namespace

bool canDequantize(Type type) {
    switch (type) {
    case Type::F32:
    case Type::F16:
    case Type::BF16:
    case Type::Q4_0:
    case Type::Q4_1:
    case Type::Q5_0:
    case Type::Q5_1:
    case Type::Q8_0:
    case Type::Q2_K:
    case Type::Q3_K:
    case Type::Q4_K:
    case Type::Q5_K:
    case Type::Q6_K:
    case Type::Q8_K:
        return true;
    default:
        return false;
    }
}

void dequantizeRow(Type type, const void* src, float* dst, int64_t n) {
    constexpr const char* kWhat = "Dequantization";
    if (!canDequantize(type)) throwUnsupportedType(type, kWhat);
    checkWholeBlocks(type, n, kWhat);
    const int64_t nb = n / typeInfo(type).blockSize;
    switch (type) {
    case Type::F32:
        std::memcpy(dst, src, static_cast<size_t>(n) * sizeof(float));
        break;
    case Type::F16:
        rowF16(static_cast<const uint16_t*>(src), dst, n);
        break;
    case Type::BF16:
        rowBF16(static_cast<const uint16_t*>(src), dst, n);
        break;
    case Type::Q4_0:
        rowQ4_0(static_cast<const BlockQ4_0*>(src), dst, nb);
        break;
    case Type::Q4_1:
        rowQ4_1(static_cast<const BlockQ4_1*>(src), dst, nb);
        break;
    case Type::Q5_0:
        rowQ5_0(static_cast<const BlockQ5_0*>(src), dst, nb);
        break;
    case Type::Q5_1:
        rowQ5_1(static_cast<const BlockQ5_1*>(src), dst, nb);
        break;
    case Type::Q8_0:
        rowQ8_0(static_cast<const BlockQ8_0*>(src), dst, nb);
        break;
    case Type::Q2_K:
        rowQ2_K(static_cast<const BlockQ2_K*>(src), dst, nb);
        break;
    case Type::Q3_K:
        rowQ3_K(static_cast<const BlockQ3_K*>(src), dst, nb);
        break;
    case Type::Q4_K:
        rowQ4_K(static_cast<const BlockQ4_K*>(src), dst, nb);
        break;
    case Type::Q5_K:
        rowQ5_K(static_cast<const BlockQ5_K*>(src), dst, nb);
        break;
    case Type::Q6_K:
        rowQ6_K(static_cast<const BlockQ6_K*>(src), dst, nb);
        break;
    case Type::Q8_K:
        rowQ8_K(static_cast<const BlockQ8_K*>(src), dst, nb);
        break;
    default:
        throwUnsupportedType(type, kWhat);
    }
}

} // namespace smoldesk::quant
