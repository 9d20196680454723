#pragma once
// Random weight tensors of any type, for checks that compare two implementations of a kernel on
// data no real model has (the tests, and the GPU self-check that runs on users' machines).
#include "quant/types.h"

#include <cstdint>
#include <random>
#include <vector>

namespace smoldesk::quant {

// Random bytes for n values of a weight type, with every f16 scale field replaced by a sane
// positive value so that rows cover all quant bit patterns without overflowing. F32/F16/BF16
// get normally distributed values.
std::vector<uint8_t> randomWeightBytes(std::mt19937& rng, Type type, int64_t n);

// Byte offsets of the f16 scale fields inside one block of `type` (empty: none, or not f16).
std::vector<int> scaleFieldOffsets(Type type);

} // namespace smoldesk::quant
