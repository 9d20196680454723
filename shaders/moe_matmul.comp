#version 450
// The indexed matrix-matrix product of a mixture of experts for prompts: the pairs sorted by
// expert (moe_sort.comp) are cut into tiles of TILE pairs of one expert, and a workgroup
// computes 64 rows of that expert's matrix for the TILE pairs, so each weight row is
// dequantized once per tile instead of once per pair. All experts' tiles are in one
// dispatch: grid (rows / 64, an upper bound of the tiles); workgroups past the last tile
// return at once. Inputs and outputs as in moe_matvec.comp (MODE 0: x of the pair's token;
// 1, 2: the gated activation of the pair's gate and up rows).
#extension GL_EXT_shader_16bit_storage : require
#extension GL_GOOGLE_include_directive : require
layout(local_size_x_id = 0) in;  // 64: one weight row per invocation
layout(constant_id = 1) const uint TYPE = 0;
layout(constant_id = 2) const uint MODE = 0;
layout(constant_id = 3) const uint TILE = 16;
const uint BK = 32;  // columns per step

#include "header.glsl"
#include "weights.glsl"
#define GRID_BINDING 4
#include "dequant.glsl"

layout(binding = 1) readonly buffer X { float x[]; };
layout(binding = 2) buffer Scratch { float s[]; };
layout(binding = 3) readonly buffer Bias { float bias[]; };

layout(push_constant) uniform Push {
    uint cols;
    uint rows;
    uint rowBytes;
    uint wBase;
    uint nExpert;
    uint nUsed;
    uint orderOffset;
    uint startOffset;
    uint tileOffset;
    uint inOffset;
    uint upOffset;
    uint outOffset;
    uint hasBias;
} pc;

shared float xs[TILE * BK];

uint bitsAt(uint i) { return floatBitsToUint(s[i]); }

float inputAt(uint pair, uint c) {
    if (MODE == 0) return x[(pair / pc.nUsed) * pc.cols + c];
    const float g = s[pc.inOffset + pair * pc.cols + c], u = s[pc.upOffset + pair * pc.cols + c];
    if (MODE == 1) return g / (1.0 + exp(-g)) * u;
    const float gc = min(g, 7.0);
    return gc / (1.0 + exp(-1.702 * gc)) * (clamp(u, -7.0, 7.0) + 1.0);
}

void main() {
    const uint tid = gl_LocalInvocationID.x, wg = gl_WorkGroupSize.x;
    const uint tile = gl_WorkGroupID.y;
    if (tile >= bitsAt(pc.tileOffset + pc.nExpert)) return;  // uniform: past the last tile
    uint e = 0;
    while (bitsAt(pc.tileOffset + e + 1) <= tile) ++e;
    const uint s0 = bitsAt(pc.startOffset + e) + (tile - bitsAt(pc.tileOffset + e)) * TILE;
    const uint n = min(TILE, bitsAt(pc.startOffset + e + 1) - s0);
    uint pairOf[TILE];
    for (uint j = 0; j < TILE; ++j) pairOf[j] = j < n ? bitsAt(pc.orderOffset + s0 + j) : 0;
    const uint row = gl_WorkGroupID.x * wg + tid;
    const uint rowAddr = pc.wBase + (e * pc.rows + min(row, pc.rows - 1)) * pc.rowBytes;
    float acc[TILE];
    for (uint j = 0; j < TILE; ++j) acc[j] = 0.0;
    for (uint k0 = 0; k0 < pc.cols; k0 += BK) {
        barrier();  // the previous step is done with xs
        for (uint i = tid; i < TILE * BK; i += wg) {
            const uint j = i / BK;
            xs[i] = j < n ? inputAt(pairOf[j], k0 + i % BK) : 0.0;
        }
        barrier();
        if (row < pc.rows) {
            for (uint c = 0; c < BK; c += 8) {
                float v[8];
                dequantEight(0u, TYPE, rowAddr, k0 + c, v);
                for (uint j = 0; j < TILE; ++j) {
                    float d = 0.0;
                    for (uint i = 0; i < 8; ++i) d += v[i] * xs[j * BK + c + i];
                    acc[j] += d;
                }
            }
        }
    }
    if (row >= pc.rows) return;
    const float b = pc.hasBias != 0 ? bias[e * pc.rows + row] : 0.0;
    for (uint j = 0; j < n; ++j) s[pc.outOffset + pairOf[j] * pc.rows + row] = acc[j] + b;
}
