#pragma once
// Block formats to f32, bit-exact with ggml's to_float (same float operations in the same order).
#include "quant/types.h"

#include <cstdint>

namespace smoldesk::quant {

// Dequantizes n values (a multiple of the type's block size) of any type whose row in the type
// table has a dequantizer: the float, classic, K-, i-, ternary and MXFP4 types. Throws
// Error(UnsupportedType) naming the type for any other, Error(InvalidArgument) when n is not whole blocks.
void dequantizeRow(Type type, const void* src, float* dst, int64_t n);

// True when dequantizeRow accepts the type.
bool canDequantize(Type type);

} // namespace smoldesk::quant
