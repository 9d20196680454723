#version 450
// LayerNorm with weight and bias, one workgroup per row (BERT-style encoders):
// y = w ⊙ (x - mean(x)) / sqrt(var(x) + eps) + b. In place is allowed: every value is read by
// the invocation that writes it, and all reads of a row finish (two reductions) before any write.
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
layout(binding = 2) readonly buffer B { float b[]; };
layout(binding = 3) buffer Y { float y[]; };

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
    float sum = 0.0;
    for (uint i = tid; i < pc.dim; i += gl_WorkGroupSize.x) sum += x[base + i];
    const float mean = workgroupSum(sum) / float(pc.dim);
    float squares = 0.0;
    for (uint i = tid; i < pc.dim; i += gl_WorkGroupSize.x) {
        const float c = x[base + i] - mean;
        squares += c * c;
    }
    const float scale = 1.0 / sqrt(workgroupSum(squares) / float(pc.dim) + pc.eps);
    for (uint i = tid; i < pc.dim; i += gl_WorkGroupSize.x) y[base + i] = (x[base + i] - mean) * scale * w[i] + b[i];
}
