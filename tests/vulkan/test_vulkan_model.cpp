// Whole models on the Vulkan backend against llama.cpp's goldens (the fixture tolerances of
// tests/model/test_golden_logits.cpp), with a model::Decoder built on the backend directly
// and the validation layer on.
#include "../model/golden.h"
#include "model/decoder.h"
#include "model/hparams.h"
#include "require_all.h"
#include "runtime/sampler.h"
#include "test_data.h"
#include "vulkan_test_util.h"

#include <QElapsedTimer>
#include <QtTest>

using namespace smoldesk;
using namespace smoldesk::test;

namespace {

struct Loaded {
    std::unique_ptr<gguf::File> file;
    std::unique_ptr<compute::vk::VulkanBackend> backend;
    std::unique_ptr<model::Decoder> decoder;
};

Loaded load(const std::string& path, int nCtx, int maxBatch) {
    Loaded l;
    l.file = gguf::File::open(path);
    l.backend = makeVulkanBackend();
    l.decoder = std::make_unique<model::Decoder>(*l.file, model::readHyperParams(*l.file), *l.backend, nCtx,
                                                 maxBatch);
    return l;
}

void expectWithin(const LogitDiff& d, double mean, double max, double cosine, const std::string& what,
                  qint64 ms) {
    const std::string msg = what + ": " + d.describe() + " (" + std::to_string(ms) + " ms)";
    qInfo("%s", msg.c_str());
    QVERIFY2(d.meanAbs <= mean, msg.c_str());
    QVERIFY2(d.maxAbs <= max, msg.c_str());
    QVERIFY2(d.minCosine >= cosine, msg.c_str());
}

constexpr double kTinyMean = 0.10, kTinyMax = 0.75, kTinyCos = 0.997;
const char* kTiny = "models/smollm3-tiny.gguf";

} // namespace

class TestVulkanModel : public QObject {
    Q_OBJECT

  private slots:
    void initTestCase() {
        if (vulkanTestDevice() < 0) SMOLDESK_SKIP_OR_FAIL(whyNoVulkanTestDevice().c_str());
    }

    void smollm3Tiny_data() {
        QTest::addColumn<QString>("prompt");
        QTest::addColumn<int>("chunk");
        QTest::newRow("P1 batched") << "smollm3-tiny-P1" << 512;
        QTest::newRow("P2 batched") << "smollm3-tiny-P2" << 512;
        QTest::newRow("P3 batched") << "smollm3-tiny-P3" << 512;
        QTest::newRow("P1 one-by-one") << "smollm3-tiny-P1" << 1;
        QTest::newRow("P2 one-by-one") << "smollm3-tiny-P2" << 1;
        QTest::newRow("P2 chunks of 7") << "smollm3-tiny-P2" << 7;
    }
    void smollm3Tiny() {
        QFETCH(QString, prompt);
        QFETCH(int, chunk);
        Golden g = loadGolden(prompt.toStdString());
        Loaded m = load(dataPath(kTiny), 512, 512);
        QElapsedTimer timer;
        timer.start();
        std::vector<float> ours = promptLogits(*m.decoder, g.tokens, static_cast<size_t>(chunk));
        expectWithin(compareLogits(ours, g.logits, g.nVocab), kTinyMean, kTinyMax, kTinyCos,
                     prompt.toStdString() + " chunk " + std::to_string(chunk), timer.elapsed());
    }

    void smollm3TinyGreedyDecode() {
        Golden g = loadGolden("smollm3-tiny-P2-decode");
        Loaded m = load(dataPath(kTiny), 512, 512);
        QElapsedTimer timer;
        timer.start();
        std::vector<float> rows, logits;
        m.decoder->forward(g.tokens, 0, false, logits);
        const qint64 prefillMs = timer.restart();
        std::vector<int32_t> ids;
        int pos = static_cast<int>(g.tokens.size());
        for (size_t step = 0; step < g.generated.size(); ++step) {
            rows.insert(rows.end(), logits.begin(), logits.end());
            ids.push_back(runtime::argmax(logits));
            if (step + 1 < g.generated.size()) {
                const int32_t id = ids.back();
                m.decoder->forward(std::span<const int32_t>(&id, 1), pos++, false, logits);
            }
        }
        const qint64 decodeMs = timer.elapsed();
        qInfo("prefill of %zu tokens %lld ms, decode %.1f ms per token", g.tokens.size(), prefillMs,
              double(decodeMs) / double(g.generated.size() - 1));
        QCOMPARE(ids, g.generated);
        expectWithin(compareLogits(rows, g.logits, g.nVocab), kTinyMean, kTinyMax, kTinyCos, "P2 decode",
                     decodeMs);
        qInfo("%llu submits, %llu dispatches, %llu barriers",
              static_cast<unsigned long long>(m.backend->stats().submits),
              static_cast<unsigned long long>(m.backend->stats().dispatches),
              static_cast<unsigned long long>(m.backend->stats().barriers));
    }

    void stories260KGreedy() {
        Golden prompt = loadGolden("stories260K-once");
        Golden dec = loadGolden("stories260K-once-decode");
        Loaded m = load(dataPath("../../resources/models/stories260K.gguf"), 128, 64);
        QElapsedTimer timer;
        timer.start();
        std::vector<float> all;
        m.decoder->forward(prompt.tokens, 0, true, all);
        expectWithin(compareLogits(all, prompt.logits, prompt.nVocab), 0.005, 0.05, 0.99999,
                     "stories260K prompt", timer.elapsed());
        std::vector<float> logits(all.end() - prompt.nVocab, all.end()), rows;
        std::vector<int32_t> ids;
        int pos = static_cast<int>(prompt.tokens.size());
        for (size_t step = 0; step < dec.generated.size(); ++step) {
            rows.insert(rows.end(), logits.begin(), logits.end());
            ids.push_back(runtime::argmax(logits));
            if (step + 1 < dec.generated.size()) {
                const int32_t id = ids.back();
                m.decoder->forward(std::span<const int32_t>(&id, 1), pos++, false, logits);
            }
        }
        QCOMPARE(ids, dec.generated);
        expectWithin(compareLogits(rows, dec.logits, dec.nVocab), 0.005, 0.05, 0.99999,
                     "stories260K decode 48", timer.elapsed());
    }
};

QTEST_GUILESS_MAIN(TestVulkanModel)
#include "test_vulkan_model.moc"
