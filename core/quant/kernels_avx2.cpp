// AVX2 + FMA + F16C kernels. Compiled with those -m flags; only called after cpuid says so.
// Everything here has internal linkage and uses no inline function shared with baseline code.
#include "quant/block_formats.h"
#include "quant/cpu_kernels.h"
#include "quant/iq_grids.h"
#include "quant/type_kernels.h"

#if defined(__x86_64__) && defined(__AVX2__) && defined(__FMA__) && defined(__F16C__)

#include <immintrin.h>

#include <cmath>
#include <cstring>
#include <type_traits>

namespace smoldesk::quant::cpu {

namespace {

float halfToFloat(uint16_t h) {
    return _cvtsh_ss(h);
}

float hsum(__m256 v) {
    __m128 s = _mm_add_ps(_mm256_castps256_ps128(v), _mm256_extractf128_ps(v, 1));
    s = _mm_add_ps(s, _mm_movehl_ps(s, s));
    s = _mm_add_ss(s, _mm_movehdup_ps(s));
    return _mm_cvtss_f32(s);
}

// ---- f32 / f16 / bf16 weights against f32 activations ----

template <typename Load8>
float dotWide(int64_t n, Load8 load8, float (*loadOne)(const void*, int64_t), const void* w, const float* a) {
    __m256 acc[4] = {_mm256_setzero_ps(), _mm256_setzero_ps(), _mm256_setzero_ps(), _mm256_setzero_ps()};
    int64_t i = 0;
    for (; i + 32 <= n; i += 32)
        for (int k = 0; k < 4; ++k)
            acc[k] = _mm256_fmadd_ps(load8(i + 8 * k), _mm256_loadu_ps(a + i + 8 * k), acc[k]);
    for (; i + 8 <= n; i += 8) acc[0] = _mm256_fmadd_ps(load8(i), _mm256_loadu_ps(a + i), acc[0]);
    float sum = hsum(_mm256_add_ps(_mm256_add_ps(acc[0], acc[1]), _mm256_add_ps(acc[2], acc[3])));
    for (; i < n; ++i) sum += loadOne(w, i) * a[i];
    return sum;
}

float dotF32(int64_t n, const void* w, const void* act) {
    const float* x = static_cast<const float*>(w);
    return dotWide(
        n, [x](int64_t i) { return _mm256_loadu_ps(x + i); },
        [](const void* p, int64_t i) { return static_cast<const float*>(p)[i]; }, w,
        static_cast<const float*>(act));
}

float dotF16(int64_t n, const void* w, const void* act) {
    const uint16_t* x = static_cast<const uint16_t*>(w);
    return dotWide(
        n,
        [x](int64_t i) { return _mm256_cvtph_ps(_mm_loadu_si128(reinterpret_cast<const __m128i*>(x + i))); },
        [](const void* p, int64_t i) { return halfToFloat(static_cast<const uint16_t*>(p)[i]); }, w,
        static_cast<const float*>(act));
}

float dotBF16(int64_t n, const void* w, const void* act) {
    const uint16_t* x = static_cast<const uint16_t*>(w);
    return dotWide(
        n,
        [x](int64_t i) {
            const __m256i wide =
                _mm256_cvtepu16_epi32(_mm_loadu_si128(reinterpret_cast<const __m128i*>(x + i)));
            return _mm256_castsi256_ps(_mm256_slli_epi32(wide, 16));
        },
        [](const void* p, int64_t i) {
            const uint32_t bits = static_cast<uint32_t>(static_cast<const uint16_t*>(p)[i]) << 16;
            float f;
            std::memcpy(&f, &bits, 4);
            return f;
        },
        w, static_cast<const float*>(act));
}

// ---- Q8_0 x Q8_0 ----

float dotQ8_0(int64_t n, const void* w, const void* act) {
    const auto* x = static_cast<const BlockQ8_0*>(w);
    const auto* y = static_cast<const BlockQ8_0*>(act);
    const __m256i ones16 = _mm256_set1_epi16(1);
    __m256 acc = _mm256_setzero_ps();
    for (int64_t i = 0; i < n / kQK32; ++i) {
        const __m256i qx = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(x[i].qs));
        const __m256i qy = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(y[i].qs));
        // maddubs wants unsigned x signed: move the sign of x onto y.
        const __m256i p16 = _mm256_maddubs_epi16(_mm256_sign_epi8(qx, qx), _mm256_sign_epi8(qy, qx));
        const __m256 p = _mm256_cvtepi32_ps(_mm256_madd_epi16(p16, ones16));
        acc = _mm256_fmadd_ps(p, _mm256_set1_ps(halfToFloat(x[i].d) * halfToFloat(y[i].d)), acc);
    }
    return hsum(acc);
}

// ---- Q4_K and Q5_K x Q8_K ----

// The eight 6-bit scales (bytes 0..7 of the result) and mins (bytes 8..15) of a Q4_K/Q5_K block.
__m128i unpackScalesMinsK4(const uint8_t* s) {
    uint32_t u[3];
    std::memcpy(u, s, 12);
    const uint32_t m6 = 0x3f3f3f3f, m4 = 0x0f0f0f0f, m2 = 0x03030303;
    const uint32_t scLo = u[0] & m6, mnLo = u[1] & m6;
    const uint32_t scHi = (u[2] & m4) | (((u[0] >> 6) & m2) << 4);
    const uint32_t mnHi = ((u[2] >> 4) & m4) | (((u[1] >> 6) & m2) << 4);
    return _mm_set_epi32(static_cast<int>(mnHi), static_cast<int>(mnLo), static_cast<int>(scHi),
                         static_cast<int>(scLo));
}

// Byte shuffles broadcasting 16-bit lane j (0..7) of each 128-bit half. A constexpr table, not
// a constructor: nothing in this file may run before the CPU check.
struct alignas(32) WordShuffles {
    uint8_t bytes[8][32];
    constexpr WordShuffles() : bytes{} {
        for (int j = 0; j < 8; ++j)
            for (int b = 0; b < 32; ++b) bytes[j][b] = static_cast<uint8_t>(2 * j + (b & 1));
    }
};
constexpr WordShuffles kWordShuffles;

__m256i wordShuffle(int j) {
    return _mm256_load_si256(reinterpret_cast<const __m256i*>(kWordShuffles.bytes[j]));
}

// Dot of NC activation rows with one weight row; out[c] for c < NC. The weights of each
// 64-value chunk are unpacked once and used for all NC columns. Q5_K is Q4_K plus a fifth bit
// per value: bit 2j of qh[l] for value l of chunk j's low nibbles, bit 2j+1 for its high ones.
template <int NC, typename Block>
void tileQ45_K(int64_t nb, const Block* x, const BlockQ8_K* const* y, float* out) {
    constexpr bool kFive = std::is_same_v<Block, BlockQ5_K>;
    const __m256i low4 = _mm256_set1_epi8(0x0F);
    const __m256i bit0 = _mm256_set1_epi8(0x01);
    __m256 acc[NC], accMin[NC];
    for (int c = 0; c < NC; ++c) acc[c] = accMin[c] = _mm256_setzero_ps();
    for (int64_t i = 0; i < nb; ++i) {
        const __m128i scMn = unpackScalesMinsK4(x[i].scales);
        const __m256i sc16 = _mm256_broadcastsi128_si256(_mm_cvtepu8_epi16(scMn));
        const __m256i mins16 = _mm256_cvtepu8_epi16(_mm_unpackhi_epi8(scMn, scMn)); // m0 m0 m1 m1 ...
        const float d = halfToFloat(x[i].d), dmin = halfToFloat(x[i].dmin);
        __m256i sumi[NC];
        for (int c = 0; c < NC; ++c) sumi[c] = _mm256_setzero_si256();
        __m256i qh = _mm256_setzero_si256();
        if constexpr (kFive) qh = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(x[i].qh));
        for (int j = 0; j < 4; ++j) {
            const __m256i q4 = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(x[i].qs + 32 * j));
            __m256i lo = _mm256_and_si256(q4, low4);
            __m256i hi = _mm256_and_si256(_mm256_srli_epi16(q4, 4), low4);
            if constexpr (kFive) {
                // Each byte keeps only its own bit 2j (2j+1), moved to bit 4: the value's 16.
                lo = _mm256_or_si256(
                    lo, _mm256_slli_epi16(_mm256_and_si256(_mm256_srli_epi16(qh, 2 * j), bit0), 4));
                hi = _mm256_or_si256(
                    hi, _mm256_slli_epi16(_mm256_and_si256(_mm256_srli_epi16(qh, 2 * j + 1), bit0), 4));
            }
            const __m256i scLo = _mm256_shuffle_epi8(sc16, wordShuffle(2 * j));
            const __m256i scHi = _mm256_shuffle_epi8(sc16, wordShuffle(2 * j + 1));
            for (int c = 0; c < NC; ++c) {
                const int8_t* a = y[c][i].qs + 64 * j;
                const __m256i pLo =
                    _mm256_maddubs_epi16(lo, _mm256_loadu_si256(reinterpret_cast<const __m256i*>(a)));
                const __m256i pHi =
                    _mm256_maddubs_epi16(hi, _mm256_loadu_si256(reinterpret_cast<const __m256i*>(a + 32)));
                sumi[c] = _mm256_add_epi32(
                    sumi[c], _mm256_add_epi32(_mm256_madd_epi16(pLo, scLo), _mm256_madd_epi16(pHi, scHi)));
            }
        }
        for (int c = 0; c < NC; ++c) {
            const __m256i bsums = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(y[c][i].bsums));
            const __m256i mins = _mm256_madd_epi16(bsums, mins16);
            acc[c] = _mm256_fmadd_ps(_mm256_cvtepi32_ps(sumi[c]), _mm256_set1_ps(d * y[c][i].d), acc[c]);
            accMin[c] =
                _mm256_fmadd_ps(_mm256_cvtepi32_ps(mins), _mm256_set1_ps(dmin * y[c][i].d), accMin[c]);
        }
    }
    for (int c = 0; c < NC; ++c) out[c] = hsum(acc[c]) - hsum(accMin[c]);
}

// ---- Q6_K x Q8_K ----

// Byte shuffles giving 8 copies of byte k then 8 copies of byte k+1 (k even).
struct alignas(16) PairShuffles {
    uint8_t bytes[16][16];
    constexpr PairShuffles() : bytes{} {
        for (int k = 0; k < 16; ++k)
            for (int b = 0; b < 16; ++b) bytes[k][b] = static_cast<uint8_t>(k + (b >= 8 ? 1 : 0));
    }
};
constexpr PairShuffles kPairShuffles;

__m128i pairShuffle(int k) {
    return _mm_load_si128(reinterpret_cast<const __m128i*>(kPairShuffles.bytes[k]));
}

template <int NC> void tileQ6_K(int64_t nb, const BlockQ6_K* x, const BlockQ8_K* const* y, float* out) {
    const __m256i low4 = _mm256_set1_epi8(0x0F);
    const __m256i bits45 = _mm256_set1_epi8(0x30);
    __m256 acc[NC];
    for (int c = 0; c < NC; ++c) acc[c] = _mm256_setzero_ps();
    for (int64_t i = 0; i < nb; ++i) {
        const __m128i scales = _mm_loadu_si128(reinterpret_cast<const __m128i*>(x[i].scales));
        const __m256i sc16 = _mm256_cvtepi8_epi16(scales);
        const float d = halfToFloat(x[i].d);
        __m256i sumi[NC];
        for (int c = 0; c < NC; ++c) {
            // The quants are stored biased by 32: subtract 32·Σ scale·(sum of 16 activations).
            const __m256i bsums = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(y[c][i].bsums));
            sumi[c] = _mm256_slli_epi32(_mm256_madd_epi16(bsums, sc16), 5);
            sumi[c] = _mm256_sub_epi32(_mm256_setzero_si256(), sumi[c]);
        }
        for (int half = 0; half < 2; ++half) {
            const uint8_t* ql = x[i].ql + 64 * half;
            const __m256i l0 = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(ql));
            const __m256i l1 = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(ql + 32));
            const __m256i h = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(x[i].qh + 32 * half));
            const __m256i q[4] = {
                _mm256_or_si256(_mm256_and_si256(l0, low4),
                                _mm256_and_si256(_mm256_slli_epi16(h, 4), bits45)),
                _mm256_or_si256(_mm256_and_si256(l1, low4),
                                _mm256_and_si256(_mm256_slli_epi16(h, 2), bits45)),
                _mm256_or_si256(_mm256_and_si256(_mm256_srli_epi16(l0, 4), low4),
                                _mm256_and_si256(h, bits45)),
                _mm256_or_si256(_mm256_and_si256(_mm256_srli_epi16(l1, 4), low4),
                                _mm256_and_si256(_mm256_srli_epi16(h, 2), bits45)),
            };
            for (int k = 0; k < 4; ++k) {
                const __m256i sc =
                    _mm256_cvtepi8_epi16(_mm_shuffle_epi8(scales, pairShuffle(8 * half + 2 * k)));
                for (int c = 0; c < NC; ++c) {
                    const int8_t* a = y[c][i].qs + 128 * half + 32 * k;
                    const __m256i p =
                        _mm256_maddubs_epi16(q[k], _mm256_loadu_si256(reinterpret_cast<const __m256i*>(a)));
                    sumi[c] = _mm256_add_epi32(sumi[c], _mm256_madd_epi16(p, sc));
                }
            }
        }
        for (int c = 0; c < NC; ++c)
            acc[c] = _mm256_fmadd_ps(_mm256_cvtepi32_ps(sumi[c]), _mm256_set1_ps(d * y[c][i].d), acc[c]);
    }
    for (int c = 0; c < NC; ++c) out[c] = hsum(acc[c]);
}

// ---- dispatch ----

// ---- decoded types (decoded_dot.inc) ----

int hsumI32(__m256i v) {
    const __m128i s = _mm_add_epi32(_mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1));
    const __m128i s2 = _mm_add_epi32(s, _mm_shuffle_epi32(s, 0x4E));
    return _mm_cvtsi128_si32(_mm_add_epi32(s2, _mm_shuffle_epi32(s2, 0xB1)));
}

// 16 int16 sums of byte pairs q·y: maddubs wants unsigned x signed, so q's sign moves onto y.
__m256i pairSums(const int8_t* q, const int8_t* y) {
    const __m256i qv = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(q));
    const __m256i yv = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(y));
    return _mm256_maddubs_epi16(_mm256_sign_epi8(qv, qv), _mm256_sign_epi8(yv, qv));
}

int dotScaled256(const Decoded256& dec, const int8_t* y) {
    __m256i acc = _mm256_setzero_si256();
    for (int j = 0; j < 8; ++j) {
        // int16 lanes 0..7 come from sub-block 2j, lanes 8..15 from 2j+1.
        const __m256i scales =
            _mm256_set_m128i(_mm_set1_epi16(dec.scale[2 * j + 1]), _mm_set1_epi16(dec.scale[2 * j]));
        acc = _mm256_add_epi32(acc, _mm256_madd_epi16(pairSums(dec.q + 32 * j, y + 32 * j), scales));
    }
    return hsumI32(acc);
}

int dotI8x32(const int8_t* q, const int8_t* y) {
    return hsumI32(_mm256_madd_epi16(pairSums(q, y), _mm256_set1_epi16(1)));
}

#include "nibble_decode.inc"

// The fused decode kernels of the grid types (kernels_avx2_grid.cpp, kernels_avx2_iq1.cpp) and
// the ternary types (kernels_avx2_ternary.cpp).
DotFn isaFusedDot(const TypeRow& row) {
    switch (row.info.type) {
    case Type::IQ2_XXS:
        return dotIQ2_XXSAvx2;
    case Type::IQ2_XS:
        return dotIQ2_XSAvx2;
    case Type::IQ2_S:
        return dotIQ2_SAvx2;
    case Type::IQ3_XXS:
        return dotIQ3_XXSAvx2;
    case Type::IQ3_S:
        return dotIQ3_SAvx2;
    case Type::IQ1_S:
        return dotIQ1_SAvx2;
    case Type::IQ1_M:
        return dotIQ1_MAvx2;
    case Type::TQ1_0:
        return dotTQ1_0Avx2;
    case Type::TQ2_0:
        return dotTQ2_0Avx2;
    default:
        return nullptr;
    }
}

// Prompt tiles through decoded groups of 8 rows (kernels_avx2_decoded.cpp).
int wideTileDecoded(const TypeRow& row, int64_t n, const void* w, size_t wRowStride, int nRows,
                    const void* act, size_t actRowStride, int nCols, float* out, size_t outColStride) {
    if (nCols < 2) return 0;
    if (row.decode32 || row.info.type == Type::Q8_0)
        return decodedGroup32TileAvx2(row.info.type, n, w, wRowStride, nRows, act, actRowStride, nCols, out,
                                      outColStride);
    if (!row.decode256) return 0;
    // IQ4_XS's levels reach ±127 (the others' ±63), too wide for activations flipped to unsigned.
    return decodedGroupTileAvx2(isaDecode256(row), row.info.type == Type::IQ4_XS, row.info.blockBytes, n, w,
                                wRowStride, nRows, act, actRowStride, nCols, out, outColStride);
}

// MXFP4 rows against one token (kernels_avx2_mxfp4.cpp); every other row goes through vecDot.
bool isaDotRows(Type type, int64_t n, const void* w, size_t wRowStride, int nRows, const void* act,
                float* out) {
    if (type != Type::MXFP4 || nRows < 2) return false;
    dotRowsMXFP4Avx2(n, w, wRowStride, nRows, act, out);
    return true;
}

#include "decoded_dot.inc"

#include "mxfp4_dot.inc"

// ---- the f16/bf16 prompt tile (float_tile.inc) with this ISA's traits ----
#include "float_tile_avx2.inc"

#include "kernels_dispatch.inc"

// ---- activation quantizers (same bytes as the scalar ones) ----

// roundf semantics (half away from zero), exactly: trunc, then step away when |frac| >= 0.5.
__m256 roundHalfAway(__m256 v) {
    const __m256 signBit = _mm256_set1_ps(-0.0f);
    const __m256 t = _mm256_round_ps(v, _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC);
    const __m256 frac = _mm256_andnot_ps(signBit, _mm256_sub_ps(v, t));
    const __m256 away = _mm256_or_ps(_mm256_and_ps(v, signBit), _mm256_set1_ps(1.0f));
    const __m256 step = _mm256_and_ps(_mm256_cmp_ps(frac, _mm256_set1_ps(0.5f), _CMP_GE_OQ), away);
    return _mm256_add_ps(t, step);
}

float absMax(const float* x, int n) {
    const __m256 signBit = _mm256_set1_ps(-0.0f);
    __m256 m = _mm256_setzero_ps();
    for (int j = 0; j < n; j += 8) m = _mm256_max_ps(m, _mm256_andnot_ps(signBit, _mm256_loadu_ps(x + j)));
    __m128 s = _mm_max_ps(_mm256_castps256_ps128(m), _mm256_extractf128_ps(m, 1));
    s = _mm_max_ps(s, _mm_movehl_ps(s, s));
    s = _mm_max_ss(s, _mm_movehdup_ps(s));
    return _mm_cvtss_f32(s);
}

// 32 floats times id, rounded and clamped to [-127, 127], stored as 32 int8.
void quantize32(const float* x, float id, int8_t* q) {
    const __m256 vid = _mm256_set1_ps(id);
    const __m256 lim = _mm256_set1_ps(127.0f), neg = _mm256_set1_ps(-127.0f);
    __m256i i32[4];
    for (int k = 0; k < 4; ++k) {
        __m256 v = roundHalfAway(_mm256_mul_ps(_mm256_loadu_ps(x + 8 * k), vid));
        v = _mm256_min_ps(_mm256_max_ps(v, neg), lim);
        i32[k] = _mm256_cvttps_epi32(v);
    }
    const __m256i p =
        _mm256_packs_epi16(_mm256_packs_epi32(i32[0], i32[1]), _mm256_packs_epi32(i32[2], i32[3]));
    const __m256i ordered = _mm256_permutevar8x32_epi32(p, _mm256_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7));
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(q), ordered);
}

void quantizeQ8_0(const float* x, void* dst, int64_t n) {
    auto* y = static_cast<BlockQ8_0*>(dst);
    for (int64_t i = 0; i < n / kQK32; ++i, x += kQK32) {
        const float d = absMax(x, kQK32) / 127.0f;
        const float id = d != 0.0f ? 1.0f / d : 0.0f;
        y[i].d = static_cast<uint16_t>(_cvtss_sh(d, _MM_FROUND_TO_NEAREST_INT));
        int8_t q[kQK32];
        quantize32(x, id, q);
        std::memcpy(y[i].qs, q, kQK32);
    }
}

void quantizeQ8_K(const float* x, void* dst, int64_t n) {
    auto* y = static_cast<BlockQ8_K*>(dst);
    const __m256i ones8 = _mm256_set1_epi8(1);
    const __m256i ones16 = _mm256_set1_epi16(1);
    for (int64_t i = 0; i < n / kQK256; ++i, x += kQK256) {
        const float d = absMax(x, kQK256) / 127.0f;
        const float id = d != 0.0f ? 1.0f / d : 0.0f;
        y[i].d = d;
        for (int j = 0; j < kQK256 / 32; ++j) {
            quantize32(x + 32 * j, id, y[i].qs + 32 * j);
            const __m256i q = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(y[i].qs + 32 * j));
            // Sums of 4 consecutive quants, then of 16.
            const __m256i s4 = _mm256_madd_epi16(_mm256_maddubs_epi16(ones8, q), ones16);
            const __m128i s8 = _mm_hadd_epi32(_mm256_castsi256_si128(s4), _mm256_extracti128_si256(s4, 1));
            const __m128i s16 = _mm_hadd_epi32(s8, s8); // [0..15], [16..31], repeated
            y[i].bsums[2 * j] = static_cast<int16_t>(_mm_cvtsi128_si32(s16));
            y[i].bsums[2 * j + 1] = static_cast<int16_t>(_mm_extract_epi32(s16, 1));
        }
    }
}

uint64_t readStream(const void* p, size_t n) {
    const auto* b = static_cast<const uint8_t*>(p);
    __m256i x0 = _mm256_setzero_si256(), x1 = x0, x2 = x0, x3 = x0;
    for (size_t i = 0; i + 128 <= n; i += 128) {
        x0 = _mm256_xor_si256(x0, _mm256_loadu_si256(reinterpret_cast<const __m256i*>(b + i)));
        x1 = _mm256_xor_si256(x1, _mm256_loadu_si256(reinterpret_cast<const __m256i*>(b + i + 32)));
        x2 = _mm256_xor_si256(x2, _mm256_loadu_si256(reinterpret_cast<const __m256i*>(b + i + 64)));
        x3 = _mm256_xor_si256(x3, _mm256_loadu_si256(reinterpret_cast<const __m256i*>(b + i + 96)));
    }
    const __m256i x = _mm256_xor_si256(_mm256_xor_si256(x0, x1), _mm256_xor_si256(x2, x3));
    return static_cast<uint64_t>(_mm256_extract_epi64(x, 0) ^ _mm256_extract_epi64(x, 3));
}

// ---- attention (attention_kernel.inc) ----

typedef float Floats16 __attribute__((vector_size(64)));

// The attention tile kernels in 8-wide registers (see attention_kernel.inc): a K tile of 16
// positions is two halves (8 score registers for four queries, 2 for K), each V chunk of 8
// values is widened once for the group of queries.
#define SMOLDESK_OWN_TILE_KERNELS

template <int NQ> void tileScores(const uint16_t* kt, int hd, const float* const* q, Floats16* s) {
    __m256 lo[NQ], hi[NQ];
    for (int i = 0; i < NQ; ++i) lo[i] = hi[i] = _mm256_setzero_ps();
    for (int d = 0; d < hd; ++d) {
        const __m256 k0 = _mm256_cvtph_ps(_mm_loadu_si128(reinterpret_cast<const __m128i*>(kt + d * 16)));
        const __m256 k1 = _mm256_cvtph_ps(_mm_loadu_si128(reinterpret_cast<const __m128i*>(kt + d * 16 + 8)));
        for (int i = 0; i < NQ; ++i) {
            const __m256 qd = _mm256_broadcast_ss(q[i] + d);
            lo[i] = _mm256_fmadd_ps(k0, qd, lo[i]);
            hi[i] = _mm256_fmadd_ps(k1, qd, hi[i]);
        }
    }
    for (int i = 0; i < NQ; ++i) {
        float* out = reinterpret_cast<float*>(&s[i]);
        _mm256_storeu_ps(out, lo[i]);
        _mm256_storeu_ps(out + 8, hi[i]);
    }
}

template <int NQ>
void tileValues(const uint16_t* v, size_t vStride, int rows, const float (*p)[16], float* const* acc,
                int hd) {
    for (int c = 0; c < hd; c += 8) {
        __m256 o[NQ];
        for (int i = 0; i < NQ; ++i) o[i] = _mm256_loadu_ps(acc[i] + c);
        for (int j = 0; j < rows; ++j) {
            const __m256 x = _mm256_cvtph_ps(
                _mm_loadu_si128(reinterpret_cast<const __m128i*>(v + static_cast<size_t>(j) * vStride + c)));
            for (int i = 0; i < NQ; ++i) o[i] = _mm256_fmadd_ps(x, _mm256_broadcast_ss(&p[i][j]), o[i]);
        }
        for (int i = 0; i < NQ; ++i) _mm256_storeu_ps(acc[i] + c, o[i]);
    }
}

#include "attention_kernel.inc"

constexpr Kernels kAvx2 = {"avx2",    vecDot,    vecDotRows, vecDotTile,   packedTileAvx2, readStream,
                           attendF16, swigluRow, gegluRow,   quantizeQ8_0, quantizeQ8_K};

} // namespace

const Kernels* avx2Kernels() {
    return &kAvx2;
}

} // namespace smoldesk::quant::cpu

#else

namespace smoldesk::quant::cpu {
const Kernels* avx2Kernels() {
    return nullptr;
}
} // namespace smoldesk::quant::cpu

#endif
