// Embedding models against llama.cpp's llama-embedding (tests/data/embed): bert (CLS pooling,
// GELU, absolute positions), nomic-bert (rotary, SwiGLU, fused QKV, F16, mean pooling) and a
// qwen3 decoder embedder (last-token pooling, EOS appended), raw and L2-normalised, against the
// goldens computed in one batch and one prompt at a time; the other poolings on bert.
// Tolerance (README there): cosine >= 0.9999 and max-abs <= 2e-3 normalised, <= 1e-2 raw.
#include "common/error.h"
#include "compute/cpu/cpu_backend.h"
#include "embedding_check.h"
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
        const EmbeddingWorst w = checkEmbeddingGoldens(cpu, model.toStdString());
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
