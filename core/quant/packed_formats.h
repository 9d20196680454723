#pragma once
// Byte layouts of the row-interleaved ("packed") blocks the CPU backend repacks Q4_K, Q6_K and
// IQ4_XS weights into at load time. Sixteen consecutive weight rows share one packed
// block per 256 columns, laid out so that one 64-byte load holds four quants of each of the
// sixteen rows: a VNNI dot product against four broadcast activation bytes then yields
// sixteen row sums at once, and every unpacked weight is reused for every token of a tile.
// A packed block has exactly the size of the sixteen GGUF blocks it replaces, so the packed
// copy replaces the mapped one instead of adding to it. Data only (included by ISA files).
#include <cstdint>

namespace smoldesk::quant {

constexpr int kPackRows = 16;

struct BlockQ4_Kx16 {
    uint16_t d[kPackRows];
    uint16_t dmin[kPackRows];
    // scales[s][r]: bits 0-5 the scale of sub-block s (32 values) of row r, bits 6-7 bits 0-1 of its min.
    uint8_t scales[8][kPackRows];
    // minsHigh[t][r]: low nibble bits 2-5 of the min of sub-block 2t, high nibble of sub-block 2t+1.
    uint8_t minsHigh[4][kPackRows];
    // qs[s][h][4r + j]: low nibble = quant 32s + 8h + j, high nibble = quant 32s + 8h + 4 + j of row r.
    uint8_t qs[8][4][4 * kPackRows];
};

struct BlockQ6_Kx16 {
    uint16_t d[kPackRows];
    // scales[t][r][k]: the scale of sub-block 2t + k (16 values) of row r.
    int8_t scales[8][kPackRows][2];
    // For sub-block s (16 values), byte 4r + j of qs[s][k] (k = 0, 1, 2) holds quant 16s + 4k + j
    // of row r whole in bits 0-5, and bits 2k..2k+1 of quant 16s + 12 + j in bits 6-7: three
    // of the four quant vectors are one AND away, the fourth gathers the top bits.
    uint8_t qs[16][3][4 * kPackRows];
};

struct BlockIQ4_XSx16 {
    uint16_t d[kPackRows];
    // The 6-bit sub-block scales (stored + 32, as in IQ4_XS): scalesLow[t][r] holds bits 0-3 of
    // sub-block 2t's of row r in its low nibble and sub-block 2t+1's in its high nibble;
    // scalesHigh[u][r] holds bits 4-5 of sub-block 4u+k's in bits 2k..2k+1.
    uint8_t scalesLow[4][kPackRows];
    uint8_t scalesHigh[2][kPackRows];
    // qs[s][h][4r + j]: low nibble = level index of value 32s + 8h + j, high nibble = of value
    // 32s + 8h + 4 + j of row r (Q4_K's layout, so the kernels share its loads).
    uint8_t qs[8][4][4 * kPackRows];
};

static_assert(sizeof(BlockQ4_Kx16) == 16 * 144 && sizeof(BlockQ6_Kx16) == 16 * 210 &&
              sizeof(BlockIQ4_XSx16) == 16 * 136);

} // namespace smoldesk::quant
