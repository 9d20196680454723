// AVX-512 VNNI kernels for the types computed through integer decoders (type_kernels.h):
//  - prompts: sixteen weight rows are decoded once into a row-interleaved int8 group (the
//    layout of the packed K-quant kernels) and every token of the tile is then a run of
//    vpdpbusd, instead of a decode per row per eight tokens and a dot product per row;
//  - decode of IQ2_XXS (the most common 2-bit type): grid entries gathered eight at a time and
//    the sign bits applied to the activations through a mask register, with no byte stores.
// Compiled with the AVX-512 flags; reached only through the avx512 kernel table.
#include "quant/block_formats.h"
#include "quant/cpu_kernels.h"
#include "quant/iq_grids.h"
#include "quant/type_kernels.h"

#if defined(__x86_64__) && defined(__AVX512F__) && defined(__AVX512BW__) && defined(__AVX512VL__) &&         \
    defined(__AVX512VNNI__) && defined(__FMA__) && defined(__F16C__)

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

// The eighth sign bit of each 7-bit sign field (an even number of minus signs in all).
struct SignBytes {
    uint8_t of7[128];
};
constexpr SignBytes makeSignBytes() {
    SignBytes t{};
    for (uint32_t s = 0; s < 128; ++s) {
        uint32_t ones = 0;
        for (uint32_t b = s; b != 0; b >>= 1) ones += b & 1u;
        t.of7[s] = static_cast<uint8_t>(s | ((ones & 1u) << 7));
    }
    return t;
}
constexpr SignBytes kSignBytes = makeSignBytes();

// The 32 sign bits of one IQ2_XXS/IQ3_XXS sub-block (four 7-bit fields in bits 0..27).
uint32_t signBits32(uint32_t aux) {
    return static_cast<uint32_t>(kSignBytes.of7[aux & 127]) |
           (static_cast<uint32_t>(kSignBytes.of7[(aux >> 7) & 127]) << 8) |
           (static_cast<uint32_t>(kSignBytes.of7[(aux >> 14) & 127]) << 16) |
           (static_cast<uint32_t>(kSignBytes.of7[(aux >> 21) & 127]) << 24);
}

float halfToFloatHere(uint16_t h) {
    return _mm_cvtss_f32(_mm_cvtph_ps(_mm_cvtsi32_si128(h)));
}

} // namespace

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

// Σ over 64 values (two sub-blocks) per step: the eight grid entries gathered in one
// instruction, the activations negated where a sign bit is set, vpdpbusd against the unsigned
// grid bytes, and each sub-block's odd scale 2s + 1 applied to its eight int32 lanes.
float dotIQ2_XXSAvx512(int64_t n, const void* w, const void* act) {
    const auto* x = static_cast<const BlockIQ2_XXS*>(w);
    const auto* y = static_cast<const BlockQ8_K*>(act);
    const auto* grid = reinterpret_cast<const long long*>(grids::kIq2xxs);
    const __m128i indexBytes = _mm_setr_epi8(0, 1, 2, 3, 8, 9, 10, 11, -1, -1, -1, -1, -1, -1, -1, -1);
    const __m512i zero = _mm512_setzero_si512();
    __m512 acc = _mm512_setzero_ps();
    for (int64_t i = 0; i < n / kQK256; ++i) {
        const auto* q = reinterpret_cast<const uint8_t*>(x[i].qs);
        __m512i sumi = zero;
        for (int t = 0; t < 4; ++t) {
            const __m128i raw = _mm_loadu_si128(reinterpret_cast<const __m128i*>(q + 16 * t));
            const __m512i index = _mm512_cvtepu8_epi64(_mm_shuffle_epi8(raw, indexBytes));
            const __m512i values = _mm512_i64gather_epi64(index, grid, 8);
            uint32_t aux0, aux1;
            std::memcpy(&aux0, q + 16 * t + 4, 4);
            std::memcpy(&aux1, q + 16 * t + 12, 4);
            const __mmask64 negative =
                static_cast<__mmask64>(signBits32(aux0)) | (static_cast<__mmask64>(signBits32(aux1)) << 32);
            const __m512i a = _mm512_loadu_si512(y[i].qs + 64 * t);
            const __m512i signedA = _mm512_mask_sub_epi8(a, negative, zero, a);
            const __m512i dot = _mm512_dpbusd_epi32(zero, values, signedA);
            const __m512i scale =
                _mm512_mask_blend_epi32(0xFF00, _mm512_set1_epi32(2 * static_cast<int>(aux0 >> 28) + 1),
                                        _mm512_set1_epi32(2 * static_cast<int>(aux1 >> 28) + 1));
            sumi = _mm512_add_epi32(sumi, _mm512_mullo_epi32(dot, scale));
        }
        acc = _mm512_fmadd_ps(_mm512_cvtepi32_ps(sumi),
                              _mm512_set1_ps(halfToFloatHere(x[i].d) * 0.125f * y[i].d), acc);
    }
    return _mm512_reduce_add_ps(acc);
}

} // namespace smoldesk::quant::cpu

#endif
