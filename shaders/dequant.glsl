// GGUF weight blocks dequantized to f32 with ggml's formulas (docs/SMOLLM3.md §6), read in
// place through weights.glsl (include it first). `type` is the ggml type id; callers pass a
// specialization constant, so after inlining each pipeline keeps only its own branch.
// Addresses are in bytes relative to the bound range.
const uint TYPE_F32 = 0;
const uint TYPE_F16 = 1;
const uint TYPE_Q4_0 = 2;
const uint TYPE_Q8_0 = 8;
const uint TYPE_Q4_K = 12;
const uint TYPE_Q6_K = 14;

uint wByte(uint slot, uint addr) {
    const uint h = wU16(slot, addr & ~1u);
    return (addr & 1u) != 0u ? (h >> 8) : (h & 0xFFu);
}
int wInt8(uint slot, uint addr) { return int(wByte(slot, addr) << 24) >> 24; }
float wHalf(uint slot, uint addr) { return unpackHalf2x16(wU16(slot, addr)).x; }

#include "dequant_iq.glsl"

// Q4_K/Q5_K packed 6-bit scale and min of sub-block j (get_scale_min_k4).
vec2 scaleMinK4(uint slot, uint j, uint s) {
    if (j < 4) return vec2(float(wByte(slot, s + j) & 63u), float(wByte(slot, s + j + 4) & 63u));
    return vec2(float((wByte(slot, s + j + 4) & 15u) | ((wByte(slot, s + j - 4) >> 6) << 4)),
                float((wByte(slot, s + j + 4) >> 4) | ((wByte(slot, s + j) >> 6) << 4)));
}

#include "dequant_classic.glsl"

// One value: column col of the row starting at byte rowAddr.
float dequantOne(uint slot, uint type, uint rowAddr, uint col) {
    if (type == TYPE_F32) return uintBitsToFloat(wU32(slot, (rowAddr >> 2) + col));
    if (type == TYPE_F16) return wHalf(slot, rowAddr + 2 * col);
    if (type == TYPE_Q8_0) {
        const uint b = rowAddr + (col / 32) * 34;
        return float(wInt8(slot, b + 2 + col % 32)) * wHalf(slot, b);
    }
    if (type == TYPE_Q4_0) {
        const uint b = rowAddr + (col / 32) * 18;
        const uint j = col % 32;
        const uint q = wByte(slot, b + 2 + (j & 15u));
        return float(int(j < 16 ? (q & 15u) : (q >> 4)) - 8) * wHalf(slot, b);
    }
    if (type == TYPE_Q4_K) {
        const uint b = rowAddr + (col / 256) * 144;
        const uint j = col % 256, c = j / 64, l = j % 32;
        const bool high = (j % 64) >= 32;
        const vec2 sm = scaleMinK4(slot, 2 * c + (high ? 1 : 0), b + 4);
        const float d1 = wHalf(slot, b) * sm.x, m1 = wHalf(slot, b + 2) * sm.y;
        const uint q = wByte(slot, b + 16 + 32 * c + l);
        return d1 * float(high ? (q >> 4) : (q & 15u)) - m1;
    }
    if (type == TYPE_Q6_K) {
        const uint b = rowAddr + (col / 256) * 210;
        const uint j = col % 256, n = j / 128, quarter = (j % 128) / 32, l = j % 32;
        const uint qlByte = wByte(slot, b + 64 * n + l + ((quarter & 1u) != 0u ? 32 : 0));
        const uint lo = quarter >= 2 ? (qlByte >> 4) : (qlByte & 15u);
        const uint hi = (wByte(slot, b + 128 + 32 * n + l) >> (2 * quarter)) & 3u;
        const float scale = float(wInt8(slot, b + 192 + 8 * n + l / 16 + 2 * quarter));
        return wHalf(slot, b + 208) * scale * float(int(lo | (hi << 4)) - 32);
    }
    if (isClassicMore(type)) return dequantOneClassic(slot, type, rowAddr, col);
    if (isIQuant(type)) {
        float v[8];
        dequantEightIQ(slot, type, rowAddr, col & ~7u, v);
        return v[col & 7u];
    }
    return 0.0;
}

// Eight consecutive values from column col0 (a multiple of 8, all inside the row). In every
// quantized type eight aligned values share one scale, which is read once.
void dequantEight(uint slot, uint type, uint rowAddr, uint col0, out float v[8]) {
    if (type == TYPE_Q4_K) {
        const uint b = rowAddr + (col0 / 256) * 144;
        const uint j = col0 % 256, c = j / 64, l = j % 32;
        const bool high = (j % 64) >= 32;
        const vec2 sm = scaleMinK4(slot, 2 * c + (high ? 1 : 0), b + 4);
        const float d1 = wHalf(slot, b) * sm.x, m1 = wHalf(slot, b + 2) * sm.y;
        const uint shift = high ? 4 : 0;
        for (uint i = 0; i < 8; i += 2) {
            const uint two = wU16(slot, b + 16 + 32 * c + l + i);
            v[i] = d1 * float((two >> shift) & 15u) - m1;
            v[i + 1] = d1 * float((two >> (8 + shift)) & 15u) - m1;
        }
    } else if (type == TYPE_Q6_K) {
        const uint b = rowAddr + (col0 / 256) * 210;
        const uint j = col0 % 256, n = j / 128, quarter = (j % 128) / 32, l = j % 32;
        const uint qlAddr = b + 64 * n + l + ((quarter & 1u) != 0u ? 32 : 0);
        const uint qhAddr = b + 128 + 32 * n + l;
        const float ds = wHalf(slot, b + 208) * float(wInt8(slot, b + 192 + 8 * n + l / 16 + 2 * quarter));
        const uint loShift = quarter >= 2 ? 4 : 0, hiShift = 2 * quarter;
        for (uint i = 0; i < 8; i += 2) {
            const uint ql = wU16(slot, qlAddr + i), qh = wU16(slot, qhAddr + i);
            const uint q0 = ((ql >> loShift) & 15u) | (((qh >> hiShift) & 3u) << 4);
            const uint q1 = ((ql >> (8 + loShift)) & 15u) | (((qh >> (8 + hiShift)) & 3u) << 4);
            v[i] = ds * float(int(q0) - 32);
            v[i + 1] = ds * float(int(q1) - 32);
        }
    } else if (type == TYPE_Q8_0) {
        const uint b = rowAddr + (col0 / 32) * 34;
        const float d = wHalf(slot, b);
        for (uint i = 0; i < 8; ++i) v[i] = float(wInt8(slot, b + 2 + col0 % 32 + i)) * d;
    } else if (type == TYPE_Q4_0) {
        const uint b = rowAddr + (col0 / 32) * 18;
        const uint j = col0 % 32;
        const float d = wHalf(slot, b);
        const uint shift = j < 16 ? 0 : 4;
        for (uint i = 0; i < 8; ++i)
            v[i] = float(int((wByte(slot, b + 2 + (j & 15u) + i) >> shift) & 15u) - 8) * d;
    } else if (isIQuant(type)) {
        dequantEightIQ(slot, type, rowAddr, col0, v);
    } else {
        for (uint i = 0; i < 8; ++i) v[i] = dequantOne(slot, type, rowAddr, col0 + i);
    }
}
