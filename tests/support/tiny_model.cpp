#include "tiny_model.h"

#include "gguf/file.h"
#include "quant/quantize.h"
#include "test_data.h"

#include <cmath>
#include <filesystem>
#include <limits>
#include <random>

namespace smoldesk::test {

std::string demoModelPath() {
    return dataPath("../../resources/models/stories260K.gguf");
}

std::string writeTinyModel(const TinyModelSpec& s, const std::string& name) {
    gguf::Writer w;
    const std::string p = s.arch + ".";
    w.set("general.architecture", gguf::WriteValue::string(s.arch));
    w.set(p + "block_count", gguf::WriteValue::u32(uint32_t(s.nLayer)));
    w.set(p + "context_length", gguf::WriteValue::u32(uint32_t(s.nCtx)));
    w.set(p + "embedding_length", gguf::WriteValue::u32(uint32_t(s.nEmbd)));
    w.set(p + "feed_forward_length", gguf::WriteValue::u32(uint32_t(s.nFf)));
    w.set(p + "attention.head_count", gguf::WriteValue::u32(uint32_t(s.nHead)));
    w.set(p + "attention.head_count_kv", gguf::WriteValue::u32(uint32_t(s.nHeadKv)));
    w.set(p + "rope.freq_base", gguf::WriteValue::f32(10000.0f));
    w.set(p + "attention.layer_norm_rms_epsilon", gguf::WriteValue::f32(1e-5f));
    auto demo = gguf::File::open(demoModelPath());
    for (const auto& [key, value] : demo->metadata())
        if (key.rfind("tokenizer.", 0) == 0) w.set(std::string(key), gguf::WriteValue::copyOf(value));

    std::mt19937 rng(s.seed);
    std::normal_distribution<float> dist(0.0f, 0.2f);
    const int nVocab = 512, hd = s.nEmbd / s.nHead;
    auto add = [&](const std::string& tname, uint64_t cols, uint64_t rows, bool norm) {
        if (tname == s.skipTensor) return;
        if (tname == s.wrongShapeTensor) rows += 1;
        std::vector<float> v(cols * rows);
        for (auto& x : v) x = norm ? 1.0f + dist(rng) * 0.1f : dist(rng);
        if (s.nanWeights && tname == "blk.0.attn_q.weight")
            v.assign(v.size(), std::numeric_limits<float>::quiet_NaN());
        if (norm || s.matrixType == quant::Type::F32) {
            w.addTensorF32(
                tname, rows == 1 && norm ? std::vector<uint64_t>{cols} : std::vector<uint64_t>{cols, rows},
                v);
            return;
        }
        const uint64_t rb = quant::rowBytes(s.matrixType, cols);
        std::vector<uint8_t> bytes(rb * rows);
        for (uint64_t r = 0; r < rows; ++r)
            quant::quantizeRow(s.matrixType, v.data() + r * cols, bytes.data() + r * rb,
                               static_cast<int64_t>(cols));
        w.addTensor(tname, s.matrixType, {cols, rows}, std::move(bytes));
    };
    const uint64_t d = uint64_t(s.nEmbd), q = uint64_t(s.nHead * hd), kv = uint64_t(s.nHeadKv * hd),
                   ff = uint64_t(s.nFf);
    add("token_embd.weight", d, nVocab, false);
    add("output_norm.weight", d, 1, true);
    for (int il = 0; il < s.nLayer; ++il) {
        const std::string b = "blk." + std::to_string(il) + ".";
        add(b + "attn_norm.weight", d, 1, true);
        add(b + "attn_q.weight", d, q, false);
        add(b + "attn_k.weight", d, kv, false);
        add(b + "attn_v.weight", d, kv, false);
        add(b + "attn_output.weight", q, d, false);
        add(b + "ffn_norm.weight", d, 1, true);
        add(b + "ffn_gate.weight", d, ff, false);
        add(b + "ffn_up.weight", d, ff, false);
        add(b + "ffn_down.weight", ff, d, false);
    }
    if (s.edit) s.edit(w);
    std::string path = tmpPath(name);
    w.write(path);
    return path;
}

std::string writeTinyModelWithSmolLM3Template(const std::string& dir) {
    auto in = gguf::File::open(dataPath("models/smollm3-tiny.gguf"));
    gguf::Writer w;
    for (const auto& [key, value] : in->metadata()) w.set(std::string(key), gguf::WriteValue::copyOf(value));
    w.set("tokenizer.chat_template",
          gguf::WriteValue::string(readText(dataPath("jinja/templates/HuggingFaceTB-SmolLM3-3B.jinja"))));
    for (const auto& t : in->tensors())
        w.addTensor(t.name, t.type, std::vector<uint64_t>(t.ne.begin(), t.ne.begin() + t.nDims),
                    std::vector<uint8_t>(t.data, t.data + t.nBytes));
    const std::string path = dir + "/smollm3-tiny-tools.gguf";
    w.write(path);
    return path;
}

std::string copySeeingModel(const std::string& dir) {
    namespace fs = std::filesystem;
    const std::string vision = dataPath("vision");
    const std::string path = dir + "/smolvlm-text-tiny.gguf";
    fs::copy_file(vision + "/smolvlm-text-tiny.gguf", path, fs::copy_options::overwrite_existing);
    fs::copy_file(vision + "/smolvlm-tiny-tiles-mmproj.gguf", dir + "/mmproj-smolvlm-text-tiny.gguf",
                  fs::copy_options::overwrite_existing);
    return path;
}

} // namespace smoldesk::test
