#pragma once
// f32 to block formats.
#include "quant/types.h"

#include <cstdint>

namespace smoldesk::quant {

// Quantizes n values (a multiple of the type's block size) into dst (rowBytes(type, n) bytes).
// F32, F16, BF16, Q4_0, Q4_1, Q5_0, Q5_1 and Q8_0 reproduce ggml's reference quantizers byte
// for byte; Q4_K, Q5_K and Q6_K use a least-squares search of their own (close to ggml's
// error, not its bytes); Q8_K is the activation format of the K-quant dot products (see
// vec_dot.h). Q8_0 and Q8_K run the active SIMD variant, which writes the same bytes as the
// portable code. Throws Error(UnsupportedType) naming the type for any other type.
void quantizeRow(Type type, const float* src, void* dst, int64_t n);

// True when quantizeRow accepts the type.
bool canQuantize(Type type);

} // namespace smoldesk::quant
