#version 450
// Sorts a layer's (token, expert) pairs by expert for moe_matmul.comp, in one workgroup: the
// pair count of each expert, their starts (prefix sums), the start of each expert's tiles of
// TILE pairs, and the pairs themselves grouped by expert (in any order within an expert: each
// pair's result is computed alone, so the order changes nothing). Values are uint bits in the
// float scratch.
#extension GL_GOOGLE_include_directive : require
layout(local_size_x_id = 0) in;
layout(constant_id = 1) const uint TILE = 16;
const uint MAX_EXPERTS = 512;  // checked by the host

layout(binding = 0) buffer Scratch { float s[]; };

layout(push_constant) uniform Push {
    uint pairs;
    uint nExpert;
    uint idsOffset;
    uint orderOffset;  // pairs values
    uint startOffset;  // nExpert + 1 values
    uint tileOffset;   // nExpert + 1 values
} pc;

shared uint cursor[MAX_EXPERTS];

uint idOf(uint p) { return floatBitsToUint(s[pc.idsOffset + p]); }

void main() {
    const uint tid = gl_LocalInvocationID.x, wg = gl_WorkGroupSize.x;
    for (uint e = tid; e < pc.nExpert; e += wg) cursor[e] = 0;
    barrier();
    for (uint p = tid; p < pc.pairs; p += wg) atomicAdd(cursor[idOf(p)], 1u);
    barrier();
    if (tid == 0) {
        uint start = 0, tiles = 0;
        for (uint e = 0; e < pc.nExpert; ++e) {
            const uint n = cursor[e];
            s[pc.startOffset + e] = uintBitsToFloat(start);
            s[pc.tileOffset + e] = uintBitsToFloat(tiles);
            cursor[e] = start;
            start += n;
            tiles += (n + TILE - 1) / TILE;
        }
        s[pc.startOffset + pc.nExpert] = uintBitsToFloat(start);
        s[pc.tileOffset + pc.nExpert] = uintBitsToFloat(tiles);
    }
    barrier();
    for (uint p = tid; p < pc.pairs; p += wg) s[pc.orderOffset + atomicAdd(cursor[idOf(p)], 1u)] = uintBitsToFloat(p);
}
