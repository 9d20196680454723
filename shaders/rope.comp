#version 450
// Rotary position embedding in place on rows of nHeads × headDim values, first ropeDims of
// each head. Adjacent style rotates (x[2i], x[2i+1]) — GGUF llama/smollm3 Q/K rows are
// permuted for it; NeoX rotates (x[i], x[i + ropeDims/2]). theta_i = pos · scale · base^(-2i/ropeDims),
// computed by repeated multiplication like ggml's cache. One invocation per pair.
#extension GL_GOOGLE_include_directive : require
layout(local_size_x_id = 0) in;

#include "header.glsl"

layout(binding = 0) buffer X { float x[]; };

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
} pc;

void main() {
    const uint half_ = pc.ropeDims / 2;
    const uint i = flatGroup(pc.groupsX) * gl_WorkGroupSize.x + gl_LocalInvocationID.x;
    if (i >= pc.rows * pc.nHeads * half_) return;
    const uint pair = i % half_, head = (i / half_) % pc.nHeads, r = i / half_ / pc.nHeads;
    const float thetaScale = pow(pc.freqBase, -2.0 / float(pc.ropeDims));
    float theta = float(pc.pos0 + r) * pc.freqScale;
    for (uint k = 0; k < pair; ++k) theta *= thetaScale;
    const float c = cos(theta), s = sin(theta);
    const uint base = (r * pc.nHeads + head) * pc.headDim;
    const uint a = base + (pc.neox != 0 ? pair : 2 * pair);
    const uint b = base + (pc.neox != 0 ? pair + half_ : 2 * pair + 1);
    const float x0 = x[a], x1 = x[b];
    x[a] = x0 * c - x1 * s;
    x[b] = x0 * s + x1 * c;
}
