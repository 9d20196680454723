#pragma once
// ggml tensor type ids as stored in GGUF files, with block geometry for every id ggml has
// defined, so that files with types we cannot compute with are still parsed and then
// rejected with a sentence naming the tensor and its type.
#include <cstdint>
#include <optional>
#include <string>

namespace smoldesk::quant {

enum class Type : uint32_t {
    F32 = 0,
    F16 = 1,
    Q4_0 = 2,
    Q4_1 = 3,
    Q5_0 = 6,
    Q5_1 = 7,
    Q8_0 = 8,
    Q8_1 = 9,
    Q2_K = 10,
    Q3_K = 11,
    Q4_K = 12,
    Q5_K = 13,
    Q6_K = 14,
    Q8_K = 15,
    IQ2_XXS = 16,
    IQ2_XS = 17,
    IQ3_XXS = 18,
    IQ1_S = 19,
    IQ4_NL = 20,
    IQ3_S = 21,
    IQ2_S = 22,
    IQ4_XS = 23,
    I8 = 24,
    I16 = 25,
    I32 = 26,
    I64 = 27,
    F64 = 28,
    IQ1_M = 29,
    BF16 = 30,
    TQ1_0 = 34,
    TQ2_0 = 35,
    MXFP4 = 39,
    NVFP4 = 40,
    Q1_0 = 41,
    Q2_0 = 42,
};

constexpr int kQK_K = 256; // values per K-quant super-block

struct TypeInfo {
    Type type;
    const char* name;
    uint32_t blockSize;  // values per block
    uint32_t blockBytes; // bytes per block
    bool computable;     // SmolDesk can dequantize and compute with it
};

// Info for a raw type id, or nullopt when ggml defines no such id.
std::optional<TypeInfo> typeInfo(uint32_t id);
const TypeInfo& typeInfo(Type type);
inline const char* typeName(Type type) {
    return typeInfo(type).name;
}
std::string typeNameForId(uint32_t id); // "Q4_K", or "unknown type 77"
// Whether the Vulkan backend's shaders read weights of this type (the type table's GPU column).
bool gpuSupported(Type type);

// Bytes of one row of n values; n must be a multiple of the block size.
inline uint64_t rowBytes(Type type, uint64_t n) {
    const TypeInfo& ti = typeInfo(type);
    return n / ti.blockSize * ti.blockBytes;
}

} // namespace smoldesk::quant
