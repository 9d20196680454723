#include "runtime/session_state.h"

#include <algorithm>
#include <cstring>

namespace smoldesk::runtime {
namespace {

constexpr uint64_t kP1 = 0x9E3779B185EBCA87ull;
constexpr uint64_t kP2 = 0xC2B2AE3D27D4EB4Full;
constexpr uint64_t kP3 = 0x165667B19E3779F9ull;

uint64_t rotl(uint64_t x, int r) {
    return (x << r) | (x >> (64 - r));
}

uint64_t load64(const uint8_t* p) {
    uint64_t v = 0;
    for (int i = 7; i >= 0; --i) v = (v << 8) | p[i]; // little-endian on every host
    return v;
}

uint32_t load32(const uint8_t* p) {
    return uint32_t{p[0]} | uint32_t{p[1]} << 8 | uint32_t{p[2]} << 16 | uint32_t{p[3]} << 24;
}

void store64(uint8_t* p, uint64_t v) {
    for (int i = 0; i < 8; ++i) p[i] = static_cast<uint8_t>(v >> (8 * i));
}

void store32(uint8_t* p, uint32_t v) {
    for (int i = 0; i < 4; ++i) p[i] = static_cast<uint8_t>(v >> (8 * i));
}

} // namespace

void Checksum::stripe(const uint8_t* p) {
    for (int i = 0; i < 4; ++i) lanes_[i] = rotl(lanes_[i] + load64(p + 8 * i) * kP2, 31) * kP1;
}

void Checksum::update(const void* data, size_t n) {
    if (n == 0) return; // data may be null then
    const auto* p = static_cast<const uint8_t*>(data);
    total_ += n;
    if (tailLen_) {
        const size_t take = std::min(n, sizeof tail_ - tailLen_);
        std::memcpy(tail_ + tailLen_, p, take);
        tailLen_ += take;
        p += take;
        n -= take;
        if (tailLen_ < sizeof tail_) return;
        stripe(tail_);
        tailLen_ = 0;
    }
    for (; n >= 32; p += 32, n -= 32) stripe(p);
    std::memcpy(tail_, p, n);
    tailLen_ = n;
}

uint64_t Checksum::value() const {
    uint64_t h = rotl(lanes_[0], 1) + rotl(lanes_[1], 7) + rotl(lanes_[2], 12) + rotl(lanes_[3], 18);
    h += total_;
    for (size_t i = 0; i < tailLen_; ++i) h = rotl(h ^ (tail_[i] * kP3), 11) * kP1;
    h ^= h >> 33;
    h *= kP2;
    h ^= h >> 29;
    h *= kP3;
    return h ^ (h >> 32);
}

ModelIdentity identifyModel(const gguf::File& file) {
    const uint8_t* base = file.map().data();
    const uint64_t size = file.fileSize();
    Checksum c;
    const uint64_t header = std::min<uint64_t>(file.dataOffset(), size);
    c.update(base, static_cast<size_t>(header));
    // Windows over the tensor data: files with one header and other weights (fine-tunes
    // re-quantized alike, synthetic files) differ there.
    constexpr uint64_t kWindows = 16, kWindow = 4096;
    const uint64_t data = size - header;
    for (uint64_t i = 0; i < kWindows && data > 0; ++i) {
        const uint64_t at = header + data / kWindows * i;
        c.update(base + at, static_cast<size_t>(std::min(kWindow, size - at)));
    }
    return {size, c.value()};
}

void StateHeader::encode(uint8_t out[kStateHeaderBytes]) const {
    std::memset(out, 0, kStateHeaderBytes);
    std::memcpy(out, kStateMagic, sizeof kStateMagic);
    store32(out + 8, version);
    store32(out + 12, flags);
    store64(out + 16, model.fileBytes);
    store64(out + 24, model.contentHash);
    store32(out + 32, nLayer);
    store32(out + 36, nCtx);
    store32(out + 40, kvDim);
    store32(out + 44, nTokens);
    store32(out + 48, cacheKind);
}

bool StateHeader::decode(const uint8_t in[kStateHeaderBytes]) {
    if (std::memcmp(in, kStateMagic, sizeof kStateMagic) != 0) return false;
    version = load32(in + 8);
    flags = load32(in + 12);
    model.fileBytes = load64(in + 16);
    model.contentHash = load64(in + 24);
    nLayer = load32(in + 32);
    nCtx = load32(in + 36);
    kvDim = load32(in + 40);
    nTokens = load32(in + 44);
    cacheKind = load32(in + 48);
    return true;
}

uint64_t StateHeader::fileBytes() const {
    return kStateHeaderBytes + uint64_t{nTokens} * 4 + uint64_t{nLayer} * 2 * uint64_t{nTokens} * kvDim * 2 +
           8;
}

} // namespace smoldesk::runtime
