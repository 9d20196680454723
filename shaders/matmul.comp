#version 450
// Prompt matrix-matrix product: a 64-row × 32-token output tile per workgroup of 128
// invocations (4×4 outputs each). Each step dequantizes a 64×32 weight tile (eight values per
// block-scale decode) and loads a 32×32 activation tile into shared memory; accumulation is in f32.
#extension GL_EXT_shader_16bit_storage : require
#extension GL_GOOGLE_include_directive : require
layout(local_size_x_id = 0) in;  // must be 128

layout(constant_id = 1) const uint TYPE = 0;
layout(constant_id = 2) const uint ADD = 0;  // 1: y += W·x (the residual add as epilogue)

#include "weights.glsl"
#define GRID_BINDING 3
#include "dequant.glsl"

layout(binding = 1) readonly buffer X { float x[]; };
layout(binding = 2) buffer Y { float y[]; };

layout(push_constant) uniform Push {
    uint cols;
    uint rows;
    uint wBase;
    uint rowBytes;
    uint outStride;
    uint outRow0;
    uint tokens;
} pc;

const uint BM = 64, BN = 32, BK = 32;
shared float tileW[BK * BM];  // [k][row]
shared float tileX[BK * BN];  // [k][token]

void main() {
    const uint tid = gl_LocalInvocationID.x;
    const uint rowBase = gl_WorkGroupID.x * BM, tokBase = gl_WorkGroupID.y * BN;
    const uint tr = tid % 16, tt = tid / 16;  // this invocation: rows tr + 16i, tokens tt + 8j
    float acc[4][4];
    for (uint i = 0; i < 4; ++i)
        for (uint j = 0; j < 4; ++j) acc[i][j] = 0.0;

    for (uint k0 = 0; k0 < pc.cols; k0 += BK) {
        // Eight consecutive weights per step, their block scale decoded once (dequantEight).
        for (uint i = 0; i < BM * BK / 8 / 128; ++i) {
            const uint idx = tid + i * 128, r = idx / (BK / 8), k = (idx % (BK / 8)) * 8;
            const uint row = rowBase + r, col = k0 + k;
            float v[8];
            if (row < pc.rows && col + 8 <= pc.cols) {
                dequantEight(0, TYPE, pc.wBase + row * pc.rowBytes, col, v);
            } else {
                for (uint e = 0; e < 8; ++e)
                    v[e] = row < pc.rows && col + e < pc.cols ? dequantOne(0, TYPE, pc.wBase + row * pc.rowBytes, col + e) : 0.0;
            }
            for (uint e = 0; e < 8; ++e) tileW[(k + e) * BM + r] = v[e];
        }
        for (uint i = 0; i < BN * BK / 128; ++i) {
            const uint idx = tid + i * 128, t = idx / BK, k = idx % BK;
            const uint tok = tokBase + t, col = k0 + k;
            tileX[k * BN + t] = (tok < pc.tokens && col < pc.cols) ? x[tok * pc.cols + col] : 0.0;
        }
        barrier();
        for (uint k = 0; k < BK; ++k) {
            float a[4], b[4];
            for (uint i = 0; i < 4; ++i) a[i] = tileW[k * BM + tr + 16 * i];
            for (uint j = 0; j < 4; ++j) b[j] = tileX[k * BN + tt + 8 * j];
            for (uint i = 0; i < 4; ++i)
                for (uint j = 0; j < 4; ++j) acc[i][j] += a[i] * b[j];
        }
        barrier();
    }
    for (uint i = 0; i < 4; ++i)
        for (uint j = 0; j < 4; ++j) {
            const uint row = rowBase + tr + 16 * i, tok = tokBase + tt + 8 * j;
            if (row >= pc.rows || tok >= pc.tokens) continue;
            const uint o = tok * pc.outStride + pc.outRow0 + row;
            y[o] = ADD != 0 ? y[o] + acc[i][j] : acc[i][j];
        }
}
