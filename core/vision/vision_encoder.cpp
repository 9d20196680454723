// The vision encoder's tensor binding (llama.cpp's mmproj names: v.patch_embd, v.position_embd,
// v.blk.N.{ln1,ln2,attn_q,attn_k,attn_v,attn_out,ffn_up,ffn_down}, v.post_ln, mm.model.fc); the
// forward pass is forward_siglip.cpp.
#include "vision/vision_encoder.h"

#include "common/error.h"
#include "quant/fp16.h"
#include "quant/types.h"

#include <algorithm>

namespace smoldesk::vision {

namespace {

const gguf::TensorInfo& checked(const gguf::File& file, const std::string& name,
                                const std::vector<uint64_t>& shape) {
    const gguf::TensorInfo* t = file.findTensor(name);
    if (!t) throw Error(ErrorCode::MissingKey, "The mmproj file lacks the tensor '" + name + "'.");
    bool ok = t->nDims == shape.size();
    for (size_t i = 0; ok && i < shape.size(); ++i) ok = t->ne[i] == shape[i];
    if (!ok)
        throw Error(ErrorCode::BadShape,
                    "Tensor '" + name + "' has the unexpected shape " + t->shapeString() + ".");
    const quant::TypeInfo& ti = quant::typeInfo(t->type);
    if (!ti.computable || (shape.size() == 1 && t->type != quant::Type::F32))
        throw Error(ErrorCode::UnsupportedType,
                    "Tensor '" + name + "' has type " + ti.name + ", which SmolDesk does not support there.");
    return *t;
}

} // namespace

VisionEncoder::VisionEncoder(const gguf::File& file, VisionParams params, compute::Backend& backend)
    : p_(std::move(params)), be_(backend) {
    const uint64_t d = static_cast<uint64_t>(p_.nEmbd), ps = static_cast<uint64_t>(p_.patchSize);
    const uint64_t n = static_cast<uint64_t>(p_.patches());
    be_.setWeightMapping(&file.map());
    // The conv2d kernel [p][p][3][nEmbd] is a matmul over patches unfolded in (channel, y, x) order.
    patchW_ = bindAs(file, "v.patch_embd.weight", {ps, ps, 3, d}, {3 * ps * ps, d});
    if (file.findTensor("v.patch_embd.bias")) patchB_ = bind(file, "v.patch_embd.bias", {d});
    posEmbd_ = bind(file, "v.position_embd.weight", {d, n});
    preLn_ = bindNorm(file, "v.pre_ln", true);
    for (int il = 0; il < p_.nLayer; ++il) layers_.push_back(bindLayer(file, il));
    postLn_ = bindNorm(file, "v.post_ln", true);
    bindProjector(file);

    const uint64_t merged = d * static_cast<uint64_t>(p_.scaleFactor * p_.scaleFactor);
    const size_t rows = static_cast<size_t>(n), tokens = static_cast<size_t>(p_.tokensPerImage());
    pixels_ = be_.createBuffer(rows * 3 * ps * ps);
    x_ = be_.createBuffer(rows * d);
    h_ = be_.createBuffer(rows * d);
    q_ = be_.createBuffer(rows * d);
    k_ = be_.createBuffer(rows * d);
    v_ = be_.createBuffer(rows * d);
    attn_ = be_.createBuffer(rows * d);
    ffn_ = be_.createBuffer(rows * static_cast<size_t>(p_.nFf));
    proj_ = be_.createBuffer(rows * std::max<size_t>(d, static_cast<size_t>(p_.nFf)));
    merged_ = be_.createBuffer(tokens * merged);
    out_ = be_.createBuffer(tokens * static_cast<size_t>(p_.projectionDim));
    be_.createKvCache(p_.nLayer, static_cast<int>(n), p_.nEmbd);
}

// idefics3 multiplies by mm.model.fc; gemma3 by mm.input_projection's transpose (llama.cpp stores it
// [nEmbd][projectionDim] and transposes in the graph), which is made once here as an F32 copy.
void VisionEncoder::bindProjector(const gguf::File& file) {
    const uint64_t d = static_cast<uint64_t>(p_.nEmbd), out = static_cast<uint64_t>(p_.projectionDim);
    if (p_.projector == Projector::Idefics3) {
        projW_ = bind(file, "mm.model.fc.weight",
                      {d * static_cast<uint64_t>(p_.scaleFactor * p_.scaleFactor), out});
        return;
    }
    softEmbNorm_ = bind(file, "mm.soft_emb_norm.weight", {d});
    const gguf::TensorInfo& w = checked(file, "mm.input_projection.weight", {out, d});
    if (w.type != quant::Type::F32 && w.type != quant::Type::F16)
        throw Error(ErrorCode::UnsupportedType, "Tensor 'mm.input_projection.weight' must be F32 or F16.");
    projT_.resize(d * out);
    for (uint64_t i = 0; i < d; ++i)       // input channel: the stored row
        for (uint64_t o = 0; o < out; ++o) // output channel
            projT_[o * d + i] =
                w.type == quant::Type::F32
                    ? reinterpret_cast<const float*>(w.data)[i * out + o]
                    : quant::fp16ToFp32(reinterpret_cast<const uint16_t*>(w.data)[i * out + o]);
    projTInfo_ = w;
    projTInfo_.name = "mm.input_projection.weight (transposed)";
    projTInfo_.type = quant::Type::F32;
    projTInfo_.ne = {d, out, 1, 1};
    projTInfo_.nBytes = projT_.size() * sizeof(float);
    projTInfo_.data = reinterpret_cast<const uint8_t*>(projT_.data());
    projW_ = be_.addWeight(projTInfo_);
}

compute::WeightId VisionEncoder::bind(const gguf::File& file, const std::string& name,
                                      std::vector<uint64_t> shape) {
    return be_.addWeight(checked(file, name, shape));
}

compute::WeightId VisionEncoder::bindAs(const gguf::File& file, const std::string& name,
                                        std::vector<uint64_t> shape, std::vector<uint64_t> as) {
    gguf::TensorInfo view = checked(file, name, shape);
    if (view.type != quant::Type::F32 && view.type != quant::Type::F16)
        throw Error(ErrorCode::UnsupportedType, "Tensor '" + name + "' must be F32 or F16.");
    view.nDims = static_cast<uint32_t>(as.size());
    view.ne = {1, 1, 1, 1};
    std::copy(as.begin(), as.end(), view.ne.begin());
    views_.push_back(view);
    return be_.addWeight(views_.back());
}

VisionEncoder::Norm VisionEncoder::bindNorm(const gguf::File& file, const std::string& name, bool optional) {
    Norm n;
    if (optional && !file.findTensor(name + ".weight")) return n;
    const uint64_t d = static_cast<uint64_t>(p_.nEmbd);
    n.w = bind(file, name + ".weight", {d});
    n.b = bind(file, name + ".bias", {d});
    return n;
}

VisionEncoder::Layer VisionEncoder::bindLayer(const gguf::File& file, int il) {
    const std::string b = "v.blk." + std::to_string(il) + ".";
    const uint64_t d = static_cast<uint64_t>(p_.nEmbd), ff = static_cast<uint64_t>(p_.nFf);
    Layer L;
    L.ln1 = bindNorm(file, b + "ln1", false);
    L.ln2 = bindNorm(file, b + "ln2", false);
    L.wq = bind(file, b + "attn_q.weight", {d, d});
    L.wk = bind(file, b + "attn_k.weight", {d, d});
    L.wv = bind(file, b + "attn_v.weight", {d, d});
    L.wo = bind(file, b + "attn_out.weight", {d, d});
    L.bq = bind(file, b + "attn_q.bias", {d});
    L.bk = bind(file, b + "attn_k.bias", {d});
    L.bv = bind(file, b + "attn_v.bias", {d});
    L.bo = bind(file, b + "attn_out.bias", {d});
    L.up = bind(file, b + "ffn_up.weight", {d, ff});
    L.bUp = bind(file, b + "ffn_up.bias", {ff});
    L.down = bind(file, b + "ffn_down.weight", {ff, d});
    L.bDown = bind(file, b + "ffn_down.bias", {d});
    return L;
}

} // namespace smoldesk::vision
