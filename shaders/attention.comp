#version 450
// Causal attention over the f16 KV cache of one layer, for decode (1–8 query rows; prompts
// normally take attention_prompt.comp). A workgroup handles the GROUP query heads that share
// one KV head (each K/V row is read once for all of them), one query row and one split of the
// positions: grid (nHeadKv, rows, nSplit). With nSplit > 1 each split writes its unnormalised
// output, max and sum to the partial buffer and attention_merge.comp combines them; the host
// sizes the splits to fill the GPU.
//
// KEY_LANES invocations share a key: each loads its HEAD_DIM / KEY_LANES dimensions of K and V
// as f16vec4 (neighbouring lanes read neighbouring 8 bytes), the partial q·k dots are summed
// with subgroup shuffles, and each key team keeps its own online softmax (max, sum, output
// slice) in registers over the keys it visits: no barrier in the key loop. The teams' states
// are combined once at the end through shared memory.
#extension GL_EXT_shader_16bit_storage : require
#if USE_SUBGROUP
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_shuffle : require
#endif
layout(local_size_x_id = 0) in;
layout(constant_id = 1) const uint GROUP = 1;      // query heads per KV head
layout(constant_id = 2) const uint HEAD_DIM = 64;  // a multiple of 4 · KEY_LANES
layout(constant_id = 3) const uint KEY_LANES = 8;  // a power of two, at most 8
// 0: every row sees all rows of the call (encoders); the dispatch has one y group per row.
layout(constant_id = 4) const uint CAUSAL = 1;
const uint WG = gl_WorkGroupSize.x;
const uint TEAMS = WG / KEY_LANES;                 // keys in flight
const uint VECS = HEAD_DIM / 4 / KEY_LANES;        // f16vec4 of a K (and V) row per lane
// q stays in registers while small; larger groups (GQA 8 at headDim 128: 128 floats of q next
// to 128 of output per lane) read it from shared memory instead, so that registers do not spill.
const bool Q_IN_REGISTERS = GROUP * VECS <= 16;
const float NEG_BIG = -1.0e30;  // finite "minus infinity": NEG_BIG - NEG_BIG stays 0

layout(binding = 0) readonly buffer Q { vec4 q4[]; };
layout(binding = 1) readonly buffer KCache { f16vec4 kc[]; };
layout(binding = 2) readonly buffer VCache { f16vec4 vc[]; };
layout(binding = 3) writeonly buffer Out { float outv[]; };
layout(binding = 4) writeonly buffer Partial { float partial[]; };
// The position of query row 0, host-written (not pushed) so that decode steps replay.
layout(binding = 5) readonly buffer Positions { uint positions[]; };
// Attention sinks (gpt-oss): one logit per query head joins the softmax denominator.
layout(binding = 6) readonly buffer Sinks { float sinks[]; };

layout(push_constant) uniform Push {
    uint posSlot;
    uint nHead;
    uint kvDim;
    float scale;
    uint nSplit;
    uint splitLen;
    uint window;  // sliding window: the last `window` positions only (0 = all)
    uint hasSinks;
} pc;

shared float teamMax[TEAMS], teamSum[TEAMS];
shared vec4 qShared[Q_IN_REGISTERS ? 1 : GROUP * HEAD_DIM / 4];
shared float teamOut[TEAMS * HEAD_DIM];
#if !USE_SUBGROUP
shared float dotScratch[WG * GROUP];
#endif

// This invocation's key team and lane in it. With subgroups the team is named by subgroup IDs
// (its lanes must be one subgroup's, for the shuffles), without them by the local index.
uint keyLane() {
#if USE_SUBGROUP
    return gl_SubgroupInvocationID % KEY_LANES;
#else
    return gl_LocalInvocationID.x % KEY_LANES;
#endif
}
uint keyTeam() {
#if USE_SUBGROUP
    return (gl_SubgroupID * gl_SubgroupSize + gl_SubgroupInvocationID) / KEY_LANES;
#else
    return gl_LocalInvocationID.x / KEY_LANES;
#endif
}

void main() {
    const uint kvh = gl_WorkGroupID.x, r = gl_WorkGroupID.y, split = gl_WorkGroupID.z;
    const uint nPos = positions[pc.posSlot] + (CAUSAL != 0 ? r + 1 : gl_NumWorkGroups.y);
    // The window counts back from the query's own position, also when it sees later rows (non-causal).
    const uint qEnd = positions[pc.posSlot] + r + 1;
    const uint windowStart = pc.window != 0 && qEnd > pc.window ? qEnd - pc.window : 0;
    const uint start = max(split * pc.splitLen, windowStart), end = min(nPos, split * pc.splitLen + pc.splitLen);
    const uint head0 = kvh * GROUP, lane = keyLane(), team = keyTeam();

    // q (pre-scaled) and the running state of this team, for each head of the group.
    vec4 qv[Q_IN_REGISTERS ? GROUP * VECS : 1], o[GROUP * VECS];
    float m[GROUP], l[GROUP];
    const uint qBase = (r * pc.nHead + head0) * HEAD_DIM / 4;
    for (uint g = 0; g < GROUP; ++g) {
        for (uint i = 0; i < VECS; ++i) {
            if (Q_IN_REGISTERS) qv[g * VECS + i] = q4[qBase + g * HEAD_DIM / 4 + lane + KEY_LANES * i] * pc.scale;
            o[g * VECS + i] = vec4(0.0);
        }
        m[g] = NEG_BIG;
        l[g] = 0.0;
    }
    if (!Q_IN_REGISTERS) {
        for (uint i = gl_LocalInvocationID.x; i < GROUP * HEAD_DIM / 4; i += WG) qShared[i] = q4[qBase + i] * pc.scale;
        barrier();
    }

    // The same number of steps for every team (uniform control flow for the shuffles).
    const uint steps = end > start ? (end - start + TEAMS - 1) / TEAMS : 0;
    const uint rowBase = (kvh * HEAD_DIM) / 4 + lane;  // this lane's first f16vec4 in a cache row
    for (uint s = 0; s < steps; ++s) {
        const uint key = start + s * TEAMS + team;
        const bool valid = key < end;
        const uint base = key * (pc.kvDim / 4) + rowBase;
        vec4 k[VECS];
        for (uint i = 0; i < VECS; ++i) k[i] = valid ? vec4(kc[base + KEY_LANES * i]) : vec4(0.0);
        float dots[GROUP];
        for (uint g = 0; g < GROUP; ++g) {
            float d = 0.0;
            for (uint i = 0; i < VECS; ++i)
                d += dot(Q_IN_REGISTERS ? qv[g * VECS + i] : qShared[g * HEAD_DIM / 4 + lane + KEY_LANES * i], k[i]);
            dots[g] = d;
        }
#if USE_SUBGROUP
        for (uint mask = 1; mask < KEY_LANES; mask <<= 1)
            for (uint g = 0; g < GROUP; ++g) dots[g] += subgroupShuffleXor(dots[g], mask);
#else
        const uint tid = gl_LocalInvocationID.x;
        for (uint g = 0; g < GROUP; ++g) dotScratch[tid * GROUP + g] = dots[g];
        barrier();
        for (uint g = 0; g < GROUP; ++g) {
            float d = 0.0;
            for (uint j = 0; j < KEY_LANES; ++j) d += dotScratch[(team * KEY_LANES + j) * GROUP + g];
            dots[g] = d;
        }
        barrier();
#endif
        if (!valid) continue;
        vec4 v[VECS];
        for (uint i = 0; i < VECS; ++i) v[i] = vec4(vc[base + KEY_LANES * i]);
        for (uint g = 0; g < GROUP; ++g) {
            const float mNew = max(m[g], dots[g]), c = exp(m[g] - mNew), p = exp(dots[g] - mNew);
            l[g] = l[g] * c + p;
            for (uint i = 0; i < VECS; ++i) o[g * VECS + i] = o[g * VECS + i] * c + p * v[i];
            m[g] = mNew;
        }
    }

    // Combine the teams, one head at a time: M = max of the teams' maxima, output
    // Σ o_t·e^(m_t − M), sum Σ l_t·e^(m_t − M).
    const uint tid = gl_LocalInvocationID.x;
    for (uint g = 0; g < GROUP; ++g) {
        if (lane == 0) {
            teamMax[team] = m[g];
            teamSum[team] = l[g];
        }
        for (uint i = 0; i < VECS; ++i) {
            const uint d = 4 * (lane + KEY_LANES * i);
            const vec4 v = o[g * VECS + i];
            teamOut[team * HEAD_DIM + d] = v.x;
            teamOut[team * HEAD_DIM + d + 1] = v.y;
            teamOut[team * HEAD_DIM + d + 2] = v.z;
            teamOut[team * HEAD_DIM + d + 3] = v.w;
        }
        barrier();
        float mAll = NEG_BIG, lAll = 0.0;
        for (uint t = 0; t < TEAMS; ++t) mAll = max(mAll, teamMax[t]);
        for (uint t = 0; t < TEAMS; ++t) lAll += teamSum[t] * exp(teamMax[t] - mAll);
        const uint rowHead = r * pc.nHead + head0 + g;
        float inv = 1.0 / lAll;
        if (pc.nSplit == 1 && pc.hasSinks != 0) {  // the sink may be the largest term: rescale to it
            const float sink = sinks[head0 + g], mx = max(mAll, sink), c = exp(mAll - mx);
            inv = c / (lAll * c + exp(sink - mx));
        }
        const uint base = (rowHead * pc.nSplit + split) * (HEAD_DIM + 2);
        for (uint d = tid; d < HEAD_DIM; d += WG) {
            float acc = 0.0;
            for (uint t = 0; t < TEAMS; ++t) acc += teamOut[t * HEAD_DIM + d] * exp(teamMax[t] - mAll);
            if (pc.nSplit == 1) outv[rowHead * HEAD_DIM + d] = acc * inv;
            else partial[base + d] = acc;
        }
        if (pc.nSplit > 1 && tid == 0) {
            partial[base + HEAD_DIM] = mAll;
            partial[base + HEAD_DIM + 1] = lAll;
        }
        barrier();
    }
}
