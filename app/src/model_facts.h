#pragma once
// What the model panel shows before a model is loaded, read from the GGUF header only, plus the
// memory estimate: weights + KV cache (2 bytes x 2 x n_layer x n_head_kv x head_dim per token)
// against MemAvailable.
#include "engine_types.h"

#include <QString>
#include <QVariantMap>

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
    bool supported = true; // hyper-parameters readable for an implemented architecture
    int nLayer = 0;
    int nHeadKv = 0;
    int headDim = 0;
    qint64 weightBytes = 0;
    EngineError error; // valid when !ok
    bool ok = false;

    qint64 kvBytesPerToken() const { return 2LL * 2 * nLayer * nHeadKv * headDim; }
};

// Opens the file (memory map, header only) and reads the facts. Never throws.
ModelFacts readModelFacts(const QString& path);
// MemAvailable from /proc/meminfo in bytes; 0 when unknown.
qint64 availableMemoryBytes();
// The panel's data: facts plus the estimate at `contextLength` and a verdict
// ("fits", "tight", "too-large", "unknown").
QVariantMap factsToVariant(const ModelFacts& f, int contextLength, qint64 availableBytes);
QString formatBytes(qint64 bytes);
QString formatCount(qint64 n);

} // namespace smoldesk::app

Q_DECLARE_METATYPE(smoldesk::app::ModelFacts)
