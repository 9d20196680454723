// The encoder's forward pass (bert, nomic-bert), post-norm:
//   x = LayerNorm(tok[id] + type[0] (+ pos[i]))
//   per layer: a = Wo·attention(Q, K, V) (+ bo); x = LayerNorm(x + a)
//              f = down(gelu(up·x + bu)) + bd   (bert)  |  down(silu(gate·x) ⊙ up·x)  (nomic-bert)
//              x = LayerNorm(x + f)
// Attention is bidirectional over the one sequence (AttentionShape::causal = false) through the
// backend's KV cache; nomic-bert rotates Q and K NeoX-style first. Token types are all 0
// ("sentence A"), as llama.cpp feeds them.
#include "common/error.h"
#include "model/encoder.h"

#include <cmath>
#include <numeric>

namespace smoldesk::model {

void Encoder::checkIds(std::span<const int32_t> ids) const {
    const int n = static_cast<int>(ids.size());
    if (n == 0) throw Error(ErrorCode::InvalidArgument, "An embedding needs at least one token.");
    if (n > maxTokens_)
        throw Error(ErrorCode::InvalidArgument, "The text has " + std::to_string(n) +
                                                    " tokens; the model reads at most " +
                                                    std::to_string(maxTokens_) + ".");
    for (int32_t id : ids)
        if (id < 0 || id >= p_.nVocab)
            throw Error(ErrorCode::InvalidArgument, "Token id " + std::to_string(id) +
                                                        " is outside the vocabulary of " +
                                                        std::to_string(p_.nVocab) + " tokens.");
}

void Encoder::forward(std::span<const int32_t> ids, std::vector<float>& hidden) {
    const std::span<const int32_t> one[] = {ids};
    forwardBatch(one, hidden);
}

void Encoder::forwardBatch(std::span<const std::span<const int32_t>> sequences, std::vector<float>& hidden) {
    std::vector<int32_t> ids;
    lengths_.clear();
    for (const std::span<const int32_t> s : sequences) {
        checkIds(s);
        ids.insert(ids.end(), s.begin(), s.end());
        lengths_.push_back(static_cast<int>(s.size()));
    }
    if (lengths_.empty()) throw Error(ErrorCode::InvalidArgument, "An embedding needs at least one token.");
    const int n = static_cast<int>(ids.size());
    if (n > maxTokens_)
        throw Error(ErrorCode::InvalidArgument, "The batch has " + std::to_string(n) +
                                                    " tokens; the model reads at most " +
                                                    std::to_string(maxTokens_) + " at once.");
    embedInput(ids);
    for (int il = 0; il < p_.nLayer; ++il) layer(layers_[static_cast<size_t>(il)], il, n);
    const size_t d = static_cast<size_t>(p_.nEmbd);
    hidden.resize(static_cast<size_t>(n) * d);
    be_.read(x_, 0, hidden.size(), hidden.data());
}

void Encoder::embedInput(std::span<const int32_t> ids) {
    const int n = static_cast<int>(ids.size());
    const size_t values = static_cast<size_t>(n) * static_cast<size_t>(p_.nEmbd);
    be_.embed(tokEmbd_, ids, x_);
    if (typeEmbd_ != kAbsent) {
        positions_.assign(static_cast<size_t>(n), 0);
        be_.embed(typeEmbd_, positions_, tmp_);
        be_.add(x_, tmp_, x_, values);
    }
    if (posEmbd_ != kAbsent) { // each sequence of a batch counts from 0
        positions_.clear();
        for (const int len : lengths_)
            for (int i = 0; i < len; ++i) positions_.push_back(i);
        be_.embed(posEmbd_, positions_, tmp_);
        be_.add(x_, tmp_, x_, values);
    }
    be_.layerNorm(x_, embdNorm_.w, embdNorm_.b, x_, n, p_.nEmbd, p_.normEps);
}

void Encoder::attention(const Layer& L, int il, int n) {
    const compute::MatmulOutput qkv[] = {{L.wq, q_}, {L.wk, k_}, {L.wv, v_}};
    be_.matmulGroup(x_, qkv, n);
    if (L.bq != kAbsent) be_.addBias(q_, L.bq, n, p_.nEmbd);
    if (L.bk != kAbsent) be_.addBias(k_, L.bk, n, p_.nEmbd);
    if (L.bv != kAbsent) be_.addBias(v_, L.bv, n, p_.nEmbd);
    if (lengths_.size() > 1) { // a batch: each sequence attends to itself only
        for (int s = 0, offset = 0; s < static_cast<int>(lengths_.size()); offset += lengths_[size_t(s++)])
            attendSequence(il, offset, lengths_[size_t(s)]);
        return;
    }
    attendRows(il, q_, k_, v_, attn_, n);
}

// One sequence of a batch, rows [offset, offset + rows) of q_, k_ and v_, through scratch buffers
// that are free during attention (tmp_, proj_, ffn_: each holds maxTokens rows of nEmbd), and
// copied back into attn_.
void Encoder::attendSequence(int il, int offset, int rows) {
    const size_t d = static_cast<size_t>(p_.nEmbd);
    const size_t at = static_cast<size_t>(offset) * d, count = static_cast<size_t>(rows) * d;
    const compute::BufferId q = tmp_, k = proj_, v = ffn_,
                            out = proj_; // k is in the cache before out is written
    be_.copy(q_, at, q, 0, count);
    be_.copy(k_, at, k, 0, count);
    be_.copy(v_, at, v, 0, count);
    attendRows(il, q, k, v, out, rows);
    be_.copy(out, 0, attn_, at, count);
}

// Non-causal attention of `rows` tokens over themselves: rotated from position 0 (rotary
// models), stored in the KV cache from 0, attended into out.
void Encoder::attendRows(int il, compute::BufferId q, compute::BufferId k, compute::BufferId v,
                         compute::BufferId out, int rows) {
    if (p_.rotary) {
        compute::RopeSpec rope;
        rope.dims = p_.headDim;
        rope.freqBase = p_.ropeFreqBase;
        rope.style = compute::RopeStyle::NeoX;
        be_.rope(q, rows, p_.nHead, p_.headDim, 0, rope);
        be_.rope(k, rows, p_.nHead, p_.headDim, 0, rope);
    }
    be_.storeKv(il, k, v, rows, 0);
    compute::AttentionShape shape;
    shape.nHead = p_.nHead;
    shape.nHeadKv = p_.nHead;
    shape.headDim = p_.headDim;
    shape.scale = 1.0f / std::sqrt(static_cast<float>(p_.headDim));
    shape.causal = false;
    be_.attention(il, q, out, rows, 0, shape);
}

void Encoder::feedForward(const Layer& L, int n) {
    const size_t d = static_cast<size_t>(p_.nEmbd), ff = static_cast<size_t>(p_.nFf);
    if (p_.rotary) { // SwiGLU: the gated activation folds into the down projection
        const compute::MatmulOutput gateUp[] = {{L.gate, gate_}, {L.up, ffn_}};
        be_.matmulGroup(x_, gateUp, n);
        be_.gluMatmulAdd(compute::GluActivation::Silu, L.down, gate_, ffn_, x_, proj_, n, ff, d);
    } else {
        be_.matmul(L.up, x_, ffn_, n);
        if (L.bUp != kAbsent) be_.addBias(ffn_, L.bUp, n, p_.nFf);
        be_.gelu(ffn_, static_cast<size_t>(n) * ff);
        be_.matmulAdd(L.down, ffn_, x_, proj_, n, d);
    }
    if (L.bDown != kAbsent) be_.addBias(x_, L.bDown, n, p_.nEmbd);
}

void Encoder::layer(const Layer& L, int il, int n) {
    const size_t d = static_cast<size_t>(p_.nEmbd);
    attention(L, il, n);
    be_.matmulAdd(L.wo, attn_, x_, proj_, n, d); // the residual: x + Wo·a
    if (L.bo != kAbsent) be_.addBias(x_, L.bo, n, p_.nEmbd);
    be_.layerNorm(x_, L.attnOutNorm.w, L.attnOutNorm.b, x_, n, p_.nEmbd, p_.normEps);
    feedForward(L, n);
    be_.layerNorm(x_, L.layerOutNorm.w, L.layerOutNorm.b, x_, n, p_.nEmbd, p_.normEps);
}

} // namespace smoldesk::model
