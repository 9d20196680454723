#pragma once
// The llama-family decoder (llama, smollm3): tensors bound to a backend and one forward
// pass written once against the compute interface, shared by the CPU and Vulkan backends.
#include "compute/backend.h"
#include "gguf/file.h"
#include "model/hparams.h"

#include <atomic>
#include <cstdint>
#include <span>
#include <vector>

namespace smoldesk::model {

class Decoder {
  public:
    // Binds and checks every tensor (presence, shape, computable type) before any compute.
    // maxBatch bounds the tokens per forward call; nCtx sizes the KV cache.
    Decoder(const gguf::File& file, HyperParams hp, compute::Backend& backend, int nCtx, int maxBatch);

    const HyperParams& hparams() const { return hp_; }
    int contextSize() const { return nCtx_; }
    int maxBatch() const { return maxBatch_; }

    // Runs ids at positions pos0, pos0+1, … through the model (ids.size() ≤ maxBatch) and
    // writes logits: every row when allLogits, else only the last row. Rows are n_vocab wide.
    // Checks `cancel` between layers and throws Error(Cancelled) when it is set.
    void forward(std::span<const int32_t> ids, int pos0, bool allLogits, std::vector<float>& logits,
                 const std::atomic<bool>* cancel = nullptr);

  private:
    struct Layer {
        compute::WeightId attnNorm, wq, wk, wv, wo, ffnNorm, gate, up, down;
    };
    compute::WeightId bind(const gguf::File& file, const std::string& name, std::vector<uint64_t> shape);

    HyperParams hp_;
    compute::Backend& be_;
    int nCtx_;
    int maxBatch_;
    compute::WeightId tokEmbd_, outputNorm_, output_;
    std::vector<Layer> layers_;
    compute::BufferId x_, h_, q_, k_, v_, attn_, proj_, gate_, up_, last_, logits_;
    static constexpr int kLogitRows = 8; // logits are computed in chunks to bound memory
};

} // namespace smoldesk::model
