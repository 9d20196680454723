// The remaining classic and K types (ggml's formulas, core/quant/dequant.cpp), one value at a
// time: Q4_1, Q5_0, Q5_1, Q2_K, Q3_K, Q5_K and BF16. Included by dequant.glsl after its byte
// readers and scaleMinK4.
const uint TYPE_Q4_1 = 3;
const uint TYPE_Q5_0 = 6;
const uint TYPE_Q5_1 = 7;
const uint TYPE_Q2_K = 10;
const uint TYPE_Q3_K = 11;
const uint TYPE_Q5_K = 13;
const uint TYPE_BF16 = 30;

bool isClassicMore(uint type) {
    return type == TYPE_Q4_1 || type == TYPE_Q5_0 || type == TYPE_Q5_1 || type == TYPE_Q2_K || type == TYPE_Q3_K ||
           type == TYPE_Q5_K || type == TYPE_BF16;
}

// The 4-bit nibble of value j (0..31) of a 32-value block whose 16 quant bytes start at qs.
uint nibble32(uint slot, uint qs, uint j) {
    const uint q = wByte(slot, qs + (j & 15u));
    return j < 16u ? (q & 15u) : (q >> 4);
}
// The fifth bit of value j of a Q5_0/Q5_1 block: bit j of the 32-bit qh at an even address.
uint fifthBit(uint slot, uint qhAddr, uint j) {
    const uint qh = wU16(slot, qhAddr) | (wU16(slot, qhAddr + 2) << 16);
    return (qh >> j) & 1u;
}

float dequantOneClassic(uint slot, uint type, uint rowAddr, uint col) {
    if (type == TYPE_BF16) return uintBitsToFloat(wU16(slot, rowAddr + 2 * col) << 16);
    if (type == TYPE_Q4_1) {
        const uint b = rowAddr + (col / 32) * 20, j = col % 32;
        return float(nibble32(slot, b + 4, j)) * wHalf(slot, b) + wHalf(slot, b + 2);
    }
    if (type == TYPE_Q5_0) {
        const uint b = rowAddr + (col / 32) * 22, j = col % 32;
        return float(int(nibble32(slot, b + 6, j) | (fifthBit(slot, b + 2, j) << 4)) - 16) * wHalf(slot, b);
    }
    if (type == TYPE_Q5_1) {
        const uint b = rowAddr + (col / 32) * 24, j = col % 32;
        return float(nibble32(slot, b + 8, j) | (fifthBit(slot, b + 4, j) << 4)) * wHalf(slot, b) + wHalf(slot, b + 2);
    }
    const uint j = col % 256, halfIdx = j / 128, shiftIdx = (j % 128) / 32, part = (j % 32) / 16;
    if (type == TYPE_Q2_K) {
        const uint b = rowAddr + (col / 256) * 84;
        const uint sc = wByte(slot, b + 8 * halfIdx + 2 * shiftIdx + part);
        const uint q = (wByte(slot, b + 16 + 32 * halfIdx + 16 * part + j % 16) >> (2 * shiftIdx)) & 3u;
        return wHalf(slot, b + 80) * float(sc & 15u) * float(q) - wHalf(slot, b + 82) * float(sc >> 4);
    }
    if (type == TYPE_Q3_K) {
        const uint b = rowAddr + (col / 256) * 110, l = 16 * part + j % 16;
        const uint is = 8 * halfIdx + 2 * shiftIdx + part;
        const uint low = is < 8u ? (wByte(slot, b + 96 + is) & 15u) : (wByte(slot, b + 96 + is - 8) >> 4);
        const uint high = (wByte(slot, b + 104 + is % 4) >> (2 * (is / 4))) & 3u;
        const int scale = int(low | (high << 4)) - 32;
        const int q = int((wByte(slot, b + 32 + 32 * halfIdx + l) >> (2 * shiftIdx)) & 3u);
        const bool hbit = (wByte(slot, b + l) & (1u << (4 * halfIdx + shiftIdx))) != 0u;
        return wHalf(slot, b + 108) * float(scale) * float(q - (hbit ? 0 : 4));
    }
    // Q5_K
    const uint b = rowAddr + (col / 256) * 176, c = j / 64, l = j % 32;
    const bool high = (j % 64) >= 32;
    const vec2 sm = scaleMinK4(slot, 2 * c + (high ? 1 : 0), b + 4);
    const float d1 = wHalf(slot, b) * sm.x, m1 = wHalf(slot, b + 2) * sm.y;
    const uint q = wByte(slot, b + 48 + 32 * c + l);
    const uint fifth = (wByte(slot, b + 16 + l) >> (2 * c + (high ? 1 : 0))) & 1u;
    return d1 * float((high ? (q >> 4) : (q & 15u)) + 16u * fifth) - m1;
}
