#pragma once
// What the model panel shows before a model is loaded, read from the GGUF header only, plus the
// memory estimate: weights + KV cache (2 bytes x 2 x n_layer x n_head_kv x head_dim per token)
// against MemAvailable. The same reading is the check a new file passes before the loaded model
// is given up for it (checkBeforeLoad).
#include "worker/engine_types.h"

#include <QString>
#include <QVariantMap>

#include <optional>

namespace smoldesk::app {

struct ModelFacts {
    QString path;
    QString fileName;
    qint64 fileSize = 0;
    QString architecture;
    qint64 parameters = 0;
    QString quantMix; // "Q4_K 78%, Q6_K 14%, F32 8%" by bytes
    int trainedContext = 0;
    bool templatePresent = false;
    bool supportsThinking = false;
    bool reasoningEffort = false; // thinking is a reasoning effort (gpt-oss): lowered, never off
    PromptMode promptMode = PromptMode::OwnTemplate;
    bool templateKnown = false; // tokenizer and template were read: the three fields above are facts
    bool supported = true;      // hyper-parameters readable for an implemented architecture, types computable
    int nLayer = 0;
    int nHeadKv = 0;
    int headDim = 0;
    qint64 weightBytes = 0;
    // Mixtures of experts: the 3-D expert tensors' bytes and how many experts a token uses.
    // The file stays mapped, so a token reads only its experts' share of expertBytes, and the
    // resident memory grows toward weightBytes as the conversation touches more experts.
    qint64 expertBytes = 0;
    int nExpert = 0, nExpertUsed = 0;
    EngineError error; // valid when !ok or !supported
    bool ok = false;   // the GGUF container was read

    bool hasError() const { return !ok || !supported; }
    bool hparamsKnown() const { return nLayer > 0; }
    qint64 kvBytesPerToken() const { return 2LL * 2 * nLayer * nHeadKv * headDim; }
    bool isMoe() const { return nExpert > 0 && nExpertUsed > 0; }
    // The weights one token reads: everything but the experts, plus its experts' share.
    qint64 activeWeightBytes() const {
        return isMoe() ? weightBytes - expertBytes + expertBytes / nExpert * nExpertUsed : weightBytes;
    }
};

// Opens the file (memory map, header only) and reads the facts. Never throws.
ModelFacts readModelFacts(const QString& path);
// The context a load with `contextLength` (0: the model's default) gets.
int effectiveContext(const ModelFacts& f, int contextLength);
// The check before a load replaces the current model: the facts must be readable and supported,
// and the KV cache at `contextLength` must fit into `availableBytes` (free memory plus what the
// current model gives back). Weights are memory-mapped and only warned about (the fit verdict).
// Returns the error to report, nothing when the file may be loaded.
std::optional<EngineError> checkBeforeLoad(const ModelFacts& f, int contextLength, qint64 availableBytes);
// Memory available to this process now (the engine's platform layer: MemAvailable on Linux), in
// bytes; 0 when unknown.
qint64 availableMemoryBytes();
// The panel's data: only what is known (unknown facts are empty strings or 0), the estimate at
// `contextLength` and a verdict ("fits", "tight", "too-large", "unknown").
QVariantMap factsToVariant(const ModelFacts& f, int contextLength, qint64 availableBytes);

} // namespace smoldesk::app

Q_DECLARE_METATYPE(smoldesk::app::ModelFacts)
