#pragma once
// Byte layouts of the ggml quant blocks (ggml-common.h), as plain structs with no padding.
// Only data lives here: this header is included by the per-ISA kernel files, which must not
// share inline functions with code compiled for other instruction sets.
#include <cstdint>
#include <cstring>

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

// ---- i-quants, ternary and MXFP4 (ggml-common.h). Grid-coded types index the codebooks of
// iq_grids.h; the others hold 4-bit indices into a 16-entry value table.
struct BlockIQ2_XXS {
    uint16_t d;
    uint16_t qs[kQK256 / 8]; // per 32 values: 4 grid indices (8 bits), 4×7 sign bits, 4-bit scale
};
struct BlockIQ2_XS {
    uint16_t d;
    uint16_t qs[kQK256 / 8]; // 9-bit grid index, 7 sign bits
    uint8_t scales[kQK256 / 32];
};
struct BlockIQ2_S {
    uint16_t d;
    uint8_t qs[kQK256 / 4]; // 32 low grid-index bytes, then 32 sign bytes
    uint8_t qh[kQK256 / 32];
    uint8_t scales[kQK256 / 32];
};
struct BlockIQ3_XXS {
    uint16_t d;
    uint8_t qs[3 * kQK256 / 8]; // 64 grid indices, then per 32 values 4×7 sign bits and a 4-bit scale
};
struct BlockIQ3_S {
    uint16_t d;
    uint8_t qs[kQK256 / 4];
    uint8_t qh[kQK256 / 32];
    uint8_t signs[kQK256 / 8];
    uint8_t scales[kQK256 / 64];
};
struct BlockIQ1_S {
    uint16_t d;
    uint8_t qs[kQK256 / 8];
    uint16_t qh[kQK256 / 32]; // 3 high index bits ×4, 3-bit scale, delta sign
};
struct BlockIQ1_M {
    uint8_t qs[kQK256 / 8];
    uint8_t qh[kQK256 / 16];
    uint8_t scales[kQK256 / 32]; // 3-bit scales; the f16 block scale is spread over their top nibbles
};
struct BlockIQ4_NL {
    uint16_t d;
    uint8_t qs[kQK32 / 2];
};
struct BlockIQ4_XS {
    uint16_t d;
    uint16_t scales_h;
    uint8_t scales_l[kQK256 / 64];
    uint8_t qs[kQK256 / 2];
};
struct BlockTQ1_0 {
    uint8_t qs[(kQK256 - 4 * kQK256 / 64) / 5]; // five base-3 digits per byte
    uint8_t qh[kQK256 / 64];                    // four digits per byte
    uint16_t d;
};
struct BlockTQ2_0 {
    uint8_t qs[kQK256 / 4];
    uint16_t d;
};
struct BlockMXFP4 {
    uint8_t e; // E8M0 shared exponent
    uint8_t qs[kQK32 / 2];
};
// NVFP4: four 16-value sub-blocks with UE4M3 scales.
struct BlockNVFP4 {
    uint8_t d[4];
    uint8_t qs[32];
};

static_assert(sizeof(BlockIQ2_XXS) == 66 && sizeof(BlockIQ2_XS) == 74 && sizeof(BlockIQ2_S) == 82);
static_assert(sizeof(BlockIQ3_XXS) == 98 && sizeof(BlockIQ3_S) == 110 && sizeof(BlockIQ1_S) == 50);
static_assert(sizeof(BlockIQ1_M) == 56 && sizeof(BlockIQ4_NL) == 18 && sizeof(BlockIQ4_XS) == 136);
static_assert(sizeof(BlockTQ1_0) == 54 && sizeof(BlockTQ2_0) == 66 && sizeof(BlockMXFP4) == 17);
static_assert(sizeof(BlockNVFP4) == 36);

// Little-endian 32-bit load from any address (grid indices and signs packed in the blocks).
inline uint32_t load32(const void* p) {
    uint32_t v;
    std::memcpy(&v, p, 4);
    return v;
}

// 2^(e-128) exactly, as ggml's E8M0-to-float-halved: the FP4 levels are stored doubled.
inline float e8m0Half(uint8_t e) {
    const uint32_t bits = e < 2 ? (0x00200000u << e) : (static_cast<uint32_t>(e - 1) << 23);
    float f;
    std::memcpy(&f, &bits, 4);
    return f;
}

} // namespace smoldesk::quant
