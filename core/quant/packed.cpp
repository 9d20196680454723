#include "quant/packed.h"

#include "quant/block_formats.h"
#include "quant/cpu_kernels.h"
#include "quant/dequant.h"
#include "quant/errors.h"
#include "quant/packed_formats.h"
#include "quant/vec_dot.h"

#include <cstring>
#include <vector>

namespace smoldesk::quant {

namespace {

// One GGUF K-quant block with its bit fields spread out, the common ground of both layouts.
struct Q4KFields {
    uint16_t d, dmin;
    uint8_t scale[8], min[8]; // 6-bit
    uint8_t q[kQK256];        // 4-bit
};
struct Q6KFields {
    uint16_t d;
    int8_t scale[16];
    uint8_t q[kQK256]; // 6-bit, stored with a bias of 32
};

// The eight 6-bit scales and mins packed into a Q4_K block's 12 scale bytes.
void readScalesQ4K(const uint8_t* s, Q4KFields& f) {
    for (int j = 0; j < 4; ++j) {
        f.scale[j] = s[j] & 63;
        f.min[j] = s[j + 4] & 63;
        f.scale[j + 4] = static_cast<uint8_t>((s[j + 8] & 0x0F) | ((s[j] >> 6) << 4));
        f.min[j + 4] = static_cast<uint8_t>((s[j + 8] >> 4) | ((s[j + 4] >> 6) << 4));
    }
}

void writeQ4K(const Q4KFields& f, BlockQ4_K& b) {
    b.d = f.d;
    b.dmin = f.dmin;
    for (int j = 0; j < 4; ++j) {
        b.scales[j] = static_cast<uint8_t>(f.scale[j] | ((f.scale[j + 4] >> 4) << 6));
        b.scales[j + 4] = static_cast<uint8_t>(f.min[j] | ((f.min[j + 4] >> 4) << 6));
        b.scales[j + 8] = static_cast<uint8_t>((f.scale[j + 4] & 0x0F) | ((f.min[j + 4] & 0x0F) << 4));
    }
    std::memset(b.qs, 0, sizeof b.qs);
    for (int v = 0; v < kQK256; ++v)
        b.qs[32 * (v / 64) + v % 32] |= static_cast<uint8_t>((v % 64) < 32 ? f.q[v] : f.q[v] << 4);
}

// Quant v of a Q6_K block: ql/qh positions as ggml's dequantize_row_q6_K walks them.
struct Q6Pos {
    int ql, qlShift, qh, qhShift;
};
Q6Pos q6Pos(int v) {
    const int half = v / 128, quarter = (v % 128) / 32, l = v % 32;
    return {64 * half + l + 32 * (quarter & 1), quarter >= 2 ? 4 : 0, 32 * half + l, 2 * quarter};
}

void writeQ6K(const Q6KFields& f, BlockQ6_K& b) {
    b.d = f.d;
    std::memcpy(b.scales, f.scale, sizeof f.scale);
    std::memset(b.ql, 0, sizeof b.ql);
    std::memset(b.qh, 0, sizeof b.qh);
    for (int v = 0; v < kQK256; ++v) {
        const Q6Pos p = q6Pos(v);
        b.ql[p.ql] |= static_cast<uint8_t>((f.q[v] & 0x0F) << p.qlShift);
        b.qh[p.qh] |= static_cast<uint8_t>((f.q[v] >> 4) << p.qhShift);
    }
}

Q4KFields getQ4K(const BlockQ4_Kx16& p, int r) {
    Q4KFields f{};
    f.d = p.d[r];
    f.dmin = p.dmin[r];
    for (int s = 0; s < 8; ++s) {
        f.scale[s] = p.scales[s][r] & 63;
        f.min[s] = static_cast<uint8_t>((p.scales[s][r] >> 6) |
                                        (((p.minsHigh[s / 2][r] >> (4 * (s % 2))) & 0x0F) << 2));
        for (int h = 0; h < 4; ++h)
            for (int j = 0; j < 4; ++j) {
                const uint8_t byte = p.qs[s][h][4 * r + j];
                f.q[32 * s + 8 * h + j] = byte & 0x0F;
                f.q[32 * s + 8 * h + 4 + j] = byte >> 4;
            }
    }
    return f;
}

Q6KFields getQ6K(const BlockQ6_Kx16& p, int r) {
    Q6KFields f{};
    f.d = p.d[r];
    for (int s = 0; s < 16; ++s) {
        f.scale[s] = p.scales[s / 2][r][s % 2];
        uint8_t* q = f.q + 16 * s;
        for (int j = 0; j < 4; ++j) {
            uint8_t last = 0;
            for (int k = 0; k < 3; ++k) {
                const uint8_t byte = p.qs[s][k][4 * r + j];
                q[4 * k + j] = byte & 0x3F;
                last = static_cast<uint8_t>(last | ((byte >> 6) << (2 * k)));
            }
            q[12 + j] = last;
        }
    }
    return f;
}

// An IQ4_XS block's fields: the level indices in value order and the 6-bit scales as stored.
struct IQ4XSFields {
    uint16_t d;
    uint8_t scale[8];
    uint8_t q[kQK256];
};

void writeIQ4XS(const IQ4XSFields& f, BlockIQ4_XS& b) {
    b.d = f.d;
    b.scales_h = 0;
    std::memset(b.scales_l, 0, sizeof b.scales_l);
    for (int s = 0; s < 8; ++s) {
        b.scales_l[s / 2] = static_cast<uint8_t>(b.scales_l[s / 2] | ((f.scale[s] & 0x0F) << (4 * (s % 2))));
        b.scales_h = static_cast<uint16_t>(b.scales_h | ((f.scale[s] >> 4) << (2 * s)));
        for (int j = 0; j < 16; ++j)
            b.qs[16 * s + j] = static_cast<uint8_t>(f.q[32 * s + j] | (f.q[32 * s + 16 + j] << 4));
    }
}

IQ4XSFields getIQ4XS(const BlockIQ4_XSx16& p, int r) {
    IQ4XSFields f{};
    f.d = p.d[r];
    for (int s = 0; s < 8; ++s) {
        f.scale[s] = static_cast<uint8_t>(((p.scalesLow[s / 2][r] >> (4 * (s % 2))) & 0x0F) |
                                          (((p.scalesHigh[s / 4][r] >> (2 * (s % 4))) & 3) << 4));
        for (int h = 0; h < 4; ++h)
            for (int j = 0; j < 4; ++j) {
                const uint8_t byte = p.qs[s][h][4 * r + j];
                f.q[32 * s + 8 * h + j] = byte & 0x0F;
                f.q[32 * s + 8 * h + 4 + j] = byte >> 4;
            }
    }
    return f;
}

uint64_t load64(const uint8_t* p) {
    uint64_t v;
    std::memcpy(&v, p, 8);
    return v;
}
void store32(uint8_t* p, uint64_t v) {
    const auto w = static_cast<uint32_t>(v);
    std::memcpy(p, &w, 4);
}
// Bytes 0..3 of x in the low nibbles and bytes 4..7 in the high nibbles (x holds nibbles).
uint64_t pairNibbles(uint64_t x) {
    return (x & 0xFFFFFFFFu) | ((x >> 32) << 4);
}
constexpr uint64_t kLow4 = 0x0F0F0F0F0F0F0F0Full;
constexpr uint64_t kLow2 = 0x0303030303030303ull;

// Packing works on words (loading repacks every weight); getQ4K/getQ6K, the inverse used by
// tests and row lookups, spell the layout out value by value.
void packQ4KRow(BlockQ4_Kx16& p, int r, const BlockQ4_K& b) {
    Q4KFields scales;
    readScalesQ4K(b.scales, scales);
    p.d[r] = b.d;
    p.dmin[r] = b.dmin;
    for (int s = 0; s < 8; ++s) {
        p.scales[s][r] = static_cast<uint8_t>(scales.scale[s] | ((scales.min[s] & 3) << 6));
        const int shift = 4 * (s % 2);
        p.minsHigh[s / 2][r] =
            static_cast<uint8_t>((p.minsHigh[s / 2][r] & ~(0x0F << shift)) | ((scales.min[s] >> 2) << shift));
        // Sub-block s is the low (even s) or high (odd s) nibbles of 32 bytes.
        const uint8_t* src = b.qs + 32 * (s / 2);
        for (int h = 0; h < 4; ++h)
            store32(p.qs[s][h] + 4 * r, pairNibbles((load64(src + 8 * h) >> shift) & kLow4));
    }
}

void packQ6KRow(BlockQ6_Kx16& p, int r, const BlockQ6_K& b) {
    p.d[r] = b.d;
    for (int s = 0; s < 16; ++s) {
        p.scales[s / 2][r][s % 2] = b.scales[s];
        // Quants 16s..16s+15 share one half, quarter and bit position in ql and qh.
        const int v = 16 * s, half = v / 128, quarter = (v % 128) / 32, l0 = v % 32;
        const uint8_t* ql = b.ql + 64 * half + 32 * (quarter & 1) + l0;
        const uint8_t* qh = b.qh + 32 * half + l0;
        const int lowShift = quarter >= 2 ? 4 : 0, highShift = 2 * quarter;
        const uint64_t h0 = (load64(qh) >> highShift) & kLow2, h1 = (load64(qh + 8) >> highShift) & kLow2;
        // Bytes j of w0: quant 16s + j, of w1: quant 16s + 8 + j, all six bits.
        const uint64_t w0 = ((load64(ql) >> lowShift) & kLow4) | (h0 << 4);
        const uint64_t w1 = ((load64(ql + 8) >> lowShift) & kLow4) | (h1 << 4);
        const uint64_t last = w1 >> 32; // quants 16s + 12 .. 16s + 15
        constexpr uint64_t kPairs = 0x03030303u;
        store32(p.qs[s][0] + 4 * r, (w0 & 0xFFFFFFFFu) | ((last & kPairs) << 6));
        store32(p.qs[s][1] + 4 * r, (w0 >> 32) | (((last >> 2) & kPairs) << 6));
        store32(p.qs[s][2] + 4 * r, (w1 & 0xFFFFFFFFu) | (((last >> 4) & kPairs) << 6));
    }
}

void packIQ4XSRow(BlockIQ4_XSx16& p, int r, const BlockIQ4_XS& b) {
    p.d[r] = b.d;
    for (int s = 0; s < 8; ++s) {
        const int scale =
            ((b.scales_l[s / 2] >> (4 * (s % 2))) & 0x0F) | (((b.scales_h >> (2 * s)) & 3) << 4);
        const int lowShift = 4 * (s % 2), highShift = 2 * (s % 4);
        p.scalesLow[s / 2][r] = static_cast<uint8_t>((p.scalesLow[s / 2][r] & ~(0x0F << lowShift)) |
                                                     ((scale & 0x0F) << lowShift));
        p.scalesHigh[s / 4][r] = static_cast<uint8_t>((p.scalesHigh[s / 4][r] & ~(0x03 << highShift)) |
                                                      ((scale >> 4) << highShift));
        // Values 0-15 of the sub-block are the low nibbles of its 16 bytes, 16-31 the high ones.
        const uint8_t* src = b.qs + 16 * s;
        store32(p.qs[s][0] + 4 * r, pairNibbles(load64(src) & kLow4));
        store32(p.qs[s][1] + 4 * r, pairNibbles(load64(src + 8) & kLow4));
        store32(p.qs[s][2] + 4 * r, pairNibbles((load64(src) >> 4) & kLow4));
        store32(p.qs[s][3] + 4 * r, pairNibbles((load64(src + 8) >> 4) & kLow4));
    }
}

// Bytes of one packed block (16 rows × 256 values) of a packable type, 0 for the others.
size_t packedBlockBytes(Type type) {
    switch (type) {
    case Type::Q4_K:
        return sizeof(BlockQ4_Kx16);
    case Type::Q6_K:
        return sizeof(BlockQ6_Kx16);
    case Type::IQ4_XS:
        return sizeof(BlockIQ4_XSx16);
    default:
        return 0;
    }
}

// Writes row r of packed block i as its GGUF block.
void unpackBlock(Type type, const uint8_t* group, int64_t i, int r, uint8_t* block) {
    if (type == Type::Q4_K)
        writeQ4K(getQ4K(reinterpret_cast<const BlockQ4_Kx16*>(group)[i], r),
                 *reinterpret_cast<BlockQ4_K*>(block));
    else if (type == Type::Q6_K)
        writeQ6K(getQ6K(reinterpret_cast<const BlockQ6_Kx16*>(group)[i], r),
                 *reinterpret_cast<BlockQ6_K*>(block));
    else
        writeIQ4XS(getIQ4XS(reinterpret_cast<const BlockIQ4_XSx16*>(group)[i], r),
                   *reinterpret_cast<BlockIQ4_XS*>(block));
}

void checkPackable(Type type, int64_t cols) {
    if (packedBlockBytes(type) == 0) throwUnsupportedType(type, "Row packing");
    if (cols <= 0 || cols % kQK256 != 0) checkWholeBlocks(type, cols <= 0 ? -1 : cols, "Row packing");
}

// Any CPU: unpack each row of a group to GGUF blocks and use the ordinary dot product.
void packedMatmulPortable(Type type, int64_t cols, const uint8_t* groups, int nGroups, const void* act,
                          size_t actRowStride, int nCols, float* out, size_t outColStride, bool accumulate) {
    const size_t rowBytes = quant::rowBytes(type, static_cast<uint64_t>(cols));
    const size_t groupBytes = packedGroupBytes(type, cols);
    std::vector<uint8_t> rows(rowBytes * kPackRows);
    for (int g = 0; g < nGroups; ++g) {
        unpackRowGroup(type, cols, groups + static_cast<size_t>(g) * groupBytes, rows.data(), rowBytes);
        for (int c = 0; c < nCols; ++c) {
            const uint8_t* a = static_cast<const uint8_t*>(act) + static_cast<size_t>(c) * actRowStride;
            float* o = out + static_cast<size_t>(c) * outColStride + static_cast<size_t>(g) * kPackRows;
            for (int r = 0; r < kPackRows; ++r) {
                const float v = vecDot(type, cols, rows.data() + static_cast<size_t>(r) * rowBytes, a);
                o[r] = accumulate ? o[r] + v : v;
            }
        }
    }
}

} // namespace

bool packedPreferred(Type type, uint64_t cols, uint64_t rows) {
    return packedBlockBytes(type) != 0 && cols > 0 && cols % kQK256 == 0 && rows > 0 &&
           rows % kPackRows == 0 && cpu::activeKernels().packedTile != nullptr;
}

size_t packedGroupBytes(Type type, int64_t cols) {
    return static_cast<size_t>(cols / kQK256) * packedBlockBytes(type);
}

void packRowGroup(Type type, int64_t cols, const uint8_t* src, size_t srcRowStride, uint8_t* dst) {
    checkPackable(type, cols);
    const int64_t nb = cols / kQK256;
    for (int64_t i = 0; i < nb; ++i)
        for (int r = 0; r < kPackRows; ++r) {
            const uint8_t* row = src + static_cast<size_t>(r) * srcRowStride;
            if (type == Type::Q4_K)
                packQ4KRow(reinterpret_cast<BlockQ4_Kx16*>(dst)[i], r,
                           reinterpret_cast<const BlockQ4_K*>(row)[i]);
            else if (type == Type::Q6_K)
                packQ6KRow(reinterpret_cast<BlockQ6_Kx16*>(dst)[i], r,
                           reinterpret_cast<const BlockQ6_K*>(row)[i]);
            else
                packIQ4XSRow(reinterpret_cast<BlockIQ4_XSx16*>(dst)[i], r,
                             reinterpret_cast<const BlockIQ4_XS*>(row)[i]);
        }
}

void unpackRowGroup(Type type, int64_t cols, const uint8_t* group, uint8_t* dst, size_t dstRowStride) {
    checkPackable(type, cols);
    const int64_t nb = cols / kQK256;
    const size_t blockBytes = typeInfo(type).blockBytes;
    for (int64_t i = 0; i < nb; ++i)
        for (int r = 0; r < kPackRows; ++r)
            unpackBlock(type, group, i, r, dst + static_cast<size_t>(r) * dstRowStride + i * blockBytes);
}

void dequantizePackedRow(Type type, int64_t cols, const uint8_t* group, int row, float* out) {
    checkPackable(type, cols);
    const int64_t nb = cols / kQK256;
    uint8_t block[sizeof(BlockQ6_K)];
    for (int64_t i = 0; i < nb; ++i) {
        unpackBlock(type, group, i, row, block);
        dequantizeRow(type, block, out + i * kQK256, kQK256);
    }
}

void packedMatmul(Type type, int64_t cols, const uint8_t* groups, int nGroups, const void* act,
                  size_t actRowStride, int nCols, float* out, size_t outColStride, bool accumulate) {
    checkPackable(type, cols);
    if (nGroups <= 0 || nCols <= 0) return;
    if (const auto tile = cpu::activeKernels().packedTile)
        tile(type, cols, groups, nGroups, act, actRowStride, nCols, out, outColStride, accumulate);
    else
        packedMatmulPortable(type, cols, groups, nGroups, act, actRowStride, nCols, out, outColStride,
                             accumulate);
}

} // namespace smoldesk::quant
