// AVX2 decode kernel (one token: many MXFP4 rows against one Q8_0 activation row) for gpt-oss's
// experts, which decode reads at up to 11 GB/s per core through the per-row dot of mxfp4_dot.inc:
// compute-bound on the CPUs without AVX-512 it is meant for. What this one does differently:
//  - the activation row is rearranged once per call so that two weight blocks are unpacked by
//    one set of 256-bit operations (the low nibbles of blocks b and b + 1 side by side, then the
//    high ones), which halves the unpacking work per block;
//  - the levels are looked up + 12 (0 .. 24, unsigned), so vpmaddubsw takes them and the signed
//    activations as they are, with no vpsignb on either; the 12 · Σ activations this adds to each
//    block is one integer per block, subtracted from one lane (prepared once per call too).
// Same sums as the portable kernel, to the float rounding of the per-block scale products.
// Compiled with the AVX2 flags; reached only through the avx2 kernel table.
#include "quant/block_formats.h"
#include "quant/cpu_kernels.h"
#include "quant/iq_grids.h"
#include "quant/type_kernels.h"

#if defined(__x86_64__) && defined(__AVX2__) && defined(__FMA__) && defined(__F16C__)

#include <immintrin.h>

#include <cstring>
#include <vector>

namespace smoldesk::quant::cpu {

namespace {

constexpr int kOffset = 12; // the largest |doubled FP4 level|

// The FP4 levels + kOffset, as unsigned bytes. constexpr: nothing here may run before the CPU check.
struct OffsetLevels {
    alignas(16) uint8_t v[16];
    constexpr OffsetLevels() : v{} {
        for (int i = 0; i < 16; ++i) v[i] = static_cast<uint8_t>(grids::kFp4Values[i] + kOffset);
    }
};
constexpr OffsetLevels kOffsetLevels;

// 2^(e-128) exactly (dequant_iq.cpp's e8m0Half).
float halfScale(uint8_t e) {
    const uint32_t bits = e < 2 ? (0x00200000u << e) : (static_cast<uint32_t>(e - 1) << 23);
    float f;
    std::memcpy(&f, &bits, 4);
    return f;
}

// One pair of activation blocks in the order the paired weight unpacking produces.
struct PairActs {
    alignas(32) int8_t low[32];  // values 0..15 of block 2j, then of block 2j + 1
    alignas(32) int8_t high[32]; // values 16..31 of both
    alignas(32) int32_t bias[8]; // kOffset · Σ activations of block 2j in lane 0, of 2j + 1 in lane 4
};

struct Prepared {
    std::vector<PairActs> pairs;
    std::vector<float> d; // activation block scales
};

int blockSum(const int8_t* q) {
    const __m256i s16 =
        _mm256_maddubs_epi16(_mm256_set1_epi8(1), _mm256_loadu_si256(reinterpret_cast<const __m256i*>(q)));
    const __m256i s32 = _mm256_madd_epi16(s16, _mm256_set1_epi16(1));
    const __m128i s = _mm_add_epi32(_mm256_castsi256_si128(s32), _mm256_extracti128_si256(s32, 1));
    const __m128i s2 = _mm_add_epi32(s, _mm_shuffle_epi32(s, 0x4E));
    return _mm_cvtsi128_si32(_mm_add_epi32(s2, _mm_shuffle_epi32(s2, 0xB1)));
}

void prepare(const BlockQ8_0* y, int64_t nb, Prepared& p) {
    p.pairs.resize(static_cast<size_t>(nb / 2));
    p.d.resize(static_cast<size_t>(nb));
    for (int64_t b = 0; b < nb; ++b) p.d[static_cast<size_t>(b)] = _cvtsh_ss(y[b].d);
    for (int64_t j = 0; j < nb / 2; ++j) {
        PairActs& a = p.pairs[static_cast<size_t>(j)];
        for (int h = 0; h < 2; ++h) {
            const int8_t* q = y[2 * j + h].qs;
            std::memcpy(a.low + 16 * h, q, 16);
            std::memcpy(a.high + 16 * h, q + 16, 16);
        }
        std::memset(a.bias, 0, sizeof a.bias);
        a.bias[0] = kOffset * blockSum(y[2 * j].qs);
        a.bias[4] = kOffset * blockSum(y[2 * j + 1].qs);
    }
}

float hsum(__m256 v) {
    __m128 s = _mm_add_ps(_mm256_castps256_ps128(v), _mm256_extractf128_ps(v, 1));
    s = _mm_add_ps(s, _mm_movehl_ps(s, s));
    s = _mm_add_ss(s, _mm_movehdup_ps(s));
    return _mm_cvtss_f32(s);
}

float dotRow(const BlockMXFP4* x, const BlockQ8_0* y, int64_t nb, const Prepared& p) {
    const __m256i levels =
        _mm256_broadcastsi128_si256(_mm_load_si128(reinterpret_cast<const __m128i*>(kOffsetLevels.v)));
    const __m256i low4 = _mm256_set1_epi8(0x0F);
    const __m256i ones16 = _mm256_set1_epi16(1);
    __m256 acc = _mm256_setzero_ps();
    for (int64_t j = 0; j < nb / 2; ++j) {
        const BlockMXFP4& x0 = x[2 * j];
        const BlockMXFP4& x1 = x[2 * j + 1];
        const PairActs& a = p.pairs[static_cast<size_t>(j)];
        const __m256i q = _mm256_loadu2_m128i(reinterpret_cast<const __m128i*>(x1.qs),
                                              reinterpret_cast<const __m128i*>(x0.qs));
        const __m256i lo = _mm256_shuffle_epi8(levels, _mm256_and_si256(q, low4));
        const __m256i hi = _mm256_shuffle_epi8(levels, _mm256_and_si256(_mm256_srli_epi16(q, 4), low4));
        // |pair| ≤ 2 · 24 · 127, two of them still fit int16.
        const __m256i p16 = _mm256_add_epi16(
            _mm256_maddubs_epi16(lo, _mm256_load_si256(reinterpret_cast<const __m256i*>(a.low))),
            _mm256_maddubs_epi16(hi, _mm256_load_si256(reinterpret_cast<const __m256i*>(a.high))));
        const __m256i s = _mm256_sub_epi32(_mm256_madd_epi16(p16, ones16),
                                           _mm256_load_si256(reinterpret_cast<const __m256i*>(a.bias)));
        const float s0 = halfScale(x0.e) * p.d[static_cast<size_t>(2 * j)];
        const float s1 = halfScale(x1.e) * p.d[static_cast<size_t>(2 * j + 1)];
        acc = _mm256_fmadd_ps(_mm256_cvtepi32_ps(s), _mm256_set_m128(_mm_set1_ps(s1), _mm_set1_ps(s0)), acc);
    }
    float sum = hsum(acc);
    if (nb % 2) { // the last block of an odd count, alone
        const BlockMXFP4& xl = x[nb - 1];
        int isum = 0;
        for (int i = 0; i < 16; ++i) {
            isum += grids::kFp4Values[xl.qs[i] & 0xF] * y[nb - 1].qs[i];
            isum += grids::kFp4Values[xl.qs[i] >> 4] * y[nb - 1].qs[i + 16];
        }
        sum += halfScale(xl.e) * p.d[static_cast<size_t>(nb - 1)] * static_cast<float>(isum);
    }
    return sum;
}

} // namespace

void dotRowsMXFP4Avx2(int64_t n, const void* w, size_t wRowStride, int nRows, const void* act, float* out) {
    const int64_t nb = n / kQK32;
    const auto* y = static_cast<const BlockQ8_0*>(act);
    thread_local Prepared prepared;
    prepare(y, nb, prepared);
    const auto* rows = static_cast<const uint8_t*>(w);
    for (int r = 0; r < nRows; ++r)
        out[r] = dotRow(reinterpret_cast<const BlockMXFP4*>(rows + static_cast<size_t>(r) * wRowStride), y,
                        nb, prepared);
}

} // namespace smoldesk::quant::cpu

#endif
