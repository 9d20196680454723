// Whole-model logits against llama.cpp's goldens (fixtures README §2, §6 tolerances).
#include "common/error.h"
#include "golden.h"
#include "runtime/session.h"
#include "test_data.h"

#include <QtTest>

using namespace smoldesk;
using namespace smoldesk::test;
using runtime::LoadOptions;
using runtime::Session;

namespace {

std::unique_ptr<Session> open(const std::string& model, int batch,
                              std::function<void(model::HyperParams&)> adjust = {}) {
    LoadOptions o;
    o.path = dataPath("models/" + model);
    o.contextLength = 512;
    o.batchSize = batch;
    o.threads = 2;
    o.adjustHyperParams = std::move(adjust);
    return Session::load(o);
}

void expectWithin(const LogitDiff& d, double mean, double max, double cosine, const std::string& what) {
    const std::string msg = what + ": " + d.describe();
    qInfo("%s", msg.c_str());
    QVERIFY2(d.meanAbs <= mean, msg.c_str());
    QVERIFY2(d.maxAbs <= max, msg.c_str());
    QVERIFY2(d.minCosine >= cosine, msg.c_str());
}

constexpr double kTinyMean = 0.10, kTinyMax = 0.75, kTinyCos = 0.997;

} // namespace

class TestGoldenLogits : public QObject {
    Q_OBJECT

  private slots:
    void smollm3TinyBatched_data() {
        QTest::addColumn<QString>("prompt");
        QTest::newRow("P1") << "smollm3-tiny-P1";
        QTest::newRow("P2") << "smollm3-tiny-P2";
        QTest::newRow("P3") << "smollm3-tiny-P3";
    }
    void smollm3TinyBatched() {
        QFETCH(QString, prompt);
        Golden g = loadGolden(prompt.toStdString());
        auto s = open("smollm3-tiny.gguf", 512);
        QCOMPARE(s->hparams().nopeLayerCount(), 2);
        QVERIFY(!s->hparams().layerUsesRope[3] && !s->hparams().layerUsesRope[7] &&
                s->hparams().layerUsesRope[0]);
        std::vector<float> ours = promptLogits(*s, g.tokens, g.tokens.size());
        expectWithin(compareLogits(ours, g.logits, g.nVocab), kTinyMean, kTinyMax, kTinyCos,
                     prompt.toStdString() + " batched");
    }

    void smollm3TinyOneByOneAndChunks_data() {
        QTest::addColumn<QString>("prompt");
        QTest::addColumn<int>("chunk");
        QTest::newRow("P1 one-by-one") << "smollm3-tiny-P1" << 1;
        QTest::newRow("P2 one-by-one") << "smollm3-tiny-P2" << 1;
        QTest::newRow("P2 chunks of 7") << "smollm3-tiny-P2" << 7;
        QTest::newRow("P3 chunks of 7") << "smollm3-tiny-P3" << 7;
    }
    void smollm3TinyOneByOneAndChunks() {
        QFETCH(QString, prompt);
        QFETCH(int, chunk);
        Golden g = loadGolden(prompt.toStdString());
        auto s = open("smollm3-tiny.gguf", 512);
        std::vector<float> ours = promptLogits(*s, g.tokens, static_cast<size_t>(chunk));
        expectWithin(compareLogits(ours, g.logits, g.nVocab), kTinyMean, kTinyMax, kTinyCos,
                     prompt.toStdString() + " chunk " + std::to_string(chunk));
    }

    void smollm3TinySmallBatchesSplitThePrompt() {
        // The session's own batching (batch 64 < 300 tokens) gives the same logits.
        Golden g = loadGolden("smollm3-tiny-P3");
        auto s = open("smollm3-tiny.gguf", 64);
        std::vector<float> ours = s->evaluate(g.tokens, true);
        expectWithin(compareLogits(ours, g.logits, g.nVocab), kTinyMean, kTinyMax, kTinyCos, "P3 batch 64");
    }

    void smollm3TinyGreedyDecode() {
        Golden g = loadGolden("smollm3-tiny-P2-decode");
        auto s = open("smollm3-tiny.gguf", 512);
        std::vector<float> rows;
        std::vector<float> logits = s->evaluate(g.tokens);
        std::vector<int32_t> ids;
        for (size_t step = 0; step < g.generated.size(); ++step) {
            rows.insert(rows.end(), logits.begin(), logits.end());
            int32_t id = runtime::argmax(logits);
            ids.push_back(id);
            if (step + 1 < g.generated.size()) logits = s->decode(id);
        }
        QCOMPARE(ids, g.generated);
        expectWithin(compareLogits(rows, g.logits, g.nVocab), kTinyMean, kTinyMax, kTinyCos, "P2 decode");
    }

    void ropeOnNopeLayersBreaksTheGolden() {
        // Forcing RoPE on SmolLM3's NoPE layers must move the logits far outside the tolerance.
        Golden g = loadGolden("smollm3-tiny-P2");
        auto s = open("smollm3-tiny.gguf", 512,
                      [](model::HyperParams& hp) { hp.layerUsesRope.assign(hp.layerUsesRope.size(), true); });
        LogitDiff d = compareLogits(s->evaluate(g.tokens, true), g.logits, g.nVocab);
        qInfo("RoPE forced on every layer: %s", d.describe().c_str());
        QVERIFY2(d.meanAbs > 0.5, d.describe().c_str());
    }

    void neoxPairingBreaksTheGolden() {
        Golden g = loadGolden("smollm3-tiny-P2");
        auto s = open("smollm3-tiny.gguf", 512,
                      [](model::HyperParams& hp) { hp.ropeStyle = compute::RopeStyle::NeoX; });
        LogitDiff d = compareLogits(s->evaluate(g.tokens, true), g.logits, g.nVocab);
        qInfo("NeoX pairing: %s", d.describe().c_str());
        QVERIFY2(d.meanAbs > 0.5, d.describe().c_str());
    }

    void stories260KGreedyText() {
        Golden prompt = loadGolden("stories260K-once");
        Golden dec = loadGolden("stories260K-once-decode");
        LoadOptions o;
        o.path = dataPath("models/../../../resources/models/stories260K.gguf");
        o.contextLength = 128;
        o.threads = 2;
        auto s = Session::load(o);
        QCOMPARE(s->tokenizer().encode("Once upon a time", true, true), prompt.tokens);

        std::vector<float> all = s->evaluate(prompt.tokens, true);
        expectWithin(compareLogits(all, prompt.logits, prompt.nVocab), 0.005, 0.05, 0.99999,
                     "stories260K prompt");

        std::vector<int32_t> ids;
        const std::vector<float> rows =
            greedyRows({all.end() - prompt.nVocab, all.end()}, dec.generated.size(), ids,
                       [&s](int32_t id) { return s->decode(id); });
        QCOMPARE(ids, dec.generated);
        expectWithin(compareLogits(rows, dec.logits, dec.nVocab), 0.005, 0.05, 0.99999, "stories260K decode");
        QCOMPARE(QString::fromStdString(s->tokenizer().decode(ids, true)),
                 QString(", there was a little girl named Lily. She loved to play outside in the park. One "
                         "day, she saw "
                         "a big, red ball. She wanted to play with it,"));
    }

    void llama2TinyRandomF16() {
        Golden g = loadGolden("llama-2-tiny-random-8");
        auto s = open("llama-2-tiny-random.gguf", 512);
        // The golden keeps the last two positions only (each row already depends on every earlier token).
        std::vector<float> all = s->evaluate(g.tokens, true);
        std::vector<float> last(all.end() - static_cast<std::ptrdiff_t>(g.logits.size()), all.end());
        QCOMPARE(g.logits.size(), size_t(2) * g.nVocab);
        LogitDiff d = compareLogits(last, g.logits, g.nVocab);
        expectWithin(d, 1.0, 5e-4, 0.9999, "llama-2-tiny-random");
    }
};

QTEST_GUILESS_MAIN(TestGoldenLogits)
#include "test_golden_logits.moc"
