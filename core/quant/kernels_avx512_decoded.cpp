// AVX-512 VNNI kernels for the types computed through integer decoders (type_kernels.h):
//  - prompts: sixteen weight rows are decoded once into a row-interleaved int8 group (the
//    layout of the packed K-quant kernels) and every token of the tile is then a run of
//    vpdpbusd, instead of a decode per row per eight tokens (or, for MXFP4, per token) and a dot
//    product per row; 256-value types against Q8_K, 32-value ones (MXFP4, IQ4_NL) against Q8_0;
//  - decode of IQ2_XXS, IQ3_XXS and IQ3_S (the grid types of the common 2- and 3-bit mixes): the
//    grid entries of 64 values in one register and the sign bits applied to the activations
//    through a mask register, with no byte stores.
// Compiled with the AVX-512 flags (and BMI2's pdep); reached only through the avx512 kernel table.
#include "quant/block_formats.h"
#include "quant/cpu_kernels.h"
#include "quant/iq_grids.h"
#include "quant/type_kernels.h"

#if defined(__x86_64__) && defined(__AVX512F__) && defined(__AVX512BW__) && defined(__AVX512VL__) &&         \
    defined(__AVX512VNNI__) && defined(__FMA__) && defined(__F16C__) && defined(__BMI2__)

#include <immintrin.h>

#include <cstring>
#include <vector>

namespace smoldesk::quant::cpu {

namespace {

constexpr int kGroupRows = 16;

// Sixteen rows × 256 values of a decoded type. vpdpbusd wants unsigned weights, so the levels
// are stored + 128 and each 16-value sum loses 128 × its activation sum (Q8_K's bsums).
struct DecodedGroup {
    alignas(64) uint8_t q[16][4][4 * kGroupRows]; // q[s][k][4r + j]: value 16s + 4k + j of row r
    alignas(64) int32_t scale[16][kGroupRows];    // scale[s][r]: of values 16s .. 16s + 15
    alignas(64) float d[kGroupRows];
};

void decodeGroup(Decode256Fn decode, const uint8_t* rows, size_t rowStride, size_t blockBytes, int64_t block,
                 DecodedGroup& g) {
    Decoded256 dec;
    for (int r = 0; r < kGroupRows; ++r) {
        decode(rows + static_cast<size_t>(r) * rowStride + static_cast<size_t>(block) * blockBytes, &dec);
        g.d[r] = dec.d;
        for (int s = 0; s < 16; ++s) {
            g.scale[s][r] = dec.scale[s];
            for (int k = 0; k < 4; ++k) {
                uint32_t four;
                std::memcpy(&four, dec.q + 16 * s + 4 * k, 4);
                four ^= 0x80808080u; // int8 → uint8 + 128
                std::memcpy(g.q[s][k] + 4 * r, &four, 4);
            }
        }
    }
}

__m512i broadcast4(const int8_t* p) {
    int32_t v;
    std::memcpy(&v, p, 4);
    return _mm512_set1_epi32(v);
}

template <int NC>
void tileGroups(int64_t nb, const DecodedGroup* x, const BlockQ8_K* const* y, float* out,
                size_t outColStride) {
    __m512 acc[NC];
    for (int c = 0; c < NC; ++c) acc[c] = _mm512_setzero_ps();
    for (int64_t i = 0; i < nb; ++i) {
        const DecodedGroup& g = x[i];
        __m512i iacc[NC];
        for (int c = 0; c < NC; ++c) iacc[c] = _mm512_setzero_si512();
        for (int s = 0; s < 16; ++s) {
            __m512i isum[NC];
            for (int c = 0; c < NC; ++c) isum[c] = _mm512_set1_epi32(-128 * y[c][i].bsums[s]);
            for (int k = 0; k < 4; ++k) {
                const __m512i q = _mm512_load_si512(g.q[s][k]);
                for (int c = 0; c < NC; ++c)
                    isum[c] = _mm512_dpbusd_epi32(isum[c], q, broadcast4(y[c][i].qs + 16 * s + 4 * k));
            }
            const __m512i sc = _mm512_load_si512(g.scale[s]);
            for (int c = 0; c < NC; ++c) iacc[c] = _mm512_add_epi32(iacc[c], _mm512_mullo_epi32(isum[c], sc));
        }
        const __m512 d = _mm512_load_ps(g.d);
        for (int c = 0; c < NC; ++c)
            acc[c] = _mm512_fmadd_ps(_mm512_cvtepi32_ps(iacc[c]), _mm512_mul_ps(d, _mm512_set1_ps(y[c][i].d)),
                                     acc[c]);
    }
    for (int c = 0; c < NC; ++c) _mm512_storeu_ps(out + static_cast<size_t>(c) * outColStride, acc[c]);
}

constexpr int kTileCols = 8;
using TileFn = void (*)(int64_t, const DecodedGroup*, const BlockQ8_K* const*, float*, size_t);
constexpr TileFn kTiles[kTileCols + 1] = {nullptr,       tileGroups<1>, tileGroups<2>,
                                          tileGroups<3>, tileGroups<4>, tileGroups<5>,
                                          tileGroups<6>, tileGroups<7>, tileGroups<8>};

float halfToFloatHere(uint16_t h) {
    return _mm_cvtss_f32(_mm_cvtph_ps(_mm_cvtsi32_si128(h)));
}

// Sixteen rows × 32 values of a type with 32-value blocks (MXFP4, IQ4_NL) against Q8_0
// activations. Here the activations take vpdpbusd's unsigned side (a + 128, flipped per token
// as they are broadcast) and the signed levels the other, so the bias 128 × Σ levels is one
// value per row and block, computed once at decode time.
struct DecodedGroup32 {
    alignas(64) int8_t q[8][4 * kGroupRows]; // q[k][4r + j]: value 4k + j of row r
    alignas(64) int32_t bias[kGroupRows];    // 128 × the sum of row r's 32 levels
    alignas(64) float d[kGroupRows];
};

void decodeGroup32(Decode32Fn decode, const uint8_t* rows, size_t rowStride, size_t blockBytes, int64_t block,
                   DecodedGroup32& g) {
    Decoded32 dec;
    for (int r = 0; r < kGroupRows; ++r) {
        decode(rows + static_cast<size_t>(r) * rowStride + static_cast<size_t>(block) * blockBytes, &dec);
        g.d[r] = dec.d;
        int sum = 0;
        for (int k = 0; k < 8; ++k) {
            std::memcpy(g.q[k] + 4 * r, dec.q + 4 * k, 4);
            for (int j = 0; j < 4; ++j) sum += dec.q[4 * k + j];
        }
        g.bias[r] = 128 * sum;
    }
}

template <int NC>
void tileGroups32(int64_t nb, const DecodedGroup32* x, const BlockQ8_0* const* y, float* out,
                  size_t outColStride) {
    __m512 acc[NC];
    for (int c = 0; c < NC; ++c) acc[c] = _mm512_setzero_ps();
    for (int64_t i = 0; i < nb; ++i) {
        const DecodedGroup32& g = x[i];
        const __m512i bias = _mm512_load_si512(g.bias);
        __m512i isum[NC];
        for (int c = 0; c < NC; ++c) isum[c] = _mm512_setzero_si512();
        for (int k = 0; k < 8; ++k) {
            const __m512i q = _mm512_load_si512(g.q[k]);
            for (int c = 0; c < NC; ++c) {
                uint32_t four;
                std::memcpy(&four, y[c][i].qs + 4 * k, 4);
                isum[c] =
                    _mm512_dpbusd_epi32(isum[c], _mm512_set1_epi32(static_cast<int>(four ^ 0x80808080u)), q);
            }
        }
        const __m512 d = _mm512_load_ps(g.d);
        for (int c = 0; c < NC; ++c)
            acc[c] = _mm512_fmadd_ps(_mm512_cvtepi32_ps(_mm512_sub_epi32(isum[c], bias)),
                                     _mm512_mul_ps(d, _mm512_set1_ps(halfToFloatHere(y[c][i].d))), acc[c]);
    }
    for (int c = 0; c < NC; ++c) _mm512_storeu_ps(out + static_cast<size_t>(c) * outColStride, acc[c]);
}

using Tile32Fn = void (*)(int64_t, const DecodedGroup32*, const BlockQ8_0* const*, float*, size_t);
constexpr Tile32Fn kTiles32[kTileCols + 1] = {nullptr,         tileGroups32<1>, tileGroups32<2>,
                                              tileGroups32<3>, tileGroups32<4>, tileGroups32<5>,
                                              tileGroups32<6>, tileGroups32<7>, tileGroups32<8>};

// The 64 sign bits of two IQ2_XXS/IQ3_XXS sub-blocks: the eight 7-bit fields (bits 0..27 of
// each aux word) spread to one byte each, and bit 7 of each byte set so that every byte has an
// even number of ones (the stored rule for the eighth sign).
uint64_t signBits64(uint32_t aux0, uint32_t aux1) {
    const uint64_t fields = (aux0 & 0x0FFFFFFFull) | (static_cast<uint64_t>(aux1 & 0x0FFFFFFFu) << 28);
    const uint64_t seven = _pdep_u64(fields, 0x7F7F7F7F7F7F7F7Full);
    uint64_t parity = seven ^ (seven >> 4); // bit 0 of each byte ends as the parity of that byte
    parity ^= parity >> 2;
    parity ^= parity >> 1;
    return seven | ((parity & 0x0101010101010101ull) << 7);
}

// One step of the fused grid kernels: Σ over 64 values (sub-blocks 2t and 2t + 1) of unsigned
// grid bytes × activations negated where the sign bit is set, each sub-block's eight int32 lanes
// times its integer scale.
__m512i gridStep(__m512i values, uint64_t negative, const int8_t* a, int scale0, int scale1) {
    const __m512i zero = _mm512_setzero_si512();
    const __m512i av = _mm512_loadu_si512(a);
    const __m512i dot = _mm512_dpbusd_epi32(zero, values, _mm512_mask_sub_epi8(av, negative, zero, av));
    return _mm512_mullo_epi32(
        dot, _mm512_mask_blend_epi32(0xFF00, _mm512_set1_epi32(scale0), _mm512_set1_epi32(scale1)));
}

} // namespace

int decodedGroup32TileAvx512(Decode32Fn decode, size_t blockBytes, int64_t n, const void* w,
                             size_t wRowStride, int nRows, const void* act, size_t actRowStride, int nCols,
                             float* out, size_t outColStride) {
    const int64_t nb = n / kQK32;
    thread_local std::vector<DecodedGroup32> groups;
    if (groups.size() < static_cast<size_t>(nb)) groups.resize(static_cast<size_t>(nb));
    const auto* rows = static_cast<const uint8_t*>(w);
    const auto* cols = static_cast<const uint8_t*>(act);
    int r0 = 0;
    for (; r0 + kGroupRows <= nRows; r0 += kGroupRows) {
        for (int64_t i = 0; i < nb; ++i)
            decodeGroup32(decode, rows + static_cast<size_t>(r0) * wRowStride, wRowStride, blockBytes, i,
                          groups[static_cast<size_t>(i)]);
        for (int c0 = 0; c0 < nCols; c0 += kTileCols) {
            const int nc = nCols - c0 < kTileCols ? nCols - c0 : kTileCols;
            const BlockQ8_0* y[kTileCols];
            for (int c = 0; c < nc; ++c)
                y[c] = reinterpret_cast<const BlockQ8_0*>(cols + static_cast<size_t>(c0 + c) * actRowStride);
            kTiles32[nc](nb, groups.data(), y, out + static_cast<size_t>(c0) * outColStride + r0,
                         outColStride);
        }
    }
    return r0;
}

int decodedGroupTileAvx512(Decode256Fn decode, size_t blockBytes, int64_t n, const void* w, size_t wRowStride,
                           int nRows, const void* act, size_t actRowStride, int nCols, float* out,
                           size_t outColStride) {
    const int64_t nb = n / kQK256;
    thread_local std::vector<DecodedGroup> groups;
    if (groups.size() < static_cast<size_t>(nb)) groups.resize(static_cast<size_t>(nb));
    const auto* rows = static_cast<const uint8_t*>(w);
    const auto* cols = static_cast<const uint8_t*>(act);
    int r0 = 0;
    for (; r0 + kGroupRows <= nRows; r0 += kGroupRows) {
        for (int64_t i = 0; i < nb; ++i)
            decodeGroup(decode, rows + static_cast<size_t>(r0) * wRowStride, wRowStride, blockBytes, i,
                        groups[i]);
        for (int c0 = 0; c0 < nCols; c0 += kTileCols) {
            const int nc = nCols - c0 < kTileCols ? nCols - c0 : kTileCols;
            const BlockQ8_K* y[kTileCols];
            for (int c = 0; c < nc; ++c)
                y[c] = reinterpret_cast<const BlockQ8_K*>(cols + static_cast<size_t>(c0 + c) * actRowStride);
            kTiles[nc](nb, groups.data(), y, out + static_cast<size_t>(c0) * outColStride + r0, outColStride);
        }
    }
    return r0;
}

// The fused grid kernels below run 64 values (two sub-blocks) per step: the grid entries of
// those values loaded into one register, the sign bits as a mask register (no byte stores), and
// gridStep's vpdpbusd. The integer sums are exact; d carries the codes' common fraction.

namespace {

// Σ over the blocks of a grid type: step(block, t, activations) gives the int32 lanes of values
// 64t .. 64t + 63 (gridStep), and each block's sum is scaled by d · dFactor · the activation's d.
template <class Block, class Step>
float gridDot(int64_t n, const void* w, const void* act, float dFactor, Step step) {
    const auto* x = static_cast<const Block*>(w);
    const auto* y = static_cast<const BlockQ8_K*>(act);
    __m512 acc = _mm512_setzero_ps();
    for (int64_t i = 0; i < n / kQK256; ++i) {
        __m512i sumi = _mm512_setzero_si512();
        for (int t = 0; t < 4; ++t) sumi = _mm512_add_epi32(sumi, step(x[i], t, y[i].qs + 64 * t));
        acc = _mm512_fmadd_ps(_mm512_cvtepi32_ps(sumi),
                              _mm512_set1_ps(halfToFloatHere(x[i].d) * dFactor * y[i].d), acc);
    }
    return _mm512_reduce_add_ps(acc);
}

// IQ2_XXS and IQ3_XXS keep each sub-block's four 7-bit sign fields and its 4-bit scale in one word.
__m512i xxsStep(__m512i values, uint32_t aux0, uint32_t aux1, const int8_t* a) {
    return gridStep(values, signBits64(aux0, aux1), a, 2 * static_cast<int>(aux0 >> 28) + 1,
                    2 * static_cast<int>(aux1 >> 28) + 1);
}

// Sixteen 4-byte grid entries (64 values) by index, in value order.
template <class Index> __m512i gridEntries16(const uint32_t* grid, const Index* i) {
    return _mm512_set_epi32(
        static_cast<int>(grid[i[15]]), static_cast<int>(grid[i[14]]), static_cast<int>(grid[i[13]]),
        static_cast<int>(grid[i[12]]), static_cast<int>(grid[i[11]]), static_cast<int>(grid[i[10]]),
        static_cast<int>(grid[i[9]]), static_cast<int>(grid[i[8]]), static_cast<int>(grid[i[7]]),
        static_cast<int>(grid[i[6]]), static_cast<int>(grid[i[5]]), static_cast<int>(grid[i[4]]),
        static_cast<int>(grid[i[3]]), static_cast<int>(grid[i[2]]), static_cast<int>(grid[i[1]]),
        static_cast<int>(grid[i[0]]));
}

uint32_t loadWord(const uint8_t* p) {
    uint32_t v;
    std::memcpy(&v, p, 4);
    return v;
}

} // namespace

float dotIQ2_XXSAvx512(int64_t n, const void* w, const void* act) {
    return gridDot<BlockIQ2_XXS>(n, w, act, 0.125f, [](const BlockIQ2_XXS& x, int t, const int8_t* a) {
        // Per sub-block: four index bytes (eight values each), then the sign fields and scale.
        const uint8_t* b = reinterpret_cast<const uint8_t*>(x.qs) + 16 * t;
        const uint64_t* grid = grids::kIq2xxs;
        const __m512i values =
            _mm512_set_epi64(static_cast<long long>(grid[b[11]]), static_cast<long long>(grid[b[10]]),
                             static_cast<long long>(grid[b[9]]), static_cast<long long>(grid[b[8]]),
                             static_cast<long long>(grid[b[3]]), static_cast<long long>(grid[b[2]]),
                             static_cast<long long>(grid[b[1]]), static_cast<long long>(grid[b[0]]));
        return xxsStep(values, loadWord(b + 4), loadWord(b + 12), a);
    });
}

float dotIQ3_XXSAvx512(int64_t n, const void* w, const void* act) {
    return gridDot<BlockIQ3_XXS>(n, w, act, 0.25f, [](const BlockIQ3_XXS& x, int t, const int8_t* a) {
        const uint8_t* scalesAndSigns = x.qs + kQK256 / 4 + 8 * t;
        return xxsStep(gridEntries16(grids::kIq3xxs, x.qs + 16 * t), loadWord(scalesAndSigns),
                       loadWord(scalesAndSigns + 4), a);
    });
}

float dotIQ3_SAvx512(int64_t n, const void* w, const void* act) {
    return gridDot<BlockIQ3_S>(n, w, act, 1.0f, [](const BlockIQ3_S& x, int t, const int8_t* a) {
        // Index j of a sub-block takes bit j of the sub-block's qh byte as its ninth bit.
        const __m512i bitOf = _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
        uint16_t qh;
        std::memcpy(&qh, x.qh + 2 * t, 2);
        const __m512i low =
            _mm512_cvtepu8_epi32(_mm_loadu_si128(reinterpret_cast<const __m128i*>(x.qs + 16 * t)));
        const __m512i high =
            _mm512_and_si512(_mm512_srlv_epi32(_mm512_set1_epi32(qh), bitOf), _mm512_set1_epi32(1));
        alignas(64) uint32_t index[16];
        _mm512_store_si512(index, _mm512_or_si512(low, _mm512_slli_epi32(high, 8)));
        uint64_t negative;
        std::memcpy(&negative, x.signs + 8 * t, 8);
        const int scales = x.scales[t];
        return gridStep(gridEntries16(grids::kIq3s, index), negative, a, 1 + 2 * (scales & 0xF),
                        1 + 2 * (scales >> 4));
    });
}

} // namespace smoldesk::quant::cpu

#endif
