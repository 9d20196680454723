#include "model/memory_plan.h"

#include <algorithm>
#include <initializer_list>
#include <limits>

namespace smoldesk::model {

namespace {

constexpr uint64_t kMax = std::numeric_limits<uint64_t>::max();

uint64_t mul(std::initializer_list<uint64_t> factors) {
    uint64_t out = 1;
    for (uint64_t f : factors) {
        if (f != 0 && out > kMax / f) return kMax;
        out *= f;
    }
    return out;
}

uint64_t add(uint64_t a, uint64_t b) {
    return a > kMax - b ? kMax : a + b;
}

uint64_t positive(int v) {
    return v > 0 ? static_cast<uint64_t>(v) : 0;
}

} // namespace

std::array<uint64_t, 12> activationBufferFloats(const HyperParams& hp, uint64_t nVocab, int maxBatch) {
    const uint64_t b = std::max<uint64_t>(1, positive(maxBatch));
    const uint64_t d = positive(hp.nEmbd), ff = positive(hp.nFf);
    const uint64_t qd = mul({positive(hp.nHead), positive(hp.headDim)});
    const uint64_t kvd = mul({positive(hp.nHeadKv), positive(hp.headDim)});
    const uint64_t rows = kLogitRowsPerChunk;
    // compute::moeScratchFloats in saturating arithmetic: router logits, each (token, expert)
    // pair's gate, up and down rows, the routing and the pairs sorted by expert.
    uint64_t moe = 1;
    if (hp.nExpert > 0) {
        const uint64_t pairs = mul({b, positive(hp.nExpertUsed)});
        moe = add(add(mul({b, positive(hp.nExpert)}), mul({pairs, add(mul({2, ff}), d)})),
                  add(mul({3, pairs}), mul({2, add(positive(hp.nExpert), 1)})));
    }
    return {mul({b, d}), mul({b, d}),  mul({b, qd}), mul({b, kvd}),  mul({b, kvd}),       mul({b, qd}),
            mul({b, d}), mul({b, ff}), mul({b, ff}), mul({rows, d}), mul({rows, nVocab}), moe};
}

MemoryPlan planMemory(const gguf::File& file, const HyperParams& hp, int nCtx, int maxBatch) {
    MemoryPlan plan;
    for (const auto& t : file.tensors()) plan.weightBytes = add(plan.weightBytes, t.nBytes);
    uint64_t nVocab = positive(hp.nVocab);
    if (const gguf::TensorInfo* emb = file.findTensor("token_embd.weight"); !nVocab && emb && emb->nDims == 2)
        nVocab = emb->ne[1];
    for (uint64_t floats : activationBufferFloats(hp, nVocab, maxBatch))
        plan.activationBytes = add(plan.activationBytes, mul({std::max<uint64_t>(floats, 1), sizeof(float)}));
    const uint64_t kvd = mul({positive(hp.nHeadKv), positive(hp.headDim)});
    plan.kvCacheBytes = mul({2, positive(hp.nLayer), positive(nCtx), kvd, sizeof(uint16_t)});
    plan.logitBytes = mul({kLogitRowsPerChunk, nVocab, sizeof(float)});
    return plan;
}

MemoryPlan planGpuShare(const gguf::File& file, const HyperParams& hp, int nCtx, int maxBatch,
                        const compute::LayerSplit& split) {
    MemoryPlan plan = planMemory(file, hp, nCtx, maxBatch);
    plan.weightBytes = 0;
    for (const auto& t : file.tensors())
        if (split.place(t.name) & compute::kOnGpu) plan.weightBytes = add(plan.weightBytes, t.nBytes);
    const uint64_t kvd = mul({positive(hp.nHeadKv), positive(hp.headDim)});
    plan.kvCacheBytes = mul({2, positive(split.gpuLayers), positive(nCtx), kvd, sizeof(uint16_t)});
    return plan;
}

} // namespace smoldesk::model
