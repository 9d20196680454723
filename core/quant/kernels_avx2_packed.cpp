// AVX2 kernels for row-interleaved Q4_K/Q6_K/IQ4_XS groups (packed_formats.h) against Q8_K
// activations, for CPUs without AVX-512. Compiled with the AVX2 flags; reached only through
// the avx2 kernel table.
//
// A packed 64-byte register of 16 rows is two 32-byte halves of 8 rows each. Without VNNI,
// vpmaddubsw multiplies 4 quants per row lane with 4 broadcast activation bytes into two
// int16 pair sums; those are added in int16 while they cannot overflow (8 products for Q4_K:
// 8·2·15·127 < 2^15, 2 for Q6_K: 2·2·63·127 < 2^15), and vpmaddwd with the sub-block scale
// then widens to int32 and applies the scale in one instruction.
#include "quant/block_formats.h"
#include "quant/cpu_kernels.h"
#include "quant/iq_grids.h"
#include "quant/packed_formats.h"

#if defined(__x86_64__) && defined(__AVX2__) && defined(__FMA__) && defined(__F16C__)

#include <immintrin.h>

#include <cstring>

namespace smoldesk::quant::cpu {

namespace {

__m256i broadcast4(const int8_t* p) {
    int32_t v;
    std::memcpy(&v, p, 4);
    return _mm256_set1_epi32(v);
}

// Eight bytes widened to int32 lanes.
__m256i bytesToInt32(const uint8_t* p) {
    return _mm256_cvtepu8_epi32(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(p)));
}

// The low int16 of each int32 lane repeated in both halves (vpmaddwd against pair sums).
__m256i duplicateLow16(__m256i v) {
    return _mm256_or_si256(_mm256_and_si256(v, _mm256_set1_epi32(0xFFFF)), _mm256_slli_epi32(v, 16));
}

__m256 halfsToFloats8(const uint16_t* p) {
    return _mm256_cvtph_ps(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p)));
}

// pshufb controls turning the 16 scale bytes of a sub-block (one per row, broadcast to both
// 128-bit lanes) into int32 lanes holding the row's scale in both int16 halves: rows 0-7 for
// kScaleSpread[0] (rows 0-3 in the low lane, 4-7 in the high one), rows 8-15 for [1].
struct alignas(32) ScaleSpread {
    uint8_t bytes[2][32];
    constexpr ScaleSpread() : bytes{} {
        for (int half = 0; half < 2; ++half)
            for (int b = 0; b < 32; ++b) {
                const int row = 8 * half + 4 * (b / 16) + (b % 16) / 4;
                bytes[half][b] = (b % 2 == 0) ? static_cast<uint8_t>(row) : 0x80; // 0x80: a zero byte
            }
    }
};
constexpr ScaleSpread kScaleSpread;

__m256i scaleSpread(int half) {
    return _mm256_load_si256(reinterpret_cast<const __m256i*>(kScaleSpread.bytes[half]));
}

// The 6-bit mins of sub-block s of the 16 rows, one byte per row: bits 0-1 are the top bits of
// the scale bytes, bits 2-5 a nibble of minsHigh.
__m128i minsQ4_Kx16(const BlockQ4_Kx16& b, int s) {
    const __m128i sc = _mm_loadu_si128(reinterpret_cast<const __m128i*>(b.scales[s]));
    const __m128i mh = _mm_loadu_si128(reinterpret_cast<const __m128i*>(b.minsHigh[s / 2]));
    const __m128i low2 = _mm_and_si128(_mm_srli_epi16(sc, 6), _mm_set1_epi8(0x03));
    const __m128i high4 =
        _mm_and_si128(s % 2 == 0 ? _mm_slli_epi16(mh, 2) : _mm_srli_epi16(mh, 2), _mm_set1_epi8(0x3C));
    return _mm_or_si128(low2, high4);
}

// The sums of the activations of each 32-value sub-block of a Q8_K block, as 8 int16 (|sum| ≤ 32·127).
__m128i subBlockSums(const BlockQ8_K& y) {
    const __m256i sums32 = _mm256_madd_epi16(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(y.bsums)),
                                             _mm256_set1_epi16(1));
    return _mm_packs_epi32(_mm256_castsi256_si128(sums32), _mm256_extracti128_si256(sums32, 1));
}

// (sum 2t, sum 2t + 1) of subBlockSums in every int32 lane.
__m256i sumPair(__m128i sums16, int t) {
    // vpermd takes the lane from a register: t need not be a constant (a byte shift's count must
    // be one, which clang enforces even where GCC folds the loop index).
    return _mm256_permutevar8x32_epi32(_mm256_castsi128_si256(sums16), _mm256_set1_epi32(t));
}

// pshufb controls repeating int16 k (0: the scale of sub-block 2t, 1: of 2t+1) of each int32
// lane in both of its halves.
struct alignas(32) PairSpread {
    uint8_t bytes[2][32];
    constexpr PairSpread() : bytes{} {
        for (int k = 0; k < 2; ++k)
            for (int b = 0; b < 32; ++b) bytes[k][b] = static_cast<uint8_t>((b % 16) / 4 * 4 + 2 * k + b % 2);
    }
};
constexpr PairSpread kPairSpread;

__m256i pairSpread(int k) {
    return _mm256_load_si256(reinterpret_cast<const __m256i*>(kPairSpread.bytes[k]));
}

// One half (rows 8·half .. 8·half+7) of a packed group against NC tokens.
template <int NC>
void halfQ4_Kx16(int64_t nb, const BlockQ4_Kx16* x, int half, const BlockQ8_K* const* y, __m256 (&acc)[NC]) {
    const __m256i low4 = _mm256_set1_epi8(0x0F);
    const __m256i low6 = _mm256_set1_epi8(0x3F);
    const __m256i spread = scaleSpread(half);
    for (int64_t i = 0; i < nb; ++i) {
        const BlockQ4_Kx16& b = x[i];
        __m256i iacc[NC];
        for (int c = 0; c < NC; ++c) iacc[c] = _mm256_setzero_si256();
        for (int s = 0; s < 8; ++s) {
            __m256i isum16[NC];
            for (int c = 0; c < NC; ++c) isum16[c] = _mm256_setzero_si256();
            for (int h = 0; h < 4; ++h) {
                const __m256i packed =
                    _mm256_loadu_si256(reinterpret_cast<const __m256i*>(b.qs[s][h] + 32 * half));
                const __m256i lo = _mm256_and_si256(packed, low4);
                const __m256i hi = _mm256_and_si256(_mm256_srli_epi16(packed, 4), low4);
                for (int c = 0; c < NC; ++c) {
                    const int8_t* a = y[c][i].qs + 32 * s + 8 * h;
                    isum16[c] = _mm256_add_epi16(isum16[c], _mm256_maddubs_epi16(lo, broadcast4(a)));
                    isum16[c] = _mm256_add_epi16(isum16[c], _mm256_maddubs_epi16(hi, broadcast4(a + 4)));
                }
            }
            const __m256i sc =
                _mm256_shuffle_epi8(_mm256_and_si256(_mm256_broadcastsi128_si256(_mm_loadu_si128(
                                                         reinterpret_cast<const __m128i*>(b.scales[s]))),
                                                     low6),
                                    spread);
            for (int c = 0; c < NC; ++c)
                iacc[c] = _mm256_add_epi32(iacc[c], _mm256_madd_epi16(isum16[c], sc));
        }
        // The mins of two sub-blocks per vpmaddwd against their two 32-value activation sums.
        __m256i msum[NC];
        __m128i sums16[NC];
        for (int c = 0; c < NC; ++c) {
            msum[c] = _mm256_setzero_si256();
            sums16[c] = subBlockSums(y[c][i]);
        }
        for (int t = 0; t < 4; ++t) {
            const __m128i m0 = minsQ4_Kx16(b, 2 * t), m1 = minsQ4_Kx16(b, 2 * t + 1);
            const __m256i pairs =
                _mm256_cvtepu8_epi16(half == 0 ? _mm_unpacklo_epi8(m0, m1) : _mm_unpackhi_epi8(m0, m1));
            for (int c = 0; c < NC; ++c)
                msum[c] = _mm256_add_epi32(msum[c], _mm256_madd_epi16(pairs, sumPair(sums16[c], t)));
        }
        const __m256 d = halfsToFloats8(b.d + 8 * half);
        const __m256 dmin = halfsToFloats8(b.dmin + 8 * half);
        for (int c = 0; c < NC; ++c) {
            const __m256 dy = _mm256_set1_ps(y[c][i].d);
            acc[c] = _mm256_fmadd_ps(_mm256_cvtepi32_ps(iacc[c]), _mm256_mul_ps(d, dy), acc[c]);
            acc[c] = _mm256_fnmadd_ps(_mm256_cvtepi32_ps(msum[c]), _mm256_mul_ps(dmin, dy), acc[c]);
        }
    }
}

// Decode (one token): all 16 rows of a group in one pass, so each broadcast of four activation
// bytes serves both 8-row halves; the scales are spread to int16 pairs with one pshufb, and
// the mins of two sub-blocks go through one vpmaddwd against their two 32-value activation sums.
void decodeQ4_Kx16(int64_t nb, const BlockQ4_Kx16* x, const BlockQ8_K* y, __m256 (&acc)[2]) {
    const __m256i low4 = _mm256_set1_epi8(0x0F);
    const __m256i low6 = _mm256_set1_epi8(0x3F);
    const __m256i spread0 = scaleSpread(0), spread1 = scaleSpread(1);
    for (int64_t i = 0; i < nb; ++i) {
        const BlockQ4_Kx16& b = x[i];
        const int8_t* a = y[i].qs;
        __m256i iacc0 = _mm256_setzero_si256(), iacc1 = _mm256_setzero_si256();
        for (int s = 0; s < 8; ++s) {
            __m256i sum0 = _mm256_setzero_si256(), sum1 = _mm256_setzero_si256();
            for (int h = 0; h < 4; ++h) {
                const __m256i p0 = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(b.qs[s][h]));
                const __m256i p1 = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(b.qs[s][h] + 32));
                const __m256i aLo = broadcast4(a + 32 * s + 8 * h), aHi = broadcast4(a + 32 * s + 8 * h + 4);
                sum0 = _mm256_add_epi16(sum0, _mm256_maddubs_epi16(_mm256_and_si256(p0, low4), aLo));
                sum1 = _mm256_add_epi16(sum1, _mm256_maddubs_epi16(_mm256_and_si256(p1, low4), aLo));
                sum0 = _mm256_add_epi16(
                    sum0, _mm256_maddubs_epi16(_mm256_and_si256(_mm256_srli_epi16(p0, 4), low4), aHi));
                sum1 = _mm256_add_epi16(
                    sum1, _mm256_maddubs_epi16(_mm256_and_si256(_mm256_srli_epi16(p1, 4), low4), aHi));
            }
            const __m256i sc = _mm256_and_si256(
                _mm256_broadcastsi128_si256(_mm_loadu_si128(reinterpret_cast<const __m128i*>(b.scales[s]))),
                low6);
            iacc0 = _mm256_add_epi32(iacc0, _mm256_madd_epi16(sum0, _mm256_shuffle_epi8(sc, spread0)));
            iacc1 = _mm256_add_epi32(iacc1, _mm256_madd_epi16(sum1, _mm256_shuffle_epi8(sc, spread1)));
        }
        const __m128i sums16 = subBlockSums(y[i]);
        __m256i msum0 = _mm256_setzero_si256(), msum1 = _mm256_setzero_si256();
        for (int t = 0; t < 4; ++t) {
            const __m128i m0 = minsQ4_Kx16(b, 2 * t), m1 = minsQ4_Kx16(b, 2 * t + 1);
            // int32 lane r: (min of sub-block 2t, min of 2t+1) of row r.
            const __m256i pairs0 = _mm256_cvtepu8_epi16(_mm_unpacklo_epi8(m0, m1));
            const __m256i pairs1 = _mm256_cvtepu8_epi16(_mm_unpackhi_epi8(m0, m1));
            const __m256i sums = sumPair(sums16, t);
            msum0 = _mm256_add_epi32(msum0, _mm256_madd_epi16(pairs0, sums));
            msum1 = _mm256_add_epi32(msum1, _mm256_madd_epi16(pairs1, sums));
        }
        const __m256 dy = _mm256_set1_ps(y[i].d);
        const __m256 d0 = _mm256_mul_ps(halfsToFloats8(b.d), dy),
                     d1 = _mm256_mul_ps(halfsToFloats8(b.d + 8), dy);
        const __m256 m0 = _mm256_mul_ps(halfsToFloats8(b.dmin), dy);
        const __m256 m1 = _mm256_mul_ps(halfsToFloats8(b.dmin + 8), dy);
        acc[0] = _mm256_fmadd_ps(_mm256_cvtepi32_ps(iacc0), d0, acc[0]);
        acc[1] = _mm256_fmadd_ps(_mm256_cvtepi32_ps(iacc1), d1, acc[1]);
        acc[0] = _mm256_fnmadd_ps(_mm256_cvtepi32_ps(msum0), m0, acc[0]);
        acc[1] = _mm256_fnmadd_ps(_mm256_cvtepi32_ps(msum1), m1, acc[1]);
    }
}

template <int NC>
void halfQ6_Kx16(int64_t nb, const BlockQ6_Kx16* x, int half, const BlockQ8_K* const* y, __m256 (&acc)[NC]) {
    const __m256i low2 = _mm256_set1_epi8(0x03);
    const __m256i bits23 = _mm256_set1_epi8(0x0C);
    const __m256i bits45 = _mm256_set1_epi8(0x30);
    const __m256i low6 = _mm256_set1_epi8(0x3F);
    const __m256i spread0 = pairSpread(0), spread1 = pairSpread(1);
    for (int64_t i = 0; i < nb; ++i) {
        const BlockQ6_Kx16& b = x[i];
        __m256i iacc[NC], bias[NC];
        for (int c = 0; c < NC; ++c) iacc[c] = bias[c] = _mm256_setzero_si256();
        for (int t = 0; t < 8; ++t) {
            // int16 lanes (scale 2t, scale 2t+1) of each of the 8 rows.
            const __m256i scPair = _mm256_cvtepi8_epi16(
                _mm_loadu_si128(reinterpret_cast<const __m128i*>(b.scales[t][8 * half])));
            const __m256i sc[2] = {_mm256_shuffle_epi8(scPair, spread0),
                                   _mm256_shuffle_epi8(scPair, spread1)};
            for (int c = 0; c < NC; ++c) {
                int32_t pair;
                std::memcpy(&pair, y[c][i].bsums + 2 * t, 4);
                bias[c] = _mm256_add_epi32(bias[c], _mm256_madd_epi16(scPair, _mm256_set1_epi32(pair)));
            }
            for (int k = 0; k < 2; ++k) {
                const int s = 2 * t + k;
                const auto load = [&](int part) {
                    return _mm256_loadu_si256(reinterpret_cast<const __m256i*>(b.qs[s][part] + 32 * half));
                };
                const __m256i v0 = load(0), v1 = load(1), v2 = load(2);
                // The fourth quant vector gathers bits 6-7 of the three bytes.
                const __m256i top =
                    _mm256_or_si256(_mm256_or_si256(_mm256_and_si256(_mm256_srli_epi16(v0, 6), low2),
                                                    _mm256_and_si256(_mm256_srli_epi16(v1, 4), bits23)),
                                    _mm256_and_si256(_mm256_srli_epi16(v2, 2), bits45));
                const __m256i q[4] = {_mm256_and_si256(v0, low6), _mm256_and_si256(v1, low6),
                                      _mm256_and_si256(v2, low6), top};
                for (int c = 0; c < NC; ++c) {
                    const int8_t* a = y[c][i].qs + 16 * s;
                    const __m256i p01 = _mm256_add_epi16(_mm256_maddubs_epi16(q[0], broadcast4(a)),
                                                         _mm256_maddubs_epi16(q[1], broadcast4(a + 4)));
                    const __m256i p23 = _mm256_add_epi16(_mm256_maddubs_epi16(q[2], broadcast4(a + 8)),
                                                         _mm256_maddubs_epi16(q[3], broadcast4(a + 12)));
                    iacc[c] = _mm256_add_epi32(iacc[c], _mm256_add_epi32(_mm256_madd_epi16(p01, sc[k]),
                                                                         _mm256_madd_epi16(p23, sc[k])));
                }
            }
        }
        const __m256 d = halfsToFloats8(b.d + 8 * half);
        for (int c = 0; c < NC; ++c) {
            const __m256i sumi =
                _mm256_sub_epi32(iacc[c], _mm256_slli_epi32(bias[c], 5)); // quants biased by 32
            acc[c] = _mm256_fmadd_ps(_mm256_cvtepi32_ps(sumi), _mm256_mul_ps(d, _mm256_set1_ps(y[c][i].d)),
                                     acc[c]);
        }
    }
}

// Decode (one token) of a Q6_K group: all 16 rows in one pass, so the four activation broadcasts
// of each 16-value sub-block serve both 8-row halves.
void decodeQ6_Kx16(int64_t nb, const BlockQ6_Kx16* x, const BlockQ8_K* y, __m256 (&acc)[2]) {
    const __m256i low2 = _mm256_set1_epi8(0x03);
    const __m256i bits23 = _mm256_set1_epi8(0x0C);
    const __m256i bits45 = _mm256_set1_epi8(0x30);
    const __m256i low6 = _mm256_set1_epi8(0x3F);
    const __m256i spread[2] = {pairSpread(0), pairSpread(1)};
    for (int64_t i = 0; i < nb; ++i) {
        const BlockQ6_Kx16& b = x[i];
        __m256i iacc[2] = {_mm256_setzero_si256(), _mm256_setzero_si256()};
        __m256i bias[2] = {_mm256_setzero_si256(), _mm256_setzero_si256()};
        for (int t = 0; t < 8; ++t) {
            int32_t pair;
            std::memcpy(&pair, y[i].bsums + 2 * t, 4);
            const __m256i sums = _mm256_set1_epi32(pair);
            __m256i sc[2][2]; // [half][k]
            for (int half = 0; half < 2; ++half) {
                // int16 lanes (scale 2t, scale 2t+1) of each of the half's 8 rows.
                const __m256i scPair = _mm256_cvtepi8_epi16(
                    _mm_loadu_si128(reinterpret_cast<const __m128i*>(b.scales[t][8 * half])));
                bias[half] = _mm256_add_epi32(bias[half], _mm256_madd_epi16(scPair, sums));
                sc[half][0] = _mm256_shuffle_epi8(scPair, spread[0]);
                sc[half][1] = _mm256_shuffle_epi8(scPair, spread[1]);
            }
            for (int k = 0; k < 2; ++k) {
                const int s = 2 * t + k;
                const int8_t* a = y[i].qs + 16 * s;
                const __m256i a0 = broadcast4(a), a1 = broadcast4(a + 4), a2 = broadcast4(a + 8),
                              a3 = broadcast4(a + 12);
                for (int half = 0; half < 2; ++half) {
                    const auto load = [&](int part) {
                        return _mm256_loadu_si256(
                            reinterpret_cast<const __m256i*>(b.qs[s][part] + 32 * half));
                    };
                    const __m256i v0 = load(0), v1 = load(1), v2 = load(2);
                    // The fourth quant vector gathers bits 6-7 of the three bytes.
                    const __m256i top =
                        _mm256_or_si256(_mm256_or_si256(_mm256_and_si256(_mm256_srli_epi16(v0, 6), low2),
                                                        _mm256_and_si256(_mm256_srli_epi16(v1, 4), bits23)),
                                        _mm256_and_si256(_mm256_srli_epi16(v2, 2), bits45));
                    const __m256i p01 =
                        _mm256_add_epi16(_mm256_maddubs_epi16(_mm256_and_si256(v0, low6), a0),
                                         _mm256_maddubs_epi16(_mm256_and_si256(v1, low6), a1));
                    const __m256i p23 = _mm256_add_epi16(_mm256_maddubs_epi16(_mm256_and_si256(v2, low6), a2),
                                                         _mm256_maddubs_epi16(top, a3));
                    iacc[half] =
                        _mm256_add_epi32(iacc[half], _mm256_add_epi32(_mm256_madd_epi16(p01, sc[half][k]),
                                                                      _mm256_madd_epi16(p23, sc[half][k])));
                }
            }
        }
        const __m256 dy = _mm256_set1_ps(y[i].d);
        for (int half = 0; half < 2; ++half) {
            const __m256i sumi =
                _mm256_sub_epi32(iacc[half], _mm256_slli_epi32(bias[half], 5)); // quants biased by 32
            acc[half] = _mm256_fmadd_ps(_mm256_cvtepi32_ps(sumi),
                                        _mm256_mul_ps(halfsToFloats8(b.d + 8 * half), dy), acc[half]);
        }
    }
}

// IQ4_XS levels are signed (−127..113), so vpmaddubsw takes their magnitudes and the
// activations carry their signs; one pair sum (≤ 2·127·127) fits int16 but two may not, so each
// is widened with the sub-block scale at once.
template <int NC>
void halfIQ4_XSx16(int64_t nb, const BlockIQ4_XSx16* x, int half, const BlockQ8_K* const* y,
                   __m256 (&acc)[NC]) {
    const __m256i low4 = _mm256_set1_epi8(0x0F);
    const __m256i table =
        _mm256_broadcastsi128_si256(_mm_loadu_si128(reinterpret_cast<const __m128i*>(grids::kIq4nlValues)));
    for (int64_t i = 0; i < nb; ++i) {
        const BlockIQ4_XSx16& b = x[i];
        __m256i iacc[NC];
        for (int c = 0; c < NC; ++c) iacc[c] = _mm256_setzero_si256();
        for (int s = 0; s < 8; ++s) {
            const __m256i lowBits =
                _mm256_srli_epi32(bytesToInt32(b.scalesLow[s / 2] + 8 * half), 4 * (s % 2));
            const __m256i highBits =
                _mm256_srli_epi32(bytesToInt32(b.scalesHigh[s / 4] + 8 * half), 2 * (s % 4));
            const __m256i sc = duplicateLow16(_mm256_sub_epi32(
                _mm256_or_si256(_mm256_and_si256(lowBits, _mm256_set1_epi32(0x0F)),
                                _mm256_slli_epi32(_mm256_and_si256(highBits, _mm256_set1_epi32(3)), 4)),
                _mm256_set1_epi32(32)));
            for (int h = 0; h < 4; ++h) {
                const __m256i packed =
                    _mm256_loadu_si256(reinterpret_cast<const __m256i*>(b.qs[s][h] + 32 * half));
                const __m256i lo = _mm256_shuffle_epi8(table, _mm256_and_si256(packed, low4));
                const __m256i hi =
                    _mm256_shuffle_epi8(table, _mm256_and_si256(_mm256_srli_epi16(packed, 4), low4));
                const __m256i loAbs = _mm256_abs_epi8(lo), hiAbs = _mm256_abs_epi8(hi);
                for (int c = 0; c < NC; ++c) {
                    const int8_t* a = y[c][i].qs + 32 * s + 8 * h;
                    const __m256i pLo = _mm256_maddubs_epi16(loAbs, _mm256_sign_epi8(broadcast4(a), lo));
                    const __m256i pHi = _mm256_maddubs_epi16(hiAbs, _mm256_sign_epi8(broadcast4(a + 4), hi));
                    iacc[c] = _mm256_add_epi32(
                        iacc[c], _mm256_add_epi32(_mm256_madd_epi16(pLo, sc), _mm256_madd_epi16(pHi, sc)));
                }
            }
        }
        const __m256 d = halfsToFloats8(b.d + 8 * half);
        for (int c = 0; c < NC; ++c)
            acc[c] = _mm256_fmadd_ps(_mm256_cvtepi32_ps(iacc[c]), _mm256_mul_ps(d, _mm256_set1_ps(y[c][i].d)),
                                     acc[c]);
    }
}

// pshufb controls putting the signed scale byte of each row into the high byte of both int16
// halves of its int32 lane (rows 8·half + 0-3 in the low 128-bit lane, + 4-7 in the high one);
// an arithmetic shift right by 8 then sign-extends it.
struct alignas(32) SignedSpread {
    uint8_t bytes[2][32];
    constexpr SignedSpread() : bytes{} {
        for (int half = 0; half < 2; ++half)
            for (int b = 0; b < 32; ++b) {
                const int row = 8 * half + 4 * (b / 16) + (b % 16) / 4;
                bytes[half][b] = (b % 2 == 1) ? static_cast<uint8_t>(row) : 0x80;
            }
    }
};
constexpr SignedSpread kSignedSpread;

// The scales of sub-block s of the 16 rows of an IQ4_XS group, minus 32, one signed byte per row.
// (16-bit shifts move bits across bytes only into positions the masks clear.)
__m128i scalesIQ4_XSx16(const BlockIQ4_XSx16& b, int s) {
    const __m128i lowBytes = _mm_loadu_si128(reinterpret_cast<const __m128i*>(b.scalesLow[s / 2]));
    const __m128i highBytes = _mm_loadu_si128(reinterpret_cast<const __m128i*>(b.scalesHigh[s / 4]));
    const __m128i low =
        _mm_and_si128(s % 2 == 0 ? lowBytes : _mm_srli_epi16(lowBytes, 4), _mm_set1_epi8(0x0F));
    // Bits 2·(s % 4) and up of the high bytes moved to bits 4-5.
    const int shift = 2 * (s % 4);
    const __m128i moved = shift < 4    ? _mm_slli_epi16(highBytes, 4 - shift)
                          : shift == 4 ? highBytes
                                       : _mm_srli_epi16(highBytes, 2);
    return _mm_sub_epi8(_mm_or_si128(low, _mm_and_si128(moved, _mm_set1_epi8(0x30))), _mm_set1_epi8(32));
}

// Decode (one token) of an IQ4_XS group: all 16 rows per pass, so each activation broadcast
// serves both halves, and each sub-block's scales are unpacked once for the 16 rows.
void decodeIQ4_XSx16(int64_t nb, const BlockIQ4_XSx16* x, const BlockQ8_K* y, __m256 (&acc)[2]) {
    const __m256i low4 = _mm256_set1_epi8(0x0F);
    const __m256i table =
        _mm256_broadcastsi128_si256(_mm_loadu_si128(reinterpret_cast<const __m128i*>(grids::kIq4nlValues)));
    const __m256i spread[2] = {_mm256_load_si256(reinterpret_cast<const __m256i*>(kSignedSpread.bytes[0])),
                               _mm256_load_si256(reinterpret_cast<const __m256i*>(kSignedSpread.bytes[1]))};
    for (int64_t i = 0; i < nb; ++i) {
        const BlockIQ4_XSx16& b = x[i];
        __m256i iacc[2] = {_mm256_setzero_si256(), _mm256_setzero_si256()};
        for (int s = 0; s < 8; ++s) {
            const __m256i scales = _mm256_broadcastsi128_si256(scalesIQ4_XSx16(b, s));
            const __m256i sc[2] = {_mm256_srai_epi16(_mm256_shuffle_epi8(scales, spread[0]), 8),
                                   _mm256_srai_epi16(_mm256_shuffle_epi8(scales, spread[1]), 8)};
            for (int h = 0; h < 4; ++h) {
                const int8_t* a = y[i].qs + 32 * s + 8 * h;
                const __m256i aLo = broadcast4(a), aHi = broadcast4(a + 4);
                for (int half = 0; half < 2; ++half) {
                    const __m256i packed =
                        _mm256_loadu_si256(reinterpret_cast<const __m256i*>(b.qs[s][h] + 32 * half));
                    const __m256i lo = _mm256_shuffle_epi8(table, _mm256_and_si256(packed, low4));
                    const __m256i hi =
                        _mm256_shuffle_epi8(table, _mm256_and_si256(_mm256_srli_epi16(packed, 4), low4));
                    const __m256i pLo = _mm256_maddubs_epi16(_mm256_abs_epi8(lo), _mm256_sign_epi8(aLo, lo));
                    const __m256i pHi = _mm256_maddubs_epi16(_mm256_abs_epi8(hi), _mm256_sign_epi8(aHi, hi));
                    iacc[half] =
                        _mm256_add_epi32(iacc[half], _mm256_add_epi32(_mm256_madd_epi16(pLo, sc[half]),
                                                                      _mm256_madd_epi16(pHi, sc[half])));
                }
            }
        }
        const __m256 dy = _mm256_set1_ps(y[i].d);
        for (int half = 0; half < 2; ++half)
            acc[half] = _mm256_fmadd_ps(_mm256_cvtepi32_ps(iacc[half]),
                                        _mm256_mul_ps(halfsToFloats8(b.d + 8 * half), dy), acc[half]);
    }
}

template <int NC>
void tileGroup(Type type, int64_t nb, const uint8_t* group, const BlockQ8_K* const* y, float* out,
               size_t outColStride, bool accumulate) {
    if constexpr (NC == 1) {
        {
            __m256 acc[2] = {_mm256_setzero_ps(), _mm256_setzero_ps()};
            if (type == Type::Q4_K)
                decodeQ4_Kx16(nb, reinterpret_cast<const BlockQ4_Kx16*>(group), y[0], acc);
            else if (type == Type::IQ4_XS)
                decodeIQ4_XSx16(nb, reinterpret_cast<const BlockIQ4_XSx16*>(group), y[0], acc);
            else
                decodeQ6_Kx16(nb, reinterpret_cast<const BlockQ6_Kx16*>(group), y[0], acc);
            for (int half = 0; half < 2; ++half) {
                float* o = out + 8 * half;
                _mm256_storeu_ps(o, accumulate ? _mm256_add_ps(_mm256_loadu_ps(o), acc[half]) : acc[half]);
            }
            return;
        }
    }
    for (int half = 0; half < 2; ++half) {
        __m256 acc[NC];
        for (int c = 0; c < NC; ++c) acc[c] = _mm256_setzero_ps();
        if (type == Type::Q4_K)
            halfQ4_Kx16<NC>(nb, reinterpret_cast<const BlockQ4_Kx16*>(group), half, y, acc);
        else if (type == Type::IQ4_XS)
            halfIQ4_XSx16<NC>(nb, reinterpret_cast<const BlockIQ4_XSx16*>(group), half, y, acc);
        else
            halfQ6_Kx16<NC>(nb, reinterpret_cast<const BlockQ6_Kx16*>(group), half, y, acc);
        for (int c = 0; c < NC; ++c) {
            float* o = out + static_cast<size_t>(c) * outColStride + 8 * half;
            _mm256_storeu_ps(o, accumulate ? _mm256_add_ps(_mm256_loadu_ps(o), acc[c]) : acc[c]);
        }
    }
}

constexpr int kTileCols = 4;
using TileFn = void (*)(Type, int64_t, const uint8_t*, const BlockQ8_K* const*, float*, size_t, bool);
constexpr TileFn kTiles[kTileCols + 1] = {nullptr, tileGroup<1>, tileGroup<2>, tileGroup<3>, tileGroup<4>};

#include "packed_dispatch.inc"

} // namespace

void packedTileAvx2(Type type, int64_t n, const void* groups, int nGroups, const void* act,
                    size_t actRowStride, int nCols, float* out, size_t outColStride, bool accumulate) {
    packedTileWalk(type, n, groups, nGroups, act, actRowStride, nCols, out, outColStride, accumulate);
}

} // namespace smoldesk::quant::cpu

#endif
