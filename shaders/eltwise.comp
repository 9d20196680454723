#version 450
// Elementwise ops over n values: OP 0 add (out = a + b), 1 SwiGLU (out = silu(a)·b),
// 2 copy (out = a). Offsets are in values; out may alias a.
#extension GL_GOOGLE_include_directive : require
layout(local_size_x_id = 0) in;
layout(constant_id = 1) const uint OP = 0;

#include "header.glsl"

layout(binding = 0) readonly buffer A { float a[]; };
layout(binding = 1) readonly buffer B { float b[]; };
layout(binding = 2) writeonly buffer Out { float outv[]; };

layout(push_constant) uniform Push {
    uint n;
    uint groupsX;
    uint aOffset;
    uint outOffset;
} pc;

void main() {
    const uint i = flatGroup(pc.groupsX) * gl_WorkGroupSize.x + gl_LocalInvocationID.x;
    if (i >= pc.n) return;
    const float x = a[pc.aOffset + i];
    if (OP == 0) outv[pc.outOffset + i] = x + b[i];
    if (OP == 1) outv[pc.outOffset + i] = x / (1.0 + exp(-x)) * b[i];
    if (OP == 2) outv[pc.outOffset + i] = x;
}
