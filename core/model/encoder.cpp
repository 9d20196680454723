// The encoder's hyper-parameters and tensor binding (the forward pass is forward_bert.cpp).
#include "model/encoder.h"

#include "common/error.h"
#include "model/hparams.h"
#include "quant/types.h"

#include <algorithm>

namespace smoldesk::model {

namespace {

int positiveKey(const gguf::File& f, const std::string& key, int64_t limit) {
    const uint64_t v = f.requireUInt(key);
    if (v == 0 || v > static_cast<uint64_t>(limit))
        throw Error(ErrorCode::BadShape,
                    "Metadata '" + key + "' has the impossible value " + std::to_string(v) + ".");
    return static_cast<int>(v);
}

} // namespace

bool isEncoderArchitecture(std::string_view arch) {
    return arch == "bert" || arch == "nomic-bert";
}

EncoderParams readEncoderParams(const gguf::File& file) {
    using L = HyperParamLimits;
    EncoderParams p;
    p.arch = std::string(file.requireString("general.architecture"));
    if (!isEncoderArchitecture(p.arch))
        throw Error(ErrorCode::UnsupportedArch,
                    "'" + p.arch + "' is not an encoder architecture (bert, nomic-bert).");
    p.rotary = p.arch == "nomic-bert";
    const std::string a = p.arch + ".";
    p.nLayer = positiveKey(file, a + "block_count", L::kLayers);
    p.nEmbd = positiveKey(file, a + "embedding_length", L::kWidth);
    p.nFf = positiveKey(file, a + "feed_forward_length", L::kWidth);
    p.nHead = positiveKey(file, a + "attention.head_count", L::kHeads);
    p.nCtxTrain = positiveKey(file, a + "context_length", L::kContext);
    if (p.nEmbd % p.nHead != 0)
        throw Error(ErrorCode::BadShape, "The embedding length " + std::to_string(p.nEmbd) +
                                             " is not a multiple of the " + std::to_string(p.nHead) +
                                             " heads.");
    p.headDim = p.nEmbd / p.nHead;
    if (p.rotary && p.headDim % 2 != 0)
        throw Error(ErrorCode::BadShape,
                    "Rotary positions need an even head size, not " + std::to_string(p.headDim) + ".");
    const double eps = file.getFloat(a + "attention.layer_norm_epsilon").value_or(1e-12);
    const double base = file.getFloat(a + "rope.freq_base").value_or(10000.0);
    if (!(eps > 0.0 && eps < 1.0) || !(base > 1.0 && base < 1e12))
        throw Error(ErrorCode::BadShape, "The model's LayerNorm epsilon or RoPE base is invalid.");
    p.normEps = static_cast<float>(eps);
    p.ropeFreqBase = static_cast<float>(base);
    return p;
}

Encoder::Encoder(const gguf::File& file, EncoderParams params, compute::Backend& backend, int maxTokens)
    : p_(std::move(params)), be_(backend), maxTokens_(maxTokens) {
    if (maxTokens_ < 1 || maxTokens_ > HyperParamLimits::kContext)
        throw Error(ErrorCode::InvalidArgument,
                    "An encoder context of " + std::to_string(maxTokens_) + " tokens is not possible.");
    const uint64_t d = static_cast<uint64_t>(p_.nEmbd);
    const gguf::TensorInfo* emb = file.findTensor("token_embd.weight");
    if (!emb) throw Error(ErrorCode::MissingKey, "The model file lacks the tensor 'token_embd.weight'.");
    if (emb->nDims != 2 || emb->ne[0] != d || emb->ne[1] == 0 ||
        emb->ne[1] > static_cast<uint64_t>(HyperParamLimits::kVocab))
        throw Error(ErrorCode::BadShape, "Tensor 'token_embd.weight' has shape " + emb->shapeString() +
                                             " but the embedding length is " + std::to_string(d) + ".");
    p_.nVocab = static_cast<int>(emb->ne[1]);
    be_.setWeightMapping(&file.map());
    tokEmbd_ = bind(file, "token_embd.weight", {d, emb->ne[1]});
    if (const gguf::TensorInfo* types = file.findTensor("token_types.weight"))
        typeEmbd_ = bind(file, "token_types.weight", {d, types->nDims == 2 ? types->ne[1] : 0});
    if (!p_.rotary) {
        maxTokens_ = std::min(maxTokens_, p_.nCtxTrain); // the position table has no more rows
        posEmbd_ = bind(file, "position_embd.weight", {d, static_cast<uint64_t>(p_.nCtxTrain)});
    }
    embdNorm_ = bindNorm(file, "token_embd_norm");
    for (int il = 0; il < p_.nLayer; ++il) layers_.push_back(bindLayer(file, il));

    const size_t rows = static_cast<size_t>(maxTokens_);
    x_ = be_.createBuffer(rows * d);
    q_ = be_.createBuffer(rows * d);
    k_ = be_.createBuffer(rows * d);
    v_ = be_.createBuffer(rows * d);
    attn_ = be_.createBuffer(rows * d);
    proj_ = be_.createBuffer(rows * std::max<size_t>(d, static_cast<size_t>(p_.nFf)));
    ffn_ = be_.createBuffer(rows * static_cast<size_t>(p_.nFf));
    gate_ = p_.rotary ? be_.createBuffer(rows * static_cast<size_t>(p_.nFf)) : ffn_;
    tmp_ = be_.createBuffer(rows * d);
    be_.createKvCache(p_.nLayer, maxTokens_, p_.nEmbd);
}

compute::WeightId Encoder::bind(const gguf::File& file, const std::string& name,
                                std::vector<uint64_t> shape) {
    return be_.addWeight(checked(file, name, shape));
}

const gguf::TensorInfo& Encoder::checked(const gguf::File& file, const std::string& name,
                                         const std::vector<uint64_t>& shape) {
    const gguf::TensorInfo* t = file.findTensor(name);
    if (!t) throw Error(ErrorCode::MissingKey, "The model file lacks the tensor '" + name + "'.");
    bool ok = t->nDims == shape.size();
    for (size_t i = 0; ok && i < shape.size(); ++i) ok = t->ne[i] == shape[i] && shape[i] > 0;
    if (!ok)
        throw Error(ErrorCode::BadShape,
                    "Tensor '" + name + "' has the unexpected shape " + t->shapeString() + ".");
    const quant::TypeInfo& ti = quant::typeInfo(t->type);
    if (!ti.computable || (shape.size() == 1 && t->type != quant::Type::F32))
        throw Error(ErrorCode::UnsupportedType,
                    "Tensor '" + name + "' has type " + ti.name + ", which SmolDesk does not support there.");
    return *t;
}

compute::WeightId Encoder::bindOptional(const gguf::File& file, const std::string& name,
                                        std::vector<uint64_t> shape) {
    return file.findTensor(name) ? bind(file, name, std::move(shape)) : kAbsent;
}

compute::WeightId Encoder::bindRows(const gguf::File& file, const std::string& name, uint64_t row0,
                                    uint64_t rows) {
    const uint64_t d = static_cast<uint64_t>(p_.nEmbd);
    const gguf::TensorInfo* t = &checked(file, name, {d, 3 * d});
    // Rows are whole blocks in every format, so a row range is a contiguous byte range.
    const uint64_t rowBytes = quant::rowBytes(t->type, d);
    gguf::TensorInfo& view = views_.emplace_back(*t);
    view.name = name + " (rows " + std::to_string(row0) + "-" + std::to_string(row0 + rows - 1) + ")";
    view.ne[1] = rows;
    view.nElements = d * rows;
    view.nBytes = rowBytes * rows;
    view.data = t->data + rowBytes * row0;
    view.offset = t->offset + rowBytes * row0;
    return be_.addWeight(view);
}

Encoder::Norm Encoder::bindNorm(const gguf::File& file, const std::string& name) {
    const uint64_t d = static_cast<uint64_t>(p_.nEmbd);
    return Norm{bind(file, name + ".weight", {d}), bind(file, name + ".bias", {d})};
}

Encoder::Layer Encoder::bindLayer(const gguf::File& file, int il) {
    const std::string b = "blk." + std::to_string(il) + ".";
    const uint64_t d = static_cast<uint64_t>(p_.nEmbd), ff = static_cast<uint64_t>(p_.nFf);
    Layer L{};
    if (file.findTensor(b + "attn_qkv.weight")) {
        L.wq = bindRows(file, b + "attn_qkv.weight", 0, d);
        L.wk = bindRows(file, b + "attn_qkv.weight", d, d);
        L.wv = bindRows(file, b + "attn_qkv.weight", 2 * d, d);
    } else {
        L.wq = bind(file, b + "attn_q.weight", {d, d});
        L.wk = bind(file, b + "attn_k.weight", {d, d});
        L.wv = bind(file, b + "attn_v.weight", {d, d});
    }
    L.bq = bindOptional(file, b + "attn_q.bias", {d});
    L.bk = bindOptional(file, b + "attn_k.bias", {d});
    L.bv = bindOptional(file, b + "attn_v.bias", {d});
    L.wo = bind(file, b + "attn_output.weight", {d, d});
    L.bo = bindOptional(file, b + "attn_output.bias", {d});
    L.attnOutNorm = bindNorm(file, b + "attn_output_norm");
    L.up = bind(file, b + "ffn_up.weight", {d, ff});
    L.bUp = bindOptional(file, b + "ffn_up.bias", {ff});
    if (p_.rotary) L.gate = bind(file, b + "ffn_gate.weight", {d, ff});
    L.down = bind(file, b + "ffn_down.weight", {ff, d});
    L.bDown = bindOptional(file, b + "ffn_down.bias", {d});
    L.layerOutNorm = bindNorm(file, b + "layer_output_norm");
    return L;
}

} // namespace smoldesk::model
