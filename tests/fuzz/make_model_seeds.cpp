// Writes the seed corpus of fuzz_model: each bundled tiny model (stories260K, llama-2-tiny-random,
// smollm3-tiny, and the mixtures of experts qwen3moe-tiny-Q4_K_M and gpt-oss-tiny-mxfp4 that CMake
// unpacks into build/test-data) shrunk to a few kilobytes — its architecture, its hyper-parameter keys and
// values (RoPE base, epsilon, context, key/value head ratio, which optional keys exist) and its
// matrix type, with small widths and random weights — so mutations land on metadata and shapes
// rather than on megabytes of weights. Run from the repository root:
//   build/tests/make_model_seeds tests/fuzz/corpus/model
#include "gguf/file.h"
#include "gguf/writer.h"
#include "quant/quantize.h"
#include "quant/types.h"

#include <algorithm>
#include <cstdio>
#include <random>
#include <string>
#include <vector>

using namespace smoldesk;

namespace {

struct Shrunk {
    int nLayer, nEmbd, nFf, nHead, nHeadKv, nVocab;
    quant::Type type;
};

void writeSeed(const gguf::File& original, const Shrunk& s, const std::string& out) {
    const std::string arch(original.requireString("general.architecture"));
    const std::string p = arch + ".";
    gguf::Writer w;
    w.set("general.architecture", gguf::WriteValue::string(arch));
    for (const auto& [key, value] : original.metadata())
        if (key.rfind(p, 0) == 0) w.set(std::string(key), gguf::WriteValue::copyOf(value));
    const int hd = s.nEmbd / s.nHead;
    w.set(p + "block_count", gguf::WriteValue::u32(uint32_t(s.nLayer)));
    w.set(p + "embedding_length", gguf::WriteValue::u32(uint32_t(s.nEmbd)));
    w.set(p + "feed_forward_length", gguf::WriteValue::u32(uint32_t(s.nFf)));
    w.set(p + "attention.head_count", gguf::WriteValue::u32(uint32_t(s.nHead)));
    w.set(p + "attention.head_count_kv", gguf::WriteValue::u32(uint32_t(s.nHeadKv)));
    if (original.has(p + "attention.key_length"))
        w.set(p + "attention.key_length", gguf::WriteValue::u32(uint32_t(hd)));
    if (original.has(p + "attention.value_length"))
        w.set(p + "attention.value_length", gguf::WriteValue::u32(uint32_t(hd)));
    if (original.has(p + "rope.dimension_count"))
        w.set(p + "rope.dimension_count", gguf::WriteValue::u32(uint32_t(hd)));
    if (original.has(p + "vocab_size")) w.set(p + "vocab_size", gguf::WriteValue::u32(uint32_t(s.nVocab)));
    const bool moe = original.has(p + "expert_count"), gptOss = arch == "gpt-oss";
    const uint64_t nExpert = moe ? original.requireUInt(p + "expert_count") : 0;
    if (moe) w.set(p + "expert_feed_forward_length", gguf::WriteValue::u32(uint32_t(s.nFf)));

    std::mt19937 rng(7);
    std::normal_distribution<float> dist(0.0f, 0.2f);
    auto add = [&](const std::string& name, uint64_t cols, uint64_t rows) {
        std::vector<float> v(cols * rows);
        for (auto& x : v) x = dist(rng);
        if (rows == 1 || s.type == quant::Type::F32) {
            w.addTensorF32(name, rows == 1 ? std::vector<uint64_t>{cols} : std::vector<uint64_t>{cols, rows},
                           v);
            return;
        }
        const uint64_t rb = quant::rowBytes(s.type, cols);
        std::vector<uint8_t> bytes(rb * rows);
        for (uint64_t r = 0; r < rows; ++r)
            quant::quantizeRow(s.type, v.data() + r * cols, bytes.data() + r * rb,
                               static_cast<int64_t>(cols));
        w.addTensor(name, s.type, {cols, rows}, std::move(bytes));
    };
    // A 3-D expert tensor [nExpert][rows][cols] in the seed's type.
    auto addExperts = [&](const std::string& name, uint64_t cols, uint64_t rows) {
        std::vector<float> v(cols * rows * nExpert);
        for (auto& x : v) x = dist(rng);
        if (s.type == quant::Type::F32) {
            w.addTensorF32(name, {cols, rows, nExpert}, v);
            return;
        }
        const uint64_t rb = quant::rowBytes(s.type, cols);
        std::vector<uint8_t> bytes(rb * rows * nExpert);
        for (uint64_t r = 0; r < rows * nExpert; ++r)
            quant::quantizeRow(s.type, v.data() + r * cols, bytes.data() + r * rb,
                               static_cast<int64_t>(cols));
        w.addTensor(name, s.type, {cols, rows, nExpert}, std::move(bytes));
    };
    auto addF32 = [&](const std::string& name, std::vector<uint64_t> ne) {
        uint64_t n = 1;
        for (uint64_t e : ne) n *= e;
        std::vector<float> v(n);
        for (auto& x : v) x = dist(rng);
        w.addTensorF32(name, std::move(ne), v);
    };
    const uint64_t d = uint64_t(s.nEmbd), q = uint64_t(s.nHead * hd), kv = uint64_t(s.nHeadKv * hd),
                   ff = uint64_t(s.nFf);
    add("token_embd.weight", d, uint64_t(s.nVocab));
    add("output_norm.weight", d, 1);
    if (original.findTensor("output.weight")) add("output.weight", d, uint64_t(s.nVocab));
    for (int il = 0; il < s.nLayer; ++il) {
        const std::string b = "blk." + std::to_string(il) + ".";
        add(b + "attn_norm.weight", d, 1);
        add(b + "attn_q.weight", d, q);
        add(b + "attn_k.weight", d, kv);
        add(b + "attn_v.weight", d, kv);
        add(b + "attn_output.weight", q, d);
        if (original.findTensor(b + "attn_q_norm.weight")) {
            add(b + "attn_q_norm.weight", uint64_t(hd), 1);
            add(b + "attn_k_norm.weight", uint64_t(hd), 1);
        }
        if (gptOss) {
            add(b + "attn_q.bias", q, 1);
            add(b + "attn_k.bias", kv, 1);
            add(b + "attn_v.bias", kv, 1);
            add(b + "attn_output.bias", d, 1);
            add(b + "attn_sinks.weight", uint64_t(s.nHead), 1);
        }
        if (moe) {
            add(b + (gptOss ? "post_attention_norm.weight" : "ffn_norm.weight"), d, 1);
            addF32(b + "ffn_gate_inp.weight", {d, nExpert});
            addExperts(b + "ffn_gate_exps.weight", d, ff);
            addExperts(b + "ffn_up_exps.weight", d, ff);
            addExperts(b + "ffn_down_exps.weight", ff, d);
            if (gptOss) {
                addF32(b + "ffn_gate_inp.bias", {nExpert});
                addF32(b + "ffn_gate_exps.bias", {ff, nExpert});
                addF32(b + "ffn_up_exps.bias", {ff, nExpert});
                addF32(b + "ffn_down_exps.bias", {d, nExpert});
            }
            continue;
        }
        add(b + "ffn_norm.weight", d, 1);
        add(b + "ffn_gate.weight", d, ff);
        add(b + "ffn_up.weight", d, ff);
        add(b + "ffn_down.weight", ff, d);
    }
    w.write(out);
    std::printf("wrote %s\n", out.c_str());
}

} // namespace

int main(int argc, char** argv) {
    if (argc != 2) {
        std::fprintf(stderr, "usage: make_model_seeds OUTPUT_FOLDER (run from the repository root)\n");
        return 2;
    }
    const std::string dir = argv[1];
    const char* fixtures[] = {
        "resources/models/stories260K.gguf", "build/test-data/models/llama-2-tiny-random.gguf",
        "tests/data/models/smollm3-tiny.gguf", "build/test-data/models/arch/qwen3moe-tiny-Q4_K_M.gguf",
        "build/test-data/models/arch/gpt-oss-tiny-mxfp4.gguf"};
    try {
        for (const char* path : fixtures) {
            auto file = gguf::File::open(path);
            const std::string arch(file->requireString("general.architecture"));
            const std::string p = arch + ".";
            const uint64_t heads = file->requireUInt(p + "attention.head_count");
            const uint64_t kvHeads = file->getUInt(p + "attention.head_count_kv").value_or(heads);
            const int ratio = int(std::clamp<uint64_t>(heads / std::max<uint64_t>(kvHeads, 1), 1, 4));
            // Two layers, or four for smollm3 so that one is a NoPE layer.
            const int layers =
                int(std::min<uint64_t>(file->requireUInt(p + "block_count"), arch == "smollm3" ? 4 : 2));
            quant::Type type = quant::Type::F32;
            if (const gguf::TensorInfo* t = file->findTensor("blk.0.attn_q.weight")) type = t->type;
            const std::string base = std::string(path).substr(std::string(path).rfind('/') + 1);
            const std::string stem = dir + "/" + base.substr(0, base.size() - 5);
            // The original type when its blocks fit 32 columns, else the same model in Q8_0 …
            const bool small = quant::typeInfo(type).blockSize <= 32;
            writeSeed(*file, {layers, 32, 32, 4, 4 / ratio, 32, small ? type : quant::Type::Q8_0},
                      stem + ".gguf");
            // … and, for a K-quant model, a one-layer copy 256 wide (256-value blocks) in its own type.
            // (Not for the mixtures of experts: 8 experts 256 wide would be a megabyte.)
            if (!small && !file->has(p + "expert_count")) writeSeed(*file, {1, 256, 256, 4, 4 / ratio, 8, type}, stem + "-256.gguf");
        }
    } catch (const std::exception& e) {
        std::fprintf(stderr, "make_model_seeds: %s\n", e.what());
        return 1;
    }
    return 0;
}
