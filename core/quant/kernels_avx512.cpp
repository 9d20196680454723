// AVX-512 (F, BW, VL) + VNNI kernels, also using AVX2/FMA/F16C encodings. Compiled with those
// -m flags; only called after cpuid says so. Everything here has internal linkage and uses no
// inline function shared with baseline code; constant tables are constexpr (no static
// constructors may run before the CPU check).
#include "quant/block_formats.h"
#include "quant/cpu_kernels.h"
#include "quant/iq_grids.h"
#include "quant/type_kernels.h"

#if defined(__x86_64__) && defined(__AVX512F__) && defined(__AVX512BW__) && defined(__AVX512VL__) &&         \
    defined(__AVX512VNNI__) && defined(__FMA__) && defined(__F16C__) && defined(__BMI2__)

#include <immintrin.h>

#include <cmath>
#include <cstring>
#include <type_traits>

namespace smoldesk::quant::cpu {

namespace {

float halfToFloat(uint16_t h) {
    return _cvtsh_ss(h);
}

float hsum256(__m256 v) {
    __m128 s = _mm_add_ps(_mm256_castps256_ps128(v), _mm256_extractf128_ps(v, 1));
    s = _mm_add_ps(s, _mm_movehl_ps(s, s));
    s = _mm_add_ss(s, _mm_movehdup_ps(s));
    return _mm_cvtss_f32(s);
}

// ---- f32 / f16 / bf16 weights against f32 activations ----

// LoadN(i, mask) returns 16 weights from index i as f32, lanes outside mask zero.
template <typename Load16> float dotWide(int64_t n, Load16 load16, const float* a) {
    __m512 acc[4] = {_mm512_setzero_ps(), _mm512_setzero_ps(), _mm512_setzero_ps(), _mm512_setzero_ps()};
    int64_t i = 0;
    for (; i + 64 <= n; i += 64)
        for (int k = 0; k < 4; ++k)
            acc[k] = _mm512_fmadd_ps(load16(i + 16 * k, __mmask16(0xFFFF)), _mm512_loadu_ps(a + i + 16 * k),
                                     acc[k]);
    for (; i < n; i += 16) {
        const __mmask16 m = n - i >= 16 ? __mmask16(0xFFFF) : static_cast<__mmask16>((1u << (n - i)) - 1);
        acc[0] = _mm512_fmadd_ps(load16(i, m), _mm512_maskz_loadu_ps(m, a + i), acc[0]);
    }
    return _mm512_reduce_add_ps(_mm512_add_ps(_mm512_add_ps(acc[0], acc[1]), _mm512_add_ps(acc[2], acc[3])));
}

float dotF32(int64_t n, const void* w, const void* act) {
    const float* x = static_cast<const float*>(w);
    return dotWide(
        n, [x](int64_t i, __mmask16 m) { return _mm512_maskz_loadu_ps(m, x + i); },
        static_cast<const float*>(act));
}

float dotF16(int64_t n, const void* w, const void* act) {
    const uint16_t* x = static_cast<const uint16_t*>(w);
    return dotWide(
        n, [x](int64_t i, __mmask16 m) { return _mm512_cvtph_ps(_mm256_maskz_loadu_epi16(m, x + i)); },
        static_cast<const float*>(act));
}

float dotBF16(int64_t n, const void* w, const void* act) {
    const uint16_t* x = static_cast<const uint16_t*>(w);
    return dotWide(
        n,
        [x](int64_t i, __mmask16 m) {
            const __m512i wide = _mm512_cvtepu16_epi32(_mm256_maskz_loadu_epi16(m, x + i));
            return _mm512_castsi512_ps(_mm512_slli_epi32(wide, 16));
        },
        static_cast<const float*>(act));
}

// ---- Q8_0 x Q8_0 ----

float dotQ8_0(int64_t n, const void* w, const void* act) {
    const auto* x = static_cast<const BlockQ8_0*>(w);
    const auto* y = static_cast<const BlockQ8_0*>(act);
    __m256 acc = _mm256_setzero_ps();
    for (int64_t i = 0; i < n / kQK32; ++i) {
        const __m256i qx = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(x[i].qs));
        const __m256i qy = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(y[i].qs));
        // vpdpbusd wants unsigned x signed: move the sign of x onto y.
        const __m256i dot =
            _mm256_dpbusd_epi32(_mm256_setzero_si256(), _mm256_sign_epi8(qx, qx), _mm256_sign_epi8(qy, qx));
        acc = _mm256_fmadd_ps(_mm256_cvtepi32_ps(dot),
                              _mm256_set1_ps(halfToFloat(x[i].d) * halfToFloat(y[i].d)), acc);
    }
    return hsum256(acc);
}

// ---- constant tables ----

// vpermw indices spreading 16-bit sub-block scales over the int16 lanes of
// _mm512_packs_epi32(dotA, dotB), whose 128-bit block k holds lanes 4k..4k+3 of dotA then of dotB.
struct alignas(64) ScaleIndex {
    int16_t q4k[2][32]; // dotA/dotB = chunks (2p, 2p+1): lanes 0..7 -> sub 2j, lanes 8..15 -> sub 2j+1
    int16_t q6k[2][32]; // dotA/dotB = values 0..63 / 64..127 of half h: lane l -> sub 8h + l/4 (+4)
    constexpr ScaleIndex() : q4k{}, q6k{} {
        for (int p = 0; p < 2; ++p)
            for (int lane = 0; lane < 32; ++lane) {
                const int k = lane / 8;
                const bool second = lane % 8 >= 4; // from dotB
                q4k[p][lane] = static_cast<int16_t>(4 * p + (k >= 2 ? 1 : 0) + (second ? 2 : 0));
                q6k[p][lane] = static_cast<int16_t>(8 * p + k + (second ? 4 : 0));
            }
    }
};
constexpr ScaleIndex kScaleIndex;

__m512i loadIndex(const int16_t* idx) {
    return _mm512_load_si512(idx);
}

// Per-16-bit-lane shift counts: the low 256 bits by `lo`, the high 256 bits by `hi`.
__m512i halfShifts(short lo, short hi) {
    return _mm512_inserti64x4(_mm512_castsi256_si512(_mm256_set1_epi16(lo)), _mm256_set1_epi16(hi), 1);
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

// Dot of NC activation rows with one weight row; out[c] for c < NC. Each 64-value chunk is
// unpacked once (low nibbles in the low 256 bits, high nibbles in the high 256 bits, matching
// the activation order) and used for all NC columns. Q5_K adds a fifth bit per value: bit 2j
// of qh[l] for value l of chunk j's low nibbles, bit 2j+1 for its high ones.
template <int NC, typename Block>
void tileQ45_K(int64_t nb, const Block* x, const BlockQ8_K* const* y, float* out) {
    constexpr bool kFive = std::is_same_v<Block, BlockQ5_K>;
    const __m512i low4 = _mm512_set1_epi8(0x0F);
    const __m512i bit0 = _mm512_set1_epi8(0x01);
    const __m512i nibbleShift = halfShifts(0, 4);
    __m512 acc[NC];
    __m256 accMin[NC];
    for (int c = 0; c < NC; ++c) {
        acc[c] = _mm512_setzero_ps();
        accMin[c] = _mm256_setzero_ps();
    }
    for (int64_t i = 0; i < nb; ++i) {
        const __m128i scMn = unpackScalesMinsK4(x[i].scales);
        const __m256i mins16 = _mm256_cvtepu8_epi16(_mm_unpackhi_epi8(scMn, scMn)); // m0 m0 m1 m1 ...
        // Scales as int16 lanes for the two packed pairs of chunks.
        const __m512i sc16 = _mm512_cvtepu8_epi16(_mm256_zextsi128_si256(scMn));
        const __m512i sc[2] = {_mm512_permutexvar_epi16(loadIndex(kScaleIndex.q4k[0]), sc16),
                               _mm512_permutexvar_epi16(loadIndex(kScaleIndex.q4k[1]), sc16)};
        __m512i sumi[NC];
        for (int c = 0; c < NC; ++c) sumi[c] = _mm512_setzero_si512();
        __m512i qh = _mm512_setzero_si512();
        if constexpr (kFive)
            qh = _mm512_broadcast_i64x4(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(x[i].qh)));
        for (int p = 0; p < 2; ++p) {
            __m512i q[2];
            for (int h = 0; h < 2; ++h) {
                const uint8_t* qs = x[i].qs + 64 * p + 32 * h;
                const __m512i packed =
                    _mm512_broadcast_i64x4(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(qs)));
                q[h] = _mm512_and_si512(_mm512_srlv_epi16(packed, nibbleShift), low4);
                if constexpr (kFive) {
                    const short j = static_cast<short>(2 * p + h); // the chunk
                    const __m512i bits =
                        _mm512_and_si512(_mm512_srlv_epi16(qh, halfShifts(2 * j, 2 * j + 1)), bit0);
                    q[h] = _mm512_or_si512(q[h], _mm512_slli_epi16(bits, 4));
                }
            }
            for (int c = 0; c < NC; ++c) {
                const int8_t* a = y[c][i].qs + 128 * p;
                const __m512i d0 = _mm512_dpbusd_epi32(_mm512_setzero_si512(), q[0], _mm512_loadu_si512(a));
                const __m512i d1 =
                    _mm512_dpbusd_epi32(_mm512_setzero_si512(), q[1], _mm512_loadu_si512(a + 64));
                // |dot of 4| <= 4·31·127 fits int16: pack, then scale and accumulate in one VNNI op.
                sumi[c] = _mm512_dpwssd_epi32(sumi[c], _mm512_packs_epi32(d0, d1), sc[p]);
            }
        }
        const float d = halfToFloat(x[i].d), dmin = halfToFloat(x[i].dmin);
        for (int c = 0; c < NC; ++c) {
            const __m256i bsums = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(y[c][i].bsums));
            const __m256i mins = _mm256_madd_epi16(bsums, mins16);
            acc[c] = _mm512_fmadd_ps(_mm512_cvtepi32_ps(sumi[c]), _mm512_set1_ps(d * y[c][i].d), acc[c]);
            accMin[c] =
                _mm256_fmadd_ps(_mm256_cvtepi32_ps(mins), _mm256_set1_ps(dmin * y[c][i].d), accMin[c]);
        }
    }
    for (int c = 0; c < NC; ++c) out[c] = _mm512_reduce_add_ps(acc[c]) - hsum256(accMin[c]);
}

// ---- Q6_K x Q8_K ----

template <int NC> void tileQ6_K(int64_t nb, const BlockQ6_K* x, const BlockQ8_K* const* y, float* out) {
    const __m512i low4 = _mm512_set1_epi8(0x0F);
    const __m512i bits45 = _mm512_set1_epi8(0x30);
    // High bits: values 0..31 take qh bits 0-1, 32..63 bits 2-3, 64..95 bits 4-5, 96..127 bits 6-7.
    const __m512i shiftFirst = halfShifts(4, 2);  // left shifts for values 0..63
    const __m512i shiftSecond = halfShifts(0, 2); // right shifts for values 64..127
    __m512 acc[NC];
    for (int c = 0; c < NC; ++c) acc[c] = _mm512_setzero_ps();
    for (int64_t i = 0; i < nb; ++i) {
        const __m128i scales = _mm_loadu_si128(reinterpret_cast<const __m128i*>(x[i].scales));
        const __m256i sc16 = _mm256_cvtepi8_epi16(scales);
        const __m512i sc16x = _mm512_zextsi256_si512(sc16);
        __m512i sumi[NC];
        for (int c = 0; c < NC; ++c) {
            // The quants are stored biased by 32: subtract 32·Σ scale·(sum of 16 activations).
            const __m256i bsums = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(y[c][i].bsums));
            const __m256i bias = _mm256_slli_epi32(_mm256_madd_epi16(bsums, sc16), 5);
            sumi[c] = _mm512_sub_epi32(_mm512_setzero_si512(), _mm512_zextsi256_si512(bias));
        }
        for (int half = 0; half < 2; ++half) {
            const __m512i l = _mm512_loadu_si512(x[i].ql + 64 * half);
            const __m512i h = _mm512_broadcast_i64x4(
                _mm256_loadu_si256(reinterpret_cast<const __m256i*>(x[i].qh + 32 * half)));
            const __m512i q0 = _mm512_or_si512(_mm512_and_si512(l, low4),
                                               _mm512_and_si512(_mm512_sllv_epi16(h, shiftFirst), bits45));
            const __m512i q1 = _mm512_or_si512(_mm512_and_si512(_mm512_srli_epi16(l, 4), low4),
                                               _mm512_and_si512(_mm512_srlv_epi16(h, shiftSecond), bits45));
            const __m512i sc = _mm512_permutexvar_epi16(loadIndex(kScaleIndex.q6k[half]), sc16x);
            for (int c = 0; c < NC; ++c) {
                const int8_t* a = y[c][i].qs + 128 * half;
                const __m512i d0 = _mm512_dpbusd_epi32(_mm512_setzero_si512(), q0, _mm512_loadu_si512(a));
                const __m512i d1 =
                    _mm512_dpbusd_epi32(_mm512_setzero_si512(), q1, _mm512_loadu_si512(a + 64));
                // |dot of 4| <= 4·63·127 fits int16: pack, then scale and accumulate in one VNNI op.
                sumi[c] = _mm512_dpwssd_epi32(sumi[c], _mm512_packs_epi32(d0, d1), sc);
            }
        }
        const float d = halfToFloat(x[i].d);
        for (int c = 0; c < NC; ++c)
            acc[c] = _mm512_fmadd_ps(_mm512_cvtepi32_ps(sumi[c]), _mm512_set1_ps(d * y[c][i].d), acc[c]);
    }
    for (int c = 0; c < NC; ++c) out[c] = _mm512_reduce_add_ps(acc[c]);
}

// ---- dispatch ----

// ---- decoded types (decoded_dot.inc) ----

int dotScaled256(const Decoded256& dec, const int8_t* y) {
    __m512i acc = _mm512_setzero_si512();
    const __m512i zero = _mm512_setzero_si512();
    for (int j = 0; j < 4; ++j) {
        const __m512i qv = _mm512_loadu_si512(dec.q + 64 * j);
        __m512i yv = _mm512_loadu_si512(y + 64 * j);
        // maddubs wants unsigned x signed: |q| times y with q's sign.
        yv = _mm512_mask_sub_epi8(yv, _mm512_movepi8_mask(qv), zero, yv);
        const __m512i p16 = _mm512_maddubs_epi16(_mm512_abs_epi8(qv), yv);
        // int16 lanes 8k..8k+7 come from sub-block 4j+k.
        const __m512i scales = _mm512_inserti64x4(
            _mm512_castsi256_si512(
                _mm256_set_m128i(_mm_set1_epi16(dec.scale[4 * j + 1]), _mm_set1_epi16(dec.scale[4 * j]))),
            _mm256_set_m128i(_mm_set1_epi16(dec.scale[4 * j + 3]), _mm_set1_epi16(dec.scale[4 * j + 2])), 1);
        acc = _mm512_add_epi32(acc, _mm512_madd_epi16(p16, scales));
    }
    return _mm512_reduce_add_epi32(acc);
}

int dotI8x32(const int8_t* q, const int8_t* y) {
    const __m256i qv = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(q));
    const __m256i yv = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(y));
    const __m256i p16 = _mm256_maddubs_epi16(_mm256_sign_epi8(qv, qv), _mm256_sign_epi8(yv, qv));
    const __m256i p32 = _mm256_madd_epi16(p16, _mm256_set1_epi16(1));
    const __m128i s = _mm_add_epi32(_mm256_castsi256_si128(p32), _mm256_extracti128_si256(p32, 1));
    const __m128i s2 = _mm_add_epi32(s, _mm_shuffle_epi32(s, 0x4E));
    return _mm_cvtsi128_si32(_mm_add_epi32(s2, _mm_shuffle_epi32(s2, 0xB1)));
}

#include "nibble_decode.inc"

DotFn isaFusedDot(const TypeRow& row) {
    switch (row.info.type) {
    case Type::IQ2_XXS:
        return dotIQ2_XXSAvx512;
    case Type::IQ3_XXS:
        return dotIQ3_XXSAvx512;
    case Type::IQ3_S:
        return dotIQ3_SAvx512;
    // The AVX2 ternary kernels (kernels_avx2_ternary.cpp; every AVX-512 CPU here runs AVX2): 6-8
    // times faster in bench-quant than decoding each block to bytes first.
    case Type::TQ1_0:
        return dotTQ1_0Avx2;
    case Type::TQ2_0:
        return dotTQ2_0Avx2;
    // The AVX2 grid kernels of IQ2_XS, IQ2_S (kernels_avx2_grid.cpp) and IQ1_S, IQ1_M
    // (kernels_avx2_iq1.cpp), for the same reason: 2-4 times faster in bench-quant.
    case Type::IQ2_XS:
        return dotIQ2_XSAvx2;
    case Type::IQ2_S:
        return dotIQ2_SAvx2;
    case Type::IQ1_S:
        return dotIQ1_SAvx2;
    case Type::IQ1_M:
        return dotIQ1_MAvx2;
    default:
        return nullptr;
    }
}

// Q8_0 weights as a decoded type: the decoded-group prompt tiles take its bytes as they are.
void copyDecodeQ8_0(const void* block, Decoded32* out) {
    const auto* x = static_cast<const BlockQ8_0*>(block);
    out->d = halfToFloat(x->d);
    std::memcpy(out->q, x->qs, sizeof x->qs);
}

int wideTileDecoded(const TypeRow& row, int64_t n, const void* w, size_t wRowStride, int nRows,
                    const void* act, size_t actRowStride, int nCols, float* out, size_t outColStride) {
    if (nCols < 2) return 0;
    if (row.decode32)
        return decodedGroup32TileAvx512(isaDecode32(row), row.info.blockBytes, n, w, wRowStride, nRows, act,
                                        actRowStride, nCols, out, outColStride);
    if (row.info.type == Type::Q8_0)
        return decodedGroup32TileAvx512(copyDecodeQ8_0, row.info.blockBytes, n, w, wRowStride, nRows, act,
                                        actRowStride, nCols, out, outColStride);
    if (!row.decode256) return 0;
    return decodedGroupTileAvx512(isaDecode256(row), row.info.blockBytes, n, w, wRowStride, nRows, act,
                                  actRowStride, nCols, out, outColStride);
}

// No many-row kernels of its own (kernels_dispatch.inc's hook): every row goes through vecDot.
bool isaDotRows(Type, int64_t, const void*, size_t, int, const void*, float*) {
    return false;
}

#include "decoded_dot.inc"

#include "mxfp4_dot.inc"

// ---- the f16/bf16 prompt tile (float_tile.inc) with this ISA's traits ----
#include "float_tile_avx512.inc"

#include "kernels_dispatch.inc"

// ---- activation quantizers (same bytes as the scalar ones) ----

float absMax(const float* x, int n) {
    __m512 m = _mm512_setzero_ps();
    for (int j = 0; j < n; j += 16) m = _mm512_max_ps(m, _mm512_abs_ps(_mm512_loadu_ps(x + j)));
    return _mm512_reduce_max_ps(m);
}

// 16 floats times id, rounded half away from zero (roundf, exactly) and clamped to ±127.
__m512i quantize16(const float* x, __m512 id) {
    const __m512 v = _mm512_mul_ps(_mm512_loadu_ps(x), id);
    __m512 t = _mm512_roundscale_ps(v, _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC);
    const __m512 frac = _mm512_abs_ps(_mm512_sub_ps(v, t));
    const __mmask16 step = _mm512_cmp_ps_mask(frac, _mm512_set1_ps(0.5f), _CMP_GE_OQ);
    const __m512 away = _mm512_castsi512_ps(
        _mm512_or_si512(_mm512_and_si512(_mm512_castps_si512(v), _mm512_set1_epi32(INT32_MIN)),
                        _mm512_castps_si512(_mm512_set1_ps(1.0f))));
    t = _mm512_mask_add_ps(t, step, t, away);
    t = _mm512_min_ps(_mm512_max_ps(t, _mm512_set1_ps(-127.0f)), _mm512_set1_ps(127.0f));
    return _mm512_cvttps_epi32(t);
}

void quantizeQ8_0(const float* x, void* dst, int64_t n) {
    auto* y = static_cast<BlockQ8_0*>(dst);
    for (int64_t i = 0; i < n / kQK32; ++i, x += kQK32) {
        const float d = absMax(x, kQK32) / 127.0f;
        const float id = d != 0.0f ? 1.0f / d : 0.0f;
        y[i].d = static_cast<uint16_t>(_cvtss_sh(d, _MM_FROUND_TO_NEAREST_INT));
        const __m512 vid = _mm512_set1_ps(id);
        for (int k = 0; k < 2; ++k)
            _mm_storeu_si128(reinterpret_cast<__m128i*>(y[i].qs + 16 * k),
                             _mm512_cvtsepi32_epi8(quantize16(x + 16 * k, vid)));
    }
}

void quantizeQ8_K(const float* x, void* dst, int64_t n) {
    auto* y = static_cast<BlockQ8_K*>(dst);
    for (int64_t i = 0; i < n / kQK256; ++i, x += kQK256) {
        const float d = absMax(x, kQK256) / 127.0f;
        const float id = d != 0.0f ? 1.0f / d : 0.0f;
        y[i].d = d;
        const __m512 vid = _mm512_set1_ps(id);
        for (int k = 0; k < kQK256 / 16; ++k) {
            const __m512i q = quantize16(x + 16 * k, vid);
            _mm_storeu_si128(reinterpret_cast<__m128i*>(y[i].qs + 16 * k), _mm512_cvtsepi32_epi8(q));
            y[i].bsums[k] = static_cast<int16_t>(_mm512_reduce_add_epi32(q));
        }
    }
}

uint64_t readStream(const void* p, size_t n) {
    const auto* b = static_cast<const uint8_t*>(p);
    __m512i x0 = _mm512_setzero_si512(), x1 = x0, x2 = x0, x3 = x0;
    for (size_t i = 0; i + 256 <= n; i += 256) {
        x0 = _mm512_xor_si512(x0, _mm512_loadu_si512(b + i));
        x1 = _mm512_xor_si512(x1, _mm512_loadu_si512(b + i + 64));
        x2 = _mm512_xor_si512(x2, _mm512_loadu_si512(b + i + 128));
        x3 = _mm512_xor_si512(x3, _mm512_loadu_si512(b + i + 192));
    }
    const __m512i x = _mm512_xor_si512(_mm512_xor_si512(x0, x1), _mm512_xor_si512(x2, x3));
    return static_cast<uint64_t>(_mm512_reduce_or_epi64(x));
}

// ---- attention (attention_kernel.inc) ----

typedef float Floats16 __attribute__((vector_size(64)));

Floats16 halfsToFloats(const uint16_t* p) {
    return reinterpret_cast<Floats16>(
        _mm512_cvtph_ps(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(p))));
}

#define SMOLDESK_LANE_REDUCTIONS
float laneSum(Floats16 v) {
    return _mm512_reduce_add_ps(reinterpret_cast<__m512>(v));
}

float laneMax(Floats16 v) {
    return _mm512_reduce_max_ps(reinterpret_cast<__m512>(v));
}

#include "attention_kernel.inc"

constexpr Kernels kAvx512 = {"avx512",  vecDot,    vecDotRows, vecDotTile,   packedTileAvx512, readStream,
                             attendF16, swigluRow, gegluRow,   quantizeQ8_0, quantizeQ8_K};

} // namespace

const Kernels* avx512Kernels() {
    return &kAvx512;
}

} // namespace smoldesk::quant::cpu

#else

namespace smoldesk::quant::cpu {
const Kernels* avx512Kernels() {
    return nullptr;
}
} // namespace smoldesk::quant::cpu

#endif
