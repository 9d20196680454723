// Views of the weight bindings (GGUF blocks uploaded unchanged). WEIGHT_SLOTS 1: one weight
// at binding 0; 3: a grouped matvec's weights at bindings 0, 3 and 5 (q/k/v or gate/up share
// one input). `slot` selects the weight; blocks of Q8_0, Q4_0 and Q6_K are only 2-byte
// aligned, hence the 16-bit view; the 128-bit view serves 16-byte aligned loads (Q4_K).
#ifndef WEIGHT_SLOTS
#define WEIGHT_SLOTS 1
#endif

layout(binding = 0) readonly buffer W0Words { uint w0w[]; };
layout(binding = 0) readonly buffer W0Halves { uint16_t w0h[]; };
layout(binding = 0) readonly buffer W0Quads { uvec4 w0q[]; };
#if WEIGHT_SLOTS > 1
layout(binding = 3) readonly buffer W1Words { uint w1w[]; };
layout(binding = 3) readonly buffer W1Halves { uint16_t w1h[]; };
layout(binding = 3) readonly buffer W1Quads { uvec4 w1q[]; };
layout(binding = 5) readonly buffer W2Words { uint w2w[]; };
layout(binding = 5) readonly buffer W2Halves { uint16_t w2h[]; };
layout(binding = 5) readonly buffer W2Quads { uvec4 w2q[]; };
#endif

// 16 bits at an even byte address.
uint wU16(uint slot, uint addr) {
#if WEIGHT_SLOTS > 1
    if (slot == 1) return uint(w1h[addr >> 1]);
    if (slot == 2) return uint(w2h[addr >> 1]);
#endif
    return uint(w0h[addr >> 1]);
}
// The 32-bit word with this index.
uint wU32(uint slot, uint word) {
#if WEIGHT_SLOTS > 1
    if (slot == 1) return w1w[word];
    if (slot == 2) return w2w[word];
#endif
    return w0w[word];
}
// 16 bytes at a 16-byte aligned byte address.
uvec4 wU128(uint slot, uint addr) {
#if WEIGHT_SLOTS > 1
    if (slot == 1) return w1q[addr >> 4];
    if (slot == 2) return w2q[addr >> 4];
#endif
    return w0q[addr >> 4];
}
