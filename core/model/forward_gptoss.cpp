// gpt-oss's layer (OpenAI gpt-oss-20b/120b): attention with Q/K/V/O biases, a learned sink
// logit per head in each softmax's denominator (AttentionShape::sinks), a sliding window on
// the even layers and YaRN RoPE (both from the hyper-parameters); then a mixture of experts on
// the post_attention_norm'ed stream: the router with its bias, the top k, a softmax over those
// k, experts with biases and the clamped SwiGLU. The output head is untied.
#include "model/decoder.h"

namespace smoldesk::model {

void Decoder::gptOssLayer(const Layer& L, int il, int n, int pos0) {
    const size_t d = static_cast<size_t>(hp_.nEmbd);
    selfAttention(L, il, n, pos0);
    be_.matmul(L.wo, attn_, proj_, n);
    be_.addBias(proj_, L.bo, n, hp_.nEmbd);
    be_.add(x_, proj_, x_, static_cast<size_t>(n) * d);
    be_.rmsNorm(x_, L.ffnNorm, h_, n, hp_.nEmbd, hp_.rmsEps);
    be_.moeFfn(L.moe, h_, x_, moeScratch_, n);
}

} // namespace smoldesk::model
