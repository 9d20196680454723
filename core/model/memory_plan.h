#pragma once
// What a model will hold in a backend's memory for a context and a batch size, computed from
// the file and the hyper-parameters before anything is allocated, so that a GPU too small for
// the model is refused up front. The Decoder creates exactly the buffers counted here.
#include "compute/layer_split.h"
#include "gguf/file.h"
#include "model/hparams.h"

#include <array>
#include <cstdint>

namespace smoldesk::model {

struct MemoryPlan {
    uint64_t weightBytes = 0;     // every tensor as stored in the file (blocks stay quantized)
    uint64_t kvCacheBytes = 0;    // f16 K and V of every layer for every position of the context
    uint64_t activationBytes = 0; // the decoder's f32 work buffers for maxBatch tokens and the logits
    uint64_t logitBytes = 0;      // the largest read back at once (a chunk of logit rows)
    uint64_t total() const { return weightBytes + kvCacheBytes + activationBytes; }
};

// The decoder's activation buffers in floats, in the order it creates them (x, h, q, k, v, attn,
// proj, gate, up, last, logits, and the mixture-of-experts scratch: one float for a dense model).
// Products saturate instead of overflowing for hostile values.
std::array<uint64_t, 12> activationBufferFloats(const HyperParams& hp, uint64_t nVocab, int maxBatch);

// The plan for `file` run with `hp` (the vocabulary size is read from token_embd.weight when hp
// leaves it 0). Never throws: a file the Decoder will refuse still gets a (meaningless) plan.
MemoryPlan planMemory(const gguf::File& file, const HyperParams& hp, int nCtx, int maxBatch);

// The GPU's share of a model split by layers (compute::LayerSplit): the weights placed there (as
// the split backend places them), the KV cache of the GPU's layers, and all activation buffers
// (each exists on both sides). Never throws.
MemoryPlan planGpuShare(const gguf::File& file, const HyperParams& hp, int nCtx, int maxBatch,
                        const compute::LayerSplit& split);

// Rows of logits the decoder computes at once (bounds the logits buffer and each read).
inline constexpr int kLogitRowsPerChunk = 8;

} // namespace smoldesk::model
