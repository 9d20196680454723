#version 450
// Rotary position embedding in place on rows of nHeads × headDim values, first ropeDims of
// each head. Adjacent style rotates (x[2i], x[2i+1]) — GGUF llama/smollm3 Q/K rows are
// permuted for it; NeoX rotates (x[i], x[i + ropeDims/2]), by the angle and magnitude of
// rope_angle.glsl. One invocation per pair.
#extension GL_GOOGLE_include_directive : require
layout(local_size_x_id = 0) in;

#include "header.glsl"

layout(binding = 0) buffer X { float x[]; };
#define ROPE_FACTORS_BINDING 1
#include "rope_angle.glsl"

layout(push_constant) uniform Push {
    uint rows;
    uint nHeads;
    uint headDim;
    uint ropeDims;
    uint pos0;
    float freqBase;
    uint neox;
    uint groupsX;
    float freqScale;  // linear RoPE scaling: positions times this
    uint hasFactors;  // per-pair divisors at binding 1
    float attnFactor;
    float extFactor;
    float corrLow;
    float corrHigh;
} pc;

void main() {
    const uint half_ = pc.ropeDims / 2;
    const uint i = flatGroup(pc.groupsX) * gl_WorkGroupSize.x + gl_LocalInvocationID.x;
    if (i >= pc.rows * pc.nHeads * half_) return;
    const uint pair = i % half_, head = (i / half_) % pc.nHeads, r = i / half_ / pc.nHeads;
    const RopeParams rp = RopeParams(pc.ropeDims, pc.freqBase, pc.freqScale, pc.hasFactors, pc.attnFactor,
                                     pc.extFactor, pc.corrLow, pc.corrHigh);
    const vec2 cs = ropeCosSin(rp, pc.pos0 + r, pair);
    const float c = cs.x, s = cs.y;
    const uint base = (r * pc.nHeads + head) * pc.headDim;
    const uint a = base + (pc.neox != 0 ? pair : 2 * pair);
    const uint b = base + (pc.neox != 0 ? pair + half_ : 2 * pair + 1);
    const float x0 = x[a], x1 = x[b];
    x[a] = x0 * c - x1 * s;
    x[b] = x0 * s + x1 * c;
}
