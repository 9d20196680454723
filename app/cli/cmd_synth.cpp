// smoldesk-cli synth: writes a SmolLM3-3B-shaped Q4_K_M file with random valid blocks (speed
// does not depend on trained values), with the exact names, shapes and Q4_K/Q6_K mix of the
// real file (docs/SMOLLM3.md §3.3) and the tokenizer copied from a vocabulary GGUF. The
// mixtures of experts: --arch qwen3moe (Qwen3-30B-A3B, Q4_K_M) and --arch gpt-oss
// (gpt-oss-20b: MXFP4 experts, Q8_0 attention, embedding and output, F32 router and biases, as
// the real gpt-oss-20b-mxfp4.gguf has them); their expert tensors are streamed while the
// file is written, so the 12-19 GB files never sit in memory.
#include "commands.h"

#include "gguf/file.h"
#include "gguf/writer.h"
#include "quant/fp16.h"
#include "quant/random_weights.h"

#include <cstdio>
#include <cstring>
#include <random>

namespace smoldesk::cli {

namespace {

// Random bytes with the block scales overwritten by small finite f16 values (the scale fields of
// the type table's random weights), MXFP4's E8M0 exponent byte by 2^-9 .. 2^-6.
std::vector<uint8_t> randomBlocks(quant::Type type, uint64_t cols, uint64_t rows, std::mt19937_64& rng) {
    const quant::TypeInfo& ti = quant::typeInfo(type);
    const uint64_t blocks = cols / ti.blockSize * rows;
    std::vector<uint8_t> bytes(blocks * ti.blockBytes);
    for (size_t i = 0; i + 8 <= bytes.size(); i += 8) {
        uint64_t r = rng();
        std::memcpy(&bytes[i], &r, 8);
    }
    std::uniform_real_distribution<float> scale(0.0005f, 0.002f);
    const std::vector<int> scaleOffsets = quant::scaleFieldOffsets(type);
    for (uint64_t b = 0; b < blocks; ++b) {
        uint8_t* blk = bytes.data() + b * ti.blockBytes;
        for (int off : scaleOffsets) {
            const uint16_t h = quant::fp32ToFp16(scale(rng));
            std::memcpy(blk + off, &h, 2);
        }
        if (type == quant::Type::MXFP4) blk[0] = static_cast<uint8_t>(118 + rng() % 4);
    }
    return bytes;
}

// llama.cpp's use_more_bits(i, n) for attn_v / ffn_down in Q4_K_M.
bool useMoreBits(int i, int n) {
    return i < n / 8 || i >= 7 * n / 8 || (i - n / 8) % 3 == 2;
}

// Full-size shapes of each family's popular model. The vocabulary (and so the embedding and
// output rows) comes from the --vocab file, so only the layers match the real model exactly.
struct SynthShape {
    const char* arch;
    const char* model;
    int nLayer, d, nHead, nHeadKv, hd, ff, ropeDims;
    float ropeBase;
    bool tied;
    int nExpert = 0, nExpertUsed = 0; // mixtures of experts: ff is then each expert's width
};

// The per-tensor mix llama-quantize writes for a target type on a GQA-4 model with a tied
// embedding (as it wrote the fixtures' smollm3-tiny-<TYPE> files): the bulk type for the
// attention and FFN matrices, a higher one for attn_v and for the embedding.
struct SynthMix {
    const char* name;
    quant::Type bulk, attnV, embedding;
    uint32_t fileType; // general.file_type (llama_ftype)
};
constexpr SynthMix kMixes[] = {
    {"Q4_K_M", quant::Type::Q4_K, quant::Type::Q6_K, quant::Type::Q6_K, 15},
    {"IQ4_XS", quant::Type::IQ4_XS, quant::Type::Q5_K, quant::Type::Q6_K, 30},
    {"IQ3_S", quant::Type::IQ3_S, quant::Type::Q4_K, quant::Type::Q6_K, 26},
    {"IQ2_XXS", quant::Type::IQ2_XXS, quant::Type::Q4_K, quant::Type::Q5_K, 19},
};

constexpr SynthShape kShapes[] = {
    {"smollm3", "SmolLM3-3B", 36, 2048, 16, 4, 128, 11008, 128, 5000000.0f, true},
    {"qwen2", "Qwen2.5-3B", 36, 2048, 16, 2, 128, 11008, 128, 1000000.0f, true},
    {"qwen3", "Qwen3-4B", 36, 2560, 32, 8, 128, 9728, 128, 1000000.0f, true},
    {"gemma3", "Gemma-3-4B", 34, 2560, 8, 4, 256, 10240, 256, 1000000.0f, true},
    {"phi3", "Phi-4-mini", 32, 3072, 24, 8, 128, 8192, 96, 10000.0f, true},
    {"qwen3moe", "Qwen3-30B-A3B", 48, 2048, 32, 4, 128, 768, 128, 1000000.0f, false, 128, 8},
    {"gpt-oss", "gpt-oss-20b", 24, 2880, 64, 8, 64, 2880, 64, 150000.0f, false, 32, 4},
};

struct SynthOptions {
    std::string out, vocab;
    const SynthShape* shape = nullptr;
    const SynthMix* mix = nullptr;
    bool gptOss = false; // one layout, the real file's (llama-quantize's MXFP4_MOE, file type 38)
    uint64_t seed = 1;
};

SynthOptions parseSynthOptions(Args& args) {
    SynthOptions o;
    auto out = args.option("--output", "-o");
    auto vocab = args.option("--vocab");
    const std::string archName = args.option("--arch").value_or("smollm3");
    o.seed = static_cast<uint64_t>(args.intOption("--seed", "", 1));
    const std::optional<std::string> typeOption = args.option("--type");
    const std::string typeName = typeOption.value_or("Q4_K_M");
    std::string mixes;
    for (const SynthMix& m : kMixes) {
        if (typeName == m.name) o.mix = &m;
        mixes += (mixes.empty() ? "" : ", ") + std::string(m.name);
    }
    if (!o.mix) throw UsageError("Unknown --type '" + typeName + "' (choose one of " + mixes + ").");
    if (!out || !vocab)
        throw UsageError("synth needs -o OUT.gguf and --vocab VOCAB.gguf (for example "
                         "build/test-data/text/smollm3-vocab.gguf, unpacked from "
                         "tests/data/text/vocabs.tar.xz by CMake).");
    if (!args.positionals().empty()) throw UsageError("Unexpected argument '" + args.positionals()[0] + "'.");
    std::string known;
    for (const SynthShape& s : kShapes) {
        if (archName == s.arch) o.shape = &s;
        known += (known.empty() ? "" : ", ") + std::string(s.arch);
    }
    if (!o.shape) throw UsageError("Unknown --arch '" + archName + "' (choose one of " + known + ").");
    o.gptOss = archName == "gpt-oss";
    if (o.gptOss && typeOption)
        throw UsageError(
            "--arch gpt-oss is written as the real gpt-oss-20b-mxfp4.gguf is (MXFP4 experts, Q8_0 "
            "elsewhere); leave out --type.");
    o.out = *out;
    o.vocab = *vocab;
    return o;
}

// general.*, the family's hyperparameters and the vocabulary file's tokenizer.
void writeSynthMetadata(gguf::Writer& w, const SynthOptions& o, const std::string& mixName,
                        const gguf::File& voc, int nVocab) {
    const SynthShape& sh = *o.shape;
    const std::string a = sh.arch;
    w.set("general.architecture", gguf::WriteValue::string(a));
    w.set("general.name", gguf::WriteValue::string(std::string(sh.model) + "-shaped synthetic " + mixName +
                                                   " (random weights)"));
    w.set("general.file_type", gguf::WriteValue::u32(o.gptOss ? 38 : o.mix->fileType));
    w.set("general.quantization_version", gguf::WriteValue::u32(2));
    w.set(a + ".block_count", gguf::WriteValue::u32(sh.nLayer));
    w.set(a + ".context_length", gguf::WriteValue::u32(32768));
    w.set(a + ".embedding_length", gguf::WriteValue::u32(sh.d));
    w.set(a + ".feed_forward_length", gguf::WriteValue::u32(sh.ff));
    w.set(a + ".attention.head_count", gguf::WriteValue::u32(sh.nHead));
    w.set(a + ".attention.head_count_kv", gguf::WriteValue::u32(sh.nHeadKv));
    w.set(a + ".attention.key_length", gguf::WriteValue::u32(sh.hd));
    w.set(a + ".attention.value_length", gguf::WriteValue::u32(sh.hd));
    w.set(a + ".rope.freq_base", gguf::WriteValue::f32(sh.ropeBase));
    w.set(a + ".attention.layer_norm_rms_epsilon", gguf::WriteValue::f32(1e-6f));
    w.set(a + ".vocab_size", gguf::WriteValue::u32(nVocab));
    w.set(a + ".rope.dimension_count", gguf::WriteValue::u32(sh.ropeDims));
    if (sh.nExpert > 0) {
        w.set(a + ".expert_count", gguf::WriteValue::u32(sh.nExpert));
        w.set(a + ".expert_used_count", gguf::WriteValue::u32(sh.nExpertUsed));
        w.set(a + ".expert_feed_forward_length", gguf::WriteValue::u32(sh.ff));
    }
    if (o.gptOss) {
        w.set(a + ".attention.sliding_window", gguf::WriteValue::u32(128));
        w.set(a + ".rope.scaling.type", gguf::WriteValue::string("yarn"));
        w.set(a + ".rope.scaling.factor", gguf::WriteValue::f32(32.0f));
        w.set(a + ".rope.scaling.original_context_length", gguf::WriteValue::u32(4096));
    }
    if (a == "gemma3") {
        w.set(a + ".attention.sliding_window", gguf::WriteValue::u32(1024));
        w.set(a + ".rope.freq_base_swa", gguf::WriteValue::f32(10000.0f));
        w.set(a + ".rope.scaling.type", gguf::WriteValue::string("linear"));
        w.set(a + ".rope.scaling.factor", gguf::WriteValue::f32(8.0f));
    }
    for (const auto& [key, value] : voc.metadata())
        if (key.rfind("tokenizer.", 0) == 0) w.set(std::string(key), gguf::WriteValue::copyOf(value));
}

// The tensors, in the real files' order, with random blocks of each tensor's type.
class SynthTensors {
  public:
    SynthTensors(gguf::Writer& w, const SynthOptions& o) : w_(w), o_(o), sh_(*o.shape), rng_(o.seed) {}

    void write(int nVocab) {
        // gpt-oss-20b-mxfp4.gguf: Q8_0 for every 2-D matrix, MXFP4 experts.
        const quant::Type q8 = quant::Type::Q8_0;
        mat("token_embd.weight",
            o_.gptOss         ? q8
            : sh_.nExpert > 0 ? o_.mix->bulk
                              : o_.mix->embedding,
            sh_.d, nVocab);
        if (!sh_.tied) mat("output.weight", o_.gptOss ? q8 : quant::Type::Q6_K, sh_.d, nVocab);
        for (int il = 0; il < sh_.nLayer; ++il) layer(il);
        vec("output_norm.weight", sh_.d);
    }

  private:
    void vec(const std::string& name, int n) {
        w_.addTensorF32(name, {uint64_t(n)}, std::vector<float>(static_cast<size_t>(n), 1.0f));
    }
    void mat(const std::string& name, quant::Type t, uint64_t cols, uint64_t rows) {
        w_.addTensor(name, t, {cols, rows}, randomBlocks(t, cols, rows, rng_));
    }
    // A 3-D expert tensor [nExpert][rows][cols], generated expert by expert while writing, so
    // the 12-19 GB files never sit in memory.
    void experts(const std::string& name, quant::Type t, uint64_t cols, uint64_t rows) {
        const uint64_t n = static_cast<uint64_t>(sh_.nExpert);
        w_.addTensorStreamed(name, t, {cols, rows, n},
                             [this, t, cols, rows, n](const gguf::Writer::Emit& emit) {
                                 for (uint64_t e = 0; e < n; ++e) {
                                     const std::vector<uint8_t> bytes = randomBlocks(t, cols, rows, rng_);
                                     emit(bytes.data(), bytes.size());
                                 }
                             });
    }

    void layer(int il) {
        // llama.cpp's Q4_K_M: Q6_K for the (tied) embedding, and for attn_v and ffn_down of some
        // layers; Q5_K for fused QKV. The i-quant mixes: see kMixes.
        const std::string a = sh_.arch;
        const bool kMix = o_.mix->bulk == quant::Type::Q4_K, gptOss = o_.gptOss;
        const quant::Type bulk = o_.mix->bulk, q8 = quant::Type::Q8_0;
        const int d = sh_.d, hd = sh_.hd;
        const uint64_t qd = uint64_t(sh_.nHead) * hd, kvd = uint64_t(sh_.nHeadKv) * hd;
        const std::string p = "blk." + std::to_string(il) + ".";
        const quant::Type more = !kMix                         ? bulk
                                 : useMoreBits(il, sh_.nLayer) ? quant::Type::Q6_K
                                                               : quant::Type::Q4_K;
        vec(p + "attn_norm.weight", d);
        if (a == "phi3") {
            mat(p + "attn_qkv.weight", kMix ? quant::Type::Q5_K : bulk, d, qd + 2 * kvd);
        } else {
            mat(p + "attn_q.weight", gptOss ? q8 : bulk, d, qd);
            mat(p + "attn_k.weight", gptOss ? q8 : bulk, d, kvd);
            mat(p + "attn_v.weight", gptOss ? q8 : kMix ? more : o_.mix->attnV, d, kvd);
        }
        if (a == "qwen2" || gptOss) {
            vec(p + "attn_q.bias", static_cast<int>(qd));
            vec(p + "attn_k.bias", static_cast<int>(kvd));
            vec(p + "attn_v.bias", static_cast<int>(kvd));
        }
        if (a == "qwen3" || a == "qwen3moe" || a == "gemma3") {
            vec(p + "attn_q_norm.weight", hd);
            vec(p + "attn_k_norm.weight", hd);
        }
        mat(p + "attn_output.weight", gptOss ? q8 : bulk, qd, d);
        if (gptOss) {
            vec(p + "attn_output.bias", d);
            vec(p + "attn_sinks.weight", sh_.nHead);
        }
        vec(p + (gptOss ? "post_attention_norm.weight" : "ffn_norm.weight"), d);
        if (sh_.nExpert > 0) {
            expertFfn(p, more);
            return;
        }
        if (a == "phi3") {
            mat(p + "ffn_up.weight", bulk, d, 2 * uint64_t(sh_.ff));
        } else {
            mat(p + "ffn_gate.weight", bulk, d, sh_.ff);
            mat(p + "ffn_up.weight", bulk, d, sh_.ff);
        }
        mat(p + "ffn_down.weight", more, sh_.ff, d);
        if (a == "gemma3") {
            vec(p + "post_attention_norm.weight", d);
            vec(p + "post_ffw_norm.weight", d);
        }
    }

    // The router stays F32 in every real file; gpt-oss's experts are MXFP4, Qwen3 MoE's Q4_K
    // with Q6_K down projections where llama.cpp's Q4_K_M gives more bits.
    void expertFfn(const std::string& p, quant::Type more) {
        const uint64_t ne = static_cast<uint64_t>(sh_.nExpert), d = uint64_t(sh_.d), ff = uint64_t(sh_.ff);
        w_.addTensorF32(p + "ffn_gate_inp.weight", {d, ne}, std::vector<float>(d * ne, 0.01f));
        const quant::Type et = o_.gptOss ? quant::Type::MXFP4 : o_.mix->bulk;
        experts(p + "ffn_gate_exps.weight", et, d, ff);
        experts(p + "ffn_up_exps.weight", et, d, ff);
        experts(p + "ffn_down_exps.weight", o_.gptOss ? et : more, ff, d);
        if (!o_.gptOss) return;
        vec(p + "ffn_gate_inp.bias", sh_.nExpert);
        w_.addTensorF32(p + "ffn_gate_exps.bias", {ff, ne}, std::vector<float>(ff * ne, 0.0f));
        w_.addTensorF32(p + "ffn_up_exps.bias", {ff, ne}, std::vector<float>(ff * ne, 0.0f));
        w_.addTensorF32(p + "ffn_down_exps.bias", {d, ne}, std::vector<float>(d * ne, 0.0f));
    }

    gguf::Writer& w_;
    const SynthOptions& o_;
    const SynthShape& sh_;
    std::mt19937_64 rng_;
};

} // namespace

int cmdSynth(Args& args) {
    const SynthOptions o = parseSynthOptions(args);
    auto voc = gguf::File::open(o.vocab);
    const gguf::Value* tokens = voc->getArray("tokenizer.ggml.tokens", gguf::ValueType::String);
    if (!tokens) throw UsageError("The vocabulary file " + o.vocab + " has no tokenizer.ggml.tokens.");
    const int nVocab = static_cast<int>(tokens->size());
    const std::string mixName = o.gptOss ? "MXFP4 experts" : o.mix->name;
    gguf::Writer w;
    writeSynthMetadata(w, o, mixName, *voc, nVocab);
    SynthTensors(w, o).write(nVocab);
    w.write(o.out);
    std::fprintf(stderr, "wrote %s (%s-shaped, %s)\n", o.out.c_str(), o.shape->model, mixName.c_str());
    return kExitOk;
}

} // namespace smoldesk::cli
