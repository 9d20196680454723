#pragma once
// Block formats to f32, bit-exact with ggml's to_float (same float operations in the same order).
#include "quant/types.h"

#include <cstdint>

namespace smoldesk::quant {

// Dequantizes n values (a multiple of the type's block size) of F32, F16, BF16, Q4_0, Q4_1,
// Q5_0, Q5_1, Q8_0, Q2_K, Q3_K, Q4_K, Q5_K, Q6_K or Q8_K. Throws Error(UnsupportedType)
// naming the type for any other, Error(InvalidArgument) when n is not whole blocks.
void dequantizeRow(Type type, const void* src, float* dst, int64_t n);

// True when dequantizeRow accepts the type.
bool canDequantize(Type type);

} // namespace smoldesk::quant
