// smoldesk-cli synth: writes a SmolLM3-3B-shaped Q4_K_M file with random valid blocks (speed
// does not depend on trained values), with the exact names, shapes and Q4_K/Q6_K mix of the
// real file (docs/SMOLLM3.md §3.3) and the tokenizer copied from a vocabulary GGUF.
#include "commands.h"

#include "gguf/file.h"
#include "gguf/writer.h"
#include "quant/fp16.h"

#include <cstdio>
#include <cstring>
#include <random>

namespace smoldesk::cli {

namespace {

// Random bytes with the block scales overwritten by small finite f16 values.
std::vector<uint8_t> randomBlocks(quant::Type type, uint64_t cols, uint64_t rows, std::mt19937_64& rng) {
    const quant::TypeInfo& ti = quant::typeInfo(type);
    const uint64_t blocks = cols / ti.blockSize * rows;
    std::vector<uint8_t> bytes(blocks * ti.blockBytes);
    for (size_t i = 0; i + 8 <= bytes.size(); i += 8) {
        uint64_t r = rng();
        std::memcpy(&bytes[i], &r, 8);
    }
    std::uniform_real_distribution<float> scale(0.0005f, 0.002f);
    for (uint64_t b = 0; b < blocks; ++b) {
        uint8_t* blk = bytes.data() + b * ti.blockBytes;
        auto putF16 = [&](size_t off) {
            uint16_t h = quant::fp32ToFp16(scale(rng));
            std::memcpy(blk + off, &h, 2);
        };
        if (type == quant::Type::Q4_K) {
            putF16(0);
            putF16(2);
        } else if (type == quant::Type::Q6_K) {
            putF16(208);
        }
    }
    return bytes;
}

// llama.cpp's use_more_bits(i, n) for attn_v / ffn_down in Q4_K_M.
bool useMoreBits(int i, int n) {
    return i < n / 8 || i >= 7 * n / 8 || (i - n / 8) % 3 == 2;
}

} // namespace

int cmdSynth(Args& args) {
    auto out = args.option("--output", "-o");
    auto vocab = args.option("--vocab");
    const uint64_t seed = static_cast<uint64_t>(args.intOption("--seed", "", 1));
    if (!out || !vocab)
        throw UsageError("synth needs -o OUT.gguf and --vocab VOCAB.gguf (for example "
                         "build/test-data/text/smollm3-vocab.gguf, unpacked from tests/data/text/vocabs.tar.xz by CMake).");
    if (!args.positionals().empty()) throw UsageError("Unexpected argument '" + args.positionals()[0] + "'.");
    auto voc = gguf::File::open(*vocab);

    const int nLayer = 36, d = 2048, nHead = 16, nHeadKv = 4, hd = 128, ff = 11008, nVocab = 128256;
    gguf::Writer w;
    w.set("general.architecture", gguf::WriteValue::string("smollm3"));
    w.set("general.name", gguf::WriteValue::string("SmolLM3-3B-shaped synthetic Q4_K_M (random weights)"));
    w.set("general.file_type", gguf::WriteValue::u32(15));
    w.set("general.quantization_version", gguf::WriteValue::u32(2));
    w.set("smollm3.block_count", gguf::WriteValue::u32(nLayer));
    w.set("smollm3.context_length", gguf::WriteValue::u32(65536));
    w.set("smollm3.embedding_length", gguf::WriteValue::u32(d));
    w.set("smollm3.feed_forward_length", gguf::WriteValue::u32(ff));
    w.set("smollm3.attention.head_count", gguf::WriteValue::u32(nHead));
    w.set("smollm3.attention.head_count_kv", gguf::WriteValue::u32(nHeadKv));
    w.set("smollm3.rope.freq_base", gguf::WriteValue::f32(5000000.0f));
    w.set("smollm3.attention.layer_norm_rms_epsilon", gguf::WriteValue::f32(1e-6f));
    w.set("smollm3.vocab_size", gguf::WriteValue::u32(nVocab));
    w.set("smollm3.rope.dimension_count", gguf::WriteValue::u32(hd));
    for (const auto& [key, value] : voc->metadata())
        if (key.rfind("tokenizer.", 0) == 0) w.set(std::string(key), gguf::WriteValue::copyOf(value));

    std::mt19937_64 rng(seed);
    auto norm = [&](const std::string& name) {
        w.addTensorF32(name, {uint64_t(d)}, std::vector<float>(d, 1.0f));
    };
    auto mat = [&](const std::string& name, quant::Type t, uint64_t cols, uint64_t rows) {
        w.addTensor(name, t, {cols, rows}, randomBlocks(t, cols, rows, rng));
    };
    mat("token_embd.weight", quant::Type::Q6_K, d, nVocab);
    for (int il = 0; il < nLayer; ++il) {
        const std::string p = "blk." + std::to_string(il) + ".";
        const quant::Type more = useMoreBits(il, nLayer) ? quant::Type::Q6_K : quant::Type::Q4_K;
        norm(p + "attn_norm.weight");
        mat(p + "attn_q.weight", quant::Type::Q4_K, d, nHead * hd);
        mat(p + "attn_k.weight", quant::Type::Q4_K, d, nHeadKv * hd);
        mat(p + "attn_v.weight", more, d, nHeadKv * hd);
        mat(p + "attn_output.weight", quant::Type::Q4_K, nHead * hd, d);
        norm(p + "ffn_norm.weight");
        mat(p + "ffn_gate.weight", quant::Type::Q4_K, d, ff);
        mat(p + "ffn_up.weight", quant::Type::Q4_K, d, ff);
        mat(p + "ffn_down.weight", more, ff, d);
    }
    norm("output_norm.weight");
    w.write(*out);
    std::fprintf(stderr, "wrote %s\n", out->c_str());
    return kExitOk;
}

} // namespace smoldesk::cli
