#version 450
// Causal attention over the f16 KV cache of one layer with online softmax. A workgroup
// handles the GROUP query heads that share one KV head (each K/V row is read once for all
// of them), for one query row and one split of the positions: grid (nHeadKv, rows, nSplit).
// With nSplit > 1 each split writes its unnormalised output, running max and sum to the
// partial buffer and attention_merge.comp combines them.
#extension GL_EXT_shader_16bit_storage : require
layout(local_size_x_id = 0) in;  // also the key tile length
layout(constant_id = 1) const uint GROUP = 1;     // query heads per KV head
layout(constant_id = 2) const uint HEAD_DIM = 64;
const uint WG = gl_WorkGroupSize.x;
const uint DIMS_PER_INVOCATION = (HEAD_DIM + WG - 1) / WG;
const float NEG_BIG = -1.0e30;  // finite "minus infinity": NEG_BIG - NEG_BIG stays 0

layout(binding = 0) readonly buffer Q { float q[]; };
layout(binding = 1) readonly buffer KCache { float16_t kc[]; };
layout(binding = 2) readonly buffer VCache { float16_t vc[]; };
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

shared float qs[GROUP * HEAD_DIM];
shared float scores[GROUP * WG];
shared float runMax[GROUP], runSum[GROUP], rescale[GROUP];

void main() {
    const uint tid = gl_LocalInvocationID.x;
    const uint kvh = gl_WorkGroupID.x, r = gl_WorkGroupID.y, split = gl_WorkGroupID.z;
    const uint nPos = positions[pc.posSlot] + r + 1;
    const uint windowStart = pc.window != 0 && nPos > pc.window ? nPos - pc.window : 0;
    const uint start = max(split * pc.splitLen, windowStart), end = min(nPos, split * pc.splitLen + pc.splitLen);
    const uint head0 = kvh * GROUP, kvBase = kvh * HEAD_DIM;

    for (uint i = tid; i < GROUP * HEAD_DIM; i += WG) qs[i] = q[(r * pc.nHead + head0) * HEAD_DIM + i];
    if (tid < GROUP) {
        runMax[tid] = NEG_BIG;
        runSum[tid] = 0.0;
    }
    float o[GROUP][DIMS_PER_INVOCATION];
    for (uint g = 0; g < GROUP; ++g)
        for (uint k = 0; k < DIMS_PER_INVOCATION; ++k) o[g][k] = 0.0;
    barrier();

    for (uint t0 = start; t0 < end; t0 += WG) {
        const uint tileLen = min(WG, end - t0);
        // Scores of this invocation's key for every head of the group.
        if (tid < tileLen) {
            float dots[GROUP];
            for (uint g = 0; g < GROUP; ++g) dots[g] = 0.0;
            const uint kAddr = (t0 + tid) * pc.kvDim + kvBase;
            for (uint d = 0; d < HEAD_DIM; ++d) {
                const float kd = float(kc[kAddr + d]);
                for (uint g = 0; g < GROUP; ++g) dots[g] += qs[g * HEAD_DIM + d] * kd;
            }
            for (uint g = 0; g < GROUP; ++g) scores[g * WG + tid] = dots[g] * pc.scale;
        }
        barrier();
        if (tid < GROUP) {
            float m = runMax[tid];
            for (uint i = 0; i < tileLen; ++i) m = max(m, scores[tid * WG + i]);
            rescale[tid] = exp(runMax[tid] - m);
            runMax[tid] = m;
        }
        barrier();
        if (tid < tileLen)
            for (uint g = 0; g < GROUP; ++g) scores[g * WG + tid] = exp(scores[g * WG + tid] - runMax[g]);
        barrier();
        if (tid < GROUP) {
            float l = runSum[tid] * rescale[tid];
            for (uint i = 0; i < tileLen; ++i) l += scores[tid * WG + i];
            runSum[tid] = l;
        }
        for (uint k = 0; k < DIMS_PER_INVOCATION; ++k) {
            const uint d = tid + k * WG;
            if (d >= HEAD_DIM) break;
            for (uint g = 0; g < GROUP; ++g) {
                float acc = o[g][k] * rescale[g];
                for (uint i = 0; i < tileLen; ++i) acc += scores[g * WG + i] * float(vc[(t0 + i) * pc.kvDim + kvBase + d]);
                o[g][k] = acc;
            }
        }
        barrier();
    }

    for (uint g = 0; g < GROUP; ++g) {
        const uint rowHead = r * pc.nHead + head0 + g;
        if (pc.nSplit == 1) {
            float inv = 1.0 / runSum[g];
            if (pc.hasSinks != 0) {  // the sink may be the largest term: rescale to it
                const float sink = sinks[head0 + g], m = max(runMax[g], sink), r = exp(runMax[g] - m);
                inv = r / (runSum[g] * r + exp(sink - m));
            }
            for (uint k = 0; k < DIMS_PER_INVOCATION; ++k) {
                const uint d = tid + k * WG;
                if (d < HEAD_DIM) outv[rowHead * HEAD_DIM + d] = o[g][k] * inv;
            }
        } else {
            const uint base = (rowHead * pc.nSplit + split) * (HEAD_DIM + 2);
            for (uint k = 0; k < DIMS_PER_INVOCATION; ++k) {
                const uint d = tid + k * WG;
                if (d < HEAD_DIM) partial[base + d] = o[g][k];
            }
            if (tid == 0) {
                partial[base + HEAD_DIM] = runMax[g];
                partial[base + HEAD_DIM + 1] = runSum[g];
            }
        }
    }
}
