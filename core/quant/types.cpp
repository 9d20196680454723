#include "quant/types.h"

#include <array>

namespace smoldesk::quant {

namespace {
// Geometry from ggml's block structs (ggml-common.h). computable marks the types this
// engine implements; the others are recognised so they can be named in errors.
constexpr std::array<TypeInfo, 32> kTypes = {{
    {Type::F32, "F32", 1, 4, true},
    {Type::F16, "F16", 1, 2, true},
    {Type::Q4_0, "Q4_0", 32, 18, true},
    {Type::Q4_1, "Q4_1", 32, 20, true},
    {Type::Q5_0, "Q5_0", 32, 22, true},
    {Type::Q5_1, "Q5_1", 32, 24, true},
    {Type::Q8_0, "Q8_0", 32, 34, true},
    {Type::Q8_1, "Q8_1", 32, 36, false},
    {Type::Q2_K, "Q2_K", 256, 84, true},
    {Type::Q3_K, "Q3_K", 256, 110, true},
    {Type::Q4_K, "Q4_K", 256, 144, true},
    {Type::Q5_K, "Q5_K", 256, 176, true},
    {Type::Q6_K, "Q6_K", 256, 210, true},
    {Type::Q8_K, "Q8_K", 256, 292, false},
    {Type::IQ2_XXS, "IQ2_XXS", 256, 66, false},
    {Type::IQ2_XS, "IQ2_XS", 256, 74, false},
    {Type::IQ3_XXS, "IQ3_XXS", 256, 98, false},
    {Type::IQ1_S, "IQ1_S", 256, 50, false},
    {Type::IQ4_NL, "IQ4_NL", 32, 18, false},
    {Type::IQ3_S, "IQ3_S", 256, 110, false},
    {Type::IQ2_S, "IQ2_S", 256, 82, false},
    {Type::IQ4_XS, "IQ4_XS", 256, 136, false},
    {Type::I8, "I8", 1, 1, false},
    {Type::I16, "I16", 1, 2, false},
    {Type::I32, "I32", 1, 4, false},
    {Type::I64, "I64", 1, 8, false},
    {Type::F64, "F64", 1, 8, false},
    {Type::IQ1_M, "IQ1_M", 256, 56, false},
    {Type::BF16, "BF16", 1, 2, true},
    {Type::TQ1_0, "TQ1_0", 256, 54, false},
    {Type::TQ2_0, "TQ2_0", 256, 66, false},
    {Type::MXFP4, "MXFP4", 32, 17, false},
}};
} // namespace

std::optional<TypeInfo> typeInfo(uint32_t id) {
    for (const TypeInfo& ti : kTypes)
        if (static_cast<uint32_t>(ti.type) == id) return ti;
    return std::nullopt;
}

const TypeInfo& typeInfo(Type type) {
    for (const TypeInfo& ti : kTypes)
        if (ti.type == type) return ti;
    return kTypes[0]; // unreachable for valid enum values
}

std::string typeNameForId(uint32_t id) {
    if (auto ti = typeInfo(id)) return ti->name;
    return "unknown type " + std::to_string(id);
}

} // namespace smoldesk::quant
