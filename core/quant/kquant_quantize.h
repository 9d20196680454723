#pragma once
// Internal: the K-quant weight quantizers (quantize_kquants.cpp).
#include <cstdint>

namespace smoldesk::quant {

void quantizeRowQ4_K(const float* x, void* dst, int64_t n);
void quantizeRowQ5_K(const float* x, void* dst, int64_t n);
void quantizeRowQ6_K(const float* x, void* dst, int64_t n);

} // namespace smoldesk::quant
