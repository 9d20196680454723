#version 450
// The router of a mixture of experts, one invocation per token (compute/moe_routing.cpp is
// the host twin): from the token's router logits (bias added) to its nUsed experts, in
// selection order (largest first, the lower id on a tie), and their weights. GATING 0:
// softmax over all experts, the top k renormalised (sum clamped at 6.1e-5 as ggml does);
// 1: the top k logits, softmax over those k. Ids are stored as float bits.
#extension GL_GOOGLE_include_directive : require
layout(local_size_x_id = 0) in;
layout(constant_id = 1) const uint GATING = 0;

layout(binding = 0) buffer Scratch { float s[]; };

layout(push_constant) uniform Push {
    uint rows;
    uint nExpert;
    uint nUsed;
    uint idsOffset;
    uint weightsOffset;
} pc;

void main() {
    const uint t = gl_GlobalInvocationID.x;
    if (t >= pc.rows) return;
    const uint base = t * pc.nExpert;
    float top = -1.0e30;
    for (uint e = 0; e < pc.nExpert; ++e) top = max(top, s[base + e]);
    float total = 0.0;
    if (GATING == 0)
        for (uint e = 0; e < pc.nExpert; ++e) total += exp(s[base + e] - top);
    // The j-th choice is the best expert ranked after the (j-1)-th in (score desc, id asc).
    float prevScore = 1.0e38;
    uint prevId = 0;
    float chosen[8];  // nUsed ≤ 8 is checked by the host
    float sum = 0.0;
    for (uint j = 0; j < pc.nUsed; ++j) {
        float bestScore = -1.0e38;
        uint best = 0xFFFFFFFFu;
        for (uint e = 0; e < pc.nExpert; ++e) {
            const float score = GATING == 0 ? exp(s[base + e] - top) / total : s[base + e];
            const bool after = j == 0 || score < prevScore || (score == prevScore && e > prevId);
            if (after && (best == 0xFFFFFFFFu || score > bestScore)) {
                best = e;
                bestScore = score;
            }
        }
        prevScore = bestScore;
        prevId = best;
        chosen[j] = bestScore;
        s[pc.idsOffset + t * pc.nUsed + j] = uintBitsToFloat(best);
    }
    if (GATING == 0) {
        for (uint j = 0; j < pc.nUsed; ++j) sum += chosen[j];
        sum = max(sum, 6.103515625e-5);
        for (uint j = 0; j < pc.nUsed; ++j) s[pc.weightsOffset + t * pc.nUsed + j] = chosen[j] / sum;
    } else {
        for (uint j = 0; j < pc.nUsed; ++j) sum += exp(chosen[j] - chosen[0]);
        for (uint j = 0; j < pc.nUsed; ++j) s[pc.weightsOffset + t * pc.nUsed + j] = exp(chosen[j] - chosen[0]) / sum;
    }
}
