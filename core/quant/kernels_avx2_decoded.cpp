// AVX2 kernels for the prompt tiles of the types computed through integer decoders
// (type_kernels.h), the counterpart of kernels_avx512_decoded.cpp for CPUs without AVX-512: eight
// weight rows are decoded once per tile into a row-interleaved int8 group (one 32-byte register
// holds four values of each of the eight rows), and every token of the tile is then a run of
// vpmaddubsw/vpmaddwd against four broadcast activation bytes, instead of a decode per row per
// eight tokens (or, for MXFP4, a dot product per row and token).
//
// vpmaddubsw multiplies unsigned by signed bytes and saturates the sum of each pair to int16, so
// the operands are chosen per type to keep every pair sum exact:
//  - levels up to ±63 (MXFP4, the 2/3-bit grids, IQ1, ternary): the activations take the unsigned
//    side as a + 128 (a copy of the tile's activations, flipped once per call) and the signed
//    levels the other; 255·63·2 < 32768. The bias 128·Σ levels is one integer per row and
//    block, computed at decode time.
//  - levels up to ±127 (IQ4_NL, IQ4_XS rows that are not packed, Q8_0): |level| on the unsigned side and the
//  level's sign moved onto the
//    broadcast activations (one vpsignb per token and register); 127·127·2 < 32768.
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

constexpr int kRows = 8;     // rows per decoded group: one int32 lane each
constexpr int kTileCols = 4; // tokens per pass over a group (accumulators stay in registers)

// ---- the tile's activations, flipped to unsigned once per call ----

// Token c's quants as a + 128 (flip) or as they are, contiguous, and its block scales as floats;
// or, for the kernels that read Q8_0 activations as they are, only where the rows are (no copy).
struct ActTile {
    std::vector<uint8_t> q;
    std::vector<float> d;
    int64_t n = 0, nb = 0;
    const uint8_t* raw = nullptr;
    size_t rawStride = 0;
    const uint8_t* quants(int c) const { return q.data() + static_cast<size_t>(c) * static_cast<size_t>(n); }
    const float* scales(int c) const { return d.data() + static_cast<size_t>(c) * static_cast<size_t>(nb); }
    const BlockQ8_0* rawQ8_0(int c) const {
        return reinterpret_cast<const BlockQ8_0*>(raw + static_cast<size_t>(c) * rawStride);
    }
};

void copyQuants(const int8_t* src, uint8_t* dst, int bytes, bool flip) {
    const __m256i bias = flip ? _mm256_set1_epi8(static_cast<char>(0x80)) : _mm256_setzero_si256();
    for (int j = 0; j < bytes; j += 32)
        _mm256_storeu_si256(
            reinterpret_cast<__m256i*>(dst + j),
            _mm256_xor_si256(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(src + j)), bias));
}

template <class Block>
void prepareActs(int64_t n, const uint8_t* act, size_t actRowStride, int nCols, bool flip, ActTile& t) {
    constexpr int kBlock = static_cast<int>(sizeof(Block::qs));
    t.n = n;
    t.nb = n / kBlock;
    t.q.resize(static_cast<size_t>(nCols) * static_cast<size_t>(n));
    t.d.resize(static_cast<size_t>(nCols) * static_cast<size_t>(t.nb));
    for (int c = 0; c < nCols; ++c) {
        const auto* y = reinterpret_cast<const Block*>(act + static_cast<size_t>(c) * actRowStride);
        uint8_t* q = t.q.data() + static_cast<size_t>(c) * static_cast<size_t>(n);
        float* d = t.d.data() + static_cast<size_t>(c) * static_cast<size_t>(t.nb);
        for (int64_t i = 0; i < t.nb; ++i) {
            copyQuants(y[i].qs, q + i * kBlock, kBlock, flip);
            if constexpr (sizeof(y[i].d) == 2)
                d[i] = _cvtsh_ss(y[i].d);
            else
                d[i] = y[i].d;
        }
    }
}

__m256i broadcast4(const uint8_t* p) {
    int32_t v;
    std::memcpy(&v, p, 4);
    return _mm256_set1_epi32(v);
}

// Eight registers of 32 bytes (row r in r[r]) to eight registers where out[m] holds bytes
// 4m .. 4m + 3 of every row, row r in int32 lane r: an 8×8 transpose of 32-bit words.
void transpose8(const __m256i* r, __m256i* out) {
    __m256i t[8], u[8];
    for (int p = 0; p < 4; ++p) {
        t[2 * p] = _mm256_unpacklo_epi32(r[2 * p], r[2 * p + 1]);     // words 0,1 | 4,5 of both
        t[2 * p + 1] = _mm256_unpackhi_epi32(r[2 * p], r[2 * p + 1]); // words 2,3 | 6,7
    }
    for (int h = 0; h < 2; ++h) { // rows 0..3, then 4..7
        const __m256i* s = t + 4 * h;
        u[4 * h + 0] = _mm256_unpacklo_epi64(s[0], s[2]); // word 0 | 4
        u[4 * h + 1] = _mm256_unpackhi_epi64(s[0], s[2]); // word 1 | 5
        u[4 * h + 2] = _mm256_unpacklo_epi64(s[1], s[3]); // word 2 | 6
        u[4 * h + 3] = _mm256_unpackhi_epi64(s[1], s[3]); // word 3 | 7
    }
    for (int m = 0; m < 4; ++m) {
        out[m] = _mm256_permute2x128_si256(u[m], u[4 + m], 0x20);
        out[m + 4] = _mm256_permute2x128_si256(u[m], u[4 + m], 0x31);
    }
}

// ---- 32-value blocks (MXFP4, IQ4_NL, Q8_0) against Q8_0 ----

struct Group32 {
    alignas(32) int8_t q[8][32]; // q[k][4r + j]: value 4k + j of row r
    alignas(32) int32_t bias[kRows];
    alignas(32) float d[kRows];
};

// 32 levels of a nibble block in value order (low nibbles, then high ones) through a 16-entry table.
__m256i nibbleLevels(const uint8_t* qs, __m256i table) {
    const __m128i q = _mm_loadu_si128(reinterpret_cast<const __m128i*>(qs));
    const __m256i nibbles =
        _mm256_and_si256(_mm256_set_m128i(_mm_srli_epi16(q, 4), q), _mm256_set1_epi8(0x0F));
    return _mm256_shuffle_epi8(table, nibbles);
}

// 2^(e-128) exactly (dequant_iq.cpp's e8m0Half).
float mxfp4Scale(uint8_t e) {
    const uint32_t bits = e < 2 ? (0x00200000u << e) : (static_cast<uint32_t>(e - 1) << 23);
    float f;
    std::memcpy(&f, &bits, 4);
    return f;
}

// Block i of eight rows of MXFP4, IQ4_NL or Q8_0, with 128·Σ levels per row for the flipped tile.
void decodeGroup32(Type type, const uint8_t* rows, size_t rowStride, int64_t i, Group32& g) {
    const __m256i table = _mm256_broadcastsi128_si256(_mm_loadu_si128(
        reinterpret_cast<const __m128i*>(type == Type::MXFP4 ? grids::kFp4Values : grids::kIq4nlValues)));
    __m256i r[kRows];
    for (int row = 0; row < kRows; ++row) {
        const uint8_t* b = rows + static_cast<size_t>(row) * rowStride;
        if (type == Type::MXFP4) {
            const auto& x = reinterpret_cast<const BlockMXFP4*>(b)[i];
            r[row] = nibbleLevels(x.qs, table);
            g.d[row] = mxfp4Scale(x.e);
        } else if (type == Type::IQ4_NL) {
            const auto& x = reinterpret_cast<const BlockIQ4_NL*>(b)[i];
            r[row] = nibbleLevels(x.qs, table);
            g.d[row] = _cvtsh_ss(x.d);
        } else {
            const auto& x = reinterpret_cast<const BlockQ8_0*>(b)[i];
            r[row] = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(x.qs));
            g.d[row] = _cvtsh_ss(x.d);
        }
    }
    __m256i qt[8];
    transpose8(r, qt);
    const __m256i ones8 = _mm256_set1_epi8(1);
    __m256i sum16 = _mm256_setzero_si256();
    for (int k = 0; k < 8; ++k) {
        _mm256_store_si256(reinterpret_cast<__m256i*>(g.q[k]), qt[k]);
        sum16 = _mm256_add_epi16(sum16, _mm256_maddubs_epi16(ones8, qt[k])); // |Σ| ≤ 32·127
    }
    const __m256i sum = _mm256_madd_epi16(sum16, _mm256_set1_epi16(1));
    _mm256_store_si256(reinterpret_cast<__m256i*>(g.bias), _mm256_slli_epi32(sum, 7));
}

// MXFP4: |level| ≤ 12, so four vpmaddubsw results (≤ 4·2·255·12) add in int16 before widening.
template <int NC>
void tileMx(int64_t nb, const Group32* g, const ActTile& a, int c0, float* out, size_t outColStride) {
    const __m256i ones16 = _mm256_set1_epi16(1);
    __m256 acc[NC];
    for (int c = 0; c < NC; ++c) acc[c] = _mm256_setzero_ps();
    for (int64_t i = 0; i < nb; ++i) {
        __m256i isum[NC];
        for (int c = 0; c < NC; ++c) isum[c] = _mm256_setzero_si256();
        for (int h = 0; h < 2; ++h) {
            __m256i q[4];
            for (int k = 0; k < 4; ++k)
                q[k] = _mm256_load_si256(reinterpret_cast<const __m256i*>(g[i].q[4 * h + k]));
            for (int c = 0; c < NC; ++c) {
                const uint8_t* y = a.quants(c0 + c) + 32 * i + 16 * h;
                __m256i p = _mm256_maddubs_epi16(broadcast4(y), q[0]);
                p = _mm256_add_epi16(p, _mm256_maddubs_epi16(broadcast4(y + 4), q[1]));
                p = _mm256_add_epi16(p, _mm256_maddubs_epi16(broadcast4(y + 8), q[2]));
                p = _mm256_add_epi16(p, _mm256_maddubs_epi16(broadcast4(y + 12), q[3]));
                isum[c] = _mm256_add_epi32(isum[c], _mm256_madd_epi16(p, ones16));
            }
        }
        const __m256i bias = _mm256_load_si256(reinterpret_cast<const __m256i*>(g[i].bias));
        const __m256 d = _mm256_load_ps(g[i].d);
        for (int c = 0; c < NC; ++c)
            acc[c] = _mm256_fmadd_ps(_mm256_cvtepi32_ps(_mm256_sub_epi32(isum[c], bias)),
                                     _mm256_mul_ps(d, _mm256_set1_ps(a.scales(c0 + c)[i])), acc[c]);
    }
    for (int c = 0; c < NC; ++c) _mm256_storeu_ps(out + static_cast<size_t>(c) * outColStride, acc[c]);
}

// IQ4_NL and Q8_0: |level| ≤ 127 (Q8_0's -128 too: vpabsb gives 128 as an unsigned byte, and
// 2·128·127 < 32768): |level| unsigned, its sign moved onto the activations, read from their
// Q8_0 blocks as they are.
template <int NC>
void tileNl(int64_t nb, const Group32* g, const ActTile& a, int c0, float* out, size_t outColStride) {
    const __m256i ones16 = _mm256_set1_epi16(1);
    __m256 acc[NC];
    for (int c = 0; c < NC; ++c) acc[c] = _mm256_setzero_ps();
    for (int64_t i = 0; i < nb; ++i) {
        __m256i isum[NC];
        for (int c = 0; c < NC; ++c) isum[c] = _mm256_setzero_si256();
        for (int k = 0; k < 8; ++k) {
            const __m256i q = _mm256_load_si256(reinterpret_cast<const __m256i*>(g[i].q[k]));
            const __m256i mag = _mm256_abs_epi8(q);
            for (int c = 0; c < NC; ++c) {
                const auto* yq = reinterpret_cast<const uint8_t*>(a.rawQ8_0(c0 + c)[i].qs);
                const __m256i y = _mm256_sign_epi8(broadcast4(yq + 4 * k), q);
                isum[c] = _mm256_add_epi32(isum[c], _mm256_madd_epi16(_mm256_maddubs_epi16(mag, y), ones16));
            }
        }
        const __m256 d = _mm256_load_ps(g[i].d);
        for (int c = 0; c < NC; ++c)
            acc[c] =
                _mm256_fmadd_ps(_mm256_cvtepi32_ps(isum[c]),
                                _mm256_mul_ps(d, _mm256_set1_ps(_cvtsh_ss(a.rawQ8_0(c0 + c)[i].d))), acc[c]);
    }
    for (int c = 0; c < NC; ++c) _mm256_storeu_ps(out + static_cast<size_t>(c) * outColStride, acc[c]);
}

using Tile32Fn = void (*)(int64_t, const Group32*, const ActTile&, int, float*, size_t);
constexpr Tile32Fn kTilesMx[kTileCols + 1] = {nullptr, tileMx<1>, tileMx<2>, tileMx<3>, tileMx<4>};
constexpr Tile32Fn kTilesNl[kTileCols + 1] = {nullptr, tileNl<1>, tileNl<2>, tileNl<3>, tileNl<4>};

// ---- 256-value decoded types against Q8_K ----

struct Group256 {
    alignas(32) int8_t q[16][4][32];   // q[s][k][4r + j]: value 16s + 4k + j of row r
    alignas(32) int16_t scale[16][16]; // scale[s][2r] = scale[s][2r + 1]: sub-block s of row r
    alignas(32) int32_t bias[kRows];   // 128 · Σ_s scale_s · Σ levels of sub-block s
    alignas(32) float d[kRows];
};

void decodeGroup256(Decode256Fn decode, const uint8_t* rows, size_t rowStride, size_t blockBytes, int64_t i,
                    Group256& g) {
    Decoded256 dec[kRows];
    for (int r = 0; r < kRows; ++r) {
        decode(rows + static_cast<size_t>(r) * rowStride + static_cast<size_t>(i) * blockBytes, &dec[r]);
        g.d[r] = dec[r].d;
        for (int s = 0; s < 16; ++s) g.scale[s][2 * r] = g.scale[s][2 * r + 1] = dec[r].scale[s];
    }
    const __m256i ones8 = _mm256_set1_epi8(1);
    __m256i bias = _mm256_setzero_si256();
    for (int j = 0; j < 8; ++j) { // values 32j .. 32j + 31: sub-blocks 2j and 2j + 1
        __m256i r[kRows], qt[8];
        for (int row = 0; row < kRows; ++row)
            r[row] = _mm256_load_si256(reinterpret_cast<const __m256i*>(dec[row].q + 32 * j));
        transpose8(r, qt);
        for (int h = 0; h < 2; ++h) {
            __m256i sum16 = _mm256_setzero_si256();
            for (int k = 0; k < 4; ++k) {
                _mm256_store_si256(reinterpret_cast<__m256i*>(g.q[2 * j + h][k]), qt[4 * h + k]);
                sum16 = _mm256_add_epi16(sum16, _mm256_maddubs_epi16(ones8, qt[4 * h + k]));
            }
            const __m256i sc = _mm256_load_si256(reinterpret_cast<const __m256i*>(g.scale[2 * j + h]));
            bias = _mm256_add_epi32(bias, _mm256_madd_epi16(sum16, sc));
        }
    }
    _mm256_store_si256(reinterpret_cast<__m256i*>(g.bias), _mm256_slli_epi32(bias, 7));
}

// The pair sums of vpmaddubsw are scaled by vpmaddwd with the sub-block's scale in both int16
// lanes of each row, so every step adds scale · Σ of four values to the row's int32 lane. Wide:
// levels up to ±127 (IQ4_XS), |level| against unflipped activations carrying the level's sign.
template <int NC, bool Wide>
void tile256(int64_t nb, const Group256* g, const ActTile& a, int c0, float* out, size_t outColStride) {
    __m256 acc[NC];
    for (int c = 0; c < NC; ++c) acc[c] = _mm256_setzero_ps();
    for (int64_t i = 0; i < nb; ++i) {
        __m256i isum[NC];
        for (int c = 0; c < NC; ++c) isum[c] = _mm256_setzero_si256();
        for (int s = 0; s < 16; ++s) {
            const __m256i sc = _mm256_load_si256(reinterpret_cast<const __m256i*>(g[i].scale[s]));
            for (int k = 0; k < 4; ++k) {
                const __m256i q = _mm256_load_si256(reinterpret_cast<const __m256i*>(g[i].q[s][k]));
                const __m256i mag = Wide ? _mm256_abs_epi8(q) : q;
                for (int c = 0; c < NC; ++c) {
                    const __m256i y = broadcast4(a.quants(c0 + c) + 256 * i + 16 * s + 4 * k);
                    const __m256i p =
                        Wide ? _mm256_maddubs_epi16(mag, _mm256_sign_epi8(y, q)) : _mm256_maddubs_epi16(y, q);
                    isum[c] = _mm256_add_epi32(isum[c], _mm256_madd_epi16(p, sc));
                }
            }
        }
        const __m256i bias =
            Wide ? _mm256_setzero_si256() : _mm256_load_si256(reinterpret_cast<const __m256i*>(g[i].bias));
        const __m256 d = _mm256_load_ps(g[i].d);
        for (int c = 0; c < NC; ++c)
            acc[c] = _mm256_fmadd_ps(_mm256_cvtepi32_ps(_mm256_sub_epi32(isum[c], bias)),
                                     _mm256_mul_ps(d, _mm256_set1_ps(a.scales(c0 + c)[i])), acc[c]);
    }
    for (int c = 0; c < NC; ++c) _mm256_storeu_ps(out + static_cast<size_t>(c) * outColStride, acc[c]);
}

using Tile256Fn = void (*)(int64_t, const Group256*, const ActTile&, int, float*, size_t);
constexpr Tile256Fn kTiles256[kTileCols + 1] = {nullptr, tile256<1, false>, tile256<2, false>,
                                                tile256<3, false>, tile256<4, false>};
constexpr Tile256Fn kTiles256Wide[kTileCols + 1] = {nullptr, tile256<1, true>, tile256<2, true>,
                                                    tile256<3, true>, tile256<4, true>};

// Runs tiles over every whole group of kRows rows; decodeRows(r0) fills the groups of rows r0...
template <class Group, class TileFn, class DecodeRows>
int runGroups(int nRows, int nCols, const ActTile& acts, std::vector<Group>& groups, const TileFn* tiles,
              float* out, size_t outColStride, DecodeRows decodeRows) {
    int r0 = 0;
    for (; r0 + kRows <= nRows; r0 += kRows) {
        decodeRows(r0);
        for (int c0 = 0; c0 < nCols; c0 += kTileCols) {
            const int nc = nCols - c0 < kTileCols ? nCols - c0 : kTileCols;
            tiles[nc](static_cast<int64_t>(groups.size()), groups.data(), acts, c0,
                      out + static_cast<size_t>(c0) * outColStride + r0, outColStride);
        }
    }
    return r0;
}

} // namespace

int decodedGroup32TileAvx2(Type type, int64_t n, const void* w, size_t wRowStride, int nRows, const void* act,
                           size_t actRowStride, int nCols, float* out, size_t outColStride) {
    const bool mx = type == Type::MXFP4;
    if ((!mx && type != Type::IQ4_NL && type != Type::Q8_0) || nRows < kRows) return 0;
    thread_local ActTile acts;
    thread_local std::vector<Group32> groups;
    if (mx) {
        prepareActs<BlockQ8_0>(n, static_cast<const uint8_t*>(act), actRowStride, nCols, true, acts);
    } else { // tileNl reads the Q8_0 rows as they are
        acts.raw = static_cast<const uint8_t*>(act);
        acts.rawStride = actRowStride;
    }
    groups.resize(static_cast<size_t>(n / kQK32));
    const auto* rows = static_cast<const uint8_t*>(w);
    return runGroups(nRows, nCols, acts, groups, mx ? kTilesMx : kTilesNl, out, outColStride, [&](int r0) {
        for (size_t i = 0; i < groups.size(); ++i)
            decodeGroup32(type, rows + static_cast<size_t>(r0) * wRowStride, wRowStride,
                          static_cast<int64_t>(i), groups[i]);
    });
}

int decodedGroupTileAvx2(Decode256Fn decode, bool wideLevels, size_t blockBytes, int64_t n, const void* w,
                         size_t wRowStride, int nRows, const void* act, size_t actRowStride, int nCols,
                         float* out, size_t outColStride) {
    if (nRows < kRows) return 0;
    thread_local ActTile acts;
    thread_local std::vector<Group256> groups;
    prepareActs<BlockQ8_K>(n, static_cast<const uint8_t*>(act), actRowStride, nCols, !wideLevels, acts);
    groups.resize(static_cast<size_t>(n / kQK256));
    const auto* rows = static_cast<const uint8_t*>(w);
    return runGroups(nRows, nCols, acts, groups, wideLevels ? kTiles256Wide : kTiles256, out, outColStride,
                     [&](int r0) {
                         for (size_t i = 0; i < groups.size(); ++i)
                             decodeGroup256(decode, rows + static_cast<size_t>(r0) * wRowStride, wRowStride,
                                            blockBytes, static_cast<int64_t>(i), groups[i]);
                     });
}

} // namespace smoldesk::quant::cpu

#endif
