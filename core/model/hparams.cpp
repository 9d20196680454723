#include "model/hparams.h"

#include "common/error.h"

namespace smoldesk::model {

namespace {

struct ArchRules {
    const char* name;
    compute::RopeStyle ropeStyle;
    int noRopeLayerStep; // every n-th layer (1-based) skips RoPE; 0 = never
};

// SmolLM3: llama.cpp hard-codes n_no_rope_layer_step = 4 (no GGUF key exists), and its
// GGUF Q/K rows are permuted for adjacent-pair rotation like llama's.
constexpr ArchRules kArchitectures[] = {
    {"smollm3", compute::RopeStyle::Adjacent, 4},
    {"llama", compute::RopeStyle::Adjacent, 0},
};

int requirePositive(const gguf::File& f, const std::string& key) {
    uint64_t v = f.requireUInt(key);
    if (v == 0 || v > (1u << 30))
        throw Error(ErrorCode::BadShape,
                    "Metadata '" + key + "' has the impossible value " + std::to_string(v) + ".");
    return static_cast<int>(v);
}

} // namespace

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

std::string supportedArchitecturesText() {
    std::string s;
    for (const auto& n : supportedArchitectures()) s += (s.empty() ? "" : ", ") + n;
    return s;
}

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
    HyperParams hp;
    hp.arch = rules->name;
    const std::string p = hp.arch + ".";
    hp.nLayer = requirePositive(f, p + "block_count");
    hp.nEmbd = requirePositive(f, p + "embedding_length");
    hp.nHead = requirePositive(f, p + "attention.head_count");
    hp.nHeadKv =
        f.has(p + "attention.head_count_kv") ? requirePositive(f, p + "attention.head_count_kv") : hp.nHead;
    hp.nFf = requirePositive(f, p + "feed_forward_length");
    hp.nCtxTrain = f.has(p + "context_length") ? requirePositive(f, p + "context_length") : 2048;
    hp.headDim = f.has(p + "attention.key_length") ? requirePositive(f, p + "attention.key_length")
                                                   : hp.nEmbd / hp.nHead;
    hp.ropeDims =
        f.has(p + "rope.dimension_count") ? requirePositive(f, p + "rope.dimension_count") : hp.headDim;
    hp.ropeFreqBase = static_cast<float>(f.getFloat(p + "rope.freq_base").value_or(10000.0));
    hp.rmsEps = static_cast<float>(f.getFloat(p + "attention.layer_norm_rms_epsilon").value_or(1e-5));
    hp.ropeStyle = rules->ropeStyle;

    if (hp.nHead % hp.nHeadKv != 0)
        throw Error(ErrorCode::BadShape, "The model has " + std::to_string(hp.nHead) +
                                             " query heads, not a multiple of its " +
                                             std::to_string(hp.nHeadKv) + " key/value heads.");
    if (hp.headDim <= 0 || hp.ropeDims > hp.headDim || hp.ropeDims % 2 != 0)
        throw Error(ErrorCode::BadShape, "The model's head size (" + std::to_string(hp.headDim) +
                                             ") and RoPE size (" + std::to_string(hp.ropeDims) +
                                             ") do not fit together.");
    if (auto v = f.getUInt(p + "vocab_size")) hp.nVocab = static_cast<int>(*v);
    if (hp.ropeFreqBase <= 0.0f || !(hp.rmsEps >= 0.0f))
        throw Error(ErrorCode::BadShape, "The model's RoPE base or norm epsilon is invalid.");

    hp.layerUsesRope.resize(static_cast<size_t>(hp.nLayer), true);
    if (rules->noRopeLayerStep > 0)
        for (int il = 0; il < hp.nLayer; ++il)
            hp.layerUsesRope[static_cast<size_t>(il)] = (il + 1) % rules->noRopeLayerStep != 0;
    return hp;
}

} // namespace smoldesk::model
