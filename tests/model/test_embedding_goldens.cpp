// Embedding models against llama.cpp's llama-embedding (tests/data/embed): bert (CLS pooling,
// GELU, absolute positions), nomic-bert (rotary, SwiGLU, fused QKV, F16, mean pooling) and a
// qwen3 decoder embedder (last-token pooling, EOS appended), raw and L2-normalised, against the
// goldens computed in one batch and one prompt at a time; the other poolings on bert.
// Tolerance (README there): cosine >= 0.9999 and max-abs <= 2e-3 normalised, <= 1e-2 raw.
#include "common/error.h"
#include "compute/cpu/cpu_backend.h"
#include "embedding_check.h"
#include "gguf/file.h"
#include "gguf/writer.h"
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

// bert-tiny.gguf with metadata overrides, without the tensors named in `drop`.
std::string bertVariant(const std::string& name, std::vector<std::pair<std::string, gguf::WriteValue>> keys,
                        const std::string& drop = "") {
    auto src = gguf::File::open(dataPath("embed/bert-tiny.gguf"));
    gguf::Writer w;
    for (const auto& [key, value] : src->metadata()) w.set(std::string(key), gguf::WriteValue::copyOf(value));
    for (auto& [key, value] : keys) w.set(key, value);
    for (const auto& t : src->tensors())
        if (t.name != drop)
            w.addTensor(t.name, t.type, std::vector<uint64_t>(t.ne.begin(), t.ne.begin() + t.nDims),
                        std::vector<uint8_t>(t.data, t.data + t.nBytes));
    const std::string path = tmpPath(name);
    w.write(path);
    return path;
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

    // Broken encoder files: one sentence each, before any compute, never a crash.
    void brokenFiles_data() {
        QTest::addColumn<int>("which");
        QTest::addColumn<QString>("needle");
        QTest::newRow("heads") << 0 << "not a multiple of the 5 heads";
        QTest::newRow("layers") << 1 << "blk.2.attn_q.weight";
        QTest::newRow("positions") << 2 << "position_embd.weight";
        QTest::newRow("reranker") << 3 << "reranker";
        QTest::newRow("missing bias") << 4 << "blk.1.attn_output_norm.bias";
        QTest::newRow("no width") << 5 << "bert.embedding_length";
    }
    void brokenFiles() {
        QFETCH(int, which);
        QFETCH(QString, needle);
        using WV = gguf::WriteValue;
        const std::string path =
            which == 0   ? bertVariant("heads.gguf", {{"bert.attention.head_count", WV::u32(5)}})
            : which == 1 ? bertVariant("layers.gguf", {{"bert.block_count", WV::u32(3)}})
            : which == 2 ? bertVariant("positions.gguf", {{"bert.context_length", WV::u32(1 << 20)}})
            : which == 3 ? bertVariant("rerank.gguf", {{"bert.pooling_type", WV::u32(4)}})
            : which == 4 ? bertVariant("bias.gguf", {}, "blk.1.attn_output_norm.bias")
                         : bertVariant("width.gguf", {{"bert.embedding_length", WV::u32(0)}});
        auto file = gguf::File::open(path);
        compute::CpuBackend cpu(1);
        try {
            retrieval::Embedder emb(*file, cpu);
            QFAIL("a broken file was accepted");
        } catch (const Error& e) {
            QVERIFY2(QString::fromUtf8(e.what()).contains(needle), e.what());
        }
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
