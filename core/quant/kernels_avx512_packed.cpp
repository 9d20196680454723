// AVX-512 VNNI kernels for row-interleaved Q4_K/Q6_K/IQ4_XS groups (packed_formats.h) against
// Q8_K activations. Compiled with the AVX-512 flags; reached only through the avx512 kernel table.
//
// One 64-byte load holds 4 quants of each of 16 rows, so vpdpbusd against 4 activation bytes
// broadcast to every lane adds 4 products to each of 16 row sums. A tile of NC tokens reuses
// each unpacked register NC times; the sub-block scales are applied once per 32 (Q4_K) or 16
// (Q6_K) values with an integer multiply, the block scales once per 256 values in float.
#include "quant/block_formats.h"
#include "quant/cpu_kernels.h"
#include "quant/iq_grids.h"
#include "quant/packed_formats.h"

#if defined(__x86_64__) && defined(__AVX512F__) && defined(__AVX512BW__) && defined(__AVX512VL__) &&         \
    defined(__AVX512VNNI__) && defined(__FMA__) && defined(__F16C__)

#include <immintrin.h>

#include <cstring>

namespace smoldesk::quant::cpu {

namespace {

// Four activation bytes broadcast to all 16 lanes.
__m512i broadcast4(const int8_t* p) {
    int32_t v;
    std::memcpy(&v, p, 4);
    return _mm512_set1_epi32(v);
}

// Bitwise: the bits of `ifSet` where `mask` has ones, of `ifClear` elsewhere.
__m512i select(__m512i mask, __m512i ifSet, __m512i ifClear) {
    return _mm512_ternarylogic_epi32(mask, ifSet, ifClear, 0xCA);
}

__m512i bytesToInt32(const uint8_t* p) {
    return _mm512_cvtepu8_epi32(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p)));
}

template <int NC> void storeTile(const __m512 (&acc)[NC], float* out, size_t outColStride, bool accumulate) {
    for (int c = 0; c < NC; ++c) {
        float* o = out + static_cast<size_t>(c) * outColStride;
        _mm512_storeu_ps(o, accumulate ? _mm512_add_ps(_mm512_loadu_ps(o), acc[c]) : acc[c]);
    }
}

// Blocks ahead of the one in use that decode (one token) prefetches.
constexpr int64_t kPrefetchBlocks = 2;

template <int NC>
void tileQ4_Kx16(int64_t nb, const BlockQ4_Kx16* x, const BlockQ8_K* const* y, float* out,
                 size_t outColStride, bool accumulate) {
    const __m512i low4 = _mm512_set1_epi8(0x0F);
    const __m512i low6 = _mm512_set1_epi32(63);
    __m512 acc[NC];
    for (int c = 0; c < NC; ++c) acc[c] = _mm512_setzero_ps();
    for (int64_t i = 0; i < nb; ++i) {
        const BlockQ4_Kx16& b = x[i];
        if constexpr (NC == 1) {
            // Decode streams each weight once: ask for blocks well ahead, beyond what the
            // hardware prefetcher runs ahead on its own.
            const char* ahead = reinterpret_cast<const char*>(&x[i + kPrefetchBlocks]);
            for (int line = 0; line < static_cast<int>(sizeof(BlockQ4_Kx16)) / 64; ++line)
                _mm_prefetch(ahead + 64 * line, _MM_HINT_T0);
        }
        __m512i iacc[NC];
        for (int c = 0; c < NC; ++c) iacc[c] = _mm512_setzero_si512();
        for (int s = 0; s < 8; ++s) {
            __m512i isum[NC];
            for (int c = 0; c < NC; ++c) isum[c] = _mm512_setzero_si512();
            for (int h = 0; h < 4; ++h) {
                const __m512i packed = _mm512_loadu_si512(b.qs[s][h]);
                const __m512i lo = _mm512_and_si512(packed, low4);
                const __m512i hi = _mm512_and_si512(_mm512_srli_epi16(packed, 4), low4);
                for (int c = 0; c < NC; ++c) {
                    const int8_t* a = y[c][i].qs + 32 * s + 8 * h;
                    isum[c] = _mm512_dpbusd_epi32(isum[c], lo, broadcast4(a));
                    isum[c] = _mm512_dpbusd_epi32(isum[c], hi, broadcast4(a + 4));
                }
            }
            const __m512i sc = _mm512_and_si512(bytesToInt32(b.scales[s]), low6);
            for (int c = 0; c < NC; ++c) iacc[c] = _mm512_add_epi32(iacc[c], _mm512_mullo_epi32(isum[c], sc));
        }
        // Σ_s min_s · (sum of the 32 activation quants of sub-block s), two sub-blocks per
        // vpdpwssd: int16 lanes (min 2t, min 2t+1) of each row against the two 32-value sums.
        __m512i msum[NC];
        for (int c = 0; c < NC; ++c) msum[c] = _mm512_setzero_si512();
        alignas(16) int32_t sums32[NC][4];
        for (int c = 0; c < NC; ++c) {
            const __m128i* bs = reinterpret_cast<const __m128i*>(y[c][i].bsums);
            const __m128i ones = _mm_set1_epi16(1);
            _mm_store_si128(reinterpret_cast<__m128i*>(sums32[c]),
                            _mm_packs_epi32(_mm_madd_epi16(_mm_loadu_si128(bs), ones),
                                            _mm_madd_epi16(_mm_loadu_si128(bs + 1), ones)));
        }
        for (int t = 0; t < 4; ++t) {
            // Bits 0-1 of a min are bits 6-7 of its scale byte, bits 2-5 a nibble of minsHigh.
            const __m512i pairScales = _mm512_or_si512(
                bytesToInt32(b.scales[2 * t]), _mm512_slli_epi32(bytesToInt32(b.scales[2 * t + 1]), 16));
            const __m512i nibbles = _mm512_slli_epi32(bytesToInt32(b.minsHigh[t]), 2);
            const __m512i high = _mm512_and_si512(_mm512_or_si512(nibbles, _mm512_slli_epi32(nibbles, 12)),
                                                  _mm512_set1_epi32(0x003C003C));
            const __m512i mPair = _mm512_or_si512(
                high, _mm512_and_si512(_mm512_srli_epi32(pairScales, 6), _mm512_set1_epi32(0x00030003)));
            for (int c = 0; c < NC; ++c)
                msum[c] = _mm512_dpwssd_epi32(msum[c], mPair, _mm512_set1_epi32(sums32[c][t]));
        }
        const __m512 d = _mm512_cvtph_ps(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(b.d)));
        const __m512 dmin = _mm512_cvtph_ps(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(b.dmin)));
        for (int c = 0; c < NC; ++c) {
            const __m512 dy = _mm512_set1_ps(y[c][i].d);
            acc[c] = _mm512_fmadd_ps(_mm512_cvtepi32_ps(iacc[c]), _mm512_mul_ps(d, dy), acc[c]);
            acc[c] = _mm512_fnmadd_ps(_mm512_cvtepi32_ps(msum[c]), _mm512_mul_ps(dmin, dy), acc[c]);
        }
    }
    storeTile(acc, out, outColStride, accumulate);
}

template <int NC>
void tileQ6_Kx16(int64_t nb, const BlockQ6_Kx16* x, const BlockQ8_K* const* y, float* out,
                 size_t outColStride, bool accumulate) {
    const __m512i low2 = _mm512_set1_epi8(0x03);
    const __m512i low4 = _mm512_set1_epi8(0x0F);
    const __m512i low6 = _mm512_set1_epi8(0x3F);
    __m512 acc[NC];
    for (int c = 0; c < NC; ++c) acc[c] = _mm512_setzero_ps();
    for (int64_t i = 0; i < nb; ++i) {
        const BlockQ6_Kx16& b = x[i];
        if constexpr (NC == 1) {
            const char* ahead = reinterpret_cast<const char*>(&x[i + kPrefetchBlocks]);
            for (int line = 0; line < static_cast<int>(sizeof(BlockQ6_Kx16)) / 64; ++line)
                _mm_prefetch(ahead + 64 * line, _MM_HINT_T0);
        }
        __m512i iacc[NC], bias[NC];
        for (int c = 0; c < NC; ++c) iacc[c] = bias[c] = _mm512_setzero_si512();
        for (int t = 0; t < 8; ++t) {
            // int16 lanes (scale 2t, scale 2t+1) per row: the bias term of both sub-blocks in one
            // vpdpwssd against bsums[2t], bsums[2t+1]; each scale alone as int32 for the quants.
            const __m512i scPair =
                _mm512_cvtepi8_epi16(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(b.scales[t])));
            const __m512i sc[2] = {_mm512_srai_epi32(_mm512_slli_epi32(scPair, 16), 16),
                                   _mm512_srai_epi32(scPair, 16)};
            for (int c = 0; c < NC; ++c) {
                int32_t pair;
                std::memcpy(&pair, y[c][i].bsums + 2 * t, 4);
                bias[c] = _mm512_dpwssd_epi32(bias[c], scPair, _mm512_set1_epi32(pair));
            }
            for (int k = 0; k < 2; ++k) {
                const int s = 2 * t + k;
                const __m512i v0 = _mm512_loadu_si512(b.qs[s][0]);
                const __m512i v1 = _mm512_loadu_si512(b.qs[s][1]);
                const __m512i v2 = _mm512_loadu_si512(b.qs[s][2]);
                // The fourth quant vector gathers bits 6-7 of the three bytes (the shifts pull
                // the next byte's bits into the top, which the selects and the mask drop).
                const __m512i top01 = select(low2, _mm512_srli_epi16(v0, 6), _mm512_srli_epi16(v1, 4));
                const __m512i q[4] = {
                    _mm512_and_si512(v0, low6),
                    _mm512_and_si512(v1, low6),
                    _mm512_and_si512(v2, low6),
                    _mm512_and_si512(select(low4, top01, _mm512_srli_epi16(v2, 2)), low6),
                };
                for (int c = 0; c < NC; ++c) {
                    const int8_t* a = y[c][i].qs + 16 * s;
                    __m512i isum = _mm512_dpbusd_epi32(_mm512_setzero_si512(), q[0], broadcast4(a));
                    isum = _mm512_dpbusd_epi32(isum, q[1], broadcast4(a + 4));
                    isum = _mm512_dpbusd_epi32(isum, q[2], broadcast4(a + 8));
                    isum = _mm512_dpbusd_epi32(isum, q[3], broadcast4(a + 12));
                    iacc[c] = _mm512_add_epi32(iacc[c], _mm512_mullo_epi32(isum, sc[k]));
                }
            }
        }
        const __m512 d = _mm512_cvtph_ps(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(b.d)));
        for (int c = 0; c < NC; ++c) {
            // The quants are stored biased by 32.
            const __m512i sumi = _mm512_sub_epi32(iacc[c], _mm512_slli_epi32(bias[c], 5));
            acc[c] = _mm512_fmadd_ps(_mm512_cvtepi32_ps(sumi), _mm512_mul_ps(d, _mm512_set1_ps(y[c][i].d)),
                                     acc[c]);
        }
    }
    storeTile(acc, out, outColStride, accumulate);
}

// IQ4_XS: the nibbles index a 16-entry table of int8 levels. vpdpbusd wants unsigned weights, so
// the table holds level + 128 and each sub-block's sum loses 128 × its activation sum (from
// bsums), which keeps every product exact: Σ (L + 128)·a − 128·Σ a = Σ L·a.
template <int NC>
void tileIQ4_XSx16(int64_t nb, const BlockIQ4_XSx16* x, const BlockQ8_K* const* y, float* out,
                   size_t outColStride, bool accumulate) {
    const __m512i low4 = _mm512_set1_epi8(0x0F);
    const __m512i table = _mm512_broadcast_i32x4(_mm_xor_si128(
        _mm_loadu_si128(reinterpret_cast<const __m128i*>(grids::kIq4nlValues)), _mm_set1_epi8(-128)));
    __m512 acc[NC];
    for (int c = 0; c < NC; ++c) acc[c] = _mm512_setzero_ps();
    for (int64_t i = 0; i < nb; ++i) {
        const BlockIQ4_XSx16& b = x[i];
        if constexpr (NC == 1) {
            const char* ahead = reinterpret_cast<const char*>(&x[i + kPrefetchBlocks]);
            for (int line = 0; line < static_cast<int>(sizeof(BlockIQ4_XSx16)) / 64; ++line)
                _mm_prefetch(ahead + 64 * line, _MM_HINT_T0);
        }
        // 128 × the activation sum of each 32-value sub-block.
        int32_t offset[NC][8];
        for (int c = 0; c < NC; ++c)
            for (int s = 0; s < 8; ++s)
                offset[c][s] = 128 * (y[c][i].bsums[2 * s] + y[c][i].bsums[2 * s + 1]);
        __m512i iacc[NC];
        for (int c = 0; c < NC; ++c) iacc[c] = _mm512_setzero_si512();
        for (int s = 0; s < 8; ++s) {
            __m512i isum[NC];
            for (int c = 0; c < NC; ++c) isum[c] = _mm512_setzero_si512();
            for (int h = 0; h < 4; ++h) {
                const __m512i packed = _mm512_loadu_si512(b.qs[s][h]);
                const __m512i lo = _mm512_shuffle_epi8(table, _mm512_and_si512(packed, low4));
                const __m512i hi =
                    _mm512_shuffle_epi8(table, _mm512_and_si512(_mm512_srli_epi16(packed, 4), low4));
                for (int c = 0; c < NC; ++c) {
                    const int8_t* a = y[c][i].qs + 32 * s + 8 * h;
                    isum[c] = _mm512_dpbusd_epi32(isum[c], lo, broadcast4(a));
                    isum[c] = _mm512_dpbusd_epi32(isum[c], hi, broadcast4(a + 4));
                }
            }
            const __m512i lowBits = _mm512_srli_epi32(bytesToInt32(b.scalesLow[s / 2]), 4 * (s % 2));
            const __m512i highBits = _mm512_srli_epi32(bytesToInt32(b.scalesHigh[s / 4]), 2 * (s % 4));
            const __m512i sc = _mm512_sub_epi32(
                _mm512_or_si512(_mm512_and_si512(lowBits, _mm512_set1_epi32(0x0F)),
                                _mm512_slli_epi32(_mm512_and_si512(highBits, _mm512_set1_epi32(3)), 4)),
                _mm512_set1_epi32(32));
            for (int c = 0; c < NC; ++c)
                iacc[c] = _mm512_add_epi32(
                    iacc[c],
                    _mm512_mullo_epi32(_mm512_sub_epi32(isum[c], _mm512_set1_epi32(offset[c][s])), sc));
        }
        const __m512 d = _mm512_cvtph_ps(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(b.d)));
        for (int c = 0; c < NC; ++c)
            acc[c] = _mm512_fmadd_ps(_mm512_cvtepi32_ps(iacc[c]), _mm512_mul_ps(d, _mm512_set1_ps(y[c][i].d)),
                                     acc[c]);
    }
    storeTile(acc, out, outColStride, accumulate);
}

template <int NC>
void tileGroup(Type type, int64_t nb, const uint8_t* group, const BlockQ8_K* const* y, float* out,
               size_t outColStride, bool accumulate) {
    if (type == Type::Q4_K)
        tileQ4_Kx16<NC>(nb, reinterpret_cast<const BlockQ4_Kx16*>(group), y, out, outColStride, accumulate);
    else if (type == Type::IQ4_XS)
        tileIQ4_XSx16<NC>(nb, reinterpret_cast<const BlockIQ4_XSx16*>(group), y, out, outColStride,
                          accumulate);
    else
        tileQ6_Kx16<NC>(nb, reinterpret_cast<const BlockQ6_Kx16*>(group), y, out, outColStride, accumulate);
}

constexpr int kTileCols = 8;

using TileFn = void (*)(Type, int64_t, const uint8_t*, const BlockQ8_K* const*, float*, size_t, bool);
constexpr TileFn kTiles[kTileCols + 1] = {nullptr,      tileGroup<1>, tileGroup<2>,
                                          tileGroup<3>, tileGroup<4>, tileGroup<5>,
                                          tileGroup<6>, tileGroup<7>, tileGroup<8>};

#include "packed_dispatch.inc"

} // namespace

void packedTileAvx512(Type type, int64_t n, const void* groups, int nGroups, const void* act,
                      size_t actRowStride, int nCols, float* out, size_t outColStride, bool accumulate) {
    packedTileWalk(type, n, groups, nGroups, act, actRowStride, nCols, out, outColStride, accumulate);
}

} // namespace smoldesk::quant::cpu

#endif
