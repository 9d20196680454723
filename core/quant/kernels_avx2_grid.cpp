// AVX2 decode kernels (one token, Q8_K activations) of the grid i-quants of the 2- and 3-bit
// mixes, IQ2_XXS, IQ2_XS, IQ2_S, IQ3_XXS and IQ3_S: the counterpart of the fused kernels in
// kernels_avx512_decoded.cpp (which has none for IQ2_XS and IQ2_S). Per 32 values, the grid entries go into
// one register from four (eight) scalar loads, and the sign bits select ±1 bytes from a table, which vpsignb
// applies to the activations; the unsigned grid bytes (≤ 62) then go straight into vpmaddubsw and the
// sub-block's integer scale into vpmaddwd. No byte stores, no Decoded256. Without AVX-512 the
// sign bits cannot become a mask register, and BMI2's pdep (which the AVX-512 kernel uses) is
// microcoded on AMD CPUs before Zen 3, so the 7-bit sign fields are looked up instead.
// Compiled with the AVX2 flags; reached only through the avx2 kernel table.
#include "quant/block_formats.h"
#include "quant/cpu_kernels.h"
#include "quant/iq_grids.h"
#include "quant/type_kernels.h"

#if defined(__x86_64__) && defined(__AVX2__) && defined(__FMA__) && defined(__F16C__)

#include <immintrin.h>

#include <cstring>

namespace smoldesk::quant::cpu {

namespace {

// Eight sign bits as eight bytes, +1 where the bit is clear and -1 where it is set (vpsignb's
// operand); byParity7 completes a 7-bit field with the parity bit IQ2_XXS/IQ3_XXS leave implied.
// constexpr: nothing in this file may run before the CPU check.
struct SignBytes {
    uint64_t byBits[256];
    uint64_t byParity7[128];
    static constexpr uint64_t bytesOf(uint32_t bits) {
        uint64_t v = 0;
        for (int j = 0; j < 8; ++j) v |= uint64_t{((bits >> j) & 1u) ? 0xFFu : 0x01u} << (8 * j);
        return v;
    }
    constexpr SignBytes() : byBits{}, byParity7{} {
        for (uint32_t s = 0; s < 256; ++s) byBits[s] = bytesOf(s);
        for (uint32_t s = 0; s < 128; ++s) byParity7[s] = bytesOf(grids::signsOf7(s));
    }
};
constexpr SignBytes kSignBytes;

__m256i fourWords64(uint64_t a, uint64_t b, uint64_t c, uint64_t d) {
    return _mm256_set_epi64x(static_cast<long long>(d), static_cast<long long>(c), static_cast<long long>(b),
                             static_cast<long long>(a));
}

uint32_t loadWord(const uint8_t* p) {
    uint32_t v;
    std::memcpy(&v, p, 4);
    return v;
}

// The four 7-bit sign fields of an IQ2_XXS/IQ3_XXS sub-block (bits 0..27 of its word) as bytes.
__m256i xxsSigns(uint32_t aux) {
    const uint64_t* t = kSignBytes.byParity7;
    return fourWords64(t[aux & 127], t[(aux >> 7) & 127], t[(aux >> 14) & 127], t[(aux >> 21) & 127]);
}

// Σ over 32 values of grid bytes · signed activations, each int16 pair times its scale (int16
// lanes 0..7 hold values 0..15, lanes 8..15 values 16..31): 8 int32 lanes.
__m256i gridStep(__m256i grid, __m256i signs, const int8_t* a, __m256i scales) {
    const __m256i y = _mm256_sign_epi8(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(a)), signs);
    return _mm256_madd_epi16(_mm256_maddubs_epi16(grid, y), scales);
}
__m256i gridStep(__m256i grid, __m256i signs, const int8_t* a, int scale) {
    return gridStep(grid, signs, a, _mm256_set1_epi16(static_cast<short>(scale)));
}

// IQ2_XS and IQ2_S: a 4-bit scale per 16 values, 2s + 1, two to a byte.
__m256i halfScales(uint8_t twoNibbles) {
    return _mm256_set_m128i(_mm_set1_epi16(static_cast<short>(2 * (twoNibbles >> 4) + 1)),
                            _mm_set1_epi16(static_cast<short>(2 * (twoNibbles & 0xF) + 1)));
}

float hsum(__m256 v) {
    __m128 s = _mm_add_ps(_mm256_castps256_ps128(v), _mm256_extractf128_ps(v, 1));
    s = _mm_add_ps(s, _mm_movehl_ps(s, s));
    s = _mm_add_ss(s, _mm_movehdup_ps(s));
    return _mm_cvtss_f32(s);
}

// Σ over the blocks: step(block, ib, activations) gives the int32 lanes of sub-block ib (values
// 32ib .. 32ib + 31), and each block's sum is scaled by d · dFactor · the activation's d.
template <class Block, class Step>
float gridDot(int64_t n, const void* w, const void* act, float dFactor, Step step) {
    const auto* x = static_cast<const Block*>(w);
    const auto* y = static_cast<const BlockQ8_K*>(act);
    __m256 acc = _mm256_setzero_ps();
    for (int64_t i = 0; i < n / kQK256; ++i) {
        __m256i sum0 = _mm256_setzero_si256(), sum1 = _mm256_setzero_si256();
        for (int ib = 0; ib < 8; ib += 2) {
            sum0 = _mm256_add_epi32(sum0, step(x[i], ib, y[i].qs + 32 * ib));
            sum1 = _mm256_add_epi32(sum1, step(x[i], ib + 1, y[i].qs + 32 * ib + 32));
        }
        acc = _mm256_fmadd_ps(_mm256_cvtepi32_ps(_mm256_add_epi32(sum0, sum1)),
                              _mm256_set1_ps(_cvtsh_ss(x[i].d) * dFactor * y[i].d), acc);
    }
    return hsum(acc);
}

} // namespace

float dotIQ2_XXSAvx2(int64_t n, const void* w, const void* act) {
    return gridDot<BlockIQ2_XXS>(n, w, act, 0.125f, [](const BlockIQ2_XXS& x, int ib, const int8_t* a) {
        // Per sub-block: four index bytes (eight values each), then the sign fields and scale.
        const uint8_t* b = reinterpret_cast<const uint8_t*>(x.qs) + 8 * ib;
        const uint64_t* grid = grids::kIq2xxs;
        const uint32_t aux = loadWord(b + 4);
        return gridStep(fourWords64(grid[b[0]], grid[b[1]], grid[b[2]], grid[b[3]]), xxsSigns(aux), a,
                        2 * static_cast<int>(aux >> 28) + 1);
    });
}

float dotIQ2_XSAvx2(int64_t n, const void* w, const void* act) {
    return gridDot<BlockIQ2_XS>(n, w, act, 0.125f, [](const BlockIQ2_XS& x, int ib, const int8_t* a) {
        // Per eight values: a 9-bit grid index and seven sign bits in one word.
        const uint16_t* q = x.qs + 4 * ib;
        const uint64_t* grid = grids::kIq2xs;
        const uint64_t* sign = kSignBytes.byParity7;
        return gridStep(fourWords64(grid[q[0] & 511], grid[q[1] & 511], grid[q[2] & 511], grid[q[3] & 511]),
                        fourWords64(sign[q[0] >> 9], sign[q[1] >> 9], sign[q[2] >> 9], sign[q[3] >> 9]), a,
                        halfScales(x.scales[ib]));
    });
}

float dotIQ2_SAvx2(int64_t n, const void* w, const void* act) {
    return gridDot<BlockIQ2_S>(n, w, act, 0.125f, [](const BlockIQ2_S& x, int ib, const int8_t* a) {
        // Per eight values: a low index byte, two high bits from the sub-block's qh byte, a sign byte.
        const uint8_t* lo = x.qs + 4 * ib;
        const uint8_t* s = x.qs + kQK256 / 8 + 4 * ib;
        const uint32_t h = x.qh[ib];
        const uint64_t* grid = grids::kIq2s;
        const uint64_t* t = kSignBytes.byBits;
        return gridStep(fourWords64(grid[lo[0] | ((h << 8) & 0x300u)], grid[lo[1] | ((h << 6) & 0x300u)],
                                    grid[lo[2] | ((h << 4) & 0x300u)], grid[lo[3] | ((h << 2) & 0x300u)]),
                        fourWords64(t[s[0]], t[s[1]], t[s[2]], t[s[3]]), a, halfScales(x.scales[ib]));
    });
}

float dotIQ3_XXSAvx2(int64_t n, const void* w, const void* act) {
    return gridDot<BlockIQ3_XXS>(n, w, act, 0.25f, [](const BlockIQ3_XXS& x, int ib, const int8_t* a) {
        const uint8_t* idx = x.qs + 8 * ib;
        const uint32_t* grid = grids::kIq3xxs;
        const uint32_t aux = loadWord(x.qs + kQK256 / 4 + 4 * ib);
        const __m256i values = _mm256_set_epi32(
            static_cast<int>(grid[idx[7]]), static_cast<int>(grid[idx[6]]), static_cast<int>(grid[idx[5]]),
            static_cast<int>(grid[idx[4]]), static_cast<int>(grid[idx[3]]), static_cast<int>(grid[idx[2]]),
            static_cast<int>(grid[idx[1]]), static_cast<int>(grid[idx[0]]));
        return gridStep(values, xxsSigns(aux), a, 2 * static_cast<int>(aux >> 28) + 1);
    });
}

float dotIQ3_SAvx2(int64_t n, const void* w, const void* act) {
    return gridDot<BlockIQ3_S>(n, w, act, 1.0f, [](const BlockIQ3_S& x, int ib, const int8_t* a) {
        // Index l of a sub-block takes bit l of the sub-block's qh byte as its ninth bit: the eight
        // indices computed in one register, then eight scalar loads.
        const __m256i low =
            _mm256_cvtepu8_epi32(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(x.qs + 8 * ib)));
        const __m256i high = _mm256_and_si256(
            _mm256_srlv_epi32(_mm256_set1_epi32(x.qh[ib] << 8), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7)),
            _mm256_set1_epi32(256));
        alignas(32) uint32_t index[8];
        _mm256_store_si256(reinterpret_cast<__m256i*>(index), _mm256_or_si256(low, high));
        const uint32_t* grid = grids::kIq3s;
        const __m256i values =
            _mm256_set_epi32(static_cast<int>(grid[index[7]]), static_cast<int>(grid[index[6]]),
                             static_cast<int>(grid[index[5]]), static_cast<int>(grid[index[4]]),
                             static_cast<int>(grid[index[3]]), static_cast<int>(grid[index[2]]),
                             static_cast<int>(grid[index[1]]), static_cast<int>(grid[index[0]]));
        const uint8_t* s = x.signs + 4 * ib;
        const uint64_t* t = kSignBytes.byBits;
        const int scale = 1 + 2 * ((x.scales[ib / 2] >> (4 * (ib % 2))) & 0xF);
        return gridStep(values, fourWords64(t[s[0]], t[s[1]], t[s[2]], t[s[3]]), a, scale);
    });
}

} // namespace smoldesk::quant::cpu

#endif
