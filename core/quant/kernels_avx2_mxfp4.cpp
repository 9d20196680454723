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
    alignas(32) int32_t bias[8]; // kOffset · the activations under each int32 lane of pairSums
};

// Per quad of blocks 4q .. 4q + 3, in the lane order of two reduced pairs (see quadSums): lanes
// 0, 1 block 4q, lanes 2, 3 block 4q + 2, lanes 4, 5 block 4q + 1, lanes 6, 7 block 4q + 3.
struct QuadActs {
    alignas(32) int32_t bias[8]; // the two pairs' biases through the same vphaddd as their sums
    alignas(32) float d[8];      // the activation block's scale
};

struct Prepared {
    std::vector<PairActs> pairs;
    std::vector<QuadActs> quads;
    std::vector<float> d; // activation block scales
};

// Once per call (per 16 rows in an MoE unit, so it must stay cheap): the activation pairs in the
// kernel's byte order, and kOffset times the sums of the very bytes each int32 lane of the
// kernel's vpmaddwd covers, so the offset comes off lane by lane with no horizontal sums.
void prepare(const BlockQ8_0* y, int64_t nb, Prepared& p) {
    p.pairs.resize(static_cast<size_t>(nb / 2));
    p.quads.resize(static_cast<size_t>(nb / 4));
    p.d.resize(static_cast<size_t>(nb));
    // Raw pointers: p is thread_local, and through the vectors every store would make the
    // compiler fetch its address again (a __tls_get_addr call per iteration in -fPIC code).
    PairActs* pairs = p.pairs.data();
    QuadActs* quads = p.quads.data();
    float* d = p.d.data();
    for (int64_t b = 0; b < nb; ++b) d[b] = _cvtsh_ss(y[b].d);
    const __m256i ones8 = _mm256_set1_epi8(1);
    const __m256i offset16 = _mm256_set1_epi16(kOffset);
    for (int64_t j = 0; j < nb / 2; ++j) {
        PairActs& a = pairs[j];
        const int8_t* q0 = y[2 * j].qs;
        const int8_t* q1 = y[2 * j + 1].qs;
        const __m256i lo =
            _mm256_loadu2_m128i(reinterpret_cast<const __m128i*>(q1), reinterpret_cast<const __m128i*>(q0));
        const __m256i hi = _mm256_loadu2_m128i(reinterpret_cast<const __m128i*>(q1 + 16),
                                               reinterpret_cast<const __m128i*>(q0 + 16));
        _mm256_store_si256(reinterpret_cast<__m256i*>(a.low), lo);
        _mm256_store_si256(reinterpret_cast<__m256i*>(a.high), hi);
        const __m256i sums16 =
            _mm256_add_epi16(_mm256_maddubs_epi16(ones8, lo), _mm256_maddubs_epi16(ones8, hi));
        _mm256_store_si256(reinterpret_cast<__m256i*>(a.bias), _mm256_madd_epi16(sums16, offset16));
    }
    constexpr int kLaneBlock[8] = {0, 0, 2, 2, 1, 1, 3, 3};
    for (int64_t q = 0; q < nb / 4; ++q) {
        QuadActs& a = quads[q];
        const auto pairBias = [&](int64_t j) {
            return _mm256_load_si256(reinterpret_cast<const __m256i*>(pairs[j].bias));
        };
        // The same vphaddd as the kernel's sums.
        _mm256_store_si256(reinterpret_cast<__m256i*>(a.bias),
                           _mm256_hadd_epi32(pairBias(2 * q), pairBias(2 * q + 1)));
        for (int lane = 0; lane < 8; ++lane) a.d[lane] = d[4 * q + kLaneBlock[lane]];
    }
}

float hsum(__m256 v) {
    __m128 s = _mm_add_ps(_mm256_castps256_ps128(v), _mm256_extractf128_ps(v, 1));
    s = _mm_add_ps(s, _mm_movehl_ps(s, s));
    s = _mm_add_ss(s, _mm_movehdup_ps(s));
    return _mm_cvtss_f32(s);
}

// The 8 int32 partial sums of blocks 2j (lanes 0-3) and 2j + 1 (lanes 4-7), without the offset.
__m256i pairSums(const BlockMXFP4* x, const PairActs& a, __m256i levels) {
    const __m256i low4 = _mm256_set1_epi8(0x0F);
    const __m256i q = _mm256_loadu2_m128i(reinterpret_cast<const __m128i*>(x[1].qs),
                                          reinterpret_cast<const __m128i*>(x[0].qs));
    const __m256i lo = _mm256_shuffle_epi8(levels, _mm256_and_si256(q, low4));
    const __m256i hi = _mm256_shuffle_epi8(levels, _mm256_and_si256(_mm256_srli_epi16(q, 4), low4));
    // |pair| ≤ 2 · 24 · 127, two of them still fit int16.
    const __m256i p16 = _mm256_add_epi16(
        _mm256_maddubs_epi16(lo, _mm256_load_si256(reinterpret_cast<const __m256i*>(a.low))),
        _mm256_maddubs_epi16(hi, _mm256_load_si256(reinterpret_cast<const __m256i*>(a.high))));
    return _mm256_madd_epi16(p16, _mm256_set1_epi16(1));
}

// pshufb controls picking the E8M0 byte of blocks 4q, 4q + 2 (from a load at block 4q, which has
// block 4q + 1's at byte 17) and 4q + 1, 4q + 3 (from a load at block 4q + 2) into int32 lanes
// in QuadActs' order: the first control serves the load at 4q, the second the one at 4q + 2.
struct alignas(32) ScalePicks {
    uint8_t bytes[2][32];
    constexpr ScalePicks() : bytes{} {
        for (int k = 0; k < 2; ++k)
            for (int b = 0; b < 32; ++b) {
                const int lane = b / 4, inLane = b % 4;
                const bool mine = (lane % 4) / 2 == k; // lanes 0, 1, 4, 5 from the first load
                bytes[k][b] = mine && inLane == 0 ? static_cast<uint8_t>(b < 16 ? 0 : 1) : 0x80;
            }
    }
};
constexpr ScalePicks kScalePicks;

// 2^(e-128) of 8 E8M0 bytes in int32 lanes, exactly (halfScale's two cases).
__m256 halfScales(__m256i e) {
    const __m256i normal = _mm256_slli_epi32(_mm256_sub_epi32(e, _mm256_set1_epi32(1)), 23);
    const __m256i tiny = _mm256_sllv_epi32(_mm256_set1_epi32(0x00200000), e);
    return _mm256_castsi256_ps(_mm256_blendv_epi8(normal, tiny, _mm256_cmpgt_epi32(_mm256_set1_epi32(2), e)));
}

float dotRow(const BlockMXFP4* x, const BlockQ8_0* y, int64_t nb, const Prepared& p) {
    const __m256i levels =
        _mm256_broadcastsi128_si256(_mm_load_si128(reinterpret_cast<const __m128i*>(kOffsetLevels.v)));
    const __m256i pick0 = _mm256_load_si256(reinterpret_cast<const __m256i*>(kScalePicks.bytes[0]));
    const __m256i pick1 = _mm256_load_si256(reinterpret_cast<const __m256i*>(kScalePicks.bytes[1]));
    __m256 acc = _mm256_setzero_ps();
    // Quads of blocks: the two pairs' partial sums reduced to two per block by one vphaddd, so the
    // block scales are built, converted and applied once per four blocks.
    for (int64_t q = 0; q < nb / 4; ++q) {
        const BlockMXFP4* xq = x + 4 * q;
        const QuadActs& qa = p.quads[static_cast<size_t>(q)];
        const __m256i sums = _mm256_sub_epi32(
            _mm256_hadd_epi32(pairSums(xq, p.pairs[static_cast<size_t>(2 * q)], levels),
                              pairSums(xq + 2, p.pairs[static_cast<size_t>(2 * q + 1)], levels)),
            _mm256_load_si256(reinterpret_cast<const __m256i*>(qa.bias)));
        const __m256i e = _mm256_or_si256(
            _mm256_shuffle_epi8(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(&xq[0].e)), pick0),
            _mm256_shuffle_epi8(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(&xq[2].e)), pick1));
        const __m256 scale = _mm256_mul_ps(halfScales(e), _mm256_load_ps(qa.d));
        acc = _mm256_fmadd_ps(_mm256_cvtepi32_ps(sums), scale, acc);
    }
    if (nb % 4 >= 2) { // a last pair
        const int64_t j = nb / 2 - 1;
        const __m256i sums = _mm256_sub_epi32(
            pairSums(x + 2 * j, p.pairs[static_cast<size_t>(j)], levels),
            _mm256_load_si256(reinterpret_cast<const __m256i*>(p.pairs[static_cast<size_t>(j)].bias)));
        const float s0 = halfScale(x[2 * j].e) * p.d[static_cast<size_t>(2 * j)];
        const float s1 = halfScale(x[2 * j + 1].e) * p.d[static_cast<size_t>(2 * j + 1)];
        acc =
            _mm256_fmadd_ps(_mm256_cvtepi32_ps(sums), _mm256_set_m128(_mm_set1_ps(s1), _mm_set1_ps(s0)), acc);
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
