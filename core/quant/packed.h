#pragma once
// Row-interleaved K-quant weights for the CPU matmul (layouts in packed_formats.h). The CPU
// backend repacks a Q4_K or Q6_K matrix once at load when the active kernels have a packed
// kernel for it, and then reads only the packed copy.
#include "quant/types.h"

#include <cstddef>
#include <cstdint>

namespace smoldesk::quant {

// True when a [rows][cols] matrix of this type can be packed and the active CPU kernels
// compute on the packed form faster than on GGUF blocks.
bool packedPreferred(Type type, uint64_t cols, uint64_t rows);

// Bytes of one packed group of 16 rows of `cols` values (the same as 16 GGUF rows).
size_t packedGroupBytes(Type type, int64_t cols);

// Packs rows [16g, 16g + 16) of a GGUF matrix (rows `srcRowStride` bytes apart) into `dst`.
void packRowGroup(Type type, int64_t cols, const uint8_t* src, size_t srcRowStride, uint8_t* dst);
// The inverse: writes the 16 GGUF rows of a packed group (bit-exact round trip).
void unpackRowGroup(Type type, int64_t cols, const uint8_t* group, uint8_t* dst, size_t dstRowStride);
// Row `row` (0..15) of a packed group as floats (embedding lookups of a packed table).
void dequantizePackedRow(Type type, int64_t cols, const uint8_t* group, int row, float* out);

// For packed groups [0, nGroups) starting at `groups` and activation rows c < nCols (Q8_K,
// actRowStride bytes apart): out[c·outColStride + 16g + r] = dot(row r of group g, act c),
// or += when accumulate.
void packedMatmul(Type type, int64_t cols, const uint8_t* groups, int nGroups, const void* act,
                  size_t actRowStride, int nCols, float* out, size_t outColStride, bool accumulate);

} // namespace smoldesk::quant
