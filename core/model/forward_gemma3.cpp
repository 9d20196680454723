// Gemma 3's layer: like llama's, plus an RMSNorm on the attention output and on the FFN
// output before each is added to the residual stream ("sandwich" norms), per-head Q/K norms,
// a GELU-gated FFN, and sliding-window attention with its own RoPE base on the local layers
// (attentionShape and ropeOf read both from the hyper-parameters). The √n_embd embedding
// scale is applied in forward().
#include "model/decoder.h"

namespace smoldesk::model {

void Decoder::gemma3Layer(const Layer& L, int il, int n, int pos0) {
    const size_t d = static_cast<size_t>(hp_.nEmbd);
    be_.rmsNorm(x_, L.attnNorm, h_, n, hp_.nEmbd, hp_.rmsEps);
    const compute::MatmulOutput qkv[] = {{L.wq, q_}, {L.wk, k_}, {L.wv, v_}};
    be_.matmulGroup(h_, qkv, n);
    headNorm(q_, L.qNorm, n, hp_.nHead);
    headNorm(k_, L.kNorm, n, hp_.nHeadKv);
    const compute::RopeSpec rope = hp_.ropeOf(il);
    be_.rope(q_, n, hp_.nHead, hp_.headDim, pos0, rope);
    be_.rope(k_, n, hp_.nHeadKv, hp_.headDim, pos0, rope);
    be_.storeKv(il, k_, v_, n, pos0);
    be_.attention(il, q_, attn_, n, pos0, attentionShape(il));
    be_.matmul(L.wo, attn_, proj_, n);
    be_.rmsNorm(proj_, L.postAttnNorm, proj_, n, hp_.nEmbd, hp_.rmsEps);
    be_.add(x_, proj_, x_, static_cast<size_t>(n) * d);

    be_.rmsNorm(x_, L.ffnNorm, h_, n, hp_.nEmbd, hp_.rmsEps);
    const compute::MatmulOutput gateUp[] = {{L.gate, gate_}, {L.up, up_}};
    be_.matmulGroup(h_, gateUp, n);
    const size_t ff = static_cast<size_t>(n) * static_cast<size_t>(hp_.nFf);
    be_.glu(hp_.ffnActivation, gate_, up_, gate_, ff);
    be_.matmul(L.down, gate_, proj_, n);
    be_.rmsNorm(proj_, L.postFfnNorm, proj_, n, hp_.nEmbd, hp_.rmsEps);
    be_.add(x_, proj_, x_, static_cast<size_t>(n) * d);
}

} // namespace smoldesk::model
