// Dequantization of the i-quants, the ternary types and MXFP4, bit-exact with ggml's to_float:
// each value is computed with the same float operations in the same order (this file is compiled
// with -ffp-contract=off), e.g. IQ2's `db * grid * sign` with db = d·(0.5 + scale)·0.25.
#include "quant/block_formats.h"
#include "quant/fp16.h"
#include "quant/iq_grids.h"
#include "quant/type_kernels.h"

#include <cmath>
#include <cstring>

namespace smoldesk::quant::rows {

namespace {

float signOf(uint8_t signs, int j) {
    return (signs >> j) & 1u ? -1.0f : 1.0f;
}

// Eight values of a u64 grid entry, scaled, with the sign bits applied.
void gridEight(uint64_t entry, uint8_t signs, float scale, float* y) {
    for (int j = 0; j < 8; ++j)
        y[j] = scale * static_cast<float>(grids::gridByte(entry, j)) * signOf(signs, j);
}

// Two u32 grid entries (four values each) sharing one sign byte.
void gridFourFour(uint32_t lo, uint32_t hi, uint8_t signs, float scale, float* y) {
    for (int j = 0; j < 4; ++j) {
        y[j] = scale * static_cast<float>(grids::gridByte(lo, j)) * signOf(signs, j);
        y[j + 4] = scale * static_cast<float>(grids::gridByte(hi, j)) * signOf(signs, j + 4);
    }
}

// IQ1_S/IQ1_M: int8 grid values in {-1, 0, 1} plus a per-group delta.
void iq1Eight(uint32_t index, float scale, float delta, float* y) {
    const uint64_t entry = grids::kIq1s[index];
    for (int j = 0; j < 8; ++j)
        y[j] = scale * (static_cast<float>(static_cast<int8_t>(grids::gridByte(entry, j))) + delta);
}

// UE4M3 (unsigned, 4 exponent and 3 mantissa bits), halved like E8M0 for the doubled FP4 levels;
// 0x7F (NaN) reads as zero, as in ggml.
float ue4m3Half(uint8_t x) {
    if (x == 0 || x == 0x7F) return 0.0f;
    const int exponent = (x >> 3) & 0xF, mantissa = x & 7;
    const float raw = exponent == 0 ? std::ldexp(static_cast<float>(mantissa), -9)
                                    : std::ldexp(1.0f + static_cast<float>(mantissa) / 8.0f, exponent - 7);
    return raw * 0.5f;
}

} // namespace

void dequantIQ2_XXS(const void* src, float* y, int64_t nb) {
    const auto* x = static_cast<const BlockIQ2_XXS*>(src);
    for (int64_t i = 0; i < nb; ++i) {
        const float d = fp16ToFp32(x[i].d);
        for (int ib = 0; ib < 8; ++ib) {
            const auto* q = reinterpret_cast<const uint8_t*>(x[i].qs + 4 * ib);
            const uint32_t aux = load32(q + 4);
            const float db = d * (0.5f + static_cast<float>(aux >> 28)) * 0.25f;
            for (int l = 0; l < 4; ++l, y += 8)
                gridEight(grids::kIq2xxs[q[l]], grids::signsOf7(aux >> (7 * l)), db, y);
        }
    }
}

void dequantIQ2_XS(const void* src, float* y, int64_t nb) {
    const auto* x = static_cast<const BlockIQ2_XS*>(src);
    for (int64_t i = 0; i < nb; ++i) {
        const float d = fp16ToFp32(x[i].d);
        for (int ib = 0; ib < 8; ++ib) {
            const float db[2] = {d * (0.5f + static_cast<float>(x[i].scales[ib] & 0xF)) * 0.25f,
                                 d * (0.5f + static_cast<float>(x[i].scales[ib] >> 4)) * 0.25f};
            for (int l = 0; l < 4; ++l, y += 8) {
                const uint16_t q = x[i].qs[4 * ib + l];
                gridEight(grids::kIq2xs[q & 511], grids::signsOf7(q >> 9), db[l / 2], y);
            }
        }
    }
}

void dequantIQ2_S(const void* src, float* y, int64_t nb) {
    const auto* x = static_cast<const BlockIQ2_S*>(src);
    for (int64_t i = 0; i < nb; ++i) {
        const float d = fp16ToFp32(x[i].d);
        const uint8_t* qs = x[i].qs;
        const uint8_t* signs = x[i].qs + kQK256 / 8;
        for (int ib = 0; ib < 8; ++ib, qs += 4, signs += 4) {
            const float db[2] = {d * (0.5f + static_cast<float>(x[i].scales[ib] & 0xF)) * 0.25f,
                                 d * (0.5f + static_cast<float>(x[i].scales[ib] >> 4)) * 0.25f};
            for (int l = 0; l < 4; ++l, y += 8) {
                const uint32_t index = qs[l] | ((static_cast<uint32_t>(x[i].qh[ib]) << (8 - 2 * l)) & 0x300u);
                gridEight(grids::kIq2s[index], signs[l], db[l / 2], y);
            }
        }
    }
}

void dequantIQ3_XXS(const void* src, float* y, int64_t nb) {
    const auto* x = static_cast<const BlockIQ3_XXS*>(src);
    for (int64_t i = 0; i < nb; ++i) {
        const float d = fp16ToFp32(x[i].d);
        const uint8_t* qs = x[i].qs;
        const uint8_t* scalesAndSigns = x[i].qs + kQK256 / 4;
        for (int ib = 0; ib < 8; ++ib, qs += 8) {
            const uint32_t aux = load32(scalesAndSigns + 4 * ib);
            const float db = d * (0.5f + static_cast<float>(aux >> 28)) * 0.5f;
            for (int l = 0; l < 4; ++l, y += 8)
                gridFourFour(grids::kIq3xxs[qs[2 * l]], grids::kIq3xxs[qs[2 * l + 1]],
                             grids::signsOf7(aux >> (7 * l)), db, y);
        }
    }
}

void dequantIQ3_S(const void* src, float* y, int64_t nb) {
    const auto* x = static_cast<const BlockIQ3_S*>(src);
    for (int64_t i = 0; i < nb; ++i) {
        const float d = fp16ToFp32(x[i].d);
        const uint8_t* qs = x[i].qs;
        const uint8_t* signs = x[i].signs;
        for (int ib = 0; ib < 8; ++ib, qs += 8, signs += 4) {
            const uint32_t nibble = ib % 2 == 0 ? (x[i].scales[ib / 2] & 0xFu) : (x[i].scales[ib / 2] >> 4);
            const float db = d * static_cast<float>(1 + 2 * static_cast<int>(nibble));
            const uint32_t qh = x[i].qh[ib];
            for (int l = 0; l < 4; ++l, y += 8) {
                const uint32_t i0 = qs[2 * l] | ((qh << (8 - 2 * l)) & 256u);
                const uint32_t i1 = qs[2 * l + 1] | ((qh << (7 - 2 * l)) & 256u);
                gridFourFour(grids::kIq3s[i0], grids::kIq3s[i1], signs[l], db, y);
            }
        }
    }
}

void dequantIQ1_S(const void* src, float* y, int64_t nb) {
    const auto* x = static_cast<const BlockIQ1_S*>(src);
    for (int64_t i = 0; i < nb; ++i) {
        const float d = fp16ToFp32(x[i].d);
        const uint8_t* qs = x[i].qs;
        for (int ib = 0; ib < 8; ++ib, qs += 4) {
            const uint32_t qh = x[i].qh[ib];
            const float dl = d * static_cast<float>(2 * ((qh >> 12) & 7) + 1);
            const float delta = (qh & 0x8000u) != 0 ? -grids::kIq1Delta : grids::kIq1Delta;
            for (int l = 0; l < 4; ++l, y += 8) iq1Eight(qs[l] | (((qh >> (3 * l)) & 7u) << 8), dl, delta, y);
        }
    }
}

void dequantIQ1_M(const void* src, float* y, int64_t nb) {
    const auto* x = static_cast<const BlockIQ1_M*>(src);
    for (int64_t i = 0; i < nb; ++i) {
        uint16_t sc[4];
        std::memcpy(sc, x[i].scales, sizeof sc);
        const uint16_t scaleBits = static_cast<uint16_t>((sc[0] >> 12) | ((sc[1] >> 8) & 0x00F0) |
                                                         ((sc[2] >> 4) & 0x0F00) | (sc[3] & 0xF000));
        const float d = fp16ToFp32(scaleBits);
        const uint8_t* qs = x[i].qs;
        const uint8_t* qh = x[i].qh;
        for (int ib = 0; ib < 8; ++ib, qs += 4, qh += 2) {
            const int shift = 6 * (ib % 2);
            const float dl1 = d * static_cast<float>(2 * ((sc[ib / 2] >> shift) & 7) + 1);
            const float dl2 = d * static_cast<float>(2 * ((sc[ib / 2] >> (shift + 3)) & 7) + 1);
            const uint32_t index[4] = {
                qs[0] | ((uint32_t{qh[0]} << 8) & 0x700u), qs[1] | ((uint32_t{qh[0]} << 4) & 0x700u),
                qs[2] | ((uint32_t{qh[1]} << 8) & 0x700u), qs[3] | ((uint32_t{qh[1]} << 4) & 0x700u)};
            const float delta[4] = {(qh[0] & 0x08) ? -grids::kIq1Delta : grids::kIq1Delta,
                                    (qh[0] & 0x80) ? -grids::kIq1Delta : grids::kIq1Delta,
                                    (qh[1] & 0x08) ? -grids::kIq1Delta : grids::kIq1Delta,
                                    (qh[1] & 0x80) ? -grids::kIq1Delta : grids::kIq1Delta};
            for (int l = 0; l < 4; ++l, y += 8) iq1Eight(index[l], l < 2 ? dl1 : dl2, delta[l], y);
        }
    }
}

void dequantIQ4_NL(const void* src, float* y, int64_t nb) {
    const auto* x = static_cast<const BlockIQ4_NL*>(src);
    for (int64_t i = 0; i < nb; ++i, y += kQK32) {
        const float d = fp16ToFp32(x[i].d);
        for (int j = 0; j < kQK32 / 2; ++j) {
            y[j] = d * static_cast<float>(grids::kIq4nlValues[x[i].qs[j] & 0xF]);
            y[j + 16] = d * static_cast<float>(grids::kIq4nlValues[x[i].qs[j] >> 4]);
        }
    }
}

void dequantIQ4_XS(const void* src, float* y, int64_t nb) {
    const auto* x = static_cast<const BlockIQ4_XS*>(src);
    for (int64_t i = 0; i < nb; ++i) {
        const float d = fp16ToFp32(x[i].d);
        const uint8_t* qs = x[i].qs;
        for (int ib = 0; ib < 8; ++ib, qs += 16, y += 32) {
            const int ls =
                ((x[i].scales_l[ib / 2] >> (4 * (ib % 2))) & 0xF) | (((x[i].scales_h >> (2 * ib)) & 3) << 4);
            const float dl = d * static_cast<float>(ls - 32);
            for (int j = 0; j < 16; ++j) {
                y[j] = dl * static_cast<float>(grids::kIq4nlValues[qs[j] & 0xF]);
                y[j + 16] = dl * static_cast<float>(grids::kIq4nlValues[qs[j] >> 4]);
            }
        }
    }
}

void dequantTQ1_0(const void* src, float* y, int64_t nb) {
    const auto* x = static_cast<const BlockTQ1_0*>(src);
    constexpr uint8_t kPow3[5] = {1, 3, 9, 27, 81};
    // The top base-3 digit of q·3^n (mod 256) is (q·3^n·3) >> 8: the bytes hold fixed-point fractions.
    auto digit = [](uint8_t q, uint8_t pow) {
        const auto shifted = static_cast<uint8_t>(q * pow);
        return static_cast<int>((static_cast<uint16_t>(shifted) * 3) >> 8) - 1;
    };
    constexpr int kWhole = sizeof(BlockTQ1_0::qs) - sizeof(BlockTQ1_0::qs) % 32; // 32
    for (int64_t i = 0; i < nb; ++i) {
        const float d = fp16ToFp32(x[i].d);
        for (int n = 0; n < 5; ++n)
            for (int m = 0; m < kWhole; ++m) *y++ = static_cast<float>(digit(x[i].qs[m], kPow3[n])) * d;
        for (int n = 0; n < 5; ++n)
            for (int m = kWhole; m < static_cast<int>(sizeof(BlockTQ1_0::qs)); ++m)
                *y++ = static_cast<float>(digit(x[i].qs[m], kPow3[n])) * d;
        for (int n = 0; n < 4; ++n)
            for (int j = 0; j < static_cast<int>(sizeof(BlockTQ1_0::qh)); ++j)
                *y++ = static_cast<float>(digit(x[i].qh[j], kPow3[n])) * d;
    }
}

void dequantTQ2_0(const void* src, float* y, int64_t nb) {
    const auto* x = static_cast<const BlockTQ2_0*>(src);
    for (int64_t i = 0; i < nb; ++i) {
        const float d = fp16ToFp32(x[i].d);
        for (int j = 0; j < kQK256 / 4; j += 32)
            for (int l = 0; l < 4; ++l)
                for (int m = 0; m < 32; ++m)
                    *y++ = static_cast<float>(((x[i].qs[j + m] >> (2 * l)) & 3) - 1) * d;
    }
}

void dequantMXFP4(const void* src, float* y, int64_t nb) {
    const auto* x = static_cast<const BlockMXFP4*>(src);
    for (int64_t i = 0; i < nb; ++i, y += kQK32) {
        const float d = e8m0Half(x[i].e);
        for (int j = 0; j < kQK32 / 2; ++j) {
            y[j] = static_cast<float>(grids::kFp4Values[x[i].qs[j] & 0xF]) * d;
            y[j + 16] = static_cast<float>(grids::kFp4Values[x[i].qs[j] >> 4]) * d;
        }
    }
}

void dequantNVFP4(const void* src, float* y, int64_t nb) {
    const auto* x = static_cast<const BlockNVFP4*>(src);
    for (int64_t i = 0; i < nb; ++i)
        for (int s = 0; s < 4; ++s, y += 16) {
            const float d = ue4m3Half(x[i].d[s]);
            for (int j = 0; j < 8; ++j) {
                y[j] = static_cast<float>(grids::kFp4Values[x[i].qs[8 * s + j] & 0xF]) * d;
                y[j + 8] = static_cast<float>(grids::kFp4Values[x[i].qs[8 * s + j] >> 4]) * d;
            }
        }
}

} // namespace smoldesk::quant::rows
