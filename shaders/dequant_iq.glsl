// The i-quants, ternary types and MXFP4 (ggml's formulas, docs: core/quant/dequant_iq.cpp), eight
// aligned values at a time: in every one of these types a group of eight shares one grid entry
// (or two half entries) and one scale. Included by dequant.glsl after its byte readers.
#include "iq_grids.glsl"

// The codebooks (VulkanBackend binds them at GRID_BINDING, which the including shader defines).
layout(binding = GRID_BINDING) readonly buffer Codebooks { uint codebook[]; };

const uint TYPE_IQ2_XXS = 16;
const uint TYPE_IQ2_XS = 17;
const uint TYPE_IQ3_XXS = 18;
const uint TYPE_IQ1_S = 19;
const uint TYPE_IQ4_NL = 20;
const uint TYPE_IQ3_S = 21;
const uint TYPE_IQ2_S = 22;
const uint TYPE_IQ4_XS = 23;
const uint TYPE_IQ1_M = 29;
const uint TYPE_TQ1_0 = 34;
const uint TYPE_TQ2_0 = 35;
const uint TYPE_MXFP4 = 39;

const int IQ4NL_VALUES[16] = int[16](-127, -104, -83, -65, -49, -35, -22, -10, 1, 13, 25, 38, 53, 69, 89, 113);
const int FP4_VALUES[16] = int[16](0, 1, 2, 3, 4, 6, 8, 12, 0, -1, -2, -3, -4, -6, -8, -12);

bool isIQuant(uint type) {
    return (type >= TYPE_IQ2_XXS && type <= TYPE_IQ4_XS) || type == TYPE_IQ1_M || type == TYPE_TQ1_0 ||
           type == TYPE_TQ2_0 || type == TYPE_MXFP4;
}

// Seven stored sign bits; the eighth makes the count of minus signs even.
uint signs7(uint bits) {
    bits &= 127u;
    return bits | ((bitCount(bits) & 1u) << 7);
}
float signOf(uint signs, uint i) { return ((signs >> i) & 1u) != 0u ? -1.0 : 1.0; }
// Byte i of a u64 grid entry stored as two words.
uint byteOf64(uint lo, uint hi, uint i) { return ((i < 4u ? lo : hi) >> (8u * (i & 3u))) & 255u; }
uint wU32At(uint slot, uint addr) { return wU16(slot, addr) | (wU16(slot, addr + 2) << 16); }

void gridEight(uint lo, uint hi, uint signs, float scale, out float v[8]) {
    for (uint i = 0; i < 8; ++i) v[i] = scale * float(byteOf64(lo, hi, i)) * signOf(signs, i);
}

void iq1Eight(uint index, float scale, float delta, out float v[8]) {
    const uint lo = codebook[kIq1s + 2 * index], hi = codebook[kIq1s + 2 * index + 1];
    for (uint i = 0; i < 8; ++i) v[i] = scale * (float(int(byteOf64(lo, hi, i) << 24) >> 24) + delta);
}

float e8m0Half(uint e) {
    return e < 2u ? uintBitsToFloat(0x00200000u << e) : uintBitsToFloat((e - 1u) << 23);
}

int ternaryDigit(uint q, uint pow3) { return int((((q * pow3) & 255u) * 3u) >> 8) - 1; }

// Value j (0..255) of a TQ1_0 block at b: 160 values of five digits of bytes 0..31, 80 of bytes
// 32..47, then 16 of four digits of the bytes 48..51.
float tq1One(uint slot, uint b, uint j, float d) {
    const uint pow3[5] = uint[5](1u, 3u, 9u, 27u, 81u);
    uint byteAddr, n;
    if (j < 160u) {
        n = j / 32u; byteAddr = b + j % 32u;
    } else if (j < 240u) {
        n = (j - 160u) / 16u; byteAddr = b + 32u + (j - 160u) % 16u;
    } else {
        n = (j - 240u) / 4u; byteAddr = b + 48u + (j - 240u) % 4u;
    }
    return float(ternaryDigit(wByte(slot, byteAddr), pow3[n])) * d;
}

void dequantEightIQ(uint slot, uint type, uint rowAddr, uint col0, out float v[8]) {
    const uint j = col0 % 256, ib = j / 32, l = (j % 32) / 8;
    if (type == TYPE_IQ2_XXS) {
        const uint b = rowAddr + (col0 / 256) * 66, g = b + 2 + 8 * ib;
        const uint aux = wU32At(slot, g + 4);
        const float db = wHalf(slot, b) * (0.5 + float(aux >> 28)) * 0.25;
        const uint idx = wByte(slot, g + l);
        gridEight(codebook[kIq2xxs + 2 * idx], codebook[kIq2xxs + 2 * idx + 1], signs7(aux >> (7 * l)), db, v);
    } else if (type == TYPE_IQ2_XS) {
        const uint b = rowAddr + (col0 / 256) * 74;
        const uint q = wU16(slot, b + 2 + 2 * (4 * ib + l));
        const uint s = (wByte(slot, b + 66 + ib) >> (4 * (l / 2))) & 15u;
        const float db = wHalf(slot, b) * (0.5 + float(s)) * 0.25;
        const uint idx = q & 511u;
        gridEight(codebook[kIq2xs + 2 * idx], codebook[kIq2xs + 2 * idx + 1], signs7(q >> 9), db, v);
    } else if (type == TYPE_IQ2_S) {
        const uint b = rowAddr + (col0 / 256) * 82;
        const uint s = (wByte(slot, b + 74 + ib) >> (4 * (l / 2))) & 15u;
        const float db = wHalf(slot, b) * (0.5 + float(s)) * 0.25;
        const uint idx = wByte(slot, b + 2 + 4 * ib + l) | ((wByte(slot, b + 66 + ib) << (8 - 2 * l)) & 0x300u);
        gridEight(codebook[kIq2s + 2 * idx], codebook[kIq2s + 2 * idx + 1], wByte(slot, b + 34 + 4 * ib + l), db, v);
    } else if (type == TYPE_IQ3_XXS) {
        const uint b = rowAddr + (col0 / 256) * 98;
        const uint aux = wU32At(slot, b + 66 + 4 * ib);
        const float db = wHalf(slot, b) * (0.5 + float(aux >> 28)) * 0.5;
        const uint q = b + 2 + 8 * ib + 2 * l;
        gridEight(codebook[kIq3xxs + wByte(slot, q)], codebook[kIq3xxs + wByte(slot, q + 1)], signs7(aux >> (7 * l)), db, v);
    } else if (type == TYPE_IQ3_S) {
        const uint b = rowAddr + (col0 / 256) * 110;
        const uint nibble = (wByte(slot, b + 106 + ib / 2) >> (4 * (ib % 2))) & 15u;
        const float db = wHalf(slot, b) * float(1 + 2 * int(nibble));
        const uint qh = wByte(slot, b + 66 + ib), q = b + 2 + 8 * ib + 2 * l;
        const uint i0 = wByte(slot, q) | ((qh << (8 - 2 * l)) & 256u);
        const uint i1 = wByte(slot, q + 1) | ((qh << (7 - 2 * l)) & 256u);
        gridEight(codebook[kIq3s + i0], codebook[kIq3s + i1], wByte(slot, b + 74 + 4 * ib + l), db, v);
    } else if (type == TYPE_IQ1_S) {
        const uint b = rowAddr + (col0 / 256) * 50;
        const uint qh = wU16(slot, b + 34 + 2 * ib);
        const float dl = wHalf(slot, b) * float(2 * ((qh >> 12) & 7u) + 1);
        const float delta = (qh & 0x8000u) != 0u ? -0.125 : 0.125;
        iq1Eight(wByte(slot, b + 2 + 4 * ib + l) | (((qh >> (3 * l)) & 7u) << 8), dl, delta, v);
    } else if (type == TYPE_IQ1_M) {
        const uint b = rowAddr + (col0 / 256) * 56;
        const uint s0 = wU16(slot, b + 48), s1 = wU16(slot, b + 50), s2 = wU16(slot, b + 52), s3 = wU16(slot, b + 54);
        const uint bits = (s0 >> 12) | ((s1 >> 8) & 0xF0u) | ((s2 >> 4) & 0xF00u) | (s3 & 0xF000u);
        const float d = unpackHalf2x16(bits).x;
        const uint sc = wU16(slot, b + 48 + 2 * (ib / 2));
        const float dl = d * float(2 * ((sc >> (6 * (ib % 2) + 3 * (l / 2))) & 7u) + 1);
        const uint qh = wByte(slot, b + 32 + 2 * ib + l / 2);
        const uint idx = wByte(slot, b + 4 * ib + l) | (((l % 2) == 0u ? (qh << 8) : (qh << 4)) & 0x700u);
        const bool negative = (qh & ((l % 2) == 0u ? 0x08u : 0x80u)) != 0u;
        iq1Eight(idx, dl, negative ? -0.125 : 0.125, v);
    } else if (type == TYPE_IQ4_XS) {
        const uint b = rowAddr + (col0 / 256) * 136, jj = j % 32;
        const uint ls = ((wByte(slot, b + 4 + ib / 2) >> (4 * (ib % 2))) & 15u) | (((wU16(slot, b + 2) >> (2 * ib)) & 3u) << 4);
        const float dl = wHalf(slot, b) * float(int(ls) - 32);
        const uint shift = jj < 16 ? 0 : 4;
        for (uint i = 0; i < 8; ++i)
            v[i] = dl * float(IQ4NL_VALUES[(wByte(slot, b + 8 + 16 * ib + (jj & 15u) + i) >> shift) & 15u]);
    } else if (type == TYPE_IQ4_NL) {
        const uint b = rowAddr + (col0 / 32) * 18, jj = col0 % 32;
        const float d = wHalf(slot, b);
        const uint shift = jj < 16 ? 0 : 4;
        for (uint i = 0; i < 8; ++i) v[i] = d * float(IQ4NL_VALUES[(wByte(slot, b + 2 + (jj & 15u) + i) >> shift) & 15u]);
    } else if (type == TYPE_MXFP4) {
        const uint b = rowAddr + (col0 / 32) * 17, jj = col0 % 32;
        const float d = e8m0Half(wByte(slot, b));
        const uint shift = jj < 16 ? 0 : 4;
        for (uint i = 0; i < 8; ++i) v[i] = float(FP4_VALUES[(wByte(slot, b + 1 + (jj & 15u) + i) >> shift) & 15u]) * d;
    } else if (type == TYPE_TQ2_0) {
        const uint b = rowAddr + (col0 / 256) * 66;
        const float d = wHalf(slot, b + 64);
        const uint chunk = j / 128, shift = 2 * ((j % 128) / 32), m = j % 32;
        for (uint i = 0; i < 8; ++i) v[i] = float(int((wByte(slot, b + 32 * chunk + m + i) >> shift) & 3u) - 1) * d;
    } else {  // TQ1_0
        const uint b = rowAddr + (col0 / 256) * 54;
        const float d = wHalf(slot, b + 52);
        for (uint i = 0; i < 8; ++i) v[i] = tq1One(slot, b, j + i, d);
    }
}
