// Embedding models against llama.cpp's llama-embedding (tests/data/embed): bert (CLS pooling,
// GELU, absolute positions), nomic-bert (rotary, SwiGLU, fused QKV, F16, mean pooling) and a
// qwen3 decoder embedder (last-token pooling, EOS appended), raw and L2-normalised, against the
// goldens computed in one batch and one prompt at a time; the other poolings on bert.
// Tolerance (README there): cosine >= 0.9999 and max-abs <= 2e-3 normalised, <= 1e-2 raw.
#include "common/error.h"
#include "compute/cpu/cpu_backend.h"
#include "gguf/file.h"
#include "retrieval/embedder.h"
#include "test_data.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

#include <cmath>

using namespace smoldesk;
using namespace smoldesk::test;

namespace {

std::vector<float> floats(const QJsonArray& a) {
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

double cosine(const std::vector<float>& a, const std::vector<float>& b) {
    double ab = 0, aa = 0, bb = 0;
    for (size_t i = 0; i < a.size(); ++i)
        ab += double(a[i]) * b[i], aa += double(a[i]) * a[i], bb += double(b[i]) * b[i];
    return ab / std::sqrt(aa * bb);
}

struct Worst {
    double cosine = 1.0, maxAbs = 0.0;
};

// Every run of one golden file through an embedder on `backend`.
Worst checkModel(compute::Backend& backend, const QString& model) {
    const QJsonObject doc =
        QJsonDocument::fromJson(
            QByteArray::fromStdString(readText(dataPath("embed/" + model.toStdString() + ".embd.json"))))
            .object();
    auto file = gguf::File::open(dataPath("embed/" + model.toStdString() + ".gguf"));
    Worst worst;
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
        for (qsizetype i = 0; i < prompts.size(); ++i) {
            const auto got = emb->embed(emb->tokenize(prompts[i].toString().toStdString()), normalize);
            const auto want = floats(expected[i].toArray());
            if (got.size() != want.size()) {
                qWarning("%s %s: %zu values, llama.cpp has %zu", qPrintable(model), pooling.c_str(),
                         got.size(), want.size());
                return Worst{-1, 1e9};
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

} // namespace

class EmbeddingGoldensTest : public QObject {
    Q_OBJECT

  private slots:
    void cpu_data() {
        QTest::addColumn<QString>("model");
        QTest::newRow("bert") << "bert-tiny";
        QTest::newRow("nomic-bert") << "nomic-bert-tiny";
        QTest::newRow("qwen3-last") << "qwen3-embed-tiny";
    }

    void cpu() {
        QFETCH(QString, model);
        compute::CpuBackend cpu(2);
        const Worst w = checkModel(cpu, model);
        qInfo("%s on the CPU: worst cosine %.8f, worst max-abs %.2f of the tolerance", qPrintable(model),
              w.cosine, w.maxAbs);
        QVERIFY2(w.cosine >= 0.9999, "cosine below 0.9999");
        QVERIFY2(w.maxAbs <= 1.0, "max-abs beyond the tolerance");
    }

    // The embedder's own facts and refusals.
    void facts() {
        auto file = gguf::File::open(dataPath("embed/bert-tiny.gguf"));
        compute::CpuBackend cpu(1);
        retrieval::Embedder emb(*file, cpu);
        QCOMPARE(emb.dimension(), 32);
        QCOMPARE(emb.maxTokens(), 512);
        QCOMPARE(emb.pooling(), model::Pooling::Cls);
        QCOMPARE(emb.tokenize("hello world"), (std::vector<int32_t>{2, 169, 170, 3}));
        const auto v = emb.embed(emb.tokenize("hello world"), true);
        double norm = 0;
        for (float x : v) norm += double(x) * x;
        QVERIFY(std::fabs(norm - 1.0) < 1e-5);
        try {
            emb.embed(std::vector<int32_t>(513, 5), true);
            QFAIL("513 tokens should not fit");
        } catch (const Error& e) {
            QCOMPARE(e.code(), ErrorCode::InvalidArgument);
            QVERIFY2(std::string(e.what()).find("512") != std::string::npos, e.what());
        }
        QVERIFY_THROWS_EXCEPTION(Error, emb.embed({}, true));
    }

    void chatModelIsNoEmbedder() {
        auto file = gguf::File::open(dataPath("models/smollm3-tiny.gguf"));
        compute::CpuBackend cpu(1);
        try {
            retrieval::Embedder emb(*file, cpu);
            QFAIL("a chat model without a pooling type was accepted");
        } catch (const Error& e) {
            QCOMPARE(e.code(), ErrorCode::UnsupportedArch);
            QVERIFY2(std::string(e.what()).find("not an embedding model") != std::string::npos, e.what());
        }
    }
};

QTEST_APPLESS_MAIN(EmbeddingGoldensTest)
#include "test_embedding_goldens.moc"
