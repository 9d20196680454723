#version 450
// Prompt matrix-matrix product on tensor cores (VK_NV_cooperative_matrix), or the same shader
// with the matrix operations emulated over shared memory (COOPMAT 0) so that devices without
// cooperative matrices (lavapipe, CI) run its indexing, dequantization and epilogues.
// y[token][row] (+)= Σ_k W[row][k]·x[token][k]. A workgroup of 4 warps (32 invocations each)
// computes a BM-row × BM-token tile; warp w takes the quarter of rows (w % 2) and tokens (w / 2),
// WM × WM outputs, as (WM/MM) × (WM/NN) accumulator fragments of MM × NN (a shape from the
// device's property list; the host picks it). Per step of BK columns:
//  - the BM × BK weight tile is dequantized ONCE (eight values per block-scale decode, the
//    shared dequant*.glsl helpers) into shared memory as f16, [row][k], rows padded by 8 halves
//    (16 bytes: a fragment load's rows start 16-byte aligned and fall on different banks);
//  - the BM × BK activation tile likewise as f16 [token][k] (clamped to f16's range);
//  - BK/KK rounds of: FN B-fragments (column-major views of the [token][k] tile), then per row
//    fragment one A-fragment and FN multiply-adds with f32 (ACC16: f16) accumulation.
// The epilogue stores one fragment at a time into the warp's MM × NN scratch (column-major)
// and the warp's lanes write its in-range values to y, adding to it for ADD (the residual).
// Emulation (COOPMAT 0): a fragment of A or B is where it lies in shared memory (offset and
// stride; the tiles do not change before the next barrier); an accumulator is PER floats per
// lane, element e = lane + 32·p of the MM × NN fragment in row-major order; the products of
// f16-rounded values are exact in f32 and summed in f32, as a tensor core does (the order of
// the K sums within a fragment differs). The shared tiles hold f16-rounded values as f32.
#extension GL_EXT_shader_16bit_storage : require
#extension GL_GOOGLE_include_directive : require
#if COOPMAT
#extension GL_NV_cooperative_matrix : require
#extension GL_EXT_shader_explicit_arithmetic_types_float16 : require
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_memory_scope_semantics : require
#endif
layout(local_size_x_id = 0) in; // 128: 4 warps of 32

layout(constant_id = 1) const uint TYPE = 0;
layout(constant_id = 2) const uint ADD = 0; // 1: y += W·x (the residual add as epilogue)
layout(constant_id = 3) const uint BM = 128; // rows and tokens per workgroup: 128, 64 or 32
layout(constant_id = 4) const uint BK = 32;  // columns per step: a multiple of 8 and of KK
layout(constant_id = 5) const uint MM = 16;  // the fragment shape: MM × KK times KK × NN
layout(constant_id = 6) const uint NN = 16;
layout(constant_id = 7) const uint KK = 16;

const uint LANES = 32, WARPS = 4, WG = LANES * WARPS;
const uint WM = BM / 2;                 // rows (and tokens) per warp
const uint FM = WM / MM, FN = WM / NN;  // fragments per warp
const uint STR = BK + 8;                // tile stride in elements (f16 or f32)
const uint FRAG = MM * NN;
const uint PER = (FRAG + LANES - 1) / LANES; // emulated accumulator values per lane

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

#if COOPMAT
#if ACC16
#define ACC_BITS 16
#define SCRATCH_T float16_t
#else
#define ACC_BITS 32
#define SCRATCH_T float
#endif
shared float16_t tileA[BM * STR]; // [row][k]
shared float16_t tileB[BM * STR]; // [token][k]
shared SCRATCH_T scratch[WARPS * FRAG];
void putA(uint i, float v) { tileA[i] = float16_t(v); }
void putB(uint i, float v) { tileB[i] = float16_t(v); }
#else
shared float tileA[BM * STR];
shared float tileB[BM * STR];
shared float scratch[WARPS * FRAG];
float toHalf(float v) { return unpackHalf2x16(packHalf2x16(vec2(v, 0.0))).x; }
void putA(uint i, float v) { tileA[i] = toHalf(v); }
void putB(uint i, float v) { tileB[i] = toHalf(v); }
#endif

// Weight columns k0..k0+BK of the tile's rows, dequantized; zeros past the rows and columns.
// Clamped to f16's range: a huge weight becomes 65504 rather than infinity.
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
        for (uint e = 0; e < 8; ++e) putA(r * STR + 8 * g + e, clamp(v[e], -65504.0, 65504.0));
    }
}

// Activation columns k0..k0+BK of the tile's tokens (vec4 loads along k); zeros past the
// tokens and columns.
void stageActivations(uint tid, uint tokBase, uint k0) {
    const bool quads = (pc.cols & 3u) == 0;
    for (uint u = tid; u < BM * (BK / 4); u += WG) {
        const uint t = u / (BK / 4), q = u % (BK / 4);
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
        v = clamp(v, vec4(-65504.0), vec4(65504.0));
        for (uint e = 0; e < 4; ++e) putB(t * STR + 4 * q + e, v[e]);
    }
}

// The warp's scratch (fragment f's values, column-major MM × NN) into y, within the rows and
// tokens; the caller has stored the fragment and passed a barrier.
void writeFragment(uint warp, uint lane, uint row0, uint tok0) {
    for (uint e = lane; e < FRAG; e += LANES) {
        const uint m = e % MM, n = e / MM;
        const uint row = row0 + m, tok = tok0 + n;
        if (row >= pc.rows || tok >= pc.tokens) continue;
        const uint o = tok * pc.outStride + pc.outRow0 + row;
        const float v = float(scratch[warp * FRAG + e]);
        y[o] = ADD != 0 ? y[o] + v : v;
    }
}

#if COOPMAT
#define FragA fcoopmatNV<16, gl_ScopeSubgroup, MM, KK>
#define FragB fcoopmatNV<16, gl_ScopeSubgroup, KK, NN>
#define FragC fcoopmatNV<ACC_BITS, gl_ScopeSubgroup, MM, NN>

void main() {
    const uint tid = gl_LocalInvocationID.x;
    const uint warp = gl_SubgroupID, lane = gl_SubgroupInvocationID; // subgroups of 32, pinned by the host
    const uint rowBase = gl_WorkGroupID.x * BM, tokBase = gl_WorkGroupID.y * BM;
    const uint wr = (warp % 2) * WM, wc = (warp / 2) * WM;
    FragC acc[FM * FN];
    for (uint f = 0; f < FM * FN; ++f) acc[f] = FragC(0.0);
    for (uint k0 = 0; k0 < pc.cols; k0 += BK) {
        stageWeights(tid, rowBase, k0);
        stageActivations(tid, tokBase, k0);
        barrier();
        for (uint kk = 0; kk < BK; kk += KK) {
            FragB b[FN];
            for (uint j = 0; j < FN; ++j) coopMatLoadNV(b[j], tileB, (wc + j * NN) * STR + kk, STR, true);
            for (uint i = 0; i < FM; ++i) {
                FragA a;
                coopMatLoadNV(a, tileA, (wr + i * MM) * STR + kk, STR, false);
                for (uint j = 0; j < FN; ++j) acc[i * FN + j] = coopMatMulAddNV(a, b[j], acc[i * FN + j]);
            }
        }
        barrier();
    }
    for (uint i = 0; i < FM; ++i)
        for (uint j = 0; j < FN; ++j) {
            coopMatStoreNV(acc[i * FN + j], scratch, warp * FRAG, MM, true);
            barrier();
            writeFragment(warp, lane, rowBase + wr + i * MM, tokBase + wc + j * NN);
            barrier();
        }
}

#else

// The lane's accumulators: PER values of each of the warp's FM·FN fragments (a private global,
// not a parameter: copying spec-constant-sized arrays in and out of functions is fragile).
float acc[FM * FN * PER];

// Fragment f += A-fragment at tileA[aOff] (row-major, MM × KK) times B-fragment at tileB[bOff]
// (column-major, KK × NN): coopMatMulAddNV's semantics.
void mulAdd(uint f, uint lane, uint aOff, uint bOff) {
    for (uint p = 0; p < PER; ++p) {
        const uint e = lane + LANES * p;
        if (e >= FRAG) break;
        const uint m = e / NN, n = e % NN;
        float s = acc[f * PER + p];
        for (uint k = 0; k < KK; ++k) s = fma(tileA[aOff + m * STR + k], tileB[bOff + n * STR + k], s);
        acc[f * PER + p] = s;
    }
}

// coopMatStoreNV(acc[f], scratch, warp·FRAG, MM, column-major).
void storeFragment(uint f, uint warp, uint lane) {
    for (uint p = 0; p < PER; ++p) {
        const uint e = lane + LANES * p;
        if (e >= FRAG) break;
        const uint m = e / NN, n = e % NN;
        scratch[warp * FRAG + n * MM + m] = acc[f * PER + p];
    }
}

void main() {
    const uint tid = gl_LocalInvocationID.x;
    const uint warp = tid / LANES, lane = tid % LANES;
    const uint rowBase = gl_WorkGroupID.x * BM, tokBase = gl_WorkGroupID.y * BM;
    const uint wr = (warp % 2) * WM, wc = (warp / 2) * WM;
    for (uint f = 0; f < FM * FN * PER; ++f) acc[f] = 0.0;
    for (uint k0 = 0; k0 < pc.cols; k0 += BK) {
        stageWeights(tid, rowBase, k0);
        stageActivations(tid, tokBase, k0);
        barrier();
        for (uint kk = 0; kk < BK; kk += KK)
            for (uint i = 0; i < FM; ++i)
                for (uint j = 0; j < FN; ++j)
                    mulAdd(i * FN + j, lane, (wr + i * MM) * STR + kk, (wc + j * NN) * STR + kk);
        barrier();
    }
    for (uint i = 0; i < FM; ++i)
        for (uint j = 0; j < FN; ++j) {
            storeFragment(i * FN + j, warp, lane);
            barrier();
            writeFragment(warp, lane, rowBase + wr + i * MM, tokBase + wc + j * NN);
            barrier();
        }
}
#endif
