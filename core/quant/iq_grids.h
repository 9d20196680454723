#pragma once
// The i-quant codebooks and value tables (data only; see iq_grids.cpp). Each u64 grid entry holds
// eight byte-sized values, each u32 entry four, lowest byte first.
#include <cstddef>
#include <cstdint>
#include <vector>

namespace smoldesk::quant::grids {

extern const uint64_t kIq2xxs[256]; // values 8, 25, 43
extern const uint64_t kIq2xs[512];
extern const uint64_t kIq2s[1024];
extern const uint32_t kIq3xxs[256]; // values 4 .. 62
extern const uint32_t kIq3s[512];   // odd values 1 .. 15
extern const uint64_t kIq1s[2048];  // int8 values -1, 0, 1

// Every codebook above as 32-bit words (a u64 entry as its low, then its high word), in the
// order declared here: the buffer the Vulkan shaders read them from.
std::vector<uint32_t> codebookWords();
constexpr std::size_t kCodebookWords = 2 * (256 + 512 + 1024) + 256 + 512 + 2 * 2048;

// The 16 non-linear levels of IQ4_NL and IQ4_XS.
inline constexpr int8_t kIq4nlValues[16] = {-127, -104, -83, -65, -49, -35, -22, -10,
                                            1,    13,   25,  38,  53,  69,  89,  113};
// E2M1 (FP4) levels doubled to integers, as MXFP4 stores them with a halved E8M0 scale.
inline constexpr int8_t kFp4Values[16] = {0, 1, 2, 3, 4, 6, 8, 12, 0, -1, -2, -3, -4, -6, -8, -12};
// IQ1_S/IQ1_M: every group of eight is shifted by ±1/8 of its scale.
inline constexpr float kIq1Delta = 0.125f;

// Seven stored sign bits of a group of eight; the eighth makes the number of minus signs even.
constexpr uint8_t signsOf7(uint32_t seven) {
    const uint32_t s = seven & 127u;
    return static_cast<uint8_t>(s | ((static_cast<uint32_t>(__builtin_popcount(s)) & 1u) << 7));
}

// The i-th byte of a grid entry.
constexpr uint8_t gridByte(uint64_t entry, int i) {
    return static_cast<uint8_t>(entry >> (8 * i));
}

} // namespace smoldesk::quant::grids
