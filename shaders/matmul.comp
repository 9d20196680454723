#version 450
// Prompt matrix-matrix product (more than 8 tokens): y[token][row] (+)= Σ_k W[row][k]·x[token][k].
// A workgroup computes a BM-row × BN-token tile of y; each invocation keeps TM × TN of its
// outputs in f32 registers: rows tr + RT·i and tokens tt + TT·j (RT = BM/TM row lanes, TT =
// BN/TN token lanes; consecutive lanes take consecutive rows, so the final stores coalesce).
// The host picks the tile (128×128 with 8×8 per lane, 64×64 and 32×32 with 4×8) and BK, the
// columns per step, so that the two shared tiles fit the device (vulkan_matmul.cpp). Per step:
//  - the BM × BK weight tile is dequantized ONCE (eight values per block-scale decode) into
//    shared memory as [row][k], either as packed f16 pairs (F16W 1: packHalf2x16, which needs
//    no device feature) or as f32 (F16W 0: F32/BF16 weights, whose range f16 lacks). The row
//    stride is padded by 8 bytes, so the RT lanes that read one row each at the same k (64-bit
//    loads, 16 lanes per transaction) fall on distinct banks;
//  - the BN × BK activation tile is copied with vec4 loads along k (coalesced) into [token][k],
//    one vec4 of padding per token: the stores of a token are contiguous, and the few tokens a
//    subgroup reads at once (the lanes of a token read the same address) sit on distinct banks;
//  - then BK/4 rounds of TN vec4 activation loads, TM weight k-quads and TM·TN·4 FMAs.
#extension GL_EXT_shader_16bit_storage : require
#extension GL_GOOGLE_include_directive : require
layout(local_size_x_id = 0) in;  // must be (BM / TM) · (BN / TN)

layout(constant_id = 1) const uint TYPE = 0;
layout(constant_id = 2) const uint ADD = 0;  // 1: y += W·x (the residual add as epilogue)
layout(constant_id = 3) const uint BM = 128;
layout(constant_id = 4) const uint BN = 128;
layout(constant_id = 5) const uint TM = 8;   // 8 or 4
layout(constant_id = 6) const uint BK = 32;  // a multiple of 8
layout(constant_id = 7) const uint F16W = 1;

const uint MAXT = 8, TN = 8;
const uint RT = BM / TM, TT = BN / TN, WG = RT * TT;
const uint KQ = BK / 4;                          // k-quads per step
const uint ASTRIDE = KQ + 1 + (1 - F16W) * KQ;   // uvec2 per weight row: BK halves or floats + 8 bytes
const uint BSTRIDE = KQ + 1;                     // vec4 per token

#include "weights.glsl"
#define GRID_BINDING 3
#include "dequant.glsl"

layout(binding = 1) readonly buffer X { float x[]; };
layout(binding = 1) readonly buffer X4 { vec4 x4[]; };
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

shared uvec2 tileA[BM * ASTRIDE];  // [row][k]: f16 pairs (4 k per uvec2) or f32 bits (2 k)
shared vec4 tileB[BN * BSTRIDE];   // [token][k-quad]

// Weight columns k0..k0+BK of the tile's rows, dequantized; zeros past the rows and columns.
void stageWeights(uint tid, uint rowBase, uint k0) {
    for (uint u = tid; u < BM * (BK / 8); u += WG) {
        const uint r = u / (BK / 8), g = u % (BK / 8);
        const uint row = rowBase + r, col = k0 + 8 * g;
        float v[8];
        if (row < pc.rows && col + 8 <= pc.cols) {
            dequantEight(0, TYPE, pc.wBase + row * pc.rowBytes, col, v);
        } else {
            for (uint e = 0; e < 8; ++e)
                v[e] = row < pc.rows && col + e < pc.cols ? dequantOne(0, TYPE, pc.wBase + row * pc.rowBytes, col + e) : 0.0;
        }
        const uint a = r * ASTRIDE;
        if (F16W != 0) {
            // Clamped to f16's range: a huge weight becomes 65504 rather than infinity.
            for (uint e = 0; e < 8; ++e) v[e] = clamp(v[e], -65504.0, 65504.0);
            tileA[a + 2 * g] = uvec2(packHalf2x16(vec2(v[0], v[1])), packHalf2x16(vec2(v[2], v[3])));
            tileA[a + 2 * g + 1] = uvec2(packHalf2x16(vec2(v[4], v[5])), packHalf2x16(vec2(v[6], v[7])));
        } else {
            for (uint e = 0; e < 4; ++e) tileA[a + 4 * g + e] = floatBitsToUint(vec2(v[2 * e], v[2 * e + 1]));
        }
    }
}

// Activation columns k0..k0+BK of the tile's tokens; zeros past the tokens and columns.
void stageActivations(uint tid, uint tokBase, uint k0) {
    const bool quads = (pc.cols & 3u) == 0;
    for (uint u = tid; u < BN * KQ; u += WG) {
        const uint t = u / KQ, q = u % KQ;
        const uint tok = tokBase + t, col = k0 + 4 * q;
        vec4 v = vec4(0.0);
        if (tok < pc.tokens) {
            if (quads && col + 4 <= pc.cols) {
                v = x4[(tok * pc.cols + col) >> 2];
            } else {
                for (uint e = 0; e < 4; ++e)
                    if (col + e < pc.cols) v[e] = x[tok * pc.cols + col + e];
            }
        }
        tileB[t * BSTRIDE + q] = v;
    }
}

// Four consecutive weights (k-quad q) of tile row r.
vec4 weightQuad(uint r, uint q) {
    if (F16W != 0) {
        const uvec2 p = tileA[r * ASTRIDE + q];
        return vec4(unpackHalf2x16(p.x), unpackHalf2x16(p.y));
    }
    return uintBitsToFloat(uvec4(tileA[r * ASTRIDE + 2 * q], tileA[r * ASTRIDE + 2 * q + 1]));
}

void main() {
    const uint tid = gl_LocalInvocationID.x;
    const uint rowBase = gl_WorkGroupID.x * BM, tokBase = gl_WorkGroupID.y * BN;
    const uint tr = tid % RT, tt = tid / RT;
    float acc[MAXT][MAXT];
    for (uint i = 0; i < TM; ++i)
        for (uint j = 0; j < TN; ++j) acc[i][j] = 0.0;

    for (uint k0 = 0; k0 < pc.cols; k0 += BK) {
        stageWeights(tid, rowBase, k0);
        stageActivations(tid, tokBase, k0);
        barrier();
        for (uint q = 0; q < KQ; ++q) {
            vec4 b[MAXT];
            for (uint j = 0; j < TN; ++j) b[j] = tileB[(tt + TT * j) * BSTRIDE + q];
            for (uint i = 0; i < TM; ++i) {
                const vec4 a = weightQuad(tr + RT * i, q);
                for (uint j = 0; j < TN; ++j)
                    acc[i][j] = fma(a.w, b[j].w, fma(a.z, b[j].z, fma(a.y, b[j].y, fma(a.x, b[j].x, acc[i][j]))));
            }
        }
        barrier();
    }
    for (uint j = 0; j < TN; ++j) {
        const uint tok = tokBase + tt + TT * j;
        if (tok >= pc.tokens) break;
        for (uint i = 0; i < TM; ++i) {
            const uint row = rowBase + tr + RT * i;
            if (row >= pc.rows) break;
            const uint o = tok * pc.outStride + pc.outRow0 + row;
            y[o] = ADD != 0 ? y[o] + acc[i][j] : acc[i][j];
        }
    }
}
