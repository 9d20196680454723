// Runs tests/data/embed's llama.cpp goldens through retrieval::Embedder on any backend.
#include "embedding_check.h"

#include "gguf/file.h"
#include "model/pooling.h"
#include "retrieval/embedder.h"
#include "test_data.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

#include <cmath>
#include <map>
#include <memory>

namespace smoldesk::test {

static std::vector<float> floats(const QJsonArray& a) {
    std::vector<float> v;
    for (const QJsonValue& x : a) {
        if (x.isArray()) { // pooling none: one array per token
            const auto row = floats(x.toArray());
            v.insert(v.end(), row.begin(), row.end());
        } else {
            v.push_back(static_cast<float>(x.toDouble()));
        }
    }
    return v;
}

static double cosine(const std::vector<float>& a, const std::vector<float>& b) {
    double ab = 0, aa = 0, bb = 0;
    for (size_t i = 0; i < a.size(); ++i)
        ab += double(a[i]) * b[i], aa += double(a[i]) * a[i], bb += double(b[i]) * b[i];
    return ab / std::sqrt(aa * bb);
}

// Every run of one golden file through an embedder on `backend`.
EmbeddingWorst checkEmbeddingGoldens(compute::Backend& backend, const std::string& name) {
    const QString model = QString::fromStdString(name);
    const QJsonObject doc =
        QJsonDocument::fromJson(
            QByteArray::fromStdString(readText(dataPath("embed/" + model.toStdString() + ".embd.json"))))
            .object();
    auto file = gguf::File::open(dataPath("embed/" + model.toStdString() + ".gguf"));
    EmbeddingWorst worst;
    std::map<std::string, std::unique_ptr<retrieval::Embedder>> embedders; // one per pooling
    for (const QJsonValue& rv : doc.value("runs").toArray()) {
        const QJsonObject run = rv.toObject();
        const std::string pooling = run.value("pooling").toString().toStdString();
        auto& emb = embedders[pooling];
        if (!emb) {
            retrieval::Embedder::Options o;
            if (pooling != "file") o.pooling = model::parsePooling(pooling);
            emb = std::make_unique<retrieval::Embedder>(*file, backend, o);
        }
        const bool normalize = run.value("normalize").toInt() == 2;
        const QJsonArray prompts = run.value("prompts").toArray(),
                         expected = run.value("embeddings").toArray();
        // One prompt at a time, and all of them in one pass (Embedder::embedBatch: an encoder's
        // matrix products over every prompt's tokens, attention within each prompt).
        std::vector<std::vector<int32_t>> ids;
        for (const QJsonValue& p : prompts) ids.push_back(emb->tokenize(p.toString().toStdString()));
        const std::vector<std::vector<float>> batched = emb->embedBatch(ids, normalize);
        for (qsizetype i = 0; i < 2 * prompts.size(); ++i) {
            const qsizetype j = i % prompts.size();
            const auto got = i < prompts.size() ? emb->embed(ids[size_t(j)], normalize) : batched[size_t(j)];
            const auto want = floats(expected[j].toArray());
            if (got.size() != want.size()) {
                qWarning("%s %s: %zu values, llama.cpp has %zu", qPrintable(model), pooling.c_str(),
                         got.size(), want.size());
                return EmbeddingWorst{-1, 1e9};
            }
            double maxAbs = 0;
            for (size_t k = 0; k < got.size(); ++k)
                maxAbs = std::max(maxAbs, double(std::fabs(got[k] - want[k])));
            const double limit = normalize ? 2e-3 : 1e-2;
            worst.cosine = std::min(worst.cosine, cosine(got, want));
            worst.maxAbs = std::max(worst.maxAbs, maxAbs / limit); // as a fraction of the allowed
        }
    }
    return worst;
}

} // namespace smoldesk::test
