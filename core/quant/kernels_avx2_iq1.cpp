// AVX2 decode kernels (one token, Q8_K activations) of the 1.5-bit i-quants IQ1_S and IQ1_M,
// instead of the portable decode to bytes and the shared int8 dot. A value is g + δ/8 for a grid
// value g in {-1, 0, 1} and a shift δ = ±1 per group of eight (IQ1_M) or 32 (IQ1_S), so 8 times
// the dot of 32 values is 8 · Σ g·a + Σ_groups δ · Σ a: the grid bytes (eight per scalar load)
// move their sign onto the activations with vpsignb, vpmaddubsw against ones sums pairs of both
// products, and vpmaddwd applies the scales. All integer, exact; d carries the 1/8.
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

// For each 4-bit set of group shifts (bit l: group l of eight values is shifted down), the int16
// pair lanes of vpmaddubsw's output (lanes 4l .. 4l + 3 hold group l) as +1 or -1.
// constexpr: nothing in this file may run before the CPU check.
struct ShiftSigns {
    alignas(32) int16_t lanes[16][16];
    constexpr ShiftSigns() : lanes{} {
        for (int bits = 0; bits < 16; ++bits)
            for (int lane = 0; lane < 16; ++lane) lanes[bits][lane] = ((bits >> (lane / 4)) & 1) ? -1 : 1;
    }
};
constexpr ShiftSigns kShiftSigns;

__m256i gridValues(uint32_t i0, uint32_t i1, uint32_t i2, uint32_t i3) {
    const uint64_t* grid = grids::kIq1s;
    return _mm256_set_epi64x(static_cast<long long>(grid[i3]), static_cast<long long>(grid[i2]),
                             static_cast<long long>(grid[i1]), static_cast<long long>(grid[i0]));
}

// 8 int32 lanes summing to 8 · the dot of 32 values: scales16 holds each int16 lane's scale
// (lanes 0..7: values 0..15, lanes 8..15: values 16..31), shiftBits the groups shifted down.
__m256i iq1Step(__m256i grid, const int8_t* a, __m256i scales16, int shiftBits) {
    const __m256i ones8 = _mm256_set1_epi8(1);
    const __m256i y = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(a));
    const __m256i ga = _mm256_maddubs_epi16(ones8, _mm256_sign_epi8(y, grid)); // |pair| ≤ 254
    const __m256i sa =
        _mm256_sign_epi16(_mm256_maddubs_epi16(ones8, y),
                          _mm256_load_si256(reinterpret_cast<const __m256i*>(kShiftSigns.lanes[shiftBits])));
    return _mm256_madd_epi16(_mm256_add_epi16(_mm256_slli_epi16(ga, 3), sa), scales16);
}

float hsum(__m256 v) {
    __m128 s = _mm_add_ps(_mm256_castps256_ps128(v), _mm256_extractf128_ps(v, 1));
    s = _mm_add_ps(s, _mm_movehl_ps(s, s));
    s = _mm_add_ss(s, _mm_movehdup_ps(s));
    return _mm_cvtss_f32(s);
}

} // namespace

float dotIQ1_SAvx2(int64_t n, const void* w, const void* act) {
    const auto* x = static_cast<const BlockIQ1_S*>(w);
    const auto* y = static_cast<const BlockQ8_K*>(act);
    __m256 acc = _mm256_setzero_ps();
    for (int64_t i = 0; i < n / kQK256; ++i) {
        __m256i sum = _mm256_setzero_si256();
        for (int ib = 0; ib < 8; ++ib) {
            // qh: the three high index bits of each group of eight, a 3-bit scale, the shift's sign.
            const uint32_t qh = x[i].qh[ib];
            const uint8_t* qs = x[i].qs + 4 * ib;
            const __m256i grid = gridValues(qs[0] | ((qh << 8) & 0x700u), qs[1] | ((qh << 5) & 0x700u),
                                            qs[2] | ((qh << 2) & 0x700u), qs[3] | ((qh >> 1) & 0x700u));
            const __m256i scale = _mm256_set1_epi16(static_cast<short>(2 * ((qh >> 12) & 7) + 1));
            sum = _mm256_add_epi32(sum, iq1Step(grid, y[i].qs + 32 * ib, scale, (qh & 0x8000u) ? 15 : 0));
        }
        acc = _mm256_fmadd_ps(_mm256_cvtepi32_ps(sum), _mm256_set1_ps(_cvtsh_ss(x[i].d) * 0.125f * y[i].d),
                              acc);
    }
    return hsum(acc);
}

float dotIQ1_MAvx2(int64_t n, const void* w, const void* act) {
    const auto* x = static_cast<const BlockIQ1_M*>(w);
    const auto* y = static_cast<const BlockQ8_K*>(act);
    __m256 acc = _mm256_setzero_ps();
    for (int64_t i = 0; i < n / kQK256; ++i) {
        uint16_t sc[4];
        std::memcpy(sc, x[i].scales, sizeof sc);
        // The block's f16 scale is spread over the top nibbles of the four scale words.
        const auto dBits = static_cast<uint16_t>((sc[0] >> 12) | ((sc[1] >> 8) & 0x00F0) |
                                                 ((sc[2] >> 4) & 0x0F00) | (sc[3] & 0xF000));
        __m256i sum = _mm256_setzero_si256();
        for (int ib = 0; ib < 8; ++ib) {
            const int shift = 6 * (ib % 2);
            const short s0 = static_cast<short>(2 * ((sc[ib / 2] >> shift) & 7) + 1);
            const short s1 = static_cast<short>(2 * ((sc[ib / 2] >> (shift + 3)) & 7) + 1);
            const uint8_t* qs = x[i].qs + 4 * ib;
            const uint32_t h0 = x[i].qh[2 * ib], h1 = x[i].qh[2 * ib + 1];
            const __m256i grid = gridValues(qs[0] | ((h0 << 8) & 0x700u), qs[1] | ((h0 << 4) & 0x700u),
                                            qs[2] | ((h1 << 8) & 0x700u), qs[3] | ((h1 << 4) & 0x700u));
            // Bit 3 of each qh nibble: its group of eight is shifted down.
            const int shiftBits =
                static_cast<int>(((h0 >> 3) & 1) | ((h0 >> 6) & 2) | ((h1 >> 1) & 4) | ((h1 >> 4) & 8));
            sum = _mm256_add_epi32(sum, iq1Step(grid, y[i].qs + 32 * ib,
                                                _mm256_set_m128i(_mm_set1_epi16(s1), _mm_set1_epi16(s0)),
                                                shiftBits));
        }
        acc =
            _mm256_fmadd_ps(_mm256_cvtepi32_ps(sum), _mm256_set1_ps(_cvtsh_ss(dBits) * 0.125f * y[i].d), acc);
    }
    return hsum(acc);
}

} // namespace smoldesk::quant::cpu

#endif
