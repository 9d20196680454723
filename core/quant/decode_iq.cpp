// Integer decoding of the i-quants, ternary types and MXFP4 for the shared int8 dot kernels
// (type_kernels.h): every level becomes an int8 and every scale an integer, with the common
// factor left in d. The fractional codes are scaled to integers first: IQ2's d·(0.5 + s)·0.25 is
// (d/8)·(2s + 1), IQ3_XXS's d·(0.5 + s)·0.5 is (d/4)·(2s + 1), and IQ1's grid value g ± 1/8 is
// (8g ± 1)/8, so the dot products are exact integer sums times one float per super-block.
#include "quant/block_formats.h"
#include "quant/fp16.h"
#include "quant/iq_grids.h"
#include "quant/type_kernels.h"

#include <cstring>

namespace smoldesk::quant::rows {

namespace {

// A byte-wise mask of the eight sign bits: 0xFF where the value is negative.
constexpr uint64_t signMask(uint8_t signs) {
    uint64_t m = 0;
    for (int j = 0; j < 8; ++j)
        if ((signs >> j) & 1u) m |= uint64_t{0xFF} << (8 * j);
    return m;
}

struct SignMasks {
    uint64_t byBits[256];
};
constexpr SignMasks makeSignMasks() {
    SignMasks t{};
    for (int s = 0; s < 256; ++s) t.byBits[s] = signMask(static_cast<uint8_t>(s));
    return t;
}
constexpr SignMasks kSignMasks = makeSignMasks();

// Eight positive grid bytes with signs applied, as int8. The grids of IQ2/IQ3 hold no zero
// byte, so the byte-wise two's-complement negation (x ^ m) + (m & 1) never carries.
void signedEight(uint64_t grid, uint8_t signs, int8_t* q) {
    const uint64_t m = kSignMasks.byBits[signs];
    const uint64_t v = (grid ^ m) + (m & 0x0101010101010101ull);
    std::memcpy(q, &v, 8);
}

uint64_t fourFour(uint32_t lo, uint32_t hi) {
    return uint64_t{lo} | (uint64_t{hi} << 32);
}

void setScalePair(Decoded256* out, int ib, int scale) {
    out->scale[2 * ib] = static_cast<int16_t>(scale);
    out->scale[2 * ib + 1] = static_cast<int16_t>(scale);
}

// IQ1: 8·g ± 1 for the int8 grid values g in {-1, 0, 1}.
void iq1Eight(uint32_t index, bool negativeDelta, int8_t* q) {
    const uint64_t entry = grids::kIq1s[index];
    const int delta = negativeDelta ? -1 : 1;
    for (int j = 0; j < 8; ++j)
        q[j] = static_cast<int8_t>(8 * static_cast<int8_t>(grids::gridByte(entry, j)) + delta);
}

// The top base-3 digit of a TQ1_0 byte after multiplying by 3^n (mod 256), minus one.
int8_t ternaryDigit(uint8_t q, uint8_t pow3) {
    const auto shifted = static_cast<uint8_t>(q * pow3);
    return static_cast<int8_t>(((static_cast<uint16_t>(shifted) * 3) >> 8) - 1);
}

} // namespace

void decodeIQ2_XXS(const void* block, Decoded256* out) {
    const auto* x = static_cast<const BlockIQ2_XXS*>(block);
    out->d = fp16ToFp32(x->d) * 0.125f;
    for (int ib = 0; ib < 8; ++ib) {
        const auto* q = reinterpret_cast<const uint8_t*>(x->qs + 4 * ib);
        const uint32_t aux = load32(q + 4);
        setScalePair(out, ib, 2 * static_cast<int>(aux >> 28) + 1);
        for (int l = 0; l < 4; ++l)
            signedEight(grids::kIq2xxs[q[l]], grids::signsOf7(aux >> (7 * l)), out->q + 32 * ib + 8 * l);
    }
}

void decodeIQ2_XS(const void* block, Decoded256* out) {
    const auto* x = static_cast<const BlockIQ2_XS*>(block);
    out->d = fp16ToFp32(x->d) * 0.125f;
    for (int ib = 0; ib < 8; ++ib) {
        out->scale[2 * ib] = static_cast<int16_t>(2 * (x->scales[ib] & 0xF) + 1);
        out->scale[2 * ib + 1] = static_cast<int16_t>(2 * (x->scales[ib] >> 4) + 1);
        for (int l = 0; l < 4; ++l) {
            const uint16_t q = x->qs[4 * ib + l];
            signedEight(grids::kIq2xs[q & 511], grids::signsOf7(q >> 9), out->q + 32 * ib + 8 * l);
        }
    }
}

void decodeIQ2_S(const void* block, Decoded256* out) {
    const auto* x = static_cast<const BlockIQ2_S*>(block);
    out->d = fp16ToFp32(x->d) * 0.125f;
    const uint8_t* signs = x->qs + kQK256 / 8;
    for (int ib = 0; ib < 8; ++ib) {
        out->scale[2 * ib] = static_cast<int16_t>(2 * (x->scales[ib] & 0xF) + 1);
        out->scale[2 * ib + 1] = static_cast<int16_t>(2 * (x->scales[ib] >> 4) + 1);
        for (int l = 0; l < 4; ++l) {
            const uint32_t index = x->qs[4 * ib + l] | ((uint32_t{x->qh[ib]} << (8 - 2 * l)) & 0x300u);
            signedEight(grids::kIq2s[index], signs[4 * ib + l], out->q + 32 * ib + 8 * l);
        }
    }
}

void decodeIQ3_XXS(const void* block, Decoded256* out) {
    const auto* x = static_cast<const BlockIQ3_XXS*>(block);
    out->d = fp16ToFp32(x->d) * 0.25f;
    const uint8_t* scalesAndSigns = x->qs + kQK256 / 4;
    for (int ib = 0; ib < 8; ++ib) {
        const uint32_t aux = load32(scalesAndSigns + 4 * ib);
        setScalePair(out, ib, 2 * static_cast<int>(aux >> 28) + 1);
        const uint8_t* qs = x->qs + 8 * ib;
        for (int l = 0; l < 4; ++l)
            signedEight(fourFour(grids::kIq3xxs[qs[2 * l]], grids::kIq3xxs[qs[2 * l + 1]]),
                        grids::signsOf7(aux >> (7 * l)), out->q + 32 * ib + 8 * l);
    }
}

void decodeIQ3_S(const void* block, Decoded256* out) {
    const auto* x = static_cast<const BlockIQ3_S*>(block);
    out->d = fp16ToFp32(x->d);
    for (int ib = 0; ib < 8; ++ib) {
        const uint32_t nibble = ib % 2 == 0 ? (x->scales[ib / 2] & 0xFu) : (x->scales[ib / 2] >> 4);
        setScalePair(out, ib, 1 + 2 * static_cast<int>(nibble));
        const uint8_t* qs = x->qs + 8 * ib;
        const uint32_t qh = x->qh[ib];
        for (int l = 0; l < 4; ++l) {
            const uint32_t i0 = qs[2 * l] | ((qh << (8 - 2 * l)) & 256u);
            const uint32_t i1 = qs[2 * l + 1] | ((qh << (7 - 2 * l)) & 256u);
            signedEight(fourFour(grids::kIq3s[i0], grids::kIq3s[i1]), x->signs[4 * ib + l],
                        out->q + 32 * ib + 8 * l);
        }
    }
}

void decodeIQ1_S(const void* block, Decoded256* out) {
    const auto* x = static_cast<const BlockIQ1_S*>(block);
    out->d = fp16ToFp32(x->d) * 0.125f;
    for (int ib = 0; ib < 8; ++ib) {
        const uint32_t qh = x->qh[ib];
        setScalePair(out, ib, 2 * static_cast<int>((qh >> 12) & 7) + 1);
        for (int l = 0; l < 4; ++l)
            iq1Eight(x->qs[4 * ib + l] | (((qh >> (3 * l)) & 7u) << 8), (qh & 0x8000u) != 0,
                     out->q + 32 * ib + 8 * l);
    }
}

void decodeIQ1_M(const void* block, Decoded256* out) {
    const auto* x = static_cast<const BlockIQ1_M*>(block);
    uint16_t sc[4];
    std::memcpy(sc, x->scales, sizeof sc);
    const auto scaleBits = static_cast<uint16_t>((sc[0] >> 12) | ((sc[1] >> 8) & 0x00F0) |
                                                 ((sc[2] >> 4) & 0x0F00) | (sc[3] & 0xF000));
    out->d = fp16ToFp32(scaleBits) * 0.125f;
    for (int ib = 0; ib < 8; ++ib) {
        const int shift = 6 * (ib % 2);
        out->scale[2 * ib] = static_cast<int16_t>(2 * ((sc[ib / 2] >> shift) & 7) + 1);
        out->scale[2 * ib + 1] = static_cast<int16_t>(2 * ((sc[ib / 2] >> (shift + 3)) & 7) + 1);
        const uint8_t* qs = x->qs + 4 * ib;
        const uint8_t* qh = x->qh + 2 * ib;
        int8_t* q = out->q + 32 * ib;
        iq1Eight(qs[0] | ((uint32_t{qh[0]} << 8) & 0x700u), (qh[0] & 0x08) != 0, q);
        iq1Eight(qs[1] | ((uint32_t{qh[0]} << 4) & 0x700u), (qh[0] & 0x80) != 0, q + 8);
        iq1Eight(qs[2] | ((uint32_t{qh[1]} << 8) & 0x700u), (qh[1] & 0x08) != 0, q + 16);
        iq1Eight(qs[3] | ((uint32_t{qh[1]} << 4) & 0x700u), (qh[1] & 0x80) != 0, q + 24);
    }
}

void decodeIQ4_XS(const void* block, Decoded256* out) {
    const auto* x = static_cast<const BlockIQ4_XS*>(block);
    out->d = fp16ToFp32(x->d);
    for (int ib = 0; ib < 8; ++ib) {
        const int ls =
            ((x->scales_l[ib / 2] >> (4 * (ib % 2))) & 0xF) | (((x->scales_h >> (2 * ib)) & 3) << 4);
        setScalePair(out, ib, ls - 32);
        const uint8_t* qs = x->qs + 16 * ib;
        for (int j = 0; j < 16; ++j) {
            out->q[32 * ib + j] = grids::kIq4nlValues[qs[j] & 0xF];
            out->q[32 * ib + j + 16] = grids::kIq4nlValues[qs[j] >> 4];
        }
    }
}

void decodeTQ1_0(const void* block, Decoded256* out) {
    const auto* x = static_cast<const BlockTQ1_0*>(block);
    constexpr uint8_t kPow3[5] = {1, 3, 9, 27, 81};
    constexpr int kQs = sizeof(BlockTQ1_0::qs), kWhole = kQs - kQs % 32;
    out->d = fp16ToFp32(x->d);
    for (int16_t& s : out->scale) s = 1;
    int8_t* q = out->q;
    for (int n = 0; n < 5; ++n)
        for (int m = 0; m < kWhole; ++m) *q++ = ternaryDigit(x->qs[m], kPow3[n]);
    for (int n = 0; n < 5; ++n)
        for (int m = kWhole; m < kQs; ++m) *q++ = ternaryDigit(x->qs[m], kPow3[n]);
    for (int n = 0; n < 4; ++n)
        for (int j = 0; j < static_cast<int>(sizeof(BlockTQ1_0::qh)); ++j)
            *q++ = ternaryDigit(x->qh[j], kPow3[n]);
}

void decodeTQ2_0(const void* block, Decoded256* out) {
    const auto* x = static_cast<const BlockTQ2_0*>(block);
    out->d = fp16ToFp32(x->d);
    for (int16_t& s : out->scale) s = 1;
    int8_t* q = out->q;
    for (int j = 0; j < kQK256 / 4; j += 32)
        for (int l = 0; l < 4; ++l)
            for (int m = 0; m < 32; ++m) *q++ = static_cast<int8_t>(((x->qs[j + m] >> (2 * l)) & 3) - 1);
}

void decodeIQ4_NL(const void* block, Decoded32* out) {
    const auto* x = static_cast<const BlockIQ4_NL*>(block);
    out->d = fp16ToFp32(x->d);
    for (int j = 0; j < kQK32 / 2; ++j) {
        out->q[j] = grids::kIq4nlValues[x->qs[j] & 0xF];
        out->q[j + 16] = grids::kIq4nlValues[x->qs[j] >> 4];
    }
}

void decodeMXFP4(const void* block, Decoded32* out) {
    const auto* x = static_cast<const BlockMXFP4*>(block);
    out->d = e8m0Half(x->e);
    for (int j = 0; j < kQK32 / 2; ++j) {
        out->q[j] = grids::kFp4Values[x->qs[j] & 0xF];
        out->q[j + 16] = grids::kFp4Values[x->qs[j] >> 4];
    }
}

} // namespace smoldesk::quant::rows
