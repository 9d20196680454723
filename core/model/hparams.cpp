#include "model/hparams.h"

#include "common/error.h"

#include <algorithm>
#include <cmath>

namespace smoldesk::model {

namespace {

struct ArchRules {
    const char* name;
    const char* familyName;
    Family family;
    compute::RopeStyle ropeStyle;
    int noRopeLayerStep; // every n-th layer (1-based) skips RoPE; 0 = never
    TensorLayout layout;
};

constexpr TensorLayout kPlain{};
constexpr TensorLayout kBiases{.qkvBiases = true};
constexpr TensorLayout kQkNorm{.qkNorm = true};
constexpr TensorLayout kFused{.fusedQkv = true, .fusedGateUp = true};

// SmolLM3: llama.cpp hard-codes n_no_rope_layer_step = 4 (no GGUF key exists), and its
// GGUF Q/K rows are permuted for adjacent-pair rotation like llama's. The converters keep
// the Hugging Face row order for the others, which rotate NeoX-style pairs.
constexpr ArchRules kArchitectures[] = {
    {"smollm3", "SmolLM3", Family::Llama, compute::RopeStyle::Adjacent, 4, kPlain},
    {"llama", "Llama", Family::Llama, compute::RopeStyle::Adjacent, 0, kPlain},
    {"qwen2", "Qwen2 / Qwen2.5", Family::Llama, compute::RopeStyle::NeoX, 0, kBiases},
    {"qwen3", "Qwen3", Family::Llama, compute::RopeStyle::NeoX, 0, kQkNorm},
    {"gemma3", "Gemma 3", Family::Gemma3, compute::RopeStyle::NeoX, 0, kQkNorm},
    {"phi3", "Phi-3", Family::Llama, compute::RopeStyle::NeoX, 0, kFused},
    {"qwen3moe", "Qwen3 MoE", Family::Qwen3Moe, compute::RopeStyle::NeoX, 0, kQkNorm},
    {"gpt-oss", "gpt-oss", Family::GptOss, compute::RopeStyle::NeoX, 0, kBiases},
};

// Gemma 3 alternates five sliding-window layers with one global layer unless the file says
// otherwise (llama.cpp's default; its GGUFs carry no pattern key).
constexpr int kGemma3WindowPattern = 6;

// A positive integer no larger than `limit`, checked as the file's 64-bit value before it
// becomes an int.
int positive(const std::string& key, int64_t limit, uint64_t v) {
    if (v == 0 || v > static_cast<uint64_t>(limit))
        throw Error(ErrorCode::BadShape, "Metadata '" + key + "' has the impossible value " +
                                             std::to_string(v) + " (at most " + std::to_string(limit) + ").");
    return static_cast<int>(v);
}

int requirePositive(const gguf::File& f, const std::string& key, int64_t limit) {
    return positive(key, limit, f.requireUInt(key));
}

int optionalPositive(const gguf::File& f, const std::string& key, int64_t limit, int fallback) {
    return f.has(key) ? requirePositive(f, key, limit) : fallback;
}

// A float key, checked as a double: converting an out-of-range double to float is undefined,
// and NaN passes every comparison.
float requireFloatIn(const gguf::File& f, const std::string& key, double fallback, double low, double high,
                     const char* what) {
    const double v = f.getFloat(key).value_or(fallback);
    if (!(v >= low && v <= high))
        throw Error(ErrorCode::BadShape, "The model's " + std::string(what) + " ('" + key +
                                             "' = " + std::to_string(v) + ") is invalid.");
    return static_cast<float>(v);
}

} // namespace

compute::RopeSpec HyperParams::ropeOf(int layer) const {
    compute::RopeSpec spec;
    spec.dims = ropeDims;
    spec.style = ropeStyle;
    if (windowOf(layer) > 0 && family == Family::Gemma3) { // gemma3's local layers: own base, no scaling
        spec.freqBase = ropeFreqBaseLocal;
        return spec;
    }
    spec.freqBase = ropeFreqBase;
    spec.freqScale = ropeFreqScale;
    spec.attnFactor = ropeAttnFactor;
    spec.extFactor = ropeExtFactor;
    spec.corrLow = ropeCorrLow;
    spec.corrHigh = ropeCorrHigh;
    return spec;
}

std::string HyperParams::ropeFactorsTensor(int nCtx) const {
    switch (ropeFactors) {
    case RopeFactors::Freqs:
        return "rope_freqs.weight";
    case RopeFactors::LongShort: {
        const int64_t padded = (int64_t{nCtx} + 255) / 256 * 256;
        return padded > ropeOrigCtx ? "rope_factors_long.weight" : "rope_factors_short.weight";
    }
    default:
        return {};
    }
}

float HyperParams::attentionScale() const {
    return attnScale > 0.0f ? attnScale : 1.0f / std::sqrt(static_cast<float>(headDim));
}

int HyperParams::nopeLayerCount() const {
    int n = 0;
    for (bool r : layerUsesRope) n += !r;
    return n;
}

const std::vector<std::string>& supportedArchitectures() {
    static const std::vector<std::string> names = [] {
        std::vector<std::string> v;
        for (const auto& a : kArchitectures) v.emplace_back(a.name);
        return v;
    }();
    return names;
}

std::string architectureFamilyName(std::string_view arch) {
    for (const auto& a : kArchitectures)
        if (arch == a.name) return a.familyName;
    return {};
}

std::string supportedArchitecturesText() {
    std::string s;
    for (const auto& n : supportedArchitectures()) s += (s.empty() ? "" : ", ") + n;
    return s;
}

namespace {

// ggml's YaRN correction dim: the rotary dimension whose wavelength fits nRot times into the
// original context.
float yarnCorrDim(int nDims, int nCtxOrig, float nRot, float base) {
    return static_cast<float>(nDims) *
           std::log(static_cast<float>(nCtxOrig) / (nRot * 2.0f * 3.14159265358979f)) /
           (2.0f * std::log(base));
}

// RoPE scaling as llama.cpp reads it: the type (linear when absent), its factor, the original
// context, the attention factor, and for YaRN the ramp between extrapolated and interpolated
// frequencies with its magnitude correction.
void readRopeScaling(const gguf::File& f, const std::string& p, HyperParams& hp) {
    // llama.cpp reads no YaRN beta keys for gpt-oss (newer converters write them): its
    // defaults, which are gpt-oss's values, always apply.
    const bool yarnBetaKeys = hp.family != Family::GptOss;
    using L = HyperParamLimits;
    const auto type = f.getString(p + "rope.scaling.type");
    const std::string kind = type ? std::string(*type) : "linear";
    hp.ropeOrigCtx =
        optionalPositive(f, p + "rope.scaling.original_context_length", L::kContext, hp.nCtxTrain);
    hp.ropeAttnFactor =
        requireFloatIn(f, p + "rope.scaling.attn_factor", 1.0, 1e-3, 1e3, "RoPE attention factor");
    if (kind == "none") return;
    if (kind != "linear" && kind != "yarn" && kind != "longrope")
        throw Error(ErrorCode::UnsupportedArch, "The model uses '" + kind +
                                                    "' RoPE scaling, which SmolDesk does not support "
                                                    "(linear, YaRN and LongRoPE are supported).");
    const std::string factorKey =
        f.has(p + "rope.scaling.factor") ? p + "rope.scaling.factor" : p + "rope.scale_linear";
    const float factor = requireFloatIn(f, factorKey, 1.0, 1e-3, 1e4, "RoPE scaling factor");
    hp.ropeFreqScale = 1.0f / factor;
    if (kind != "yarn") return;

    hp.ropeExtFactor = 1.0f;
    const float betaFast =
        yarnBetaKeys ? requireFloatIn(f, p + "rope.scaling.yarn_beta_fast", 32.0, 1e-3, 1e4, "YaRN beta_fast")
                     : 32.0f;
    const float betaSlow =
        yarnBetaKeys ? requireFloatIn(f, p + "rope.scaling.yarn_beta_slow", 1.0, 1e-3, 1e4, "YaRN beta_slow")
                     : 1.0f;
    const float logMul =
        requireFloatIn(f, p + "rope.scaling.yarn_log_multiplier", 0.0, 0.0, 1e3, "YaRN log multiplier");
    // llama.cpp's attention factor: HF's mscale ratio (1 without a log multiplier), with the
    // magnitude correction the kernel applies divided out again, times rope.scaling.attn_factor.
    const auto mscale = [](float scale, float m) {
        return scale <= 1.0f ? 1.0f : 0.1f * m * std::log(scale) + 1.0f;
    };
    const float yarnAttn =
        logMul != 0.0f ? mscale(factor, 1.0f) / mscale(factor, logMul) : mscale(factor, 1.0f);
    hp.ropeAttnFactor *= yarnAttn * (1.0f / (1.0f + 0.1f * std::log(factor)));
    const float start = std::floor(yarnCorrDim(hp.ropeDims, hp.ropeOrigCtx, betaFast, hp.ropeFreqBase));
    const float end = std::ceil(yarnCorrDim(hp.ropeDims, hp.ropeOrigCtx, betaSlow, hp.ropeFreqBase));
    hp.ropeCorrLow = std::max(0.0f, start);
    hp.ropeCorrHigh = std::min(static_cast<float>(hp.ropeDims - 1), end);
}

// Per-frequency divisors: Llama 3.x's rope_freqs, or LongRoPE's two sets (Phi-3.5, Phi-4-mini),
// each ropeDims / 2 F32 values; the decoder binds the one its context uses.
void readRopeFactors(const gguf::File& f, HyperParams& hp) {
    const bool freqs = f.findTensor("rope_freqs.weight") != nullptr;
    const bool longSet = f.findTensor("rope_factors_long.weight") != nullptr;
    const bool shortSet = f.findTensor("rope_factors_short.weight") != nullptr;
    if (longSet != shortSet)
        throw Error(ErrorCode::MissingKey, std::string("The model has LongRoPE's ") +
                                               (longSet ? "long" : "short") + " factors but not its " +
                                               (longSet ? "short" : "long") + " ones.");
    if (freqs)
        hp.ropeFactors = HyperParams::RopeFactors::Freqs;
    else if (longSet)
        hp.ropeFactors = HyperParams::RopeFactors::LongShort;
}

void readGemma3(const gguf::File& f, const std::string& p, HyperParams& hp) {
    using L = HyperParamLimits;
    hp.embedScale = std::sqrt(static_cast<float>(hp.nEmbd));
    hp.ffnActivation = compute::GluActivation::GeluTanh;
    hp.ropeFreqBaseLocal =
        requireFloatIn(f, p + "rope.freq_base_swa", 10000.0, 1e-3, 1e12, "local RoPE base");
    // llama.cpp scales by the head width, except for the 62-layer 27B model, trained with
    // query_pre_attn_scalar = n_embd / n_head.
    if (hp.nLayer == 62) hp.attnScale = 1.0f / std::sqrt(static_cast<float>(hp.nEmbd / hp.nHead));
    const int window = optionalPositive(f, p + "attention.sliding_window", L::kContext, 0);
    const int pattern =
        optionalPositive(f, p + "attention.sliding_window_pattern", L::kLayers, kGemma3WindowPattern);
    if (window == 0) return;
    hp.layerWindow.resize(static_cast<size_t>(hp.nLayer));
    for (int il = 0; il < hp.nLayer; ++il)
        hp.layerWindow[static_cast<size_t>(il)] = il % pattern < pattern - 1 ? window : 0;
}

// The experts of a mixture: their count, how many each token uses, and each one's width.
void readExperts(const gguf::File& f, const std::string& p, HyperParams& hp) {
    using L = HyperParamLimits;
    hp.nExpert = requirePositive(f, p + "expert_count", L::kExperts);
    hp.nExpertUsed = requirePositive(f, p + "expert_used_count", hp.nExpert);
    hp.nFf = requirePositive(f, p + "expert_feed_forward_length", L::kWidth);
}

// gpt-oss: even layers attend through a sliding window (llama.cpp's period-2 pattern; the
// files carry no pattern key), every layer has attention sinks and biases.
void readGptOss(const gguf::File& f, const std::string& p, HyperParams& hp) {
    using L = HyperParamLimits;
    hp.ffnActivation = compute::GluActivation::SwigluOai;
    const int window = optionalPositive(f, p + "attention.sliding_window", L::kContext, 0);
    if (window == 0) return;
    hp.layerWindow.resize(static_cast<size_t>(hp.nLayer));
    for (int il = 0; il < hp.nLayer; ++il) hp.layerWindow[static_cast<size_t>(il)] = il % 2 == 0 ? window : 0;
}

} // namespace

HyperParams readHyperParams(const gguf::File& f) {
    auto archName = f.getString("general.architecture");
    if (!archName)
        throw Error(
            ErrorCode::MissingKey,
            "The model file does not say which architecture it is (general.architecture is missing).");
    const ArchRules* rules = nullptr;
    for (const auto& a : kArchitectures)
        if (*archName == a.name) rules = &a;
    if (!rules)
        throw Error(ErrorCode::UnsupportedArch,
                    "Architecture '" + std::string(*archName) +
                        "' is not supported (supported: " + supportedArchitecturesText() + ").");
    using L = HyperParamLimits;
    HyperParams hp;
    hp.arch = rules->name;
    const std::string p = hp.arch + ".";
    hp.nLayer = requirePositive(f, p + "block_count", L::kLayers);
    hp.nEmbd = requirePositive(f, p + "embedding_length", L::kWidth);
    hp.nHead = requirePositive(f, p + "attention.head_count", L::kHeads);
    hp.nHeadKv = optionalPositive(f, p + "attention.head_count_kv", L::kHeads, hp.nHead);
    hp.family = rules->family;
    hp.layout = rules->layout;
    if (hp.family == Family::Qwen3Moe || hp.family == Family::GptOss)
        readExperts(f, p, hp);
    else
        hp.nFf = requirePositive(f, p + "feed_forward_length", L::kWidth);
    hp.nCtxTrain = optionalPositive(f, p + "context_length", L::kContext, 2048);
    hp.headDim = optionalPositive(f, p + "attention.key_length", L::kWidth, hp.nEmbd / hp.nHead);
    hp.ropeDims = optionalPositive(f, p + "rope.dimension_count", L::kWidth, hp.headDim);
    hp.ropeFreqBase = requireFloatIn(f, p + "rope.freq_base", 10000.0, 1e-3, 1e12, "RoPE base");
    hp.rmsEps = requireFloatIn(f, p + "attention.layer_norm_rms_epsilon", 1e-5, 0.0, 1.0, "norm epsilon");
    hp.ropeStyle = rules->ropeStyle;

    if (hp.nHead % hp.nHeadKv != 0)
        throw Error(ErrorCode::BadShape, "The model has " + std::to_string(hp.nHead) +
                                             " query heads, not a multiple of its " +
                                             std::to_string(hp.nHeadKv) + " key/value heads.");
    if (hp.headDim <= 0 || hp.ropeDims > hp.headDim || hp.ropeDims % 2 != 0)
        throw Error(ErrorCode::BadShape, "The model's head size (" + std::to_string(hp.headDim) +
                                             ") and RoPE size (" + std::to_string(hp.ropeDims) +
                                             ") do not fit together.");
    // In 64 bits: both factors may be up to 2^20 and 2^16. nHeadKv divides nHead, so kvDim <= qDim.
    const int64_t qDim = int64_t{hp.nHead} * int64_t{hp.headDim};
    if (qDim > L::kRowWidth)
        throw Error(ErrorCode::BadShape, "The model's " + std::to_string(hp.nHead) + " heads of size " +
                                             std::to_string(hp.headDim) + " are " + std::to_string(qDim) +
                                             " wide, more than the " + std::to_string(L::kRowWidth) +
                                             " SmolDesk supports.");
    if (auto v = f.getUInt(p + "vocab_size")) hp.nVocab = positive(p + "vocab_size", L::kVocab, *v);

    hp.layerUsesRope.resize(static_cast<size_t>(hp.nLayer), true);
    if (rules->noRopeLayerStep > 0)
        for (int il = 0; il < hp.nLayer; ++il)
            hp.layerUsesRope[static_cast<size_t>(il)] = (il + 1) % rules->noRopeLayerStep != 0;

    readRopeScaling(f, p, hp);
    readRopeFactors(f, hp);
    if (hp.family == Family::Gemma3) readGemma3(f, p, hp);
    if (hp.family == Family::GptOss) readGptOss(f, p, hp);
    return hp;
}

} // namespace smoldesk::model
