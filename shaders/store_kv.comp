#version 450
// Writes K and V rows into one layer's f16 caches at positions pos0…; with ROPE set it
// first rotates K (adjacent or NeoX pairs, as rope.comp) — the fused form the backend uses
// when rope(k) is directly followed by storeKv(k). One invocation per value pair.
#extension GL_EXT_shader_16bit_storage : require
#extension GL_GOOGLE_include_directive : require
layout(local_size_x_id = 0) in;
layout(constant_id = 1) const uint ROPE = 0;

#include "header.glsl"

layout(binding = 0) buffer K { float k[]; };
layout(binding = 1) readonly buffer V { float v[]; };
layout(binding = 2) writeonly buffer KCache { float16_t kc[]; };
layout(binding = 3) writeonly buffer VCache { float16_t vc[]; };

layout(push_constant) uniform Push {
    uint rows;
    uint kvDim;
    uint pos0;
    uint groupsX;
    // RoPE of K (ROPE only)
    uint headDim;
    uint ropeDims;
    float freqBase;
    uint neox;
} pc;

void main() {
    const uint half_ = pc.kvDim / 2;
    const uint i = flatGroup(pc.groupsX) * gl_WorkGroupSize.x + gl_LocalInvocationID.x;
    if (i >= pc.rows * half_) return;
    const uint r = i / half_, p = i % half_;
    const uint src = r * pc.kvDim, dst = (pc.pos0 + r) * pc.kvDim;
    // The pair this invocation owns: (2p, 2p+1) for storing; for NeoX RoPE the rotated pair
    // is (j, j + ropeDims/2) within a head, so then invocations own rotation pairs instead.
    uint a = 2 * p, b = 2 * p + 1;
    float k0, k1;
    if (ROPE != 0) {
        const uint headPairs = pc.headDim / 2, head = p / headPairs, hp = p % headPairs;
        const uint ropeHalf = pc.ropeDims / 2;
        const uint base = head * pc.headDim;
        if (hp < ropeHalf) {
            a = base + (pc.neox != 0 ? hp : 2 * hp);
            b = base + (pc.neox != 0 ? hp + ropeHalf : 2 * hp + 1);
        } else {  // beyond ropeDims: an unrotated pair; NeoX leaves the first ropeDims to the pairs above
            const uint off = pc.neox != 0 ? pc.ropeDims + 2 * (hp - ropeHalf) : 2 * hp;
            a = base + off;
            b = base + off + 1;
        }
        const float thetaScale = pow(pc.freqBase, -2.0 / float(pc.ropeDims));
        float theta = float(pc.pos0 + r);
        for (uint n = 0; n < hp; ++n) theta *= thetaScale;
        const float c = cos(theta), s = sin(theta);
        const float x0 = k[src + a], x1 = k[src + b];
        if (hp < ropeHalf) {
            k0 = x0 * c - x1 * s;
            k1 = x0 * s + x1 * c;
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
