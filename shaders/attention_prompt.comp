#version 450
// Flash-style causal attention for prompts: a workgroup takes TILE consecutive query rows of
// one query head and walks the keys in tiles of TILE positions held in shared memory, with an
// online softmax per row, so each K/V row is read from memory once per TILE query rows rather
// than once per row. Grid: (nHead, ceil(rows / TILE)). The invocations of one row (IPR of
// them) split its head dimensions; every one of them keeps the row's running max and sum.
// Decode (a few rows) stays with the split-K kernel in attention.comp.
#extension GL_EXT_shader_16bit_storage : require
layout(local_size_x_id = 0) in;                 // 64
layout(constant_id = 1) const uint HEAD_DIM = 128;
layout(constant_id = 2) const uint TILE = 16;   // query rows and key positions per tile
// 0: every row sees all rows of the call, later ones included (encoders).
layout(constant_id = 3) const uint CAUSAL = 1;
const uint WG = gl_WorkGroupSize.x;
const uint IPR = WG / TILE;                     // invocations per query row
const uint DIMS = (HEAD_DIM + IPR - 1) / IPR;   // output dimensions per invocation
const uint KEYS = TILE / IPR;                   // scores per invocation per tile
const float NEG_BIG = -1.0e30;                  // marks a masked score

layout(binding = 0) readonly buffer Q { float q[]; };
layout(binding = 1) readonly buffer KCache { float16_t kc[]; };
layout(binding = 2) readonly buffer VCache { float16_t vc[]; };
layout(binding = 3) writeonly buffer Out { float outv[]; };
// The position of query row 0, host-written like the decode kernel's.
layout(binding = 4) readonly buffer Positions { uint positions[]; };
// Attention sinks (gpt-oss): one logit per query head joins the softmax denominator.
layout(binding = 5) readonly buffer Sinks { float sinks[]; };

layout(push_constant) uniform Push {
    uint posSlot;
    uint rows;
    uint nHead;
    uint group;   // query heads per KV head
    uint kvDim;
    float scale;
    uint window;  // sliding window: the last `window` positions only (0 = all)
    uint hasSinks;
} pc;

shared float qs[TILE * HEAD_DIM];
shared float ks[TILE * HEAD_DIM];
shared float vs[TILE * HEAD_DIM];
shared float ps[TILE * TILE];

// First key position a query at qpos may see.
uint firstKey(uint qpos) {
    return pc.window != 0 && qpos + 1 > pc.window ? qpos + 1 - pc.window : 0;
}

void main() {
    const uint tid = gl_LocalInvocationID.x;
    const uint head = gl_WorkGroupID.x, r0 = gl_WorkGroupID.y * TILE;
    const uint row = tid / IPR, lane = tid % IPR;
    const uint pos0 = positions[pc.posSlot];
    const uint lastRow = min(pc.rows, r0 + TILE) - 1;
    const bool live = r0 + row < pc.rows;
    const uint qpos = pos0 + min(r0 + row, lastRow);
    const uint kvBase = (head / pc.group) * HEAD_DIM;

    for (uint i = tid; i < TILE * HEAD_DIM; i += WG) {
        const uint r = i / HEAD_DIM, d = i % HEAD_DIM;
        qs[i] = r0 + r < pc.rows ? q[((r0 + r) * pc.nHead + head) * HEAD_DIM + d] : 0.0;
    }
    float o[DIMS];
    for (uint k = 0; k < DIMS; ++k) o[k] = 0.0;
    float runMax = NEG_BIG, runSum = 0.0;

    const uint keyStart = firstKey(pos0 + r0), keyEnd = pos0 + (CAUSAL != 0 ? lastRow + 1 : pc.rows);
    const uint lastKey = CAUSAL != 0 ? qpos : pos0 + pc.rows - 1;
    for (uint k0 = keyStart; k0 < keyEnd; k0 += TILE) {
        barrier();  // the previous tile (and the query load) is done with
        for (uint i = tid; i < TILE * HEAD_DIM; i += WG) {
            const uint t = i / HEAD_DIM, d = i % HEAD_DIM, pos = k0 + t;
            const uint addr = pos * pc.kvDim + kvBase + d;
            ks[i] = pos < keyEnd ? float(kc[addr]) : 0.0;
            vs[i] = pos < keyEnd ? float(vc[addr]) : 0.0;
        }
        barrier();
        for (uint j = 0; j < KEYS; ++j) {
            const uint t = lane + IPR * j, pos = k0 + t;
            float s = NEG_BIG;
            if (pos <= lastKey && pos >= firstKey(qpos)) {
                float dotv = 0.0;
                for (uint d = 0; d < HEAD_DIM; ++d) dotv += qs[row * HEAD_DIM + d] * ks[t * HEAD_DIM + d];
                s = dotv * pc.scale;
            }
            ps[row * TILE + t] = s;
        }
        barrier();
        float tileMax = NEG_BIG;
        for (uint t = 0; t < TILE; ++t) tileMax = max(tileMax, ps[row * TILE + t]);
        const float newMax = max(runMax, tileMax);
        const float rescale = exp(runMax - newMax);  // 1 while both are NEG_BIG (nothing summed yet)
        float p[TILE];
        float tileSum = 0.0;
        for (uint t = 0; t < TILE; ++t) {
            const float s = ps[row * TILE + t];
            p[t] = s > 0.5 * NEG_BIG ? exp(s - newMax) : 0.0;
            tileSum += p[t];
        }
        runSum = runSum * rescale + tileSum;
        runMax = newMax;
        for (uint k = 0; k < DIMS; ++k) {
            const uint d = lane + IPR * k;
            if (d >= HEAD_DIM) break;
            float acc = o[k] * rescale;
            for (uint t = 0; t < TILE; ++t) acc += p[t] * vs[t * HEAD_DIM + d];
            o[k] = acc;
        }
    }

    if (!live) return;
    float inv = runSum > 0.0 ? 1.0 / runSum : 0.0;
    if (pc.hasSinks != 0) {  // the sink may be the largest term: rescale to it
        const float sink = sinks[head], m = max(runMax, sink), r = exp(runMax - m);
        inv = r / (runSum * r + exp(sink - m));
    }
    const uint outBase = ((r0 + row) * pc.nHead + head) * HEAD_DIM;
    for (uint k = 0; k < DIMS; ++k) {
        const uint d = lane + IPR * k;
        if (d < HEAD_DIM) outv[outBase + d] = o[k] * inv;
    }
}
