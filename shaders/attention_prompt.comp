#version 450
// Flash-style causal attention for prompts: a workgroup takes TILE consecutive query rows of
// one query head and walks the keys in tiles of TILE positions held in shared memory, with an
// online softmax per row, so each K/V row is read from memory once per TILE query rows rather
// than once per row. Grid: (nHead, ceil(rows / TILE)). The invocations of one row (IPR of
// them) split its head dimensions in pairs; every one of them keeps the row's running max and sum.
// K and V tiles stay f16 in shared memory (pairs copied as 32-bit words from the f16 cache, so
// exactly the cache's values), rows padded by one word: the lanes of a row read consecutive
// keys, whose rows then start on different banks; half of f32 tiles' memory lets TILE grow.
// Decode (a few rows) stays with the split-K kernel in attention.comp.
#extension GL_EXT_shader_16bit_storage : require
layout(local_size_x_id = 0) in;                 // 64
layout(constant_id = 1) const uint HEAD_DIM = 128;
layout(constant_id = 2) const uint TILE = 16;   // query rows and key positions per tile
// 0: every row sees all rows of the call, later ones included (encoders).
layout(constant_id = 3) const uint CAUSAL = 1;
const uint WG = gl_WorkGroupSize.x;
const uint IPR = WG / TILE;                     // invocations per query row
const uint HP = HEAD_DIM / 2;                   // f16 pairs per head row (head sizes are even)
const uint KSTR = HP + 1;                       // words per K/V tile row, padded
const uint PAIRS = (HP + IPR - 1) / IPR;        // output dimension pairs per invocation
const uint DIMS = 2 * PAIRS;
const uint KEYS = TILE / IPR;                   // scores per invocation per tile
const float NEG_BIG = -1.0e30;                  // marks a masked score

layout(binding = 0) readonly buffer Q { float q[]; };
layout(binding = 1) readonly buffer KCache { uint kc[]; };  // f16 pairs
layout(binding = 2) readonly buffer VCache { uint vc[]; };
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
shared uint ks[TILE * KSTR];  // packed f16 pairs
shared uint vs[TILE * KSTR];
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
        for (uint i = tid; i < TILE * HP; i += WG) {
            const uint t = i / HP, h = i % HP, pos = k0 + t;
            const uint word = (pos * pc.kvDim + kvBase) / 2 + h;  // kvDim and kvBase are even
            ks[t * KSTR + h] = pos < keyEnd ? kc[word] : 0u;
            vs[t * KSTR + h] = pos < keyEnd ? vc[word] : 0u;
        }
        barrier();
        for (uint j = 0; j < KEYS; ++j) {
            const uint t = lane + IPR * j, pos = k0 + t;
            float s = NEG_BIG;
            if (pos <= lastKey && pos >= firstKey(qpos)) {
                float dotv = 0.0;
                for (uint h = 0; h < HP; ++h) {
                    const vec2 k2 = unpackHalf2x16(ks[t * KSTR + h]);
                    dotv += qs[row * HEAD_DIM + 2 * h] * k2.x;
                    dotv += qs[row * HEAD_DIM + 2 * h + 1] * k2.y;
                }
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
        for (uint k = 0; k < PAIRS; ++k) {
            const uint h = lane + IPR * k;
            if (h >= HP) break;
            vec2 acc = vec2(o[2 * k], o[2 * k + 1]) * rescale;
            for (uint t = 0; t < TILE; ++t) acc += p[t] * unpackHalf2x16(vs[t * KSTR + h]);
            o[2 * k] = acc.x;
            o[2 * k + 1] = acc.y;
        }
    }

    if (!live) return;
    float inv = runSum > 0.0 ? 1.0 / runSum : 0.0;
    if (pc.hasSinks != 0) {  // the sink may be the largest term: rescale to it
        const float sink = sinks[head], m = max(runMax, sink), r = exp(runMax - m);
        inv = r / (runSum * r + exp(sink - m));
    }
    const uint outBase = ((r0 + row) * pc.nHead + head) * HEAD_DIM;
    for (uint k = 0; k < PAIRS; ++k) {
        const uint h = lane + IPR * k;
        if (h >= HP) break;
        outv[outBase + 2 * h] = o[2 * k] * inv;
        outv[outBase + 2 * h + 1] = o[2 * k + 1] * inv;
    }
}
