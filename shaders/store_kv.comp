#version 450
// Writes K and V rows into one layer's f16 caches at positions pos0…; with ROPE set it
// first rotates K (adjacent or NeoX pairs, as rope.comp) — the fused form the backend uses
// when rope(k) is directly followed by storeKv(k). With ROPE_Q the same dispatch also rotates
// the query rows in place (rope(q) of the same positions), so a RoPE layer writes its cache
// in one dispatch. One invocation per value pair: first the K/V pairs, then the Q pairs.
#extension GL_EXT_shader_16bit_storage : require
#extension GL_GOOGLE_include_directive : require
layout(local_size_x_id = 0) in;
layout(constant_id = 1) const uint ROPE = 0;
layout(constant_id = 2) const uint ROPE_Q = 0;

#include "header.glsl"

layout(binding = 0) buffer K { float k[]; };
layout(binding = 1) readonly buffer V { float v[]; };
layout(binding = 2) writeonly buffer KCache { float16_t kc[]; };
layout(binding = 3) writeonly buffer VCache { float16_t vc[]; };
layout(binding = 4) buffer Q { float q[]; };
// Positions are read from a small host-written buffer rather than pushed, so that a decode
// step's commands are the same every token and can be replayed.
layout(binding = 5) readonly buffer Positions { uint positions[]; };
#define ROPE_FACTORS_BINDING 6
#include "rope_angle.glsl"

layout(push_constant) uniform Push {
    uint rows;
    uint kvDim;
    uint posSlot;  // positions[posSlot]: the position of the first row
    uint groupsX;
    // RoPE of K (ROPE only) and Q (ROPE_Q)
    uint headDim;
    uint ropeDims;
    float freqBase;
    uint neox;
    uint qDim;
    float freqScale;  // linear RoPE scaling: positions times this
    uint hasFactors;  // per-pair divisors at binding 6
    float attnFactor;
    float extFactor;
    float corrLow;
    float corrHigh;
} pc;

// The two values of pair p of a row (p < dim/2) and whether RoPE rotates them: for adjacent
// pairs (2i, 2i+1); for NeoX (i, i + ropeDims/2) within a head, the rest in place.
bool ropePair(uint p, out uint a, out uint b, out uint hp) {
    const uint headPairs = pc.headDim / 2, head = p / headPairs, ropeHalf = pc.ropeDims / 2;
    const uint base = head * pc.headDim;
    hp = p % headPairs;
    if (hp < ropeHalf) {
        a = base + (pc.neox != 0 ? hp : 2 * hp);
        b = base + (pc.neox != 0 ? hp + ropeHalf : 2 * hp + 1);
        return true;
    }
    const uint off = pc.neox != 0 ? pc.ropeDims + 2 * (hp - ropeHalf) : 2 * hp;
    a = base + off;
    b = base + off + 1;
    return false;
}

vec2 rotation(uint pos, uint hp) {  // (cos, sin) of pair hp at position pos, times the magnitude
    const RopeParams rp = RopeParams(pc.ropeDims, pc.freqBase, pc.freqScale, pc.hasFactors, pc.attnFactor,
                                     pc.extFactor, pc.corrLow, pc.corrHigh);
    return ropeCosSin(rp, pos, hp);
}

void main() {
    const uint pos0 = positions[pc.posSlot];
    const uint half_ = pc.kvDim / 2;
    const uint i = flatGroup(pc.groupsX) * gl_WorkGroupSize.x + gl_LocalInvocationID.x;
    if (i >= pc.rows * half_) {
        if (ROPE_Q == 0) return;
        const uint j = i - pc.rows * half_, qHalf = pc.qDim / 2;
        if (j >= pc.rows * qHalf) return;
        const uint r = j / qHalf;
        uint a, b, hp;
        if (!ropePair(j % qHalf, a, b, hp)) return;
        const vec2 cs = rotation(pos0 + r, hp);
        const uint src = r * pc.qDim;
        const float x0 = q[src + a], x1 = q[src + b];
        q[src + a] = x0 * cs.x - x1 * cs.y;
        q[src + b] = x0 * cs.y + x1 * cs.x;
        return;
    }
    const uint r = i / half_, p = i % half_;
    const uint src = r * pc.kvDim, dst = (pos0 + r) * pc.kvDim;
    // The pair this invocation owns: (2p, 2p+1) for storing; with RoPE the rotation pair.
    uint a = 2 * p, b = 2 * p + 1;
    float k0, k1;
    if (ROPE != 0) {
        uint hp;
        const bool rotated = ropePair(p, a, b, hp);
        const float x0 = k[src + a], x1 = k[src + b];
        if (rotated) {
            const vec2 cs = rotation(pos0 + r, hp);
            k0 = x0 * cs.x - x1 * cs.y;
            k1 = x0 * cs.y + x1 * cs.x;
            k[src + a] = k0;
            k[src + b] = k1;
        } else {
            k0 = x0;
            k1 = x1;
        }
    } else {
        k0 = k[src + a];
        k1 = k[src + b];
    }
    kc[dst + a] = float16_t(k0);
    kc[dst + b] = float16_t(k1);
    vc[dst + 2 * p] = float16_t(v[src + 2 * p]);
    vc[dst + 2 * p + 1] = float16_t(v[src + 2 * p + 1]);
}
