#pragma once
// The router of a mixture of experts on one token, as llama.cpp's build_moe_ffn computes it:
// from the router logits to the chosen experts and their weights.
#include "compute/backend.h"

#include <cstdint>

namespace smoldesk::compute {

// Picks m.nUsed of m.nExpert experts from `logits` (router bias already added) and writes
// their ids and weights in selection order (largest first, the lower id on a tie).
// SoftmaxTopK: softmax over all, the top k renormalised (the sum clamped at 6.1e-5 as ggml
// clamps it); TopKSoftmax: the top k logits, softmax over those k.
void routeToken(const MoeFfn& m, const float* logits, int32_t* ids, float* weights);

} // namespace smoldesk::compute
