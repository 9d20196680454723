#version 450
// Embedding lookup: out[r] = dequantized row ids[r] of the table. A table larger than one
// binding is looked up slice by slice; each dispatch fills the rows whose ids fall in it.
#extension GL_EXT_shader_16bit_storage : require
#extension GL_GOOGLE_include_directive : require
layout(local_size_x_id = 0) in;

layout(constant_id = 1) const uint TYPE = 0;

#include "weights.glsl"
#define GRID_BINDING 3
#include "dequant.glsl"

layout(binding = 1) readonly buffer Ids { int ids[]; };
layout(binding = 2) writeonly buffer Out { float outv[]; };

layout(push_constant) uniform Push {
    uint dim;
    uint wBase;
    uint rowBytes;
    uint row0;      // first table row in this slice
    uint rowCount;  // table rows in this slice
} pc;

void main() {
    const uint r = gl_WorkGroupID.y;
    const uint col = gl_WorkGroupID.x * gl_WorkGroupSize.x + gl_LocalInvocationID.x;
    const int id = ids[r];
    if (col >= pc.dim || id < int(pc.row0) || id >= int(pc.row0 + pc.rowCount)) return;
    outv[r * pc.dim + col] = dequantOne(0, TYPE, pc.wBase + (uint(id) - pc.row0) * pc.rowBytes, col);
}
