#pragma once
// An encoder-only transformer (BERT and its relatives): tensors bound to a backend and the
// forward pass of one sequence with bidirectional attention, written once against the compute
// interface and shared by the CPU and Vulkan backends. Its output is every token's hidden state;
// pooling (model/pooling.h) makes the embedding. Two families, told apart by data:
//   bert        token + token type + absolute position embeddings, Q/K/V/O and FFN biases, GELU
//   nomic-bert  token + token type embeddings, fused QKV with rotary (NeoX), SwiGLU, no biases
// Both are post-norm: LayerNorm (with bias) after the attention and after the FFN residual.
#include "compute/backend.h"
#include "gguf/file.h"

#include <deque>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace smoldesk::model {

struct EncoderParams {
    std::string arch;
    bool rotary = false; // nomic-bert: RoPE, fused QKV, SwiGLU; bert: positions, biases, GELU
    int nLayer = 0, nEmbd = 0, nHead = 0, headDim = 0, nFf = 0, nVocab = 0, nCtxTrain = 0;
    float normEps = 1e-12f;
    float ropeFreqBase = 10000.0f;
};

// "bert" and "nomic-bert".
bool isEncoderArchitecture(std::string_view arch);
// Reads and checks the hyper-parameters ({arch}.block_count, embedding_length, …). Error in one
// sentence for a missing key or an impossible value.
EncoderParams readEncoderParams(const gguf::File& file);

class Encoder {
  public:
    // Binds and checks every tensor before any compute; maxTokens bounds one sequence (at most
    // the trained context for bert, whose position table has that many rows).
    Encoder(const gguf::File& file, EncoderParams params, compute::Backend& backend, int maxTokens);

    const EncoderParams& params() const { return p_; }
    int maxTokens() const { return maxTokens_; }

    // Every token's final hidden state, ids.size() × nEmbd floats, of one sequence.
    void forward(std::span<const int32_t> ids, std::vector<float>& hidden);
    // Several sequences in one pass: the matrix products run over all their tokens together (what
    // makes short texts faster), attention within each sequence only, positions from 0 in each.
    // Their tokens together must fit in maxTokens(). hidden: each sequence's rows, in order.
    void forwardBatch(std::span<const std::span<const int32_t>> sequences, std::vector<float>& hidden);

  private:
    static constexpr compute::WeightId kAbsent = -1;
    struct Norm {
        compute::WeightId w = kAbsent, b = kAbsent;
    };
    struct Layer {
        compute::WeightId wq, wk, wv, wo, up, down, gate = kAbsent;
        compute::WeightId bq = kAbsent, bk = kAbsent, bv = kAbsent, bo = kAbsent, bUp = kAbsent,
                          bDown = kAbsent;
        Norm attnOutNorm, layerOutNorm;
    };
    // The tensor with exactly this shape and a type we compute with (norms and biases F32), or an Error.
    static const gguf::TensorInfo& checked(const gguf::File& file, const std::string& name,
                                           const std::vector<uint64_t>& shape);
    compute::WeightId bind(const gguf::File& file, const std::string& name, std::vector<uint64_t> shape);
    compute::WeightId bindOptional(const gguf::File& file, const std::string& name,
                                   std::vector<uint64_t> shape);
    compute::WeightId bindRows(const gguf::File& file, const std::string& name, uint64_t row0, uint64_t rows);
    Norm bindNorm(const gguf::File& file, const std::string& name);
    Layer bindLayer(const gguf::File& file, int il);
    void embedInput(std::span<const int32_t> ids); // forward_bert.cpp
    void checkIds(std::span<const int32_t> ids) const;
    void layer(const Layer& L, int il, int n);         // forward_bert.cpp
    void attention(const Layer& L, int il, int n);     // forward_bert.cpp
    void attendSequence(int il, int offset, int rows); // one sequence of a batch
    void attendRows(int il, compute::BufferId q, compute::BufferId k, compute::BufferId v,
                    compute::BufferId out, int rows);
    void feedForward(const Layer& L, int n); // forward_bert.cpp

    EncoderParams p_;
    compute::Backend& be_;
    int maxTokens_;
    compute::WeightId tokEmbd_, typeEmbd_ = kAbsent, posEmbd_ = kAbsent;
    Norm embdNorm_;
    std::vector<Layer> layers_;
    std::deque<gguf::TensorInfo> views_; // the Q, K and V rows of fused attn_qkv tensors
    compute::BufferId x_, q_, k_, v_, attn_, proj_, ffn_, gate_, tmp_;
    std::vector<int32_t> positions_; // 0, 1, … for the position table and token type 0
    std::vector<int> lengths_;       // the sequences of the pass (one: the whole input)
};

} // namespace smoldesk::model
