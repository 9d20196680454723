// Tensor binding: which tensors each family's layers have, checked for presence, shape and
// type before any compute, and registered with the backend.
#include "model/decoder.h"

#include "common/error.h"

namespace smoldesk::model {

// The tensor `name` with exactly this shape and a type SmolDesk computes with, or an Error
// in one sentence.
const gguf::TensorInfo& Decoder::checkedTensor(const gguf::File& file, const std::string& name,
                                               const std::vector<uint64_t>& shape) {
    const gguf::TensorInfo* t = file.findTensor(name);
    if (!t) throw Error(ErrorCode::MissingKey, "The model file lacks the tensor '" + name + "'.");
    bool ok = t->nDims == shape.size();
    for (size_t d = 0; ok && d < shape.size(); ++d) ok = t->ne[d] == shape[d];
    if (!ok) {
        std::string want = "[";
        for (size_t d = 0; d < shape.size(); ++d) want += (d ? ", " : "") + std::to_string(shape[d]);
        throw Error(ErrorCode::BadShape, "Tensor '" + name + "' has shape " + t->shapeString() +
                                             " but the model's settings need " + want + "].");
    }
    const quant::TypeInfo& ti = quant::typeInfo(t->type);
    if (!ti.computable)
        throw Error(ErrorCode::UnsupportedType,
                    "Tensor '" + name + "' has type " + ti.name + ", which SmolDesk does not support.");
    if (shape.size() == 1 && t->type != quant::Type::F32)
        throw Error(ErrorCode::UnsupportedType,
                    "Norm tensor '" + name + "' has type " + ti.name + "; only F32 is supported.");
    return *t;
}

compute::WeightId Decoder::addWeight(const gguf::TensorInfo& t) {
    const compute::WeightId id = be_.addWeight(t);
    bytesBound_ += t.nBytes;
    if (onWeightBound_ && !onWeightBound_(bytesBound_))
        throw Error(ErrorCode::Cancelled, "Loading was cancelled.");
    return id;
}

compute::WeightId Decoder::bind(const gguf::File& file, const std::string& name,
                                std::vector<uint64_t> shape) {
    return addWeight(checkedTensor(file, name, shape));
}

compute::WeightId Decoder::bindOptional(const gguf::File& file, const std::string& name,
                                        std::vector<uint64_t> shape) {
    return file.findTensor(name) ? bind(file, name, std::move(shape)) : kAbsent;
}

compute::WeightId Decoder::bindRows(const gguf::File& file, const std::string& name, uint64_t cols,
                                    uint64_t totalRows, uint64_t row0, uint64_t rows) {
    const gguf::TensorInfo* t = &checkedTensor(file, name, {cols, totalRows});
    // Rows are whole blocks in every format, so a row range is a contiguous byte range.
    const uint64_t rowBytes = quant::rowBytes(t->type, cols);
    gguf::TensorInfo& view = views_.emplace_back(*t);
    view.name = name + " (rows " + std::to_string(row0) + "-" + std::to_string(row0 + rows - 1) + ")";
    view.ne[1] = rows;
    view.nElements = cols * rows;
    view.nBytes = rowBytes * rows;
    view.offset = t->offset + rowBytes * row0;
    view.data = t->data + rowBytes * row0;
    return addWeight(view);
}

Decoder::Layer Decoder::bindLayer(const gguf::File& file, int il) {
    const uint64_t d = static_cast<uint64_t>(hp_.nEmbd);
    const uint64_t hd = static_cast<uint64_t>(hp_.headDim);
    const uint64_t qd = static_cast<uint64_t>(hp_.nHead) * hd;
    const uint64_t kvd = static_cast<uint64_t>(hp_.nHeadKv) * hd;
    const uint64_t ff = static_cast<uint64_t>(hp_.nFf);
    const std::string p = "blk." + std::to_string(il) + ".";
    const TensorLayout& layout = hp_.layout;
    const bool gptOss = hp_.family == Family::GptOss;
    Layer l{};
    l.attnNorm = bind(file, p + "attn_norm.weight", {d});
    if (layout.fusedQkv) {
        const uint64_t total = qd + 2 * kvd;
        l.wq = bindRows(file, p + "attn_qkv.weight", d, total, 0, qd);
        l.wk = bindRows(file, p + "attn_qkv.weight", d, total, qd, kvd);
        l.wv = bindRows(file, p + "attn_qkv.weight", d, total, qd + kvd, kvd);
    } else {
        l.wq = bind(file, p + "attn_q.weight", {d, qd});
        l.wk = bind(file, p + "attn_k.weight", {d, kvd});
        l.wv = bind(file, p + "attn_v.weight", {d, kvd});
    }
    const auto bias = [&](const std::string& name, uint64_t width) {
        return layout.qkvBiases ? bind(file, name, {width}) : bindOptional(file, name, {width});
    };
    l.bq = bias(p + "attn_q.bias", qd);
    l.bk = bias(p + "attn_k.bias", kvd);
    l.bv = bias(p + "attn_v.bias", kvd);
    if (layout.qkNorm) {
        l.qNorm = bind(file, p + "attn_q_norm.weight", {hd});
        l.kNorm = bind(file, p + "attn_k_norm.weight", {hd});
    }
    l.wo = bind(file, p + "attn_output.weight", {qd, d});
    if (gptOss) {
        l.bo = bind(file, p + "attn_output.bias", {d});
        l.sinks = bind(file, p + "attn_sinks.weight", {static_cast<uint64_t>(hp_.nHead)});
    }
    // gpt-oss names its pre-FFN norm post_attention_norm (it follows the attention).
    l.ffnNorm = bind(file, p + (gptOss ? "post_attention_norm.weight" : "ffn_norm.weight"), {d});
    if (hp_.nExpert > 0) {
        l.moe = bindExperts(file, p, gptOss);
        l.gate = l.up = l.down = kAbsent;
    } else if (layout.fusedGateUp) {
        l.gate = bindRows(file, p + "ffn_up.weight", d, 2 * ff, 0, ff);
        l.up = bindRows(file, p + "ffn_up.weight", d, 2 * ff, ff, ff);
    } else {
        l.gate = bind(file, p + "ffn_gate.weight", {d, ff});
        l.up = bind(file, p + "ffn_up.weight", {d, ff});
    }
    if (hp_.nExpert == 0) l.down = bind(file, p + "ffn_down.weight", {ff, d});
    if (hp_.family == Family::Gemma3) {
        l.postAttnNorm = bind(file, p + "post_attention_norm.weight", {d});
        l.postFfnNorm = bind(file, p + "post_ffw_norm.weight", {d});
    }
    return l;
}

compute::MoeFfn Decoder::bindExperts(const gguf::File& file, const std::string& p, bool biases) {
    const uint64_t d = static_cast<uint64_t>(hp_.nEmbd);
    const uint64_t ff = static_cast<uint64_t>(hp_.nFf);
    const uint64_t ne = static_cast<uint64_t>(hp_.nExpert);
    compute::MoeFfn m;
    m.nExpert = hp_.nExpert;
    m.nUsed = hp_.nExpertUsed;
    m.width = hp_.nFf;
    m.dim = hp_.nEmbd;
    m.act = hp_.ffnActivation;
    m.gating =
        hp_.family == Family::GptOss ? compute::MoeGating::TopKSoftmax : compute::MoeGating::SoftmaxTopK;
    // The router is computed in f32 as llama.cpp computes it (llama-quantize never quantizes it).
    const gguf::TensorInfo& router = checkedTensor(file, p + "ffn_gate_inp.weight", {d, ne});
    if (router.type != quant::Type::F32)
        throw Error(ErrorCode::UnsupportedType, "Router tensor '" + router.name + "' has type " +
                                                    quant::typeName(router.type) +
                                                    "; only F32 is supported.");
    m.router = addWeight(router);
    m.gate = bind(file, p + "ffn_gate_exps.weight", {d, ff, ne});
    m.up = bind(file, p + "ffn_up_exps.weight", {d, ff, ne});
    m.down = bind(file, p + "ffn_down_exps.weight", {ff, d, ne});
    if (biases) {
        const auto f32 = [&](const std::string& name, std::vector<uint64_t> shape) {
            const gguf::TensorInfo& t = checkedTensor(file, name, shape);
            if (t.type != quant::Type::F32)
                throw Error(ErrorCode::UnsupportedType, "Bias tensor '" + name + "' has type " +
                                                            quant::typeName(t.type) +
                                                            "; only F32 is supported.");
            return addWeight(t);
        };
        m.routerBias = f32(p + "ffn_gate_inp.bias", {ne});
        m.gateBias = f32(p + "ffn_gate_exps.bias", {ff, ne});
        m.upBias = f32(p + "ffn_up_exps.bias", {ff, ne});
        m.downBias = f32(p + "ffn_down_exps.bias", {d, ne});
    }
    return m;
}

} // namespace smoldesk::model
