#include "model/decoder.h"

#include "common/error.h"
#include "model/memory_plan.h"

#include <algorithm>
#include <array>

namespace smoldesk::model {

using compute::BufferId;

namespace {

// HyperParams may come from a caller (tests, adjustHyperParams) rather than readHyperParams:
// check the bounds every size below relies on, in 64 bits, before multiplying anything.
void checkSizes(const HyperParams& hp, int nCtx) {
    using L = HyperParamLimits;
    const auto within = [](int64_t v, int64_t limit) { return v >= 1 && v <= limit; };
    const int64_t qDim = int64_t{hp.nHead} * int64_t{hp.headDim};
    const int64_t kvDim = int64_t{hp.nHeadKv} * int64_t{hp.headDim};
    if (!within(hp.nLayer, L::kLayers) || !within(hp.nEmbd, L::kWidth) || !within(hp.nFf, L::kWidth) ||
        !within(hp.nHead, L::kHeads) || !within(hp.nHeadKv, L::kHeads) || !within(hp.headDim, L::kWidth) ||
        !within(qDim, L::kRowWidth) || !within(kvDim, L::kRowWidth) || hp.ropeDims < 0 ||
        hp.ropeDims > hp.headDim || hp.layerUsesRope.size() != static_cast<size_t>(hp.nLayer) ||
        !(hp.layerWindow.empty() || hp.layerWindow.size() == static_cast<size_t>(hp.nLayer)) ||
        (hp.nExpert != 0 && (!within(hp.nExpert, L::kExperts) || !within(hp.nExpertUsed, hp.nExpert))) ||
        ((hp.family == Family::Qwen3Moe || hp.family == Family::GptOss) != (hp.nExpert != 0)))
        throw Error(ErrorCode::BadShape, "The model's hyper-parameters are out of range (" +
                                             std::to_string(hp.nLayer) + " layers, width " +
                                             std::to_string(hp.nEmbd) + ", " + std::to_string(hp.nHead) +
                                             " heads of " + std::to_string(hp.headDim) + ").");
    if (!within(nCtx, L::kContext))
        throw Error(ErrorCode::InvalidArgument,
                    "A context of " + std::to_string(nCtx) + " tokens is not possible.");
}

} // namespace

Decoder::Decoder(const gguf::File& file, HyperParams hp, compute::Backend& backend, int nCtx, int maxBatch,
                 WeightProgress onWeightBound)
    : hp_(std::move(hp)), be_(backend), nCtx_(nCtx), maxBatch_(std::max(1, maxBatch)),
      onWeightBound_(std::move(onWeightBound)) {
    checkSizes(hp_, nCtx_);
    // Every factor below is bounded by HyperParamLimits (widths 2^24, batch 2^31, vocabulary
    // 2^30), so each product is exact in 64 bits.
    const uint64_t d = static_cast<uint64_t>(hp_.nEmbd);
    const gguf::TensorInfo* emb = file.findTensor("token_embd.weight");
    if (!emb) throw Error(ErrorCode::MissingKey, "The model file lacks the tensor 'token_embd.weight'.");
    if (emb->nDims != 2 || emb->ne[0] != d)
        throw Error(ErrorCode::BadShape, "Tensor 'token_embd.weight' has shape " + emb->shapeString() +
                                             " but the embedding length is " + std::to_string(d) + ".");
    if (hp_.nVocab != 0 && static_cast<uint64_t>(hp_.nVocab) != emb->ne[1])
        throw Error(ErrorCode::BadShape, "The vocabulary size " + std::to_string(hp_.nVocab) +
                                             " contradicts tensor 'token_embd.weight' with " +
                                             std::to_string(emb->ne[1]) + " rows.");
    if (emb->ne[1] == 0 || emb->ne[1] > static_cast<uint64_t>(HyperParamLimits::kVocab))
        throw Error(ErrorCode::BadShape, "Tensor 'token_embd.weight' has " + std::to_string(emb->ne[1]) +
                                             " rows, an impossible vocabulary size.");
    hp_.nVocab = static_cast<int>(emb->ne[1]);
    const uint64_t nv = static_cast<uint64_t>(hp_.nVocab);
    const uint64_t kvd = static_cast<uint64_t>(hp_.nHeadKv) * static_cast<uint64_t>(hp_.headDim);

    be_.setWeightMapping(&file.map());
    tokEmbd_ = bind(file, "token_embd.weight", {d, nv});
    outputNorm_ = bind(file, "output_norm.weight", {d});
    output_ = file.findTensor("output.weight") ? bind(file, "output.weight", {d, nv})
                                               : tokEmbd_; // tied when absent
    for (int il = 0; il < hp_.nLayer; ++il) layers_.push_back(bindLayer(file, il));
    if (const std::string factors = hp_.ropeFactorsTensor(nCtx_); !factors.empty())
        ropeFactors_ = bind(file, factors, {static_cast<uint64_t>(hp_.ropeDims / 2)});

    // The sizes planMemory counted for the memory check before loading, in the same order.
    const std::array<uint64_t, 12> floats = activationBufferFloats(hp_, nv, maxBatch_);
    compute::BufferId* const buffers[] = {&x_,    &h_,    &q_,  &k_,    &v_,      &attn_,
                                          &proj_, &gate_, &up_, &last_, &logits_, &moeScratch_};
    for (size_t i = 0; i < floats.size(); ++i) *buffers[i] = be_.createBuffer(static_cast<size_t>(floats[i]));
    // Layers (2^16) × context (2^30) × kvDim (2^24) can exceed 64 bits: refuse in floating
    // point, before the backend multiplies them, any cache beyond a petabyte.
    const double kvBytes =
        2.0 * sizeof(float) * hp_.nLayer * static_cast<double>(nCtx_) * static_cast<double>(kvd);
    if (kvBytes > 0x1p50)
        throw Error(ErrorCode::OutOfMemory, "A context of " + std::to_string(nCtx_) + " tokens needs a " +
                                                std::to_string(static_cast<uint64_t>(kvBytes / 1e12)) +
                                                " TB KV cache; choose a shorter context.");
    be_.createKvCache(hp_.nLayer, nCtx_, hp_.kvDim());
}

void Decoder::checkBatch(int n, int pos0) const {
    if (n > maxBatch_)
        throw Error(ErrorCode::InvalidArgument, "A forward batch of " + std::to_string(n) +
                                                    " tokens exceeds the maximum of " +
                                                    std::to_string(maxBatch_) + ".");
    if (pos0 < 0 || pos0 + n > nCtx_)
        throw Error(ErrorCode::InvalidArgument, "The context holds " + std::to_string(nCtx_) + " tokens; " +
                                                    std::to_string(pos0 + n) + " do not fit.");
}

void Decoder::runLayers(std::span<const int32_t> ids, int pos0, const std::atomic<bool>* cancel) {
    const int n = static_cast<int>(ids.size());
    checkBatch(n, pos0);
    be_.embed(tokEmbd_, ids, x_);
    if (hp_.embedScale != 1.0f)
        be_.scale(x_, static_cast<size_t>(n) * static_cast<size_t>(hp_.nEmbd), hp_.embedScale);
    causal_ = true;
    runBlocks(n, pos0, cancel);
}

void Decoder::runBlocks(int n, int pos0, const std::atomic<bool>* cancel) {
    for (int il = 0; il < hp_.nLayer; ++il) {
        if (cancel && cancel->load(std::memory_order_relaxed))
            throw Error(ErrorCode::Cancelled, "Cancelled.");
        const Layer& L = layers_[static_cast<size_t>(il)];
        switch (hp_.family) {
        case Family::Llama:
            llamaLayer(L, il, n, pos0);
            break;
        case Family::Gemma3:
            gemma3Layer(L, il, n, pos0);
            break;
        case Family::Qwen3Moe:
            qwen3MoeLayer(L, il, n, pos0);
            break;
        case Family::GptOss:
            gptOssLayer(L, il, n, pos0);
            break;
        }
    }
}

void Decoder::forward(std::span<const int32_t> ids, int pos0, bool allLogits, std::vector<float>& logits,
                      const std::atomic<bool>* cancel) {
    const int n = static_cast<int>(ids.size());
    if (n == 0) return;
    runLayers(ids, pos0, cancel);
    headLogits(n, allLogits, logits);
}

void Decoder::forwardRows(std::span<const float> rows, int pos0, bool causal, bool allLogits,
                          std::vector<float>& logits, const std::atomic<bool>* cancel) {
    const size_t d = static_cast<size_t>(hp_.nEmbd);
    if (rows.size() % d != 0)
        throw Error(ErrorCode::BadShape, "Embedding rows of " + std::to_string(rows.size()) +
                                             " values do not divide into rows of the model's width " +
                                             std::to_string(d) + ".");
    const int n = static_cast<int>(rows.size() / d);
    if (n == 0) return;
    checkBatch(n, pos0);
    be_.write(x_, 0, rows.size(), rows.data());
    causal_ = causal;
    try {
        runBlocks(n, pos0, cancel);
    } catch (...) {
        causal_ = true;
        throw;
    }
    causal_ = true;
    headLogits(n, allLogits, logits);
}

void Decoder::headLogits(int n, bool allLogits, std::vector<float>& logits) {
    const size_t d = static_cast<size_t>(hp_.nEmbd);
    const int first = allLogits ? 0 : n - 1;
    const size_t nv = static_cast<size_t>(hp_.nVocab);
    logits.resize(static_cast<size_t>(n - first) * nv);
    for (int r = first; r < n; r += kLogitRows) {
        const int rows = std::min(kLogitRows, n - r);
        const compute::MatmulOutput head[] = {{output_, logits_}};
        if (r == 0 && rows == n) { // decode: the norm folds into the output head's input
            be_.normMatmulGroup(x_, outputNorm_, hp_.rmsEps, last_, head, rows, hp_.nEmbd);
        } else {
            be_.copy(x_, static_cast<size_t>(r) * d, last_, 0, static_cast<size_t>(rows) * d);
            be_.normMatmulGroup(last_, outputNorm_, hp_.rmsEps, last_, head, rows, hp_.nEmbd);
        }
        be_.read(logits_, 0, static_cast<size_t>(rows) * nv,
                 logits.data() + static_cast<size_t>(r - first) * nv);
    }
}

void Decoder::forwardHidden(std::span<const int32_t> ids, int pos0, std::vector<float>& hidden,
                            const std::atomic<bool>* cancel) {
    const int n = static_cast<int>(ids.size());
    hidden.clear();
    if (n == 0) return;
    runLayers(ids, pos0, cancel);
    be_.rmsNorm(x_, outputNorm_, x_, n, hp_.nEmbd, hp_.rmsEps);
    hidden.resize(static_cast<size_t>(n) * static_cast<size_t>(hp_.nEmbd));
    be_.read(x_, 0, hidden.size(), hidden.data());
}

compute::AttentionShape Decoder::attentionShape(const Layer& L, int il) const {
    return compute::AttentionShape{hp_.nHead,        hp_.nHeadKv, hp_.headDim, hp_.attentionScale(),
                                   hp_.windowOf(il), L.sinks,     causal_};
}

void Decoder::headNorm(BufferId x, compute::WeightId w, int n, int heads) {
    be_.rmsNorm(x, w, x, n * heads, hp_.headDim, hp_.rmsEps);
}

} // namespace smoldesk::model
