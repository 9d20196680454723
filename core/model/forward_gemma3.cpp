// Gemma 3's layer: llama's attention (with the per-head Q/K norms every Gemma 3 file has, and
// sliding-window attention with its own RoPE base on the local layers: attentionShape and
// ropeOf read both from the hyper-parameters), then an RMSNorm on the attention output and on
// the FFN output before each is added to the residual stream ("sandwich" norms), and a
// GELU-gated FFN. The √n_embd embedding scale is applied in forward().
#include "model/decoder.h"

namespace smoldesk::model {

void Decoder::gemma3Layer(const Layer& L, int il, int n, int pos0) {
    const size_t d = static_cast<size_t>(hp_.nEmbd);
    selfAttention(L, il, n, pos0);
    be_.matmul(L.wo, attn_, proj_, n);
    be_.rmsNorm(proj_, L.postAttnNorm, proj_, n, hp_.nEmbd, hp_.rmsEps);
    be_.add(x_, proj_, x_, static_cast<size_t>(n) * d);

    const compute::MatmulOutput gateUp[] = {{L.gate, gate_}, {L.up, up_}};
    be_.normMatmulGroup(x_, L.ffnNorm, hp_.rmsEps, h_, gateUp, n, hp_.nEmbd);
    be_.glu(hp_.ffnActivation, gate_, up_, gate_, static_cast<size_t>(n) * static_cast<size_t>(hp_.nFf));
    be_.matmul(L.down, gate_, proj_, n);
    be_.rmsNorm(proj_, L.postFfnNorm, proj_, n, hp_.nEmbd, hp_.rmsEps);
    be_.add(x_, proj_, x_, static_cast<size_t>(n) * d);
}

} // namespace smoldesk::model
