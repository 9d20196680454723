#include "quant_test_util.h"

#include "quant/dequant.h"
#include "quant/fp16.h"

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

namespace {

// Byte offsets of the f16 scale fields inside one block.
std::vector<int> scaleFieldOffsets(Type type) {
    switch (type) {
    case Type::Q4_0:
    case Type::Q5_0:
    case Type::Q8_0:
        return {0};
    case Type::Q4_1:
    case Type::Q5_1:
    case Type::Q4_K:
    case Type::Q5_K:
        return {0, 2};
    case Type::Q2_K:
        return {80, 82};
    case Type::Q3_K:
        return {108};
    case Type::Q6_K:
        return {208};
    case Type::IQ2_XXS:
    case Type::IQ2_XS:
    case Type::IQ2_S:
    case Type::IQ3_XXS:
    case Type::IQ3_S:
    case Type::IQ1_S:
    case Type::IQ4_NL:
    case Type::IQ4_XS:
        return {0};
    case Type::TQ1_0:
        return {52};
    case Type::TQ2_0:
        return {64};
    default:
        return {};
    }
}

void putHalf(uint8_t* p, float v) {
    const uint16_t h = quant::fp32ToFp16(v);
    std::memcpy(p, &h, 2);
}

} // namespace

std::vector<uint8_t> randomBlocks(std::mt19937& rng, Type type, int64_t n) {
    std::vector<uint8_t> bytes(quant::rowBytes(type, static_cast<uint64_t>(n)));
    std::uniform_int_distribution<int> byte(0, 255);
    std::uniform_real_distribution<float> scale(0.001f, 0.1f);
    std::normal_distribution<float> gauss(0.0f, 1.0f);
    if (type == Type::F32) {
        for (int64_t i = 0; i < n; ++i) {
            const float v = gauss(rng);
            std::memcpy(bytes.data() + 4 * i, &v, 4);
        }
        return bytes;
    }
    if (type == Type::F16 || type == Type::BF16) {
        for (int64_t i = 0; i < n; ++i) {
            const float v = gauss(rng);
            const uint16_t h = type == Type::F16 ? quant::fp32ToFp16(v) : quant::fp32ToBf16(v);
            std::memcpy(bytes.data() + 2 * i, &h, 2);
        }
        return bytes;
    }
    for (uint8_t& b : bytes) b = static_cast<uint8_t>(byte(rng));
    const auto& info = quant::typeInfo(type);
    for (size_t block = 0; block < bytes.size() / info.blockBytes; ++block)
        for (int off : scaleFieldOffsets(type))
            putHalf(bytes.data() + block * info.blockBytes + off, scale(rng));
    for (size_t block = 0; block < bytes.size() / info.blockBytes; ++block) {
        uint8_t* b = bytes.data() + block * info.blockBytes;
        if (type == Type::MXFP4) b[0] = static_cast<uint8_t>(118 + byte(rng) % 8); // 2^-10 .. 2^-3
        if (type == Type::IQ1_M) {
            // The f16 scale is spread over the top nibbles of the four 16-bit scale words.
            const uint16_t h = quant::fp32ToFp16(scale(rng));
            uint16_t sc[4];
            std::memcpy(sc, b + 48, 8);
            for (int k = 0; k < 4; ++k)
                sc[k] = static_cast<uint16_t>((sc[k] & 0x0FFF) | (((h >> (4 * k)) & 0xF) << 12));
            std::memcpy(b + 48, sc, 8);
        }
    }
    return bytes;
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
