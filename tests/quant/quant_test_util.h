#pragma once
// Shared by the quant tests: random rows, fixture access, the kernel variants this CPU runs.
#include "quant/cpu_kernels.h"
#include "quant/types.h"

#include <cstdint>
#include <random>
#include <vector>

namespace smoldesk::test {

// The 12 weight types of the quant-blocks fixtures, with their tensor names there.
struct FixtureType {
    quant::Type type;
    const char* name;
};
const std::vector<FixtureType>& fixtureTypes();
// The 13 types of the quant-blocks-iq fixtures (i-quants, ternary, MXFP4, NVFP4).
const std::vector<FixtureType>& iqFixtureTypes();
// Every type with a CPU dot product: fixtureTypes() and the computable iqFixtureTypes().
std::vector<quant::Type> dotTypes();

std::vector<float> gaussianRow(std::mt19937& rng, int64_t n, float stddev = 1.0f);

// Random bytes for n values of a weight type, with every f16 scale field replaced by a sane
// positive value so that rows cover all quant bit patterns without overflowing.
std::vector<uint8_t> randomBlocks(std::mt19937& rng, quant::Type type, int64_t n);

// Dequantized row as doubles (via quant::dequantizeRow).
std::vector<double> dequantizeToDouble(quant::Type type, const void* data, int64_t n);

struct IsaVariant {
    quant::cpu::Isa isa;
    const quant::cpu::Kernels* kernels;
};
// Every kernel variant this CPU and build can run (scalar first).
std::vector<IsaVariant> supportedVariants();

} // namespace smoldesk::test
