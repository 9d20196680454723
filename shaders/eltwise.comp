#version 450
// Elementwise ops over n values: OP 0 add (out = a + b), 1 SwiGLU (out = silu(a)·b),
// 2 copy (out = a), 3 bias (out = a + b[i mod dim]), 4 scale (out = a·factor), 5 GeGLU with
// the tanh GELU (out = gelu(a)·b), 6 gpt-oss's clamped SwiGLU, 7 the tanh GELU alone (out = gelu(a)). Offsets are in values; out may alias a.
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
    uint dim;
    float factor;
} pc;

float geluTanh(float x) {
    // x·sigmoid(2y) = x/2·(1 + tanh(y)), y = √(2/π)(x + 0.044715x³): no tanh overflow for large |x|.
    const float z = 1.5957691216 * x * (1.0 + 0.044715 * x * x);
    return x / (1.0 + exp(-z));
}

void main() {
    const uint i = flatGroup(pc.groupsX) * gl_WorkGroupSize.x + gl_LocalInvocationID.x;
    if (i >= pc.n) return;
    const float x = a[pc.aOffset + i];
    if (OP == 0) outv[pc.outOffset + i] = x + b[i];
    if (OP == 1) outv[pc.outOffset + i] = x / (1.0 + exp(-x)) * b[i];
    if (OP == 2) outv[pc.outOffset + i] = x;
    if (OP == 3) outv[pc.outOffset + i] = x + b[i % pc.dim];
    if (OP == 4) outv[pc.outOffset + i] = x * pc.factor;
    if (OP == 5) outv[pc.outOffset + i] = geluTanh(x) * b[i];
    if (OP == 7) outv[pc.outOffset + i] = geluTanh(x);
    if (OP == 6) {
        const float g = min(x, 7.0);
        outv[pc.outOffset + i] = g / (1.0 + exp(-1.702 * g)) * (clamp(b[i], -7.0, 7.0) + 1.0);
    }
}
