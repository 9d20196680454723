#version 450
// The indexed product of a mixture of experts: for every (token, expert) pair p of a layer
// and every output row r of the expert chosen for p, in one dispatch,
//   out[p][r] = Σ_c W[e_p][r][c] · in_p[c] (+ bias[e_p][r])
// with W a 3-D weight [nExpert][rows][cols] read in place (any GGUF type dequant.glsl reads).
// MODE 0: in_p = x[p / nUsed] (gate and up); MODE 1: in_p = silu(g_p) · u_p, MODE 2: gpt-oss's
// clamped SwiGLU of g_p and u_p (down, the gated activation folded into its input). A
// workgroup computes ROWS rows of one pair, 16 invocations per row.
#extension GL_EXT_shader_16bit_storage : require
#extension GL_GOOGLE_include_directive : require
layout(local_size_x_id = 0) in;  // 64
layout(constant_id = 1) const uint TYPE = 0;
layout(constant_id = 2) const uint MODE = 0;
const uint LANES = 16;
const uint ROWS = gl_WorkGroupSize.x / LANES;

#include "header.glsl"
#include "weights.glsl"
#define GRID_BINDING 4
#include "dequant.glsl"

layout(binding = 1) readonly buffer X { float x[]; };
layout(binding = 2) buffer Scratch { float s[]; };
layout(binding = 3) readonly buffer Bias { float bias[]; };

layout(push_constant) uniform Push {
    uint cols;
    uint rows;       // per expert
    uint rowBytes;
    uint wBase;      // byte address of expert 0's row 0 in the binding
    uint groupsX;
    uint pairs;
    uint nUsed;
    uint idsOffset;  // scratch offsets, in floats
    uint inOffset;
    uint upOffset;
    uint outOffset;
    uint hasBias;
} pc;

shared float partial[gl_WorkGroupSize.x];

float inputAt(uint pair, uint c) {
    if (MODE == 0) return x[(pair / pc.nUsed) * pc.cols + c];
    const float g = s[pc.inOffset + pair * pc.cols + c], u = s[pc.upOffset + pair * pc.cols + c];
    if (MODE == 1) return g / (1.0 + exp(-g)) * u;
    const float gc = min(g, 7.0);
    return gc / (1.0 + exp(-1.702 * gc)) * (clamp(u, -7.0, 7.0) + 1.0);
}

void main() {
    const uint tid = gl_LocalInvocationID.x, lane = tid % LANES;
    const uint rowBlocks = (pc.rows + ROWS - 1) / ROWS;
    const uint g = flatGroup(pc.groupsX);
    const uint pair = g / rowBlocks;
    if (pair >= pc.pairs) return;  // uniform across the workgroup
    const uint row = (g % rowBlocks) * ROWS + tid / LANES;
    const uint e = floatBitsToUint(s[pc.idsOffset + pair]);
    float acc = 0.0;
    if (row < pc.rows) {
        const uint rowAddr = pc.wBase + (e * pc.rows + row) * pc.rowBytes;
        for (uint c0 = lane * 8; c0 < pc.cols; c0 += LANES * 8) {
            float v[8];
            dequantEight(0u, TYPE, rowAddr, c0, v);
            for (uint i = 0; i < 8; ++i) acc += v[i] * inputAt(pair, c0 + i);
        }
    }
    partial[tid] = acc;
    barrier();
    for (uint half_ = LANES / 2; half_ > 0; half_ >>= 1) {
        if (lane < half_) partial[tid] += partial[tid + half_];
        barrier();
    }
    if (lane == 0 && row < pc.rows) {
        float r = partial[tid];
        if (pc.hasBias != 0) r += bias[e * pc.rows + row];
        s[pc.outOffset + pair * pc.rows + row] = r;
    }
}
