// One lane's 16 weights of a 256-column super-block, dequantized to four vec4 runs (the lane
// mapping is matvec_map.glsl's; include it, weights.glsl and dequant.glsl first). Every quant
// and scale read is a 32-bit load: the 16 lanes of a super-block read its quants side by side
// (coalesced), and its header words are the same address for all of them (one broadcast).

// The block types this path decodes; any other goes through dequantEight (matvec.comp).
bool mvBlockType(uint type) {
    return type == TYPE_Q4_K || type == TYPE_Q5_K || type == TYPE_Q6_K || type == TYPE_IQ4_XS || type == TYPE_Q8_0;
}
uint mvSuperBytes(uint type) {
    if (type == TYPE_Q4_K) return 144u;
    if (type == TYPE_Q5_K) return 176u;
    if (type == TYPE_Q6_K) return 210u;
    if (type == TYPE_IQ4_XS) return 136u;
    return 272u;  // Q8_0: eight 34-byte blocks
}
// Column (inside the super-block) of the first value of run k.
uint mvRunColumn(uint type, uint lane, uint k) {
    if (type == TYPE_Q4_K) return q4kColumn(lane, 4u * k);
    if (type == TYPE_Q5_K) return q5kColumn(lane, 4u * k);
    if (type == TYPE_Q6_K) return q6kColumn(lane, 4u * k);
    if (type == TYPE_IQ4_XS) return iq4xsColumn(lane, 4u * k);
    return q80Column(lane, 4u * k);
}

// 4 bytes at an even byte address (Q6_K and Q8_0 blocks are only 2-byte aligned): two aligned
// words and a funnel shift, without a branch (neighbouring super-blocks differ in alignment).
uint wU32Even(uint slot, uint addr) {
    const uint i = addr >> 2, lo = wU32(slot, i), hi = wU32(slot, i + 1u);
    return (addr & 2u) == 0u ? lo : ((lo >> 16) | (hi << 16));
}

// The four 4-bit fields of q starting at bit `shift` of each byte.
vec4 nibbles(uint q, uint shift) { return vec4((uvec4(q) >> (uvec4(0u, 8u, 16u, 24u) + shift)) & 15u); }
vec4 bitsAt(uint q, uint shift) { return vec4((uvec4(q) >> (uvec4(0u, 8u, 16u, 24u) + shift)) & 1u); }
uvec4 unibbles(uint q, uint shift) { return (uvec4(q) >> (uvec4(0u, 8u, 16u, 24u) + shift)) & 15u; }
uint byteOf(uint w, uint i) { return (w >> (8u * i)) & 255u; }
int int8Of(uint w, uint i) { return bitfieldExtract(int(w), int(8u * i), 8); }

// Q4_K's 6-bit scale and min of sub-block j from the 12 scale bytes s (get_scale_min_k4).
vec2 q4kScaleMin(uvec3 s, uint j) {
    const uint lo = j < 4u ? j : j + 4u, a = byteOf(s[lo / 4u], lo % 4u);
    if (j < 4u) return vec2(float(a & 63u), float(byteOf(s[(j + 4u) / 4u], j % 4u) & 63u));
    const uint b = byteOf(s[(j - 4u) / 4u], j % 4u), c = byteOf(s[j / 4u], j % 4u);
    return vec2(float((a & 15u) | ((b >> 6) << 4)), float((a >> 4) | ((c >> 6) << 4)));
}

void q4kLane(uint slot, uint b, uint lane, out vec4 w[4]) {
    const uint word = b >> 2;  // 144-byte blocks in rows that start 4-byte aligned
    const vec2 dm = unpackHalf2x16(wU32(slot, word));
    const uvec3 s = uvec3(wU32(slot, word + 1u), wU32(slot, word + 2u), wU32(slot, word + 3u));
    const vec2 lo = dm * q4kScaleMin(s, q4kSubBlock(lane, 0u)), hi = dm * q4kScaleMin(s, q4kSubBlock(lane, 8u));
    const uint q0 = wU32(slot, (b + q4kQuantByte(lane, 0u)) >> 2), q1 = wU32(slot, (b + q4kQuantByte(lane, 4u)) >> 2);
    const uint hs = q4kQuantShift(lane, 8u);
    w[0] = lo.x * nibbles(q0, 0u) - lo.y;
    w[1] = lo.x * nibbles(q1, 0u) - lo.y;
    w[2] = hi.x * nibbles(q0, hs) - hi.y;
    w[3] = hi.x * nibbles(q1, hs) - hi.y;
}

void q5kLane(uint slot, uint b, uint lane, out vec4 w[4]) {
    const uint word = b >> 2;  // 176-byte blocks in rows that start 4-byte aligned
    const vec2 dm = unpackHalf2x16(wU32(slot, word));
    const uvec3 s = uvec3(wU32(slot, word + 1u), wU32(slot, word + 2u), wU32(slot, word + 3u));
    const vec2 lo = dm * q4kScaleMin(s, q5kSubBlock(lane, 0u)), hi = dm * q4kScaleMin(s, q5kSubBlock(lane, 8u));
    const uint q0 = wU32(slot, (b + q5kQuantByte(lane, 0u)) >> 2), q1 = wU32(slot, (b + q5kQuantByte(lane, 4u)) >> 2);
    const uint h0 = wU32(slot, (b + q5kHighByte(lane, 0u)) >> 2), h1 = wU32(slot, (b + q5kHighByte(lane, 4u)) >> 2);
    const uint hs = q5kQuantShift(lane, 8u), lowBit = q5kHighShift(lane, 0u), highBit = q5kHighShift(lane, 8u);
    w[0] = lo.x * (nibbles(q0, 0u) + 16.0 * bitsAt(h0, lowBit)) - lo.y;
    w[1] = lo.x * (nibbles(q1, 0u) + 16.0 * bitsAt(h1, lowBit)) - lo.y;
    w[2] = hi.x * (nibbles(q0, hs) + 16.0 * bitsAt(h0, highBit)) - hi.y;
    w[3] = hi.x * (nibbles(q1, hs) + 16.0 * bitsAt(h1, highBit)) - hi.y;
}

void iq4xsLane(uint slot, uint b, uint lane, out vec4 w[4]) {
    const uint word = b >> 2;  // 136-byte blocks: rows start 4-byte aligned
    const uint head = wU32(slot, word), scalesLow = wU32(slot, word + 1u), ib = iq4xsSubBlock(lane, 0u);
    const uint ls = ((scalesLow >> (4u * ib)) & 15u) | (((head >> (16u + 2u * ib)) & 3u) << 4);
    const float dl = unpackHalf2x16(head).x * float(int(ls) - 32);
    const uint q0 = wU32(slot, (b + iq4xsQuantByte(lane, 0u)) >> 2), q1 = wU32(slot, (b + iq4xsQuantByte(lane, 4u)) >> 2);
    const uint hs = iq4xsQuantShift(lane, 8u);
    const uvec4 n[4] = uvec4[4](unibbles(q0, 0u), unibbles(q1, 0u), unibbles(q0, hs), unibbles(q1, hs));
    for (uint k = 0u; k < 4u; ++k)
        w[k] = dl * vec4(mvCodebook[n[k].x], mvCodebook[n[k].y], mvCodebook[n[k].z], mvCodebook[n[k].w]);
}

void q6kLane(uint slot, uint b, uint lane, out vec4 w[4]) {
    const uint lowA = wU32Even(slot, b + q6kQuantByte(lane, 0u));  // quarters 0 and 2
    const uint lowB = wU32Even(slot, b + q6kQuantByte(lane, 4u));  // quarters 1 and 3
    const uint high = wU32Even(slot, b + q6kHighByte(lane, 0u));
    const uint sc0 = q6kScaleByte(lane, 0u);  // quarters' scales: sc0, +2, +4, +6
    const uint scA = wU32Even(slot, b + (sc0 & ~1u)), scB = wU32Even(slot, b + (sc0 & ~1u) + 4u);
    const float d = wHalf(slot, b + 208u);
    for (uint q = 0u; q < 4u; ++q) {
        const uint low = (q % 2u) == 0u ? lowA : lowB;
        const uvec4 v = unibbles(low, q6kQuantShift(lane, 4u * q)) | (((uvec4(high) >> (uvec4(0u, 8u, 16u, 24u) + q6kHighShift(lane, 4u * q))) & 3u) << 4);
        const uint o = (sc0 & 1u) + 2u * q;  // byte of the scale in scA.scB
        const float s = d * float(int8Of(o < 4u ? scA : scB, o % 4u));
        w[q] = s * (vec4(v) - 32.0);
    }
}

void q80Lane(uint slot, uint b, uint lane, out vec4 w[4]) {
    const float d = wHalf(slot, b + 34u * q80Block(lane));
    for (uint k = 0u; k < 4u; ++k) {
        const uint q = wU32Even(slot, b + q80QuantByte(lane, 4u * k));
        w[k] = d * vec4(int8Of(q, 0u), int8Of(q, 1u), int8Of(q, 2u), int8Of(q, 3u));
    }
}

// b: byte address of the super-block in its binding.
void mvDecodeLane(uint slot, uint type, uint b, uint lane, out vec4 w[4]) {
    if (type == TYPE_Q4_K) q4kLane(slot, b, lane, w);
    else if (type == TYPE_Q5_K) q5kLane(slot, b, lane, w);
    else if (type == TYPE_Q6_K) q6kLane(slot, b, lane, w);
    else if (type == TYPE_IQ4_XS) iq4xsLane(slot, b, lane, w);
    else q80Lane(slot, b, lane, w);
}
