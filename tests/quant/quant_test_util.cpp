#include "quant_test_util.h"

#include "quant/dequant.h"
#include "quant/fp16.h"
#include "quant/random_weights.h"

#include <cstring>

namespace smoldesk::test {

using quant::Type;

const std::vector<FixtureType>& fixtureTypes() {
    static const std::vector<FixtureType> kTypes = {
        {Type::F32, "f32"},   {Type::F16, "f16"},   {Type::BF16, "bf16"}, {Type::Q4_0, "q4_0"},
        {Type::Q4_1, "q4_1"}, {Type::Q5_0, "q5_0"}, {Type::Q5_1, "q5_1"}, {Type::Q8_0, "q8_0"},
        {Type::Q2_K, "q2_K"}, {Type::Q3_K, "q3_K"}, {Type::Q4_K, "q4_K"}, {Type::Q5_K, "q5_K"},
        {Type::Q6_K, "q6_K"},
    };
    return kTypes;
}

const std::vector<FixtureType>& iqFixtureTypes() {
    static const std::vector<FixtureType> kTypes = {
        {Type::IQ4_NL, "iq4_nl"}, {Type::IQ4_XS, "iq4_xs"},   {Type::IQ3_XXS, "iq3_xxs"},
        {Type::IQ3_S, "iq3_s"},   {Type::IQ2_XXS, "iq2_xxs"}, {Type::IQ2_XS, "iq2_xs"},
        {Type::IQ2_S, "iq2_s"},   {Type::IQ1_S, "iq1_s"},     {Type::IQ1_M, "iq1_m"},
        {Type::TQ1_0, "tq1_0"},   {Type::TQ2_0, "tq2_0"},     {Type::MXFP4, "mxfp4"},
        {Type::NVFP4, "nvfp4"},
    };
    return kTypes;
}

std::vector<Type> dotTypes() {
    std::vector<Type> types;
    for (const auto& ft : fixtureTypes()) types.push_back(ft.type);
    for (const auto& ft : iqFixtureTypes())
        if (quant::typeInfo(ft.type).computable) types.push_back(ft.type);
    return types;
}

std::vector<float> gaussianRow(std::mt19937& rng, int64_t n, float stddev) {
    std::normal_distribution<float> dist(0.0f, stddev);
    std::vector<float> row(static_cast<size_t>(n));
    for (float& v : row) v = dist(rng);
    return row;
}

std::vector<uint8_t> randomBlocks(std::mt19937& rng, Type type, int64_t n) {
    return quant::randomWeightBytes(rng, type, n);
}

std::vector<double> dequantizeToDouble(Type type, const void* data, int64_t n) {
    std::vector<float> f(static_cast<size_t>(n));
    quant::dequantizeRow(type, data, f.data(), n);
    return std::vector<double>(f.begin(), f.end());
}

std::vector<IsaVariant> supportedVariants() {
    std::vector<IsaVariant> out;
    for (auto isa : {quant::cpu::Isa::Scalar, quant::cpu::Isa::Avx2, quant::cpu::Isa::Avx512})
        if (const auto* k = quant::cpu::kernelsFor(isa)) out.push_back({isa, k});
    return out;
}

} // namespace smoldesk::test
