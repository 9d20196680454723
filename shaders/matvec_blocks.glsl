// One lane's 16 weights of a 256-column super-block, loaded as raw words and then dequantized
// to four vec4 runs (the lane mapping is matvec_map.glsl's; include it, weights.glsl and
// dequant.glsl first). Every quant
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

// A lane's raw words of one super-block, loaded before any of its math: the unrolled K loop
// (matvec.comp's UNROLL) issues the loads of several super-blocks and rows back to back, so
// more bytes are in flight per lane while the first block's math waits on them. Which words
// each type keeps where is said in its loader; unused words cost no register (the type is a
// specialization constant, so the compiler drops them).
struct MvRaw {
    uvec4 a;
    uvec4 b;
    uvec4 c;
};

// Two aligned words as the 4 bytes that start 2 bytes into the first when `odd` (Q6_K and Q8_0
// blocks are only 2-byte aligned; wU32Even's funnel shift, after the loads).
uint mvFunnel(uint lo, uint hi, bool odd) { return odd ? ((lo >> 16) | (hi << 16)) : lo; }
uvec2 mvWords(uint slot, uint addr) { return uvec2(wU32(slot, addr >> 2), wU32(slot, (addr >> 2) + 1u)); }

// Q4_K: a = d/dmin and the 12 scale bytes, b.xy = the lane's two quant words.
MvRaw q4kLoad(uint slot, uint b, uint lane) {
    const uint word = b >> 2;  // 144-byte blocks in rows that start 4-byte aligned
    MvRaw r;
    r.a = uvec4(wU32(slot, word), wU32(slot, word + 1u), wU32(slot, word + 2u), wU32(slot, word + 3u));
    r.b = uvec4(wU32(slot, (b + q4kQuantByte(lane, 0u)) >> 2), wU32(slot, (b + q4kQuantByte(lane, 4u)) >> 2), 0u, 0u);
    r.c = uvec4(0u);
    return r;
}
void q4kDecode(MvRaw r, uint lane, out vec4 w[4]) {
    const vec2 dm = unpackHalf2x16(r.a.x);
    const uvec3 s = r.a.yzw;
    const vec2 lo = dm * q4kScaleMin(s, q4kSubBlock(lane, 0u)), hi = dm * q4kScaleMin(s, q4kSubBlock(lane, 8u));
    const uint q0 = r.b.x, q1 = r.b.y, hs = q4kQuantShift(lane, 8u);
    w[0] = lo.x * nibbles(q0, 0u) - lo.y;
    w[1] = lo.x * nibbles(q1, 0u) - lo.y;
    w[2] = hi.x * nibbles(q0, hs) - hi.y;
    w[3] = hi.x * nibbles(q1, hs) - hi.y;
}

// Q5_K: Q4_K's words, and b.zw = the lane's two words of high bits.
MvRaw q5kLoad(uint slot, uint b, uint lane) {
    const uint word = b >> 2;  // 176-byte blocks in rows that start 4-byte aligned
    MvRaw r;
    r.a = uvec4(wU32(slot, word), wU32(slot, word + 1u), wU32(slot, word + 2u), wU32(slot, word + 3u));
    r.b = uvec4(wU32(slot, (b + q5kQuantByte(lane, 0u)) >> 2), wU32(slot, (b + q5kQuantByte(lane, 4u)) >> 2),
                wU32(slot, (b + q5kHighByte(lane, 0u)) >> 2), wU32(slot, (b + q5kHighByte(lane, 4u)) >> 2));
    r.c = uvec4(0u);
    return r;
}
void q5kDecode(MvRaw r, uint lane, out vec4 w[4]) {
    const vec2 dm = unpackHalf2x16(r.a.x);
    const uvec3 s = r.a.yzw;
    const vec2 lo = dm * q4kScaleMin(s, q5kSubBlock(lane, 0u)), hi = dm * q4kScaleMin(s, q5kSubBlock(lane, 8u));
    const uint q0 = r.b.x, q1 = r.b.y, h0 = r.b.z, h1 = r.b.w;
    const uint hs = q5kQuantShift(lane, 8u), lowBit = q5kHighShift(lane, 0u), highBit = q5kHighShift(lane, 8u);
    w[0] = lo.x * (nibbles(q0, 0u) + 16.0 * bitsAt(h0, lowBit)) - lo.y;
    w[1] = lo.x * (nibbles(q1, 0u) + 16.0 * bitsAt(h1, lowBit)) - lo.y;
    w[2] = hi.x * (nibbles(q0, hs) + 16.0 * bitsAt(h0, highBit)) - hi.y;
    w[3] = hi.x * (nibbles(q1, hs) + 16.0 * bitsAt(h1, highBit)) - hi.y;
}

// IQ4_XS: a.x = d and scales_h, a.y = scales_l, b.xy = the lane's two quant words.
MvRaw iq4xsLoad(uint slot, uint b, uint lane) {
    const uint word = b >> 2;  // 136-byte blocks: rows start 4-byte aligned
    MvRaw r;
    r.a = uvec4(wU32(slot, word), wU32(slot, word + 1u), 0u, 0u);
    r.b = uvec4(wU32(slot, (b + iq4xsQuantByte(lane, 0u)) >> 2), wU32(slot, (b + iq4xsQuantByte(lane, 4u)) >> 2), 0u, 0u);
    r.c = uvec4(0u);
    return r;
}
void iq4xsDecode(MvRaw r, uint lane, out vec4 w[4]) {
    const uint head = r.a.x, scalesLow = r.a.y, ib = iq4xsSubBlock(lane, 0u);
    const uint ls = ((scalesLow >> (4u * ib)) & 15u) | (((head >> (16u + 2u * ib)) & 3u) << 4);
    const float dl = unpackHalf2x16(head).x * float(int(ls) - 32);
    const uint q0 = r.b.x, q1 = r.b.y, hs = iq4xsQuantShift(lane, 8u);
    const uvec4 n[4] = uvec4[4](unibbles(q0, 0u), unibbles(q1, 0u), unibbles(q0, hs), unibbles(q1, hs));
    for (uint k = 0u; k < 4u; ++k)
        w[k] = dl * vec4(mvCodebook[n[k].x], mvCodebook[n[k].y], mvCodebook[n[k].z], mvCodebook[n[k].w]);
}

// Q6_K: word pairs (each funnelled at decode; every offset below is a multiple of 4 from the
// block, so all share its alignment): a = low quants of quarters 0/2 and 1/3, b = high bits
// and scales 0–3, c.xy = scales 4–7, c.z = the word holding d.
MvRaw q6kLoad(uint slot, uint b, uint lane) {
    const uint sc = b + (q6kScaleByte(lane, 0u) & ~1u);
    MvRaw r;
    r.a = uvec4(mvWords(slot, b + q6kQuantByte(lane, 0u)), mvWords(slot, b + q6kQuantByte(lane, 4u)));
    r.b = uvec4(mvWords(slot, b + q6kHighByte(lane, 0u)), mvWords(slot, sc));
    r.c = uvec4(mvWords(slot, sc + 4u), wU32(slot, (b + 208u) >> 2), 0u);
    return r;
}
void q6kDecode(MvRaw r, uint b, uint lane, out vec4 w[4]) {
    const bool odd = (b & 2u) != 0u;
    const uint lowA = mvFunnel(r.a.x, r.a.y, odd), lowB = mvFunnel(r.a.z, r.a.w, odd);  // quarters 0/2, 1/3
    const uint high = mvFunnel(r.b.x, r.b.y, odd);
    const uint scA = mvFunnel(r.b.z, r.b.w, odd), scB = mvFunnel(r.c.x, r.c.y, odd);
    const float d = unpackHalf2x16(odd ? r.c.z >> 16 : r.c.z).x;
    const uint sc0 = q6kScaleByte(lane, 0u);  // quarters' scales: sc0, +2, +4, +6
    for (uint q = 0u; q < 4u; ++q) {
        const uint low = (q % 2u) == 0u ? lowA : lowB;
        const uvec4 v = unibbles(low, q6kQuantShift(lane, 4u * q)) | (((uvec4(high) >> (uvec4(0u, 8u, 16u, 24u) + q6kHighShift(lane, 4u * q))) & 3u) << 4);
        const uint o = (sc0 & 1u) + 2u * q;  // byte of the scale in scA.scB
        const float s = d * float(int8Of(o < 4u ? scA : scB, o % 4u));
        w[q] = s * (vec4(v) - 32.0);
    }
}

// Q8_0: a and b.x = the five words under the lane's 16 quant bytes (which start 2 bytes off
// the block's alignment), b.y = the word holding its block's d.
MvRaw q80Load(uint slot, uint b, uint lane) {
    const uint q = (b + q80QuantByte(lane, 0u)) >> 2;
    MvRaw r;
    r.a = uvec4(wU32(slot, q), wU32(slot, q + 1u), wU32(slot, q + 2u), wU32(slot, q + 3u));
    r.b = uvec4(wU32(slot, q + 4u), wU32(slot, (b + 34u * q80Block(lane)) >> 2), 0u, 0u);
    r.c = uvec4(0u);
    return r;
}
void q80Decode(MvRaw r, uint b, uint lane, out vec4 w[4]) {
    const uint dAddr = b + 34u * q80Block(lane);
    const float d = unpackHalf2x16((dAddr & 2u) != 0u ? r.b.y >> 16 : r.b.y).x;
    const bool odd = ((dAddr + 2u) & 2u) != 0u;  // the quants' alignment
    const uint q[5] = uint[5](r.a.x, r.a.y, r.a.z, r.a.w, r.b.x);
    for (uint k = 0u; k < 4u; ++k) {
        const uint v = mvFunnel(q[k], q[k + 1u], odd);
        w[k] = d * vec4(int8Of(v, 0u), int8Of(v, 1u), int8Of(v, 2u), int8Of(v, 3u));
    }
}

// b: byte address of the super-block in its binding.
MvRaw mvLoadLane(uint slot, uint type, uint b, uint lane) {
    if (type == TYPE_Q4_K) return q4kLoad(slot, b, lane);
    if (type == TYPE_Q5_K) return q5kLoad(slot, b, lane);
    if (type == TYPE_Q6_K) return q6kLoad(slot, b, lane);
    if (type == TYPE_IQ4_XS) return iq4xsLoad(slot, b, lane);
    return q80Load(slot, b, lane);
}
void mvDecodeRaw(uint type, MvRaw r, uint b, uint lane, out vec4 w[4]) {
    if (type == TYPE_Q4_K) q4kDecode(r, lane, w);
    else if (type == TYPE_Q5_K) q5kDecode(r, lane, w);
    else if (type == TYPE_Q6_K) q6kDecode(r, b, lane, w);
    else if (type == TYPE_IQ4_XS) iq4xsDecode(r, lane, w);
    else q80Decode(r, b, lane, w);
}
