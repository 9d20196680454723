#version 450
// Decode matrix-vector product for 1–8 activation rows (tokens):
//   y_s[t][row] (+)= Σ_c W_s[row][c] · in[t][c]
// for up to three weights W_s that share one input (q/k/v or gate/up in one dispatch).
//
// A workgroup computes ROWS consecutive rows of one weight over the whole of K. Its invocations
// form teams of 16 lanes, one 256-column super-block per team and step (matvec_map.glsl says
// which lane reads what): the quants are 32-bit loads side by side, the input is read as vec4
// straight from its buffer (the same columns for all ROWS rows, so each input value is loaded
// once per workgroup and kept in registers across the rows), and nothing in the loop waits on
// a barrier. Each team step loads the words of UNROLL super-blocks of all its rows before any of
// their math (more bytes in flight per lane: a decode matvec is bound by memory latency, not
// arithmetic). With more than one subgroup per workgroup, K is split across them and their
// partial sums are combined in shared memory at the end: the host picks that for matrices with
// few rows, where one subgroup per workgroup would leave the GPU idle. Types without a 16-lane
// decoder read 8 consecutive columns per invocation and step through dequantEight.
//
// MODE bit 0 adds the result to y (the residual add as epilogue); bit 1 makes the input
// silu(x) · up (SwiGLU folded in), bit 2 gelu(x) · up (GeGLU, tanh GELU); bit 3 makes it
// rmsNorm(x) with the weight bound as `up` (the pre-norm folded in: a sum-of-squares pass over
// x first, then every read input value is scaled). Bit 4 makes the dispatch a GLU pair: each
// workgroup computes its rows of weight 0 (gate) and then of weight 1 (up), and writes
// h = silu(gate) · up (bit 5: gelu(gate) · up) where weight 0's rows go, so the down projection
// reads h once instead of making it again in every workgroup.
//
// Built with KV_EPILOGUE (matvec_kv_*): a q/k/v group (slots 0, 1, 2) whose epilogue also does
// RoPE on q and k (adjacent pairs: rows 2i and 2i + 1 of a head, which are in the same workgroup
// since ROWS is even there) and writes k and v as f16 into the layer's cache at the positions
// positions[posSlot] + token, so a decode layer's q/k/v, rotations and cache write are one
// dispatch. The rotation's parameters are specialization constants (8 on), the same for every
// layer of a model (a NoPE layer's pipeline has KV_FLAGS bit 0 clear and rotates nothing).
#extension GL_EXT_shader_16bit_storage : require
#extension GL_GOOGLE_include_directive : require
#extension GL_EXT_control_flow_attributes : require
#ifndef KV_EPILOGUE
#define KV_EPILOGUE 0
#endif
#if USE_SUBGROUP
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_arithmetic : require
#endif
layout(local_size_x_id = 0) in;  // 32 · K split: a power of two, at most 256
layout(constant_id = 1) const uint TYPE0 = 0;
layout(constant_id = 2) const uint TOKENS = 1;
layout(constant_id = 3) const uint TYPE1 = 0;
layout(constant_id = 4) const uint TYPE2 = 0;
layout(constant_id = 5) const uint ROWS = 2;  // rows per workgroup
layout(constant_id = 6) const uint MODE = 0;
layout(constant_id = 7) const uint UNROLL = 2;  // super-blocks whose loads a team issues together (1, 2, 4)

#if KV_EPILOGUE
layout(constant_id = 8) const uint KV_FLAGS = 0;        // bit 0: RoPE on q and k; bit 1: per-pair factors
layout(constant_id = 9) const uint KV_DIMS = 0;         // head size | rotated dimensions << 16
layout(constant_id = 10) const float KV_FREQ_BASE = 10000.0;
layout(constant_id = 11) const float KV_FREQ_SCALE = 1.0;
layout(constant_id = 12) const float KV_ATTN_FACTOR = 1.0;
layout(constant_id = 13) const float KV_EXT_FACTOR = 0.0;
layout(constant_id = 14) const float KV_CORR_LOW = 0.0;
layout(constant_id = 15) const float KV_CORR_HIGH = 0.0;
#endif

#define WEIGHT_SLOTS 3
#include "header.glsl"
#include "weights.glsl"
#define GRID_BINDING 8
#include "dequant.glsl"
#include "reduce.glsl"
#include "matvec_map.glsl"
shared float mvCodebook[16];  // IQ4_XS's values (a shared-memory lookup, not a local array)
#include "matvec_blocks.glsl"

layout(binding = 1) readonly buffer X { float x[]; };
layout(binding = 1) readonly buffer X4 { vec4 x4[]; };
layout(binding = 2) buffer Y0 { float y0[]; };
layout(binding = 4) buffer Y1 { float y1[]; };
layout(binding = 6) buffer Y2 { float y2[]; };
layout(binding = 7) readonly buffer Up { float up[]; };
layout(binding = 7) readonly buffer Up4 { vec4 up4[]; };

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
    uint posSlot;     // KV_EPILOGUE: positions[posSlot] is the first token's position
} pc;

#if KV_EPILOGUE
layout(binding = 9) writeonly buffer KCache { float16_t kc[]; };
layout(binding = 10) writeonly buffer VCache { float16_t vc[]; };
// Read from a host-written buffer rather than pushed, so a decode step's commands repeat.
layout(binding = 11) readonly buffer Positions { uint positions[]; };
#define ROPE_FACTORS_BINDING 12
#include "rope_angle.glsl"
#endif

const uint MODE_ADD = 1u, MODE_SWIGLU = 2u, MODE_GEGLU = 4u, MODE_NORM = 8u, MODE_GLU_OUT = 16u,
           MODE_GELU_OUT = 32u;
const uint SUMS = ROWS * TOKENS;
// The partial sums of the K split (SUMS per subgroup), or of every invocation without subgroup
// arithmetic: sized by the specialization (a 32-invocation workgroup of one row and token
// reserves 128 bytes, not the most any shape needs, so occupancy does not pay for it).
shared float partial[gl_WorkGroupSize.x * SUMS];

shared float gluGate[SUMS]; // MODE_GLU_OUT: the workgroup's gate sums
float acc[SUMS];           // acc[r * TOKENS + t]: row r, token t
float normScale[TOKENS];   // MODE_NORM: 1 / sqrt(mean(x²) + eps) per token

// Input values c .. c + 3 of token t with the folded activation (not the norm) applied. Rows
// whose width is a multiple of 4 read one vec4 (the buffer is bound from its start).
vec4 inputAct(uint t, uint c) {
    const uint i = t * pc.cols + c;
    const bool aligned = (pc.cols & 3u) == 0u;
    vec4 v = aligned ? x4[i >> 2] : vec4(x[i], x[i + 1u], x[i + 2u], x[i + 3u]);
    if ((MODE & (MODE_SWIGLU | MODE_GEGLU)) != 0u) {
        const vec4 u = aligned ? up4[i >> 2] : vec4(up[i], up[i + 1u], up[i + 2u], up[i + 3u]);
        if ((MODE & MODE_SWIGLU) != 0u) v = v / (1.0 + exp(-v)) * u;
        else v = v / (1.0 + exp(-1.5957691216 * v * (1.0 + 0.044715 * v * v))) * u;
    }
    return v;
}
// The folded RMSNorm's weights for columns c .. c + 3 (the same for every token: loaded once).
vec4 normWeights(uint c) {
    if ((MODE & MODE_NORM) == 0u) return vec4(1.0);
    return (pc.cols & 3u) == 0u ? up4[c >> 2] : vec4(up[c], up[c + 1u], up[c + 2u], up[c + 3u]);
}
// The separate RMSNorm's order: x · scale, then · w.
vec4 normed(vec4 v, uint t, vec4 w) { return (MODE & MODE_NORM) != 0u ? (v * normScale[t]) * w : v; }
vec4 inputRun(uint t, uint c) { return normed(inputAct(t, c), t, normWeights(c)); }

// The folded RMSNorm's scale per token: one pass of squares over x (every workgroup makes it;
// x is small and cached, and no other dispatch or barrier between the two is needed). All
// tokens in one pass of vec4 loads, and one subgroup needs no barrier for its sums.
void computeNormScales() {
    const uint tid = gl_LocalInvocationID.x;
    float squares[TOKENS];
    for (uint t = 0u; t < TOKENS; ++t) squares[t] = 0.0;
    if ((pc.cols & 3u) == 0u) {
        const uint quads = pc.cols / 4u;
        for (uint c = tid; c < quads; c += gl_WorkGroupSize.x)
            for (uint t = 0u; t < TOKENS; ++t) {
                const vec4 v = x4[t * quads + c];
                squares[t] += dot(v, v);
            }
    } else {
        for (uint c = tid; c < pc.cols; c += gl_WorkGroupSize.x)
            for (uint t = 0u; t < TOKENS; ++t) {
                const float v = x[t * pc.cols + c];
                squares[t] += v * v;
            }
    }
#if USE_SUBGROUP
    for (uint t = 0u; t < TOKENS; ++t) squares[t] = subgroupAdd(squares[t]);
    if (gl_NumSubgroups > 1u) {  // partial is free here; reduceAndStore reuses it after the last barrier
        if (subgroupElect())
            for (uint t = 0u; t < TOKENS; ++t) partial[gl_SubgroupID * TOKENS + t] = squares[t];
        barrier();
        for (uint t = 0u; t < TOKENS; ++t) {
            float total = 0.0;
            for (uint g = 0u; g < gl_NumSubgroups; ++g) total += partial[g * TOKENS + t];
            squares[t] = total;
        }
        barrier();
    }
#else
    for (uint t = 0u; t < TOKENS; ++t) squares[t] = workgroupSum(squares[t]);
#endif
    for (uint t = 0u; t < TOKENS; ++t) normScale[t] = 1.0 / sqrt(squares[t] / float(pc.cols) + pc.eps);
}

// The 16-lane path's working set (globals, not parameters: arrays sized by specialization
// constants are not passed between functions): the workgroup's row addresses in the current
// weight, the raw words of one step (UNROLL super-blocks × ROWS rows), and one super-block's
// decoded weights of every row.
uint mvRowAddr[ROWS];
MvRaw mvRaw[UNROLL * ROWS];
vec4 mvW[ROWS * 4u];

// The math of one super-block (first column col0) on this lane's ROWS × 16 weights in mvW:
// each input vec4 is loaded once per token and used for every row, and the norm's weights once
// for every token.
void blockDots(uint col0, uvec4 runCol) {
    const vec4 nw[4] = vec4[4](normWeights(col0 + runCol[0]), normWeights(col0 + runCol[1]),
                               normWeights(col0 + runCol[2]), normWeights(col0 + runCol[3]));
    for (uint t = 0u; t < TOKENS; ++t) {
        vec4 in_[4];
        for (uint k = 0u; k < 4u; ++k) in_[k] = normed(inputAct(t, col0 + runCol[k]), t, nw[k]);
        for (uint r = 0u; r < ROWS; ++r)
            acc[r * TOKENS + t] += dot(mvW[4u * r], in_[0]) + dot(mvW[4u * r + 1u], in_[1]) +
                                   dot(mvW[4u * r + 2u], in_[2]) + dot(mvW[4u * r + 3u], in_[3]);
    }
}

// Decodes mvRaw[u · ROWS + r] (super-block sb of row r) for every row and does its math.
void blockStep(uint type, uint lane, uint sb, uint u, uvec4 runCol) {
    [[unroll]] for (uint r = 0u; r < ROWS; ++r) {
        vec4 lw[4];
        mvDecodeRaw(type, mvRaw[u * ROWS + r], mvRowAddr[r] + sb * mvSuperBytes(type), lane, lw);
        for (uint k = 0u; k < 4u; ++k) mvW[4u * r + k] = lw[k];
    }
    blockDots(sb * MV_SUPER, runCol);
}

// The 16-lane path: this invocation's share of rows row0 .. row0 + ROWS - 1. A team steps
// through super-blocks team, team + teams, ...; UNROLL of them at a time have all their loads
// issued (every row's) before the first one's math, so a lane keeps UNROLL × ROWS blocks' words
// in flight. Rows past the weight's end read its last row instead (their sums are never stored),
// which keeps the loads free of branches; the super-blocks a step cannot take whole (the last
// UNROLL - 1 and a partial Q8_0 one) go one at a time after.
void accumulateBlocks(uint slot, uint type, uint row0) {
    const uint lane = mvLane(gl_LocalInvocationID.x), teams = mvTeams(gl_WorkGroupSize.x);
    const uint superBlocks = mvSuperBlocks(pc.cols), whole = mvWholeSuperBlocks(pc.cols);
    const uint superBytes = mvSuperBytes(type);
    const uvec4 runCol = uvec4(mvRunColumn(type, lane, 0u), mvRunColumn(type, lane, 1u), mvRunColumn(type, lane, 2u),
                               mvRunColumn(type, lane, 3u));
    for (uint r = 0u; r < ROWS; ++r)
        mvRowAddr[r] = pc.wBase[slot] + min(row0 + r, pc.rows[slot] - 1u) * pc.rowBytes[slot];
    uint sb = mvTeam(gl_LocalInvocationID.x);
    for (; mvUnrolledStep(sb, teams, UNROLL, whole); sb += UNROLL * teams) {
        [[unroll]] for (uint u = 0u; u < UNROLL; ++u)
            [[unroll]] for (uint r = 0u; r < ROWS; ++r)
                mvRaw[u * ROWS + r] = mvLoadLane(slot, type, mvRowAddr[r] + (sb + u * teams) * superBytes, lane);
        [[unroll]] for (uint u = 0u; u < UNROLL; ++u) blockStep(type, lane, sb + u * teams, u, runCol);
    }
    for (; sb < superBlocks; sb += teams) {
        if (sb * MV_SUPER + runCol[0] >= pc.cols) continue;  // Q8_0: past the end of a partial super-block
        [[unroll]] for (uint r = 0u; r < ROWS; ++r)
            mvRaw[r] = mvLoadLane(slot, type, mvRowAddr[r] + sb * superBytes, lane);
        blockStep(type, lane, sb, 0u, runCol);
    }
}

// Every other type: runs of 8 columns, invocation i taking runs i, i + workgroup size, ...;
// F32/F16/BF16 rows whose width is not a multiple of 8 end one column at a time.
void accumulateGeneric(uint slot, uint type, uint row0) {
    const uint tid = gl_LocalInvocationID.x, runs = pc.cols / MV_GENERIC_RUN;
    for (uint g = tid; g < runs; g += gl_WorkGroupSize.x) {
        const uint c = g * MV_GENERIC_RUN;
        vec4 w[ROWS * 2u];
        for (uint r = 0u; r < ROWS; ++r) {
            float v[8] = float[8](0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0);
            if (row0 + r < pc.rows[slot])
                dequantEight(slot, type, pc.wBase[slot] + (row0 + r) * pc.rowBytes[slot], c, v);
            w[2u * r] = vec4(v[0], v[1], v[2], v[3]);
            w[2u * r + 1u] = vec4(v[4], v[5], v[6], v[7]);
        }
        for (uint t = 0u; t < TOKENS; ++t) {
            const vec4 in0 = inputRun(t, c), in1 = inputRun(t, c + 4u);
            for (uint r = 0u; r < ROWS; ++r) acc[r * TOKENS + t] += dot(w[2u * r], in0) + dot(w[2u * r + 1u], in1);
        }
    }
    for (uint c = runs * MV_GENERIC_RUN + tid; c < pc.cols; c += gl_WorkGroupSize.x)
        for (uint r = 0u; r < ROWS; ++r) {
            if (row0 + r >= pc.rows[slot]) continue;
            const float w = dequantOne(slot, type, pc.wBase[slot] + (row0 + r) * pc.rowBytes[slot], c);
            for (uint t = 0u; t < TOKENS; ++t) {
                float v = x[t * pc.cols + c];
                const uint i = t * pc.cols + c;
                if ((MODE & MODE_SWIGLU) != 0u) v = v / (1.0 + exp(-v)) * up[i];
                if ((MODE & MODE_GEGLU) != 0u) v = v / (1.0 + exp(-1.5957691216 * v * (1.0 + 0.044715 * v * v))) * up[i];
                if ((MODE & MODE_NORM) != 0u) v = (v * normScale[t]) * up[c];
                acc[r * TOKENS + t] += w * v;
            }
        }
}

void accumulate(uint slot, uint type, uint row0) {
    if (mvBlockType(type)) accumulateBlocks(slot, type, row0);
    else accumulateGeneric(slot, type, row0);
}

// Sum s = r * TOKENS + t of the workgroup: y[t][row0 + r] (+)= value. A GLU pair keeps the gate's
// sums and writes act(gate) · up as weight 0's output.
#if KV_EPILOGUE
shared float kvSums[SUMS]; // the workgroup's sums, for the pairs of the epilogue
#endif
void store(uint slot, uint row0, uint s, float value) {
    const uint r = s / TOKENS, t = s % TOKENS, row = row0 + r;
    if (row >= pc.rows[slot]) return;
#if KV_EPILOGUE
    kvSums[s] = value;
    return;
#endif
    if ((MODE & MODE_GLU_OUT) != 0u) {
        if (slot == 0u) {
            gluGate[s] = value;
            return;
        }
        const float g = gluGate[s];
        if ((MODE & MODE_GELU_OUT) != 0u) value = g / (1.0 + exp(-1.5957691216 * g * (1.0 + 0.044715 * g * g))) * value;
        else value = g / (1.0 + exp(-g)) * value;
        slot = 0u;
    }
    const uint o = t * pc.outStride[slot] + pc.outRow0[slot] + row;
    const bool add = (MODE & MODE_ADD) != 0u;
    if (slot == 0u) y0[o] = add ? y0[o] + value : value;
    if (slot == 1u) y1[o] = add ? y1[o] + value : value;
    if (slot == 2u) y2[o] = add ? y2[o] + value : value;
}

// Sums acc over the workgroup and stores the SUMS results (uniform control flow).
void reduceAndStore(uint slot, uint row0) {
    const uint tid = gl_LocalInvocationID.x;
#if USE_SUBGROUP
    for (uint s = 0u; s < SUMS; ++s) acc[s] = subgroupAdd(acc[s]);
    if (gl_NumSubgroups == 1u) {  // one subgroup: no shared memory, no barrier
        for (uint s = 0u; s < SUMS; ++s)
            if (gl_SubgroupInvocationID == s % gl_SubgroupSize) store(slot, row0, s, acc[s]);
        return;
    }
    if (subgroupElect())
        for (uint s = 0u; s < SUMS; ++s) partial[gl_SubgroupID * SUMS + s] = acc[s];
    barrier();
    for (uint s = tid; s < SUMS; s += gl_WorkGroupSize.x) {
        float total = 0.0;
        for (uint g = 0u; g < gl_NumSubgroups; ++g) total += partial[g * SUMS + s];
        store(slot, row0, s, total);
    }
#else
    // A shared-memory tree over all SUMS at once: log2(workgroup size) barriers.
    const uint n = gl_WorkGroupSize.x;
    for (uint s = 0u; s < SUMS; ++s) partial[s * n + tid] = acc[s];
    barrier();
    for (uint half_ = n / 2u; half_ > 0u; half_ >>= 1) {
        if (tid < half_)
            for (uint s = 0u; s < SUMS; ++s) partial[s * n + tid] += partial[s * n + tid + half_];
        barrier();
    }
    for (uint s = tid; s < SUMS; s += n) store(slot, row0, s, partial[s * n]);
#endif
}

#if KV_EPILOGUE
// After reduceAndStore and a barrier: each invocation takes a pair of rows (2i, 2i + 1 of the
// workgroup) of one token, rotates it when it is q or k and RoPE covers it (as rope.comp does
// the adjacent style), stores it, and writes k and v into the cache as f16 (as store_kv.comp).
void kvEpilogue(uint slot, uint row0) {
    const uint pos0 = positions[pc.posSlot];
    const uint headDim = KV_DIMS & 0xffffu, ropeDims = KV_DIMS >> 16;
    for (uint i = gl_LocalInvocationID.x; i < SUMS / 2u; i += gl_WorkGroupSize.x) {
        const uint r = 2u * (i / TOKENS), t = i % TOKENS, row = row0 + r;
        if (row >= pc.rows[slot]) continue; // past the end (the host keeps the rows even)
        float v0 = kvSums[r * TOKENS + t], v1 = kvSums[(r + 1u) * TOKENS + t];
        const uint hp = (KV_FLAGS & 1u) != 0u ? (row % headDim) / 2u : 0u;
        if ((KV_FLAGS & 1u) != 0u && slot < 2u && hp < ropeDims / 2u) {
            const RopeParams rp = RopeParams(ropeDims, KV_FREQ_BASE, KV_FREQ_SCALE, (KV_FLAGS >> 1) & 1u,
                                             KV_ATTN_FACTOR, KV_EXT_FACTOR, KV_CORR_LOW, KV_CORR_HIGH);
            const vec2 cs = ropeCosSin(rp, pos0 + t, hp);
            const float x0 = v0, x1 = v1;
            v0 = x0 * cs.x - x1 * cs.y;
            v1 = x0 * cs.y + x1 * cs.x;
        }
        const uint o = t * pc.outStride[slot] + pc.outRow0[slot] + row;
        const uint c = (pos0 + t) * pc.outStride[slot] + pc.outRow0[slot] + row;
        if (slot == 0u) {
            y0[o] = v0;
            y0[o + 1u] = v1;
        }
        if (slot == 1u) {
            y1[o] = v0;
            y1[o + 1u] = v1;
            kc[c] = float16_t(v0);
            kc[c + 1u] = float16_t(v1);
        }
        if (slot == 2u) {
            y2[o] = v0;
            y2[o + 1u] = v1;
            vc[c] = float16_t(v0);
            vc[c + 1u] = float16_t(v1);
        }
    }
}
#endif

void main() {
    const uint group = flatGroup(pc.groupsX);
    uint slot = 0u;
    if (pc.slots > 1u && group >= pc.firstGroup[1]) slot = 1u;
    if (pc.slots > 2u && group >= pc.firstGroup[2]) slot = 2u;
    const uint row0 = mvFirstRow(group - pc.firstGroup[slot], ROWS);
    for (uint s = 0u; s < SUMS; ++s) acc[s] = 0.0;
    if (TYPE0 == TYPE_IQ4_XS || TYPE1 == TYPE_IQ4_XS || TYPE2 == TYPE_IQ4_XS) {
        if (gl_LocalInvocationID.x < 16u) mvCodebook[gl_LocalInvocationID.x] = float(IQ4NL_VALUES[gl_LocalInvocationID.x]);
        barrier();
    }
    if ((MODE & MODE_NORM) != 0u) computeNormScales();
    if ((MODE & MODE_GLU_OUT) != 0u) { // the grid covers weight 0's rows; weight 1 has as many
        accumulate(0u, TYPE0, row0);
        reduceAndStore(0u, row0);
        barrier(); // gluGate complete, partial free again
        for (uint s = 0u; s < SUMS; ++s) acc[s] = 0.0;
        accumulate(1u, TYPE1, row0);
        reduceAndStore(1u, row0);
        return;
    }
    // One call per slot with its type a specialization constant, so each pipeline compiles
    // only the dequantization of its own (at most three) types.
    if (slot == 0u) accumulate(0u, TYPE0, row0);
    if (slot == 1u) accumulate(1u, TYPE1, row0);
    if (slot == 2u) accumulate(2u, TYPE2, row0);
    reduceAndStore(slot, row0);
#if KV_EPILOGUE
    barrier(); // kvSums complete (slot is the same for the whole workgroup)
    kvEpilogue(slot, row0);
#endif
}
