// Qwen3 MoE's layer (Qwen3-30B-A3B, Qwen3-Coder-30B-A3B): qwen3's attention (per-head Q/K
// norms before NeoX RoPE) and a mixture-of-experts FFN in every layer: the router's softmax
// over all experts, the top expert_used_count renormalised to sum 1, each a SwiGLU expert.
#include "model/decoder.h"

namespace smoldesk::model {

void Decoder::qwen3MoeLayer(const Layer& L, int il, int n, int pos0) {
    const size_t d = static_cast<size_t>(hp_.nEmbd);
    selfAttention(L, il, n, pos0);
    be_.matmulAdd(L.wo, attn_, x_, proj_, n, d);
    be_.rmsNorm(x_, L.ffnNorm, h_, n, hp_.nEmbd, hp_.rmsEps);
    be_.moeFfn(L.moe, h_, x_, moeScratch_, n);
}

} // namespace smoldesk::model
