#pragma once
// The 6-bit scale packings of the K-quants, shared by the portable code paths.
// Not for the per-ISA kernel files (they must not share inline functions with baseline code).
#include <cstdint>

namespace smoldesk::quant {

// Q4_K / Q5_K: scale and min of 32-value sub-block j (0..7) from the 12 packed bytes.
struct ScaleMin {
    uint8_t scale;
    uint8_t min;
};
inline ScaleMin scaleMinK4(int j, const uint8_t* s) {
    if (j < 4) return {static_cast<uint8_t>(s[j] & 63), static_cast<uint8_t>(s[j + 4] & 63)};
    return {static_cast<uint8_t>((s[j + 4] & 0xF) | ((s[j - 4] >> 6) << 4)),
            static_cast<uint8_t>((s[j + 4] >> 4) | ((s[j] >> 6) << 4))};
}

// Inverse of scaleMinK4 for eight (scale, min) pairs of 6 bits each.
inline void packScaleMinK4(const uint8_t* scales, const uint8_t* mins, uint8_t* s) {
    for (int j = 0; j < 4; ++j) {
        s[j] = static_cast<uint8_t>((scales[j] & 63) | ((scales[j + 4] >> 4) << 6));
        s[j + 4] = static_cast<uint8_t>((mins[j] & 63) | ((mins[j + 4] >> 4) << 6));
        s[j + 8] = static_cast<uint8_t>((scales[j + 4] & 0xF) | ((mins[j + 4] & 0xF) << 4));
    }
}

// Q3_K: the sixteen signed 6-bit scales (value - 32) from the 12 packed bytes.
inline void unpackScalesQ3K(const uint8_t* s, int8_t* out) {
    for (int k = 0; k < 16; ++k) {
        const int low = k < 8 ? (s[k] & 15) : (s[k - 8] >> 4);
        const int high = (s[8 + k % 4] >> (2 * (k / 4))) & 3;
        out[k] = static_cast<int8_t>((low | (high << 4)) - 32);
    }
}

} // namespace smoldesk::quant
