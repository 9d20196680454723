#pragma once
// Hyper-parameters of a decoder-only transformer, read from GGUF metadata, plus the
// per-layer facts the forward pass needs (RoPE on or off for SmolLM3's NoPE layers, the
// sliding window of Gemma 3's local layers).
#include "compute/backend.h"
#include "gguf/file.h"

#include <cstdint>
#include <string>
#include <vector>

namespace smoldesk::model {

// The forward passes this engine has. Llama covers the pre-norm SwiGLU decoders that differ
// only in optional parts: llama, smollm3 (NoPE layers), qwen2 (Q/K/V biases), qwen3 (per-head
// Q/K norms) and phi3 (fused Q/K/V and gate/up tensors, partial rotary). The two mixtures of
// experts: Qwen3Moe (qwen3's attention, a softmax-top-k MoE FFN) and GptOss (biases, attention
// sinks, alternating sliding windows, YaRN, a top-k-softmax MoE with the clamped SwiGLU).
enum class Family { Llama, Gemma3, Qwen3Moe, GptOss };

// How an architecture stores its layers' tensors: a row of the architecture table, read by the
// binding, so that no code asks for an architecture by name.
struct TensorLayout {
    bool fusedQkv = false;    // one attn_qkv matrix, [Q; K; V] (phi3)
    bool fusedGateUp = false; // ffn_up holds the gate rows, then the up rows (phi3)
    bool qkvBiases = false;   // Q/K/V biases always (qwen2, gpt-oss); other files may carry them
    bool qkNorm = false;      // per-head RMSNorm of Q and K (qwen3, gemma3, qwen3moe)
};

struct HyperParams {
    std::string arch;
    TensorLayout layout;
    int nLayer = 0;
    int nEmbd = 0;
    int nHead = 0;
    int nHeadKv = 0;
    int headDim = 0;
    int nFf = 0; // the FFN width; in a mixture of experts, each expert's
    int nVocab = 0;
    int nExpert = 0;     // experts per MoE layer (0: a dense FFN)
    int nExpertUsed = 0; // experts each token is routed to
    int nCtxTrain = 0;
    int ropeDims = 0;
    float ropeFreqBase = 10000.0f;
    float rmsEps = 1e-5f;
    compute::RopeStyle ropeStyle = compute::RopeStyle::Adjacent;
    std::vector<bool> layerUsesRope; // false on NoPE layers

    Family family = Family::Llama;
    float ropeFreqScale = 1.0f; // linear RoPE scaling (1 / rope.scaling.factor)
    // Per-frequency RoPE divisors in the file: Llama 3.x's rope_freqs, LongRoPE's long and short
    // sets (chosen by the context size, see ropeFactorsTensor).
    enum class RopeFactors { None, Freqs, LongShort };
    RopeFactors ropeFactors = RopeFactors::None;
    int ropeOrigCtx = 0;         // rope.scaling.original_context_length (else the trained context)
    float ropeAttnFactor = 1.0f; // cos and sin are multiplied by it (LongRoPE, YaRN)
    float ropeExtFactor = 0.0f;  // YaRN's ramp strength (1 for YaRN, else 0)
    float ropeCorrLow = 0.0f, ropeCorrHigh = 0.0f; // YaRN's correction dims
    float ropeFreqBaseLocal = 10000.0f;            // RoPE base of sliding-window layers (gemma3)
    float attnScale = 0.0f;                        // 0: 1/sqrt(headDim)
    float embedScale = 1.0f; // token embeddings are multiplied by this (gemma3: √n_embd)
    compute::GluActivation ffnActivation = compute::GluActivation::Silu;
    std::vector<int> layerWindow; // per layer: sliding window in positions, 0 = full; empty = none

    int windowOf(int layer) const {
        return layerWindow.empty() ? 0 : layerWindow[static_cast<size_t>(layer)];
    }
    // The rotation of a layer (local layers have their own base and no scaling); the caller binds
    // the factor tensor and sets freqFactors.
    compute::RopeSpec ropeOf(int layer) const;
    // The factor tensor a context of nCtx uses, or "" for none. LongRoPE takes the long set iff
    // the context, padded to a multiple of 256 as llama.cpp pads it, exceeds ropeOrigCtx.
    std::string ropeFactorsTensor(int nCtx) const;
    float attentionScale() const;

    // readHyperParams guarantees these products fit in an int (see the limits below).
    int qDim() const { return nHead * headDim; }
    int kvDim() const { return nHeadKv * headDim; }
    int nopeLayerCount() const;
};

// Upper bounds on hyper-parameters from a file. Each is far above any real model (the largest
// public ones have ~130 layers, 16k wide embeddings, 53k wide FFNs, 128 heads of 256, 262k
// tokens) yet small enough that every size the engine derives from them — a row width times
// the batch, a KV cache of layers × context × width — is computed exactly in 64 bits, and
// widths like qDim() stay inside an int.
struct HyperParamLimits {
    static constexpr int64_t kLayers = 1 << 16;
    static constexpr int64_t kWidth = 1 << 20; // embedding, FFN, head and RoPE sizes
    static constexpr int64_t kHeads = 1 << 16;
    static constexpr int64_t kRowWidth = 1 << 24; // heads × head size (qDim, kvDim)
    static constexpr int64_t kVocab = 1 << 30;
    static constexpr int64_t kContext = 1 << 30;
    static constexpr int64_t kExperts = 1 << 12; // real models: 8 to 512
};

// Architectures with a forward pass in this engine, e.g. {"smollm3", "llama", "qwen2", …}.
const std::vector<std::string>& supportedArchitectures();
std::string supportedArchitecturesText(); // "smollm3, llama, qwen2, qwen3, gemma3, phi3"
// The model family a user knows an architecture by ("gemma3" → "Gemma 3"); empty when unsupported.
std::string architectureFamilyName(std::string_view arch);

// Reads and checks the hyper-parameters. Fails with Error(UnsupportedArch) naming the
// supported architectures before any heavy work, or Error(MissingKey/WrongType/BadShape) with a
// sentence: every value is within HyperParamLimits, products included, and floats are finite.
HyperParams readHyperParams(const gguf::File& file);

} // namespace smoldesk::model
