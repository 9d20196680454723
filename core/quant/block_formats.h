#pragma once
// Byte layouts of the ggml quant blocks (ggml-common.h), as plain structs with no padding.
// Only data lives here: this header is included by the per-ISA kernel files, which must not
// share inline functions with code compiled for other instruction sets.
#include <cstdint>

namespace smoldesk::quant {

constexpr int kQK32 = 32;   // values per Q4_0 .. Q8_0 block
constexpr int kQK256 = 256; // values per K-quant super-block
constexpr int kScaleBytesK = 12;

struct BlockQ4_0 {
    uint16_t d;
    uint8_t qs[kQK32 / 2];
};
struct BlockQ4_1 {
    uint16_t d;
    uint16_t m;
    uint8_t qs[kQK32 / 2];
};
struct BlockQ5_0 {
    uint16_t d;
    uint8_t qh[4];
    uint8_t qs[kQK32 / 2];
};
struct BlockQ5_1 {
    uint16_t d;
    uint16_t m;
    uint8_t qh[4];
    uint8_t qs[kQK32 / 2];
};
struct BlockQ8_0 {
    uint16_t d;
    int8_t qs[kQK32];
};
struct BlockQ2_K {
    uint8_t scales[kQK256 / 16]; // low nibble scale, high nibble min, per 16 values
    uint8_t qs[kQK256 / 4];
    uint16_t d;
    uint16_t dmin;
};
struct BlockQ3_K {
    uint8_t hmask[kQK256 / 8];
    uint8_t qs[kQK256 / 4];
    uint8_t scales[12];
    uint16_t d;
};
struct BlockQ4_K {
    uint16_t d;
    uint16_t dmin;
    uint8_t scales[kScaleBytesK]; // eight 6-bit scales and eight 6-bit mins
    uint8_t qs[kQK256 / 2];
};
struct BlockQ5_K {
    uint16_t d;
    uint16_t dmin;
    uint8_t scales[kScaleBytesK];
    uint8_t qh[kQK256 / 8];
    uint8_t qs[kQK256 / 2];
};
struct BlockQ6_K {
    uint8_t ql[kQK256 / 2];
    uint8_t qh[kQK256 / 4];
    int8_t scales[kQK256 / 16];
    uint16_t d;
};
// Activation format for the K-quants: f32 scale, 8-bit quants and per-16 sums of the quants
// (the sums let the min/offset terms of the weights be applied without touching quants).
struct BlockQ8_K {
    float d;
    int8_t qs[kQK256];
    int16_t bsums[kQK256 / 16];
};

static_assert(sizeof(BlockQ4_0) == 18 && sizeof(BlockQ4_1) == 20 && sizeof(BlockQ5_0) == 22);
static_assert(sizeof(BlockQ5_1) == 24 && sizeof(BlockQ8_0) == 34 && sizeof(BlockQ2_K) == 84);
static_assert(sizeof(BlockQ3_K) == 110 && sizeof(BlockQ4_K) == 144 && sizeof(BlockQ5_K) == 176);
static_assert(sizeof(BlockQ6_K) == 210 && sizeof(BlockQ8_K) == 292);

} // namespace smoldesk::quant
