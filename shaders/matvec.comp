#version 450
// Decode matrix-vector product for 1–8 activation rows (tokens):
//   y_s[t][row] (+)= Σ_c W_s[row][c] · in[t][c]
// for up to three weights W_s that share one input (q/k/v or gate/up in one dispatch).
// TEAM invocations share a weight row (one subgroup where subgroup arithmetic exists, so the
// row's sum is one subgroupAdd), each team computes ROWS consecutive rows, and a workgroup holds
// several teams: more rows per workgroup spread the staging of the input over more weight bytes. The input is staged in
// shared memory chunk by chunk, so the workgroup reads it from memory once for all its rows.
// Q4_K reads 32 bytes of quants per 64 weights as two 16-byte loads and decodes the two
// sub-block scales once; Q6_K decodes its scales once per 32 weights; the min term of Q4_K
// uses the sum of the inputs and never touches the quants. MODE bit 0 adds the result to y
// (the residual add as epilogue); bit 1 makes the input silu(x) · up (SwiGLU folded in), bit 2
// gelu(x) · up (GeGLU, tanh GELU); bit 3 makes it rmsNorm(x) with the weight bound as `up`
// (the pre-norm folded in: the host uses it only when the whole row fits one staged chunk).
#extension GL_EXT_shader_16bit_storage : require
#extension GL_GOOGLE_include_directive : require
#if USE_SUBGROUP
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_arithmetic : require
#endif
layout(local_size_x_id = 0) in;  // TEAM × rows per workgroup, at most 256
layout(constant_id = 1) const uint TYPE0 = 0;
layout(constant_id = 2) const uint TOKENS = 1;
layout(constant_id = 3) const uint TYPE1 = 0;
layout(constant_id = 4) const uint TYPE2 = 0;
layout(constant_id = 5) const uint TEAM = 16;  // a power of two
layout(constant_id = 6) const uint MODE = 0;
layout(constant_id = 7) const uint ROWS = 1;   // rows per team

#define WEIGHT_SLOTS 3
#include "header.glsl"
#include "weights.glsl"
#define GRID_BINDING 8
#include "dequant.glsl"

layout(binding = 1) readonly buffer X { float x[]; };
layout(binding = 2) buffer Y0 { float y0[]; };
layout(binding = 4) buffer Y1 { float y1[]; };
layout(binding = 6) buffer Y2 { float y2[]; };
layout(binding = 7) readonly buffer Up { float up[]; };

layout(push_constant) uniform Push {
    uint cols;        // input width (values per weight row)
    uint groupsX;
    uint slots;       // weights in this dispatch (1–3)
    float eps;        // the folded RMSNorm's epsilon
    uvec4 rows;       // per weight: rows in this dispatch (a slice of it)
    uvec4 wBase;      // byte address of the first row in its binding
    uvec4 rowBytes;
    uvec4 firstGroup; // workgroup index where the weight's rows begin
    uvec4 outRow0;    // output index of the first row
    uvec4 outStride;  // values per output row
} pc;

const uint MODE_ADD = 1u, MODE_SWIGLU = 2u, MODE_GEGLU = 4u, MODE_NORM = 8u;
// Input values staged per chunk: TOKENS × CHUNK floats (16 KiB); CHUNK is a multiple of 256.
const uint STAGE = 4096;
const uint CHUNK = (STAGE / TOKENS) / 256 * 256;
shared float xs[STAGE];
shared float teamScratch[256];

// The invocations that share a row. Where subgroups are exactly TEAM wide and fill the
// workgroup, a team is one subgroup named by the subgroup's own IDs, so nothing is assumed
// about how the driver assigns local invocations to subgroups (drivers choosing among several
// subgroup sizes at compile time, as Intel's and AMD's do, may differ from the size the host
// was told). Otherwise TEAM consecutive invocations reduce through shared memory.
bool teamIsSubgroup() {
#if USE_SUBGROUP
    return gl_SubgroupSize == TEAM && gl_NumSubgroups * TEAM == gl_WorkGroupSize.x;
#else
    return false;
#endif
}
uint teamLane() {
#if USE_SUBGROUP
    if (teamIsSubgroup()) return gl_SubgroupInvocationID;
#endif
    return gl_LocalInvocationID.x % TEAM;
}
uint teamIndex() {
#if USE_SUBGROUP
    if (teamIsSubgroup()) return gl_SubgroupID;
#endif
    return gl_LocalInvocationID.x / TEAM;
}

// Σ over the TEAM invocations of one row (uniform control flow: every invocation calls it).
float teamSum(float v) {
#if USE_SUBGROUP
    if (teamIsSubgroup()) return subgroupAdd(v);
#endif
    const uint tid = gl_LocalInvocationID.x, lane = tid % TEAM;
    teamScratch[tid] = v;
    barrier();
    for (uint s = TEAM / 2; s > 0; s >>= 1) {
        if (lane < s) teamScratch[tid] += teamScratch[tid + s];
        barrier();
    }
    const float total = teamScratch[tid - lane];
    barrier();
    return total;
}

// Σ over the whole workgroup (a power of two of at most 256 invocations; uniform control flow).
float workgroupTotal(float v) {
    const uint tid = gl_LocalInvocationID.x;
    teamScratch[tid] = v;
    barrier();
    for (uint s = gl_WorkGroupSize.x / 2; s > 0; s >>= 1) {
        if (tid < s) teamScratch[tid] += teamScratch[tid + s];
        barrier();
    }
    const float total = teamScratch[0];
    barrier();
    return total;
}

// The staged rows (n columns, the whole row) become w ⊙ x / sqrt(mean(x²) + eps), computed
// in the order of the separate RMSNorm (x · scale, then · w).
void normalizeStaged(uint n) {
    for (uint t = 0; t < TOKENS; ++t) {
        float squares = 0.0;
        for (uint c = gl_LocalInvocationID.x; c < n; c += gl_WorkGroupSize.x) {
            const float v = xs[t * CHUNK + c];
            squares += v * v;
        }
        const float scale = 1.0 / sqrt(workgroupTotal(squares) / float(n) + pc.eps);
        for (uint c = gl_LocalInvocationID.x; c < n; c += gl_WorkGroupSize.x)
            xs[t * CHUNK + c] = (xs[t * CHUNK + c] * scale) * up[c];
    }
    barrier();
}

float acc[TOKENS * ROWS];
uint accBase = 0;  // the row being accumulated: acc[accBase + t]

// Q4_K: 64 weights (sub-blocks 2c and 2c+1 of one super-block) from column col.
void q4kUnit(uint slot, uint rowAddr, uint col, uint xOff) {
    const uint b = rowAddr + (col / 256) * 144, c = (col % 256) / 64;
    const vec2 dm = unpackHalf2x16(wU32(slot, b >> 2));  // d, dmin (b is 4-byte aligned)
    const vec2 smLo = scaleMinK4(slot, 2 * c, b + 4), smHi = scaleMinK4(slot, 2 * c + 1, b + 4);
    const uint qa = b + 16 + 32 * c;
    uint q[8];
    if ((qa & 15u) == 0u) {
        const uvec4 a = wU128(slot, qa), bq = wU128(slot, qa + 16);
        q = uint[8](a.x, a.y, a.z, a.w, bq.x, bq.y, bq.z, bq.w);
    } else {
        for (uint i = 0; i < 8; ++i) q[i] = wU32(slot, (qa >> 2) + i);
    }
    for (uint t = 0; t < TOKENS; ++t) {
        const uint xb = t * CHUNK + xOff;
        float dotLo = 0.0, dotHi = 0.0, sumLo = 0.0, sumHi = 0.0;
        for (uint i = 0; i < 8; ++i) {
            const uvec4 lo = (uvec4(q[i]) >> uvec4(0, 8, 16, 24)) & 15u;
            const uvec4 hi = (uvec4(q[i]) >> uvec4(4, 12, 20, 28)) & 15u;
            const vec4 xl = vec4(xs[xb + 4 * i], xs[xb + 4 * i + 1], xs[xb + 4 * i + 2], xs[xb + 4 * i + 3]);
            const vec4 xh = vec4(xs[xb + 32 + 4 * i], xs[xb + 33 + 4 * i], xs[xb + 34 + 4 * i], xs[xb + 35 + 4 * i]);
            dotLo += dot(vec4(lo), xl);
            dotHi += dot(vec4(hi), xh);
            sumLo += xl.x + xl.y + xl.z + xl.w;
            sumHi += xh.x + xh.y + xh.z + xh.w;
        }
        acc[accBase + t] += dm.x * (smLo.x * dotLo + smHi.x * dotHi) - dm.y * (smLo.y * sumLo + smHi.y * sumHi);
    }
}

// Q6_K: 32 weights (one quarter of one half of a super-block) from column col.
void q6kUnit(uint slot, uint rowAddr, uint col, uint xOff) {
    const uint b = rowAddr + (col / 256) * 210, j = col % 256, n = j / 128, quarter = (j % 128) / 32;
    const uint qlAddr = b + 64 * n + ((quarter & 1u) != 0u ? 32 : 0), qhAddr = b + 128 + 32 * n;
    const float d = wHalf(slot, b + 208);
    const float s0 = d * float(wInt8(slot, b + 192 + 8 * n + 2 * quarter));
    const float s1 = d * float(wInt8(slot, b + 193 + 8 * n + 2 * quarter));
    const uint loShift = quarter >= 2 ? 4 : 0, hiShift = 2 * quarter;
    int q[32];
    for (uint i = 0; i < 16; ++i) {
        const uint ql = wU16(slot, qlAddr + 2 * i), qh = wU16(slot, qhAddr + 2 * i);
        q[2 * i] = int(((ql >> loShift) & 15u) | (((qh >> hiShift) & 3u) << 4)) - 32;
        q[2 * i + 1] = int(((ql >> (8 + loShift)) & 15u) | (((qh >> (8 + hiShift)) & 3u) << 4)) - 32;
    }
    for (uint t = 0; t < TOKENS; ++t) {
        const uint xb = t * CHUNK + xOff;
        float a = 0.0, bsum = 0.0;
        for (uint l = 0; l < 16; ++l) a += float(q[l]) * xs[xb + l];
        for (uint l = 16; l < 32; ++l) bsum += float(q[l]) * xs[xb + l];
        acc[accBase + t] += s0 * a + s1 * bsum;
    }
}

// Columns [c0, c0 + n) of one row; the staged inputs start at c0.
void accumulate(uint slot, uint type, uint rowAddr, uint c0, uint n) {
    const uint lane = teamLane();
    if (type == TYPE_Q4_K) {
        for (uint u = lane; u < n / 64; u += TEAM) q4kUnit(slot, rowAddr, c0 + 64 * u, 64 * u);
    } else if (type == TYPE_Q6_K) {
        for (uint u = lane; u < n / 32; u += TEAM) q6kUnit(slot, rowAddr, c0 + 32 * u, 32 * u);
    } else {
        for (uint g = lane; g < n / 8; g += TEAM) {
            float v[8];
            dequantEight(slot, type, rowAddr, c0 + 8 * g, v);
            for (uint t = 0; t < TOKENS; ++t) {
                const uint xb = t * CHUNK + 8 * g;
                for (uint i = 0; i < 8; ++i) acc[accBase + t] += v[i] * xs[xb + i];
            }
        }
        for (uint c = n / 8 * 8 + lane; c < n; c += TEAM) {  // F32/F16 rows not a multiple of 8
            const float w = dequantOne(slot, type, rowAddr, c0 + c);
            for (uint t = 0; t < TOKENS; ++t) acc[accBase + t] += w * xs[t * CHUNK + c];
        }
    }
}

void main() {
    const uint group = flatGroup(pc.groupsX);
    uint slot = 0;
    if (pc.slots > 1 && group >= pc.firstGroup[1]) slot = 1;
    if (pc.slots > 2 && group >= pc.firstGroup[2]) slot = 2;
    const uint tid = gl_LocalInvocationID.x, lane = teamLane();
    const uint row0 = ((group - pc.firstGroup[slot]) * (gl_WorkGroupSize.x / TEAM) + teamIndex()) * ROWS;
    for (uint i = 0; i < TOKENS * ROWS; ++i) acc[i] = 0.0;

    for (uint c0 = 0; c0 < pc.cols; c0 += CHUNK) {
        const uint n = min(CHUNK, pc.cols - c0);
        barrier();  // the previous chunk has been used by every row
        for (uint t = 0; t < TOKENS; ++t)
            for (uint c = tid; c < n; c += gl_WorkGroupSize.x) {
                const uint src = t * pc.cols + c0 + c;
                float v = x[src];
                if ((MODE & MODE_SWIGLU) != 0u) v = v / (1.0 + exp(-v)) * up[src];
                if ((MODE & MODE_GEGLU) != 0u) v = v / (1.0 + exp(-1.5957691216 * v * (1.0 + 0.044715 * v * v))) * up[src];
                xs[t * CHUNK + c] = v;
            }
        barrier();
        if ((MODE & MODE_NORM) != 0u) normalizeStaged(n);
        for (uint r = 0; r < ROWS; ++r) {
            const uint row = row0 + r;
            if (row >= pc.rows[slot]) break;
            const uint rowAddr = pc.wBase[slot] + row * pc.rowBytes[slot];
            accBase = r * TOKENS;
            // One call per slot with its type a specialization constant, so each pipeline compiles
            // only the dequantization of its own (at most three) types.
            if (slot == 0) accumulate(0, TYPE0, rowAddr, c0, n);
            if (slot == 1) accumulate(1, TYPE1, rowAddr, c0, n);
            if (slot == 2) accumulate(2, TYPE2, rowAddr, c0, n);
        }
    }

    for (uint r = 0; r < ROWS; ++r)
        for (uint t = 0; t < TOKENS; ++t) {
            const float sum = teamSum(acc[r * TOKENS + t]);
            const uint row = row0 + r;
            if (row >= pc.rows[slot] || lane != 0) continue;
            const uint o = t * pc.outStride[slot] + pc.outRow0[slot] + row;
            const bool add = (MODE & MODE_ADD) != 0u;
            if (slot == 0) y0[o] = add ? y0[o] + sum : sum;
            if (slot == 1) y1[o] = add ? y1[o] + sum : sum;
            if (slot == 2) y2[o] = add ? y2[o] + sum : sum;
        }
}
