#include "quant/random_weights.h"

#include "quant/fp16.h"
#include "quant/type_kernels.h"

#include <cstring>

namespace smoldesk::quant {

std::vector<int> scaleFieldOffsets(Type type) {
    std::vector<int> offsets;
    for (int16_t off : typeRow(type).scaleOffset)
        if (off >= 0) offsets.push_back(off);
    return offsets;
}

namespace {

void putHalf(uint8_t* p, float v) {
    const uint16_t h = fp32ToFp16(v);
    std::memcpy(p, &h, 2);
}

} // namespace

std::vector<uint8_t> randomWeightBytes(std::mt19937& rng, Type type, int64_t n) {
    std::vector<uint8_t> bytes(rowBytes(type, static_cast<uint64_t>(n)));
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
            const uint16_t h = type == Type::F16 ? fp32ToFp16(v) : fp32ToBf16(v);
            std::memcpy(bytes.data() + 2 * i, &h, 2);
        }
        return bytes;
    }
    for (uint8_t& b : bytes) b = static_cast<uint8_t>(byte(rng));
    const auto& info = typeInfo(type);
    for (size_t block = 0; block < bytes.size() / info.blockBytes; ++block)
        for (int off : scaleFieldOffsets(type))
            putHalf(bytes.data() + block * info.blockBytes + off, scale(rng));
    for (size_t block = 0; block < bytes.size() / info.blockBytes; ++block) {
        uint8_t* b = bytes.data() + block * info.blockBytes;
        if (type == Type::MXFP4) b[0] = static_cast<uint8_t>(118 + byte(rng) % 8); // 2^-10 .. 2^-3
        if (type == Type::IQ1_M) {
            // The f16 scale is spread over the top nibbles of the four 16-bit scale words.
            const uint16_t h = fp32ToFp16(scale(rng));
            uint16_t sc[4];
            std::memcpy(sc, b + 48, 8);
            for (int k = 0; k < 4; ++k)
                sc[k] = static_cast<uint16_t>((sc[k] & 0x0FFF) | (((h >> (4 * k)) & 0xF) << 12));
            std::memcpy(b + 48, sc, 8);
        }
    }
    return bytes;
}

} // namespace smoldesk::quant
