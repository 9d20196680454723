#version 450
// Decode matrix-vector product for 1–8 activation rows: y[t][row] = Σ_c W[row][c]·x[t][c].
// One workgroup per weight row; its invocations walk the row eight values at a time (each
// group of eight shares one block scale), then reduce. TOKENS is a specialization constant
// so the accumulators stay in registers.
#extension GL_EXT_shader_16bit_storage : require
#extension GL_GOOGLE_include_directive : require
#if USE_SUBGROUP
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_arithmetic : require
#endif
layout(local_size_x_id = 0) in;
layout(constant_id = 2) const uint TOKENS = 1;

#include "header.glsl"
#include "dequant.glsl"
#include "reduce.glsl"

layout(binding = 1) readonly buffer X { float x[]; };
layout(binding = 2) writeonly buffer Y { float y[]; };

layout(push_constant) uniform Push {
    uint cols;       // values per weight row
    uint rows;       // weight rows in this slice
    uint wBase;      // byte address of the slice's first row in binding 0
    uint rowBytes;
    uint outStride;  // values per output row (all weight rows)
    uint outRow0;    // index of the slice's first row in the output
    uint groupsX;
} pc;

void main() {
    const uint row = flatGroup(pc.groupsX);
    if (row >= pc.rows) return;  // whole workgroup: no barrier is skipped by part of it
    const uint tid = gl_LocalInvocationID.x;
    const uint rowAddr = pc.wBase + row * pc.rowBytes;
    float acc[TOKENS];
    for (uint t = 0; t < TOKENS; ++t) acc[t] = 0.0;

    const uint groups = pc.cols / 8;
    for (uint g = tid; g < groups; g += gl_WorkGroupSize.x) {
        float v[8];
        dequantEight(rowAddr, g * 8, v);
        const vec4 w0 = vec4(v[0], v[1], v[2], v[3]), w1 = vec4(v[4], v[5], v[6], v[7]);
        for (uint t = 0; t < TOKENS; ++t) {
            const uint xi = t * pc.cols + g * 8;
            acc[t] += dot(w0, vec4(x[xi], x[xi + 1], x[xi + 2], x[xi + 3])) +
                      dot(w1, vec4(x[xi + 4], x[xi + 5], x[xi + 6], x[xi + 7]));
        }
    }
    for (uint c = groups * 8 + tid; c < pc.cols; c += gl_WorkGroupSize.x) {  // F32/F16 rows not a multiple of 8
        const float w = dequantOne(rowAddr, c);
        for (uint t = 0; t < TOKENS; ++t) acc[t] += w * x[t * pc.cols + c];
    }
    for (uint t = 0; t < TOKENS; ++t) {
        const float sum = workgroupSum(acc[t]);
        if (tid == 0) y[t * pc.outStride + pc.outRow0 + row] = sum;
    }
}
