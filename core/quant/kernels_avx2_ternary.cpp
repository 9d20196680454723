// AVX2 decode kernels (one token, Q8_K activations) of the ternary types TQ1_0 and TQ2_0
// (BitNet-style models), instead of the portable decode to bytes and the shared int8 dot. A value
// is d · (t - 1) with a digit t in {0, 1, 2}, so the dot of a block is d · (Σ t·a - Σ a): the digits
// go straight into vpmaddubsw as its unsigned operand, and Σ a comes from the Q8_K block's bsums.
// TQ2_0 keeps its digits in 2-bit fields (a shift and a mask per 32 values); TQ1_0 keeps five
// base-3 digits per byte as a fixed-point fraction: digit n of byte q is the top "trit" of
// (q · 3^n mod 256), i.e. 0, 1 or 2 as that byte is ≤ 85, ≤ 170 or above. All integer, exact.
// Compiled with the AVX2 flags; reached only through the avx2 kernel table.
#include "quant/block_formats.h"
#include "quant/cpu_kernels.h"
#include "quant/type_kernels.h"

#if defined(__x86_64__) && defined(__AVX2__) && defined(__FMA__) && defined(__F16C__)

#include <immintrin.h>

#include <cstring>

namespace smoldesk::quant::cpu {

namespace {

float hsum(__m256 v) {
    __m128 s = _mm_add_ps(_mm256_castps256_ps128(v), _mm256_extractf128_ps(v, 1));
    s = _mm_add_ps(s, _mm_movehl_ps(s, s));
    s = _mm_add_ss(s, _mm_movehdup_ps(s));
    return _mm_cvtss_f32(s);
}

__m256i loadU(const void* p) {
    return _mm256_loadu_si256(static_cast<const __m256i*>(p));
}

// Adds one block's Σ t·a (int16 pair sums, each at most 8 · 508) less Σ a to acc, scaled.
__m256 finishBlock(__m256i pairSums, const BlockQ8_K& y, uint16_t dBits, __m256 acc) {
    const __m256i ones = _mm256_set1_epi16(1);
    const __m256i sums =
        _mm256_sub_epi32(_mm256_madd_epi16(pairSums, ones), _mm256_madd_epi16(loadU(y.bsums), ones));
    return _mm256_fmadd_ps(_mm256_cvtepi32_ps(sums), _mm256_set1_ps(_cvtsh_ss(dBits) * y.d), acc);
}

float dotTQ2_0(int64_t n, const void* w, const void* act) {
    const auto* x = static_cast<const BlockTQ2_0*>(w);
    const auto* y = static_cast<const BlockQ8_K*>(act);
    const __m256i mask = _mm256_set1_epi8(3);
    __m256 acc = _mm256_setzero_ps();
    for (int64_t i = 0; i < n / kQK256; ++i) {
        __m256i pairs = _mm256_setzero_si256();
        for (int j = 0; j < 2; ++j) { // 32 bytes hold values 128j + 32l + m in bits 2l..2l+1 of byte m
            const __m256i q = loadU(x[i].qs + 32 * j);
            for (int l = 0; l < 4; ++l) {
                const __m256i t = _mm256_and_si256(_mm256_srli_epi16(q, 2 * l), mask);
                pairs = _mm256_add_epi16(pairs, _mm256_maddubs_epi16(t, loadU(y[i].qs + 128 * j + 32 * l)));
            }
        }
        acc = finishBlock(pairs, y[i], x[i].d, acc);
    }
    return hsum(acc);
}

// (q · p) mod 256 per byte, for byte multipliers p (vpmullw on the even and odd bytes apart, so no
// carry crosses from one byte into the next).
__m256i mulBytes(__m256i q, __m256i p) {
    const __m256i low = _mm256_set1_epi16(0x00FF), high = _mm256_set1_epi16(static_cast<short>(0xFF00));
    const __m256i even = _mm256_mullo_epi16(_mm256_and_si256(q, low), _mm256_and_si256(p, low));
    const __m256i odd = _mm256_mullo_epi16(_mm256_and_si256(q, high), _mm256_srli_epi16(p, 8));
    return _mm256_or_si256(_mm256_and_si256(even, low), _mm256_and_si256(odd, high));
}

// The top base-3 digit of each byte taken as a fraction of 256: (s · 3) >> 8, as two unsigned
// comparisons (s > 85, s > 170; vpcmpgtb is signed, hence the flip of the top bit).
__m256i topTrit(__m256i s) {
    const __m256i flip = _mm256_set1_epi8(static_cast<char>(0x80));
    const __m256i f = _mm256_xor_si256(s, flip);
    const __m256i over1 = _mm256_cmpgt_epi8(f, _mm256_set1_epi8(static_cast<char>(85 ^ 0x80)));
    const __m256i over2 = _mm256_cmpgt_epi8(f, _mm256_set1_epi8(static_cast<char>(170 ^ 0x80)));
    return _mm256_sub_epi8(_mm256_sub_epi8(_mm256_setzero_si256(), over1), over2);
}

__m256i tritPairs(__m256i q, __m256i pow3, const int8_t* a) {
    return _mm256_maddubs_epi16(topTrit(mulBytes(q, pow3)), loadU(a));
}

// A TQ1_0 block's 256 values, in ggml's order: digits 0-4 of qs[0..32) (values 32n + m), digits
// 0-4 of qs[32..48) (values 160 + 16n + m), digits 0-3 of qh[0..4) (values 240 + 4n + j).
float dotTQ1_0(int64_t n, const void* w, const void* act) {
    const auto* x = static_cast<const BlockTQ1_0*>(w);
    const auto* y = static_cast<const BlockQ8_K*>(act);
    const __m256i pow01 = _mm256_set_m128i(_mm_set1_epi8(3), _mm_set1_epi8(1));
    const __m256i pow23 = _mm256_set_m128i(_mm_set1_epi8(27), _mm_set1_epi8(9));
    // Low half: digit 4 of qs[32..48); high half: digits 0-3 of the four qh bytes (4 bytes each).
    const __m256i powLast = _mm256_set_epi8(27, 27, 27, 27, 9, 9, 9, 9, 3, 3, 3, 3, 1, 1, 1, 1, 81, 81, 81,
                                            81, 81, 81, 81, 81, 81, 81, 81, 81, 81, 81, 81, 81);
    constexpr uint8_t kPow3[5] = {1, 3, 9, 27, 81};
    __m256 acc = _mm256_setzero_ps();
    for (int64_t i = 0; i < n / kQK256; ++i) {
        const BlockTQ1_0& b = x[i];
        const int8_t* a = y[i].qs;
        const __m256i q32 = loadU(b.qs);
        __m256i pairs = _mm256_setzero_si256();
        for (int d = 0; d < 5; ++d)
            pairs = _mm256_add_epi16(
                pairs, tritPairs(q32, _mm256_set1_epi8(static_cast<char>(kPow3[d])), a + 32 * d));
        const __m128i q16 = _mm_loadu_si128(reinterpret_cast<const __m128i*>(b.qs + 32));
        const __m256i q16x2 = _mm256_set_m128i(q16, q16);
        pairs = _mm256_add_epi16(pairs, tritPairs(q16x2, pow01, a + 160));
        pairs = _mm256_add_epi16(pairs, tritPairs(q16x2, pow23, a + 192));
        uint32_t qh;
        std::memcpy(&qh, b.qh, 4);
        const __m256i last = _mm256_set_m128i(_mm_set1_epi32(static_cast<int>(qh)), q16);
        pairs = _mm256_add_epi16(pairs, tritPairs(last, powLast, a + 224));
        acc = finishBlock(pairs, y[i], b.d, acc);
    }
    return hsum(acc);
}

} // namespace

float dotTQ1_0Avx2(int64_t n, const void* w, const void* act) {
    return dotTQ1_0(n, w, act);
}

float dotTQ2_0Avx2(int64_t n, const void* w, const void* act) {
    return dotTQ2_0(n, w, act);
}

} // namespace smoldesk::quant::cpu

#endif
