// The i-quant models of tests/model/test_iquant_goldens.cpp on the Vulkan backend (lavapipe in
// CI, validation layer on): the shaders dequantize IQ3_S and IQ2_XXS (with Q4_K, Q5_K and
// Q6_K beside them) in the decode matrix-vector and the prompt matrix-matrix products.
// Batched (matmul.comp), one by one (matvec.comp), in chunks, and the greedy ids exact.
#include "../model/golden.h"
#include "model/decoder.h"
#include "model/hparams.h"
#include "require_all.h"
#include "runtime/sampler.h"
#include "test_data.h"
#include "vulkan_test_util.h"

#include <QtTest>

using namespace smoldesk;
using namespace smoldesk::test;

namespace {

constexpr double kMean = 0.089, kMax = 0.61, kCosine = 0.998; // the fixture's i-quant tolerance

struct Loaded {
    std::unique_ptr<gguf::File> file;
    std::unique_ptr<compute::vk::VulkanBackend> backend;
    std::unique_ptr<model::Decoder> decoder;
};

Loaded load(const QString& type) {
    Loaded l;
    l.file = gguf::File::open(dataPath("models/smollm3-tiny-" + type.toStdString() + ".gguf"));
    l.backend = makeVulkanBackend();
    l.decoder =
        std::make_unique<model::Decoder>(*l.file, model::readHyperParams(*l.file), *l.backend, 256, 256);
    return l;
}

} // namespace

class TestVulkanIquant : public QObject {
    Q_OBJECT

  private slots:
    void initTestCase() {
        if (vulkanTestDevice() < 0) SMOLDESK_SKIP_OR_FAIL(whyNoVulkanTestDevice().c_str());
    }

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
        Loaded l = load(type);
        QVERIFY(logitsWithin(
            compareLogits(promptLogits(*l.decoder, g.tokens, static_cast<size_t>(chunk)), g.logits, g.nVocab),
            kMean, kMax, kCosine, QTest::currentDataTag()));
    }

    void greedyDecode_data() {
        QTest::addColumn<QString>("type");
        QTest::newRow("IQ3_S") << "IQ3_S";
        QTest::newRow("IQ2_XXS") << "IQ2_XXS";
    }
    void greedyDecode() {
        QFETCH(QString, type);
        const Golden g = loadGolden("smollm3-tiny-" + type.toStdString() + "-decode");
        Loaded l = load(type);
        std::vector<float> logits, rows;
        l.decoder->forward(g.tokens, 0, false, logits);
        std::vector<int32_t> ids;
        int pos = static_cast<int>(g.tokens.size());
        for (size_t step = 0; step < g.generated.size(); ++step) {
            rows.insert(rows.end(), logits.begin(), logits.end());
            ids.push_back(runtime::argmax(logits));
            if (step + 1 < g.generated.size()) l.decoder->forward({&ids.back(), 1}, pos++, false, logits);
        }
        QCOMPARE(ids, g.generated);
        QVERIFY(logitsWithin(compareLogits(rows, g.logits, g.nVocab), kMean, kMax, kCosine,
                             type.toStdString() + " decode"));
    }
};

QTEST_GUILESS_MAIN(TestVulkanIquant)
#include "test_vulkan_iquant.moc"
