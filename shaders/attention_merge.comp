#version 450
// Combines the per-split partial results of attention.comp: with M = max of the split
// maxima, out = Σ o_s·e^(m_s − M) / Σ l_s·e^(m_s − M). One workgroup per (row, head). With
// attention sinks, the head's sink logit s joins: M includes s and the denominator e^(s − M).
#extension GL_GOOGLE_include_directive : require
layout(local_size_x_id = 0) in;

#include "header.glsl"

layout(binding = 0) readonly buffer Partial { float partial[]; };
layout(binding = 1) writeonly buffer Out { float outv[]; };
layout(binding = 2) readonly buffer Sinks { float sinks[]; };

layout(push_constant) uniform Push {
    uint rowHeads;
    uint headDim;
    uint nSplit;
    uint groupsX;
    uint nHead;
    uint hasSinks;
} pc;

void main() {
    const uint rh = flatGroup(pc.groupsX);
    if (rh >= pc.rowHeads) return;
    const uint stride = pc.headDim + 2, base = rh * pc.nSplit * stride;
    float m = -1.0e30;
    for (uint s = 0; s < pc.nSplit; ++s) m = max(m, partial[base + s * stride + pc.headDim]);
    const float sink = pc.hasSinks != 0 ? sinks[rh % pc.nHead] : -1.0e30;
    m = max(m, sink);
    float l = pc.hasSinks != 0 ? exp(sink - m) : 0.0;
    for (uint s = 0; s < pc.nSplit; ++s)
        l += partial[base + s * stride + pc.headDim + 1] * exp(partial[base + s * stride + pc.headDim] - m);
    for (uint d = gl_LocalInvocationID.x; d < pc.headDim; d += gl_WorkGroupSize.x) {
        float acc = 0.0;
        for (uint s = 0; s < pc.nSplit; ++s) acc += partial[base + s * stride + d] * exp(partial[base + s * stride + pc.headDim] - m);
        outv[rh * pc.headDim + d] = acc / l;
    }
}
