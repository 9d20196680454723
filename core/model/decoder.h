#pragma once
// A decoder-only transformer: tensors bound to a backend, and one forward pass per model
// family (forward_llama.cpp, forward_gemma3.cpp, forward_qwen3moe.cpp, forward_gptoss.cpp) written once
// against the compute interface, shared by the CPU and Vulkan backends. This file's forward() runs the parts
// every family shares: the embedding lookup, the layers, the final norm and the logits.
#include "compute/backend.h"
#include "gguf/file.h"
#include "model/hparams.h"
#include "model/memory_plan.h"

#include <atomic>
#include <cstdint>
#include <deque>
#include <functional>
#include <span>
#include <vector>

namespace smoldesk::model {

class Decoder {
  public:
    // Binds and checks every tensor (presence, shape, computable type) before any compute.
    // maxBatch bounds the tokens per forward call; nCtx sizes the KV cache. onWeightBound, when
    // given, is called after each weight the backend took (uploaded, repacked) with the bytes
    // bound so far; returning false cancels (Error Cancelled).
    using WeightProgress = std::function<bool(uint64_t bytesBound)>;
    Decoder(const gguf::File& file, HyperParams hp, compute::Backend& backend, int nCtx, int maxBatch,
            WeightProgress onWeightBound = {});

    const HyperParams& hparams() const { return hp_; }
    int contextSize() const { return nCtx_; }
    int maxBatch() const { return maxBatch_; }

    // Runs ids at positions pos0, pos0+1, … through the model (ids.size() ≤ maxBatch) and
    // writes logits: every row when allLogits, else only the last row. Rows are n_vocab wide.
    // Checks `cancel` between layers and throws Error(Cancelled) when it is set.
    void forward(std::span<const int32_t> ids, int pos0, bool allLogits, std::vector<float>& logits,
                 const std::atomic<bool>* cancel = nullptr);
    // The same layers, but out come every row's final hidden states (after the output norm),
    // ids.size() × n_embd floats, instead of logits: decoder embedding models (Qwen3-Embedding).
    void forwardHidden(std::span<const int32_t> ids, int pos0, std::vector<float>& hidden,
                       const std::atomic<bool>* cancel = nullptr);
    // The same as forward(), but the inputs are precomputed embedding rows (an image's, from
    // its projector: rows.size() / n_embd of them, n_embd wide) instead of token ids looked up
    // in token_embd; they are not scaled (Gemma 3 scales only looked-up rows, as llama.cpp
    // does). causal false: every row of the call also sees the later rows of the call (Gemma 3's
    // image tokens attend to each other both ways, libmtmd's non-causal image batches).
    void forwardRows(std::span<const float> rows, int pos0, bool causal, bool allLogits,
                     std::vector<float>& logits, const std::atomic<bool>* cancel = nullptr);

  private:
    static constexpr compute::WeightId kAbsent = -1;
    struct Layer {
        compute::WeightId attnNorm, wq, wk, wv, wo, ffnNorm, gate, up, down;
        compute::WeightId bq = kAbsent, bk = kAbsent, bv = kAbsent;      // qwen2
        compute::WeightId qNorm = kAbsent, kNorm = kAbsent;              // qwen3, gemma3
        compute::WeightId postAttnNorm = kAbsent, postFfnNorm = kAbsent; // gemma3
        compute::WeightId bo = kAbsent, sinks = kAbsent;                 // gpt-oss
        compute::MoeFfn moe;                                             // qwen3moe, gpt-oss
    };
    const gguf::TensorInfo& checkedTensor(const gguf::File& file, const std::string& name,
                                          const std::vector<uint64_t>& shape);
    compute::WeightId bind(const gguf::File& file, const std::string& name, std::vector<uint64_t> shape);
    // be_.addWeight, then onWeightBound_.
    compute::WeightId addWeight(const gguf::TensorInfo& t);
    // The embedding lookup and every layer on the residual stream x_ (forward's shared part).
    void runLayers(std::span<const int32_t> ids, int pos0, const std::atomic<bool>* cancel);
    // Every layer on the n rows already in x_ (from the lookup or written from outside).
    void runBlocks(int n, int pos0, const std::atomic<bool>* cancel);
    void checkBatch(int n, int pos0) const;
    // The output norm and head on x_'s n rows: every row's logits, or the last row's.
    void headLogits(int n, bool allLogits, std::vector<float>& logits);
    compute::WeightId bindOptional(const gguf::File& file, const std::string& name,
                                   std::vector<uint64_t> shape);
    // Rows [row0, row0 + rows) of a fused 2-D tensor of shape {cols, totalRows} as a weight of
    // its own (phi3's attn_qkv and gate+up ffn_up).
    compute::WeightId bindRows(const gguf::File& file, const std::string& name, uint64_t cols,
                               uint64_t totalRows, uint64_t row0, uint64_t rows);
    Layer bindLayer(const gguf::File& file, int il); // decoder_bind.cpp
    // One layer of each family on the residual stream x_, n tokens from position pos0.
    // selfAttention (forward_llama.cpp) is the part they share: attention of the normed x_
    // into attn_, through the KV cache.
    void selfAttention(const Layer& L, int il, int n, int pos0);
    void llamaLayer(const Layer& L, int il, int n, int pos0);
    void gemma3Layer(const Layer& L, int il, int n, int pos0);
    void qwen3MoeLayer(const Layer& L, int il, int n, int pos0); // forward_qwen3moe.cpp
    void gptOssLayer(const Layer& L, int il, int n, int pos0);   // forward_gptoss.cpp
    compute::MoeFfn bindExperts(const gguf::File& file, const std::string& prefix, bool biases);
    // Per-head RMSNorm of n rows of `heads` heads (Q/K norms); the weight is one head wide.
    void headNorm(compute::BufferId x, compute::WeightId w, int n, int heads);
    compute::AttentionShape attentionShape(const Layer& L, int il) const;
    // The layer's rotation with the factor tensor this context uses (see HyperParams::ropeOf).
    compute::RopeSpec ropeOf(int il) const;

    HyperParams hp_;
    compute::Backend& be_;
    int nCtx_;
    int maxBatch_;
    WeightProgress onWeightBound_;
    uint64_t bytesBound_ = 0;
    compute::WeightId tokEmbd_, outputNorm_, output_;
    compute::WeightId ropeFactors_ = kAbsent; // rope_freqs or LongRoPE's long or short set
    std::deque<gguf::TensorInfo> views_;      // row ranges of fused tensors, bound as weights
    std::vector<Layer> layers_;
    compute::BufferId x_, h_, q_, k_, v_, attn_, proj_, gate_, up_, last_, logits_, moeScratch_;
    bool causal_ = true; // this forward's attention (false only for forwardRows' bidirectional rows)
    static constexpr int kLogitRows = kLogitRowsPerChunk; // logits in chunks, to bound memory
};

} // namespace smoldesk::model
