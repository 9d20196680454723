#version 450
// RMSNorm with weight, one workgroup per row: y = w ⊙ x / sqrt(mean(x²) + eps). In place
// is allowed (x and y may be the same buffer: every value is read before it is written by
// the same invocation).
#extension GL_GOOGLE_include_directive : require
#if USE_SUBGROUP
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_arithmetic : require
#endif
layout(local_size_x_id = 0) in;

#include "header.glsl"
#include "reduce.glsl"

layout(binding = 0) readonly buffer X { float x[]; };
layout(binding = 1) readonly buffer W { float w[]; };
layout(binding = 2) buffer Y { float y[]; };

layout(push_constant) uniform Push {
    uint rows;
    uint dim;
    float eps;
    uint groupsX;
} pc;

void main() {
    const uint row = flatGroup(pc.groupsX);
    if (row >= pc.rows) return;
    const uint tid = gl_LocalInvocationID.x, base = row * pc.dim;
    float squares = 0.0;
    for (uint i = tid; i < pc.dim; i += gl_WorkGroupSize.x) squares += x[base + i] * x[base + i];
    const float scale = 1.0 / sqrt(workgroupSum(squares) / float(pc.dim) + pc.eps);
    for (uint i = tid; i < pc.dim; i += gl_WorkGroupSize.x) y[base + i] = (x[base + i] * scale) * w[i];
}
