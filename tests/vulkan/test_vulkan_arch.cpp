// The qwen2, qwen3, gemma3 and phi3 forward passes on the Vulkan backend (lavapipe in CI,
// validation layer on) against llama.cpp's goldens, with the fixture's tolerances
// (tests/data/models/arch/README.md): batched, one token at a time (decode kernels, and
// for gemma3's 160-token prompt the split attention beyond its 32-position window), in
// chunks, and the greedy continuation with its 16 ids exact. The mixtures of experts
// (qwen3moe Q4_K_M, gpt-oss with MXFP4 experts: routing, indexed expert products, attention
// sinks, alternating windows) the same way, with each golden's own recommended tolerance.
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

constexpr double kMean = 0.005, kMax = 0.03, kCosine = 0.99999;

struct Loaded {
    std::unique_ptr<gguf::File> file;
    std::unique_ptr<compute::vk::VulkanBackend> backend;
    std::unique_ptr<model::Decoder> decoder;
};

Loaded load(const QString& arch, int context = 256) {
    Loaded l;
    const std::string name = arch.contains('-') ? arch.toStdString() : arch.toStdString() + "-tiny";
    l.file = gguf::File::open(dataPath("models/arch/" + name + ".gguf"));
    l.backend = makeVulkanBackend();
    l.decoder =
        std::make_unique<model::Decoder>(*l.file, model::readHyperParams(*l.file), *l.backend, context, 256);
    return l;
}

bool within(const LogitDiff& d, const QString& what) {
    return logitsWithin(d, kMean, kMax, kCosine, what.toStdString());
}

} // namespace

class TestVulkanArch : public QObject {
    Q_OBJECT

  private slots:
    void initTestCase() {
        if (vulkanTestDevice() < 0) SMOLDESK_SKIP_OR_FAIL(whyNoVulkanTestDevice().c_str());
    }

    void prompts_data() {
        QTest::addColumn<QString>("arch");
        QTest::addColumn<QString>("prompt");
        QTest::addColumn<int>("chunk");
        for (const char* a : {"qwen2", "qwen3", "gemma3", "phi3", "llama3rope"}) {
            const QString arch = QString::fromLatin1(a);
            QTest::newRow(qPrintable(arch + " P1 batched")) << arch << "P1" << 256;
            QTest::newRow(qPrintable(arch + " P2 batched")) << arch << "P2" << 256;
            QTest::newRow(qPrintable(arch + " P2 one by one")) << arch << "P2" << 1;
            QTest::newRow(qPrintable(arch + " P2 chunks of 7")) << arch << "P2" << 7;
        }
    }
    void prompts() {
        QFETCH(QString, arch);
        QFETCH(QString, prompt);
        QFETCH(int, chunk);
        const Golden g = loadGolden("arch/" + arch.toStdString() + "-tiny-" + prompt.toStdString());
        Loaded l = load(arch);
        QVERIFY(within(
            compareLogits(promptLogits(*l.decoder, g.tokens, static_cast<size_t>(chunk)), g.logits, g.nVocab),
            QString::fromLatin1(QTest::currentDataTag())));
    }

    void greedyDecode_data() {
        QTest::addColumn<QString>("arch");
        for (const char* a : {"qwen2", "qwen3", "gemma3", "phi3", "llama3rope"})
            QTest::newRow(a) << QString::fromLatin1(a);
    }
    void greedyDecode() {
        QFETCH(QString, arch);
        const Golden g = loadGolden("arch/" + arch.toStdString() + "-tiny-P1-decode");
        Loaded l = load(arch);
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
        QVERIFY(within(compareLogits(rows, g.logits, g.nVocab), arch + " decode"));
    }

    void moePrompts_data() {
        QTest::addColumn<QString>("model");
        QTest::addColumn<QString>("prompt");
        QTest::addColumn<int>("chunk");
        for (const char* m : {"qwen3moe-tiny-Q4_K_M", "gpt-oss-tiny-mxfp4"}) {
            const QString model = QString::fromLatin1(m);
            QTest::newRow(qPrintable(model + " P1 batched")) << model << "P1" << 256;
            QTest::newRow(qPrintable(model + " P2 batched")) << model << "P2" << 256;
            QTest::newRow(qPrintable(model + " P2 one by one")) << model << "P2" << 1;
            QTest::newRow(qPrintable(model + " P2 chunks of 7")) << model << "P2" << 7;
        }
    }
    void moePrompts() {
        QFETCH(QString, model);
        QFETCH(QString, prompt);
        QFETCH(int, chunk);
        const Golden g = loadGolden("arch/" + model.toStdString() + "-" + prompt.toStdString());
        Loaded l = load(model);
        QVERIFY(logitsWithin(
            compareLogits(promptLogits(*l.decoder, g.tokens, static_cast<size_t>(chunk)), g.logits, g.nVocab),
            g, QTest::currentDataTag()));
    }

    void moeGreedyDecode() {
        const Golden g = loadGolden("arch/gpt-oss-tiny-mxfp4-P1-decode");
        Loaded l = load("gpt-oss-tiny-mxfp4");
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
        QVERIFY(logitsWithin(compareLogits(rows, g.logits, g.nVocab), g, "gpt-oss-tiny-mxfp4 decode"));
    }

    // LongRoPE: the context picks the factor set (short at 512, long at 1024); the factors and
    // the attention factor reach both the separate rope.comp and the rotation fused into store_kv.
    void longRope_data() {
        QTest::addColumn<QString>("regime");
        QTest::addColumn<int>("context");
        QTest::addColumn<int>("chunk");
        for (const auto& [regime, context] : {std::pair{"short", 512}, std::pair{"long", 1024}}) {
            QTest::addRow("%s batched", regime) << QString::fromLatin1(regime) << context << 256;
            QTest::addRow("%s one by one", regime) << QString::fromLatin1(regime) << context << 1;
            QTest::addRow("%s chunks of 7", regime) << QString::fromLatin1(regime) << context << 7;
        }
    }
    void longRope() {
        QFETCH(QString, regime);
        QFETCH(int, context);
        QFETCH(int, chunk);
        const Golden g = loadGolden("arch/phi3longrope-tiny-P2-" + regime.toStdString());
        Loaded l = load("phi3longrope", context);
        QVERIFY(within(
            compareLogits(promptLogits(*l.decoder, g.tokens, static_cast<size_t>(chunk)), g.logits, g.nVocab),
            QString::fromLatin1(QTest::currentDataTag())));
    }
};

QTEST_GUILESS_MAIN(TestVulkanArch)
#include "test_vulkan_arch.moc"
