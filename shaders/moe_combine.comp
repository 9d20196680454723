#version 450
// The weighted sum of a mixture of experts added to the residual stream:
//   out[t][i] += Σ_j w[t·nUsed + j] · y[t·nUsed + j][i]
// in selection order (the CPU backend's order), one invocation per output value.
#extension GL_GOOGLE_include_directive : require
layout(local_size_x_id = 0) in;

#include "header.glsl"

layout(binding = 0) readonly buffer Scratch { float s[]; };
layout(binding = 1) buffer Out { float outv[]; };

layout(push_constant) uniform Push {
    uint n;  // rows × dim
    uint dim;
    uint nUsed;
    uint groupsX;
    uint yOffset;
    uint weightsOffset;
} pc;

void main() {
    const uint i = flatGroup(pc.groupsX) * gl_WorkGroupSize.x + gl_LocalInvocationID.x;
    if (i >= pc.n) return;
    const uint t = i / pc.dim, c = i % pc.dim;
    float acc = outv[i];
    for (uint j = 0; j < pc.nUsed; ++j) {
        const uint p = t * pc.nUsed + j;
        acc += s[pc.weightsOffset + p] * s[pc.yOffset + p * pc.dim + c];
    }
    outv[i] = acc;
}
