#include "quant/types.h"

#include "quant/type_kernels.h"

#include <array>

namespace smoldesk::quant {

namespace {

using namespace rows;
using namespace cpu::portable;

// A type SmolDesk only recognises, so that errors can name it.
constexpr TypeRow named(Type t, const char* name, uint32_t blockSize, uint32_t blockBytes) {
    TypeRow r;
    r.info = {t, name, blockSize, blockBytes, false};
    return r;
}
// A type with its own portable dot kernel.
constexpr TypeRow withDot(Type t, const char* name, uint32_t blockSize, uint32_t blockBytes, DequantRowFn dq,
                          Type act, DotFn dot, bool gpu) {
    TypeRow r = named(t, name, blockSize, blockBytes);
    r.info.computable = true;
    r.dequantize = dq;
    r.vecDotType = act;
    r.dot = dot;
    r.gpu = gpu;
    return r;
}
// A super-block type computed through its integer decoder and the shared Q8_K kernels.
constexpr TypeRow decoded256(Type t, const char* name, uint32_t blockBytes, DequantRowFn dq, Decode256Fn dec,
                             bool gpu) {
    TypeRow r = named(t, name, 256, blockBytes);
    r.info.computable = true;
    r.dequantize = dq;
    r.vecDotType = Type::Q8_K;
    r.decode256 = dec;
    r.gpu = gpu;
    return r;
}
// A 32-value block type computed through its integer decoder and the shared Q8_0 kernels.
constexpr TypeRow decoded32(Type t, const char* name, uint32_t blockBytes, DequantRowFn dq, Decode32Fn dec,
                            bool gpu) {
    TypeRow r = named(t, name, 32, blockBytes);
    r.info.computable = true;
    r.dequantize = dq;
    r.vecDotType = Type::Q8_0;
    r.decode32 = dec;
    r.gpu = gpu;
    return r;
}

// A type SmolDesk writes (quantize.cpp): tests, selftest and the activations of dot products.
constexpr TypeRow writable(TypeRow r, QuantizeRowFn quantize) {
    r.quantize = quantize;
    return r;
}
// Where the block's f16 scales sit (ggml-common.h), for random test weights.
constexpr TypeRow scales(TypeRow r, int16_t first, int16_t second = -1) {
    r.scaleOffset[0] = first;
    r.scaleOffset[1] = second;
    return r;
}

// Geometry from ggml's block structs (ggml-common.h).
constexpr std::array<TypeRow, 35> kTypes = {{
    writable(withDot(Type::F32, "F32", 1, 4, dequantF32, Type::F32, dotF32, true), quantizeF32),
    writable(withDot(Type::F16, "F16", 1, 2, dequantF16, Type::F32, dotF16, true), quantizeF16),
    writable(scales(withDot(Type::Q4_0, "Q4_0", 32, 18, dequantQ4_0, Type::Q8_0, dotQ4_0, true), 0),
             quantizeQ4_0),
    writable(scales(withDot(Type::Q4_1, "Q4_1", 32, 20, dequantQ4_1, Type::Q8_0, dotQ4_1, true), 0, 2),
             quantizeQ4_1),
    writable(scales(withDot(Type::Q5_0, "Q5_0", 32, 22, dequantQ5_0, Type::Q8_0, dotQ5_0, true), 0),
             quantizeQ5_0),
    writable(scales(withDot(Type::Q5_1, "Q5_1", 32, 24, dequantQ5_1, Type::Q8_0, dotQ5_1, true), 0, 2),
             quantizeQ5_1),
    writable(scales(withDot(Type::Q8_0, "Q8_0", 32, 34, dequantQ8_0, Type::Q8_0, dotQ8_0, true), 0),
             quantizeQ8_0),
    named(Type::Q8_1, "Q8_1", 32, 36),
    scales(withDot(Type::Q2_K, "Q2_K", 256, 84, dequantQ2_K, Type::Q8_K, dotQ2_K, true), 80, 82),
    scales(withDot(Type::Q3_K, "Q3_K", 256, 110, dequantQ3_K, Type::Q8_K, dotQ3_K, true), 108),
    writable(scales(withDot(Type::Q4_K, "Q4_K", 256, 144, dequantQ4_K, Type::Q8_K, dotQ4_K, true), 0, 2),
             quantizeQ4_K),
    writable(scales(withDot(Type::Q5_K, "Q5_K", 256, 176, dequantQ5_K, Type::Q8_K, dotQ5_K, true), 0, 2),
             quantizeQ5_K),
    writable(scales(withDot(Type::Q6_K, "Q6_K", 256, 210, dequantQ6_K, Type::Q8_K, dotQ6_K, true), 208),
             quantizeQ6_K),
    // The activation format itself: dequantizable, never a weight.
    [] {
        TypeRow r = named(Type::Q8_K, "Q8_K", 256, 292);
        r.dequantize = dequantQ8_K;
        r.quantize = quantizeQ8_K;
        return r;
    }(),
    scales(decoded256(Type::IQ2_XXS, "IQ2_XXS", 66, dequantIQ2_XXS, decodeIQ2_XXS, true), 0),
    scales(decoded256(Type::IQ2_XS, "IQ2_XS", 74, dequantIQ2_XS, decodeIQ2_XS, true), 0),
    scales(decoded256(Type::IQ3_XXS, "IQ3_XXS", 98, dequantIQ3_XXS, decodeIQ3_XXS, true), 0),
    scales(decoded256(Type::IQ1_S, "IQ1_S", 50, dequantIQ1_S, decodeIQ1_S, true), 0),
    scales(decoded32(Type::IQ4_NL, "IQ4_NL", 18, dequantIQ4_NL, decodeIQ4_NL, true), 0),
    scales(decoded256(Type::IQ3_S, "IQ3_S", 110, dequantIQ3_S, decodeIQ3_S, true), 0),
    scales(decoded256(Type::IQ2_S, "IQ2_S", 82, dequantIQ2_S, decodeIQ2_S, true), 0),
    scales(decoded256(Type::IQ4_XS, "IQ4_XS", 136, dequantIQ4_XS, decodeIQ4_XS, true), 0),
    named(Type::I8, "I8", 1, 1),
    named(Type::I16, "I16", 1, 2),
    named(Type::I32, "I32", 1, 4),
    named(Type::I64, "I64", 1, 8),
    named(Type::F64, "F64", 1, 8),
    decoded256(Type::IQ1_M, "IQ1_M", 56, dequantIQ1_M, decodeIQ1_M, true),
    writable(withDot(Type::BF16, "BF16", 1, 2, dequantBF16, Type::F32, dotBF16, true), quantizeBF16),
    scales(decoded256(Type::TQ1_0, "TQ1_0", 54, dequantTQ1_0, decodeTQ1_0, true), 52),
    scales(decoded256(Type::TQ2_0, "TQ2_0", 66, dequantTQ2_0, decodeTQ2_0, true), 64),
    decoded32(Type::MXFP4, "MXFP4", 17, dequantMXFP4, decodeMXFP4, true),
    [] {
        TypeRow r = named(Type::NVFP4, "NVFP4", 64, 36);
        r.dequantize = dequantNVFP4;
        return r;
    }(),
    named(Type::Q1_0, "Q1_0", 128, 18),
    named(Type::Q2_0, "Q2_0", 64, 18),
}};

// Row index by type id (the ids have gaps), so the per-row kernel dispatch is one load.
constexpr uint32_t kMaxId = 64;
constexpr std::array<int8_t, kMaxId> kRowById = [] {
    std::array<int8_t, kMaxId> byId{};
    for (int8_t& i : byId) i = -1;
    for (size_t i = 0; i < kTypes.size(); ++i)
        byId[static_cast<uint32_t>(kTypes[i].info.type)] = static_cast<int8_t>(i);
    return byId;
}();

} // namespace

const TypeRow& typeRow(Type type) {
    const auto id = static_cast<uint32_t>(type);
    if (id < kMaxId && kRowById[id] >= 0) return kTypes[static_cast<size_t>(kRowById[id])];
    return kTypes[0]; // unreachable for valid enum values
}

std::optional<TypeInfo> typeInfo(uint32_t id) {
    if (id < kMaxId && kRowById[id] >= 0) return kTypes[static_cast<size_t>(kRowById[id])].info;
    return std::nullopt;
}

const TypeInfo& typeInfo(Type type) {
    return typeRow(type).info;
}

bool gpuSupported(Type type) {
    return typeRow(type).gpu;
}

std::string typeNameForId(uint32_t id) {
    if (auto ti = typeInfo(id)) return ti->name;
    return "unknown type " + std::to_string(id);
}

} // namespace smoldesk::quant
