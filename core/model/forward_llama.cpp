// The llama family's layer: pre-norm attention and SwiGLU FFN, each added to the residual
// stream. Its members differ only in optional parts: Q/K/V biases (qwen2), per-head Q/K
// RMSNorm before RoPE (qwen3), layers without RoPE (smollm3) and the rotation style; phi3's
// fused tensors were split into ordinary weights when they were bound.
#include "model/decoder.h"

namespace smoldesk::model {

compute::RopeSpec Decoder::ropeOf(int il) const {
    compute::RopeSpec spec = hp_.ropeOf(il);
    if (hp_.windowOf(il) == 0 || hp_.family != Family::Gemma3) spec.freqFactors = ropeFactors_;
    return spec;
}

void Decoder::selfAttention(const Layer& L, int il, int n, int pos0) {
    const compute::MatmulOutput qkv[] = {{L.wq, q_}, {L.wk, k_}, {L.wv, v_}};
    be_.normMatmulGroup(x_, L.attnNorm, hp_.rmsEps, h_, qkv, n, hp_.nEmbd);
    if (L.bq != kAbsent) be_.addBias(q_, L.bq, n, hp_.qDim()); // the K bias before RoPE
    if (L.bk != kAbsent) be_.addBias(k_, L.bk, n, hp_.kvDim());
    if (L.bv != kAbsent) be_.addBias(v_, L.bv, n, hp_.kvDim());
    if (L.qNorm != kAbsent) { // both norms before both rotations: the Vulkan backend fuses those into storeKv
        headNorm(q_, L.qNorm, n, hp_.nHead);
        headNorm(k_, L.kNorm, n, hp_.nHeadKv);
    }
    if (hp_.layerUsesRope[static_cast<size_t>(il)]) {
        const compute::RopeSpec rope = ropeOf(il);
        be_.rope(q_, n, hp_.nHead, hp_.headDim, pos0, rope);
        be_.rope(k_, n, hp_.nHeadKv, hp_.headDim, pos0, rope);
    }
    be_.storeKv(il, k_, v_, n, pos0);
    be_.attention(il, q_, attn_, n, pos0, attentionShape(L, il));
}

void Decoder::llamaLayer(const Layer& L, int il, int n, int pos0) {
    const size_t d = static_cast<size_t>(hp_.nEmbd);
    selfAttention(L, il, n, pos0);
    be_.matmulAdd(L.wo, attn_, x_, proj_, n, d);
    const compute::MatmulOutput gateUp[] = {{L.gate, gate_}, {L.up, up_}};
    be_.normMatmulGroup(x_, L.ffnNorm, hp_.rmsEps, h_, gateUp, n, hp_.nEmbd);
    be_.gluMatmulAdd(hp_.ffnActivation, L.down, gate_, up_, x_, proj_, n, static_cast<size_t>(hp_.nFf), d);
}

} // namespace smoldesk::model
