#pragma once
// Internal: the per-type table behind dequant.h, vec_dot.h and the GPU type check. One row per
// ggml type (types.cpp) says everything that differs between types: geometry, the bit-exact
// dequantizer, the activation format and portable dot product, the integer decoder that lets
// every SIMD variant run the type through one shared int8 dot kernel, whether the Vulkan
// shaders read it, its quantizer (byte-identical to llama-quantize's) and where its f16 block
// scales sit. Adding a type is one row plus its functions.
#include "quant/types.h"

#include <cstddef>
#include <cstdint>

namespace smoldesk::quant {

// One 256-value super-block as int8 levels with per-16 integer scales:
// value i = d · scale[i / 16] · q[i]. Grid, sign and offset coding are resolved by the decoder.
struct Decoded256 {
    alignas(64) int8_t q[256];
    int16_t scale[16];
    float d;
};
// One 32-value block: value i = d · q[i].
struct Decoded32 {
    alignas(32) int8_t q[32];
    float d;
};

using DequantRowFn = void (*)(const void* src, float* dst, int64_t nBlocks);
using DotFn = float (*)(int64_t n, const void* w, const void* act);
using Decode256Fn = void (*)(const void* block, Decoded256* out);
using Decode32Fn = void (*)(const void* block, Decoded32* out);
using QuantizeRowFn = void (*)(const float* src, void* dst, int64_t n);

struct TypeRow {
    TypeInfo info;
    DequantRowFn dequantize = nullptr; // nullptr: cannot be dequantized
    Type vecDotType = Type::F32;       // activation format of the dot product
    DotFn dot = nullptr;               // portable dot kernel of its own, if any
    Decode256Fn decode256 = nullptr;   // or: integer decoding for the shared Q8_K kernel
    Decode32Fn decode32 = nullptr;     // or: integer decoding for the shared Q8_0 kernel
    bool gpu = false;                  // the Vulkan shaders dequantize it
    QuantizeRowFn quantize = nullptr;  // n values (whole blocks) into blocks; nullptr: not written
    // Byte offsets of the block's f16 scale fields (-1: none), which random test weights set to
    // sane values so that every quant bit pattern occurs without overflow.
    int16_t scaleOffset[2] = {-1, -1};
};

// The row of a type ggml defines (every enumerator of Type has one).
const TypeRow& typeRow(Type type);

inline bool rowHasDot(const TypeRow& row) {
    return row.dot != nullptr || row.decode256 != nullptr || row.decode32 != nullptr;
}

// The dequantizers (dequant.cpp, dequant_iq.cpp), bit-exact with ggml's to_float, and the
// quantizers (quantize.cpp, quantize_kquants.cpp), byte-identical to ggml's quantize_row_*_ref.
namespace rows {
void quantizeF32(const float* src, void* dst, int64_t n);
void quantizeF16(const float* src, void* dst, int64_t n);
void quantizeBF16(const float* src, void* dst, int64_t n);
void quantizeQ4_0(const float* src, void* dst, int64_t n);
void quantizeQ4_1(const float* src, void* dst, int64_t n);
void quantizeQ5_0(const float* src, void* dst, int64_t n);
void quantizeQ5_1(const float* src, void* dst, int64_t n);
void quantizeQ8_0(const float* src, void* dst, int64_t n);
void quantizeQ8_K(const float* src, void* dst, int64_t n);
void quantizeQ4_K(const float* src, void* dst, int64_t n);
void quantizeQ5_K(const float* src, void* dst, int64_t n);
void quantizeQ6_K(const float* src, void* dst, int64_t n);
void dequantF32(const void* src, float* y, int64_t n);
void dequantF16(const void* src, float* y, int64_t n);
void dequantBF16(const void* src, float* y, int64_t n);
void dequantQ4_0(const void* src, float* y, int64_t nb);
void dequantQ4_1(const void* src, float* y, int64_t nb);
void dequantQ5_0(const void* src, float* y, int64_t nb);
void dequantQ5_1(const void* src, float* y, int64_t nb);
void dequantQ8_0(const void* src, float* y, int64_t nb);
void dequantQ2_K(const void* src, float* y, int64_t nb);
void dequantQ3_K(const void* src, float* y, int64_t nb);
void dequantQ4_K(const void* src, float* y, int64_t nb);
void dequantQ5_K(const void* src, float* y, int64_t nb);
void dequantQ6_K(const void* src, float* y, int64_t nb);
void dequantQ8_K(const void* src, float* y, int64_t nb);
void dequantIQ2_XXS(const void* src, float* y, int64_t nb);
void dequantIQ2_XS(const void* src, float* y, int64_t nb);
void dequantIQ2_S(const void* src, float* y, int64_t nb);
void dequantIQ3_XXS(const void* src, float* y, int64_t nb);
void dequantIQ3_S(const void* src, float* y, int64_t nb);
void dequantIQ1_S(const void* src, float* y, int64_t nb);
void dequantIQ1_M(const void* src, float* y, int64_t nb);
void dequantIQ4_NL(const void* src, float* y, int64_t nb);
void dequantIQ4_XS(const void* src, float* y, int64_t nb);
void dequantTQ1_0(const void* src, float* y, int64_t nb);
void dequantTQ2_0(const void* src, float* y, int64_t nb);
void dequantMXFP4(const void* src, float* y, int64_t nb);
void dequantNVFP4(const void* src, float* y, int64_t nb);

// Integer decoders (decode_iq.cpp).
void decodeIQ2_XXS(const void* block, Decoded256* out);
void decodeIQ2_XS(const void* block, Decoded256* out);
void decodeIQ2_S(const void* block, Decoded256* out);
void decodeIQ3_XXS(const void* block, Decoded256* out);
void decodeIQ3_S(const void* block, Decoded256* out);
void decodeIQ1_S(const void* block, Decoded256* out);
void decodeIQ1_M(const void* block, Decoded256* out);
void decodeIQ4_XS(const void* block, Decoded256* out);
void decodeTQ1_0(const void* block, Decoded256* out);
void decodeTQ2_0(const void* block, Decoded256* out);
void decodeIQ4_NL(const void* block, Decoded32* out);
void decodeMXFP4(const void* block, Decoded32* out);
} // namespace rows

// The portable dot kernels of the classic types (kernels_scalar.cpp).
namespace cpu::portable {
float dotF32(int64_t n, const void* w, const void* act);
float dotF16(int64_t n, const void* w, const void* act);
float dotBF16(int64_t n, const void* w, const void* act);
float dotQ4_0(int64_t n, const void* w, const void* act);
float dotQ4_1(int64_t n, const void* w, const void* act);
float dotQ5_0(int64_t n, const void* w, const void* act);
float dotQ5_1(int64_t n, const void* w, const void* act);
float dotQ8_0(int64_t n, const void* w, const void* act);
float dotQ2_K(int64_t n, const void* w, const void* act);
float dotQ3_K(int64_t n, const void* w, const void* act);
float dotQ4_K(int64_t n, const void* w, const void* act);
float dotQ5_K(int64_t n, const void* w, const void* act);
float dotQ6_K(int64_t n, const void* w, const void* act);
} // namespace cpu::portable

// The AVX-512 kernels of decoded types (kernels_avx512_decoded.cpp), reached only from the
// avx512 kernel table. The tile computes rows [0, returned) (whole groups of 16 rows).
namespace cpu {
int decodedGroupTileAvx512(Decode256Fn decode, size_t blockBytes, int64_t n, const void* w, size_t wRowStride,
                           int nRows, const void* act, size_t actRowStride, int nCols, float* out,
                           size_t outColStride);
int decodedGroup32TileAvx512(Decode32Fn decode, size_t blockBytes, int64_t n, const void* w,
                             size_t wRowStride, int nRows, const void* act, size_t actRowStride, int nCols,
                             float* out, size_t outColStride);
float dotIQ2_XXSAvx512(int64_t n, const void* w, const void* act);
float dotIQ3_XXSAvx512(int64_t n, const void* w, const void* act);
float dotIQ3_SAvx512(int64_t n, const void* w, const void* act);

// The AVX2 kernels of decoded types (kernels_avx2_decoded.cpp), reached only from the avx2
// kernel table. The tiles compute rows [0, returned) (whole groups of 8 rows); the 256-value one
// takes wideLevels for levels beyond ±63 (IQ4_XS), the 32-value one takes MXFP4, IQ4_NL and Q8_0
// (0 for other types).
int decodedGroupTileAvx2(Decode256Fn decode, bool wideLevels, size_t blockBytes, int64_t n, const void* w,
                         size_t wRowStride, int nRows, const void* act, size_t actRowStride, int nCols,
                         float* out, size_t outColStride);
int decodedGroup32TileAvx2(Type type, int64_t n, const void* w, size_t wRowStride, int nRows, const void* act,
                           size_t actRowStride, int nCols, float* out, size_t outColStride);
// MXFP4 rows against one Q8_0 activation row (kernels_avx2_mxfp4.cpp): out[r] for r < nRows.
void dotRowsMXFP4Avx2(int64_t n, const void* w, size_t wRowStride, int nRows, const void* act, float* out);
// The AVX2 decode kernels of the grid types (kernels_avx2_grid.cpp).
float dotIQ2_XXSAvx2(int64_t n, const void* w, const void* act);
float dotIQ2_XSAvx2(int64_t n, const void* w, const void* act);
float dotIQ2_SAvx2(int64_t n, const void* w, const void* act);
float dotIQ3_XXSAvx2(int64_t n, const void* w, const void* act);
float dotIQ3_SAvx2(int64_t n, const void* w, const void* act);
// The AVX2 decode kernels of IQ1_S and IQ1_M (kernels_avx2_iq1.cpp).
float dotIQ1_SAvx2(int64_t n, const void* w, const void* act);
float dotIQ1_MAvx2(int64_t n, const void* w, const void* act);
// The AVX2 decode kernels of the ternary types (kernels_avx2_ternary.cpp).
float dotTQ1_0Avx2(int64_t n, const void* w, const void* act);
float dotTQ2_0Avx2(int64_t n, const void* w, const void* act);
} // namespace cpu

} // namespace smoldesk::quant
