// Whole models in i-quant types against llama.cpp's goldens (fixtures README §7b): the 4-layer
// SmolLM3-tiny quantized by llama-quantize to IQ3_S (IQ3_S, Q4_K and Q6_K tensors) and IQ2_XXS
// (IQ2_XXS, Q4_K, Q5_K), fed batched, one by one and in chunks, and a greedy continuation whose
// 16 ids must match exactly. Tolerance: the fixture's own, one for all its i-quant goldens.
#include "golden.h"
#include "runtime/sampler.h"
#include "runtime/session.h"
#include "test_data.h"

#include <QtTest>

using namespace smoldesk;
using namespace smoldesk::test;

namespace {

constexpr double kMean = 0.089, kMax = 0.61, kCosine = 0.998;

std::unique_ptr<runtime::Session> open(const QString& type, int batch) {
    runtime::LoadOptions o;
    o.path = dataPath("models/smollm3-tiny-" + type.toStdString() + ".gguf");
    o.contextLength = 256;
    o.batchSize = batch;
    o.threads = 2;
    return runtime::Session::load(o);
}

} // namespace

class TestIquantGoldens : public QObject {
    Q_OBJECT

  private slots:
    void prompts_data() {
        QTest::addColumn<QString>("type");
        QTest::addColumn<int>("chunk");
        for (const char* t : {"IQ3_S", "IQ2_XXS"}) {
            const QString type = QString::fromLatin1(t);
            QTest::newRow(qPrintable(type + " batched")) << type << 256;
            QTest::newRow(qPrintable(type + " one by one")) << type << 1;
            QTest::newRow(qPrintable(type + " chunks of 7")) << type << 7;
        }
    }
    void prompts() {
        QFETCH(QString, type);
        QFETCH(int, chunk);
        const Golden g = loadGolden("smollm3-tiny-" + type.toStdString() + "-prompt");
        auto s = open(type, 256);
        QVERIFY(logitsWithin(
            compareLogits(promptLogits(*s, g.tokens, static_cast<size_t>(chunk)), g.logits, g.nVocab), kMean,
            kMax, kCosine, QTest::currentDataTag()));
    }

    void greedyDecode_data() {
        QTest::addColumn<QString>("type");
        QTest::newRow("IQ3_S") << "IQ3_S";
        QTest::newRow("IQ2_XXS") << "IQ2_XXS";
    }
    void greedyDecode() {
        QFETCH(QString, type);
        const Golden g = loadGolden("smollm3-tiny-" + type.toStdString() + "-decode");
        auto s = open(type, 256);
        std::vector<int32_t> ids;
        const std::vector<float> rows = greedyRows(*s, g, ids);
        QCOMPARE(ids, g.generated);
        QVERIFY(logitsWithin(compareLogits(rows, g.logits, g.nVocab), kMean, kMax, kCosine,
                             type.toStdString() + " decode"));
    }
};

QTEST_GUILESS_MAIN(TestIquantGoldens)
#include "test_iquant_goldens.moc"
