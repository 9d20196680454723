// The qwen2, qwen3, gemma3 and phi3 forward passes against llama.cpp's goldens
// (tests/data/models/arch/README.md): tiny random F16 models with each family's real
// template, prompts of 12 and 160 tokens fed batched, one by one and in chunks, and a
// greedy continuation whose 16 ids must match exactly. Tolerances are the fixture's own.
#include "golden.h"
#include "runtime/session.h"
#include "test_data.h"

#include <QtTest>

using namespace smoldesk;
using namespace smoldesk::test;

namespace {

constexpr double kMean = 0.005, kMax = 0.03, kCosine = 0.99999;

std::unique_ptr<runtime::Session> open(const QString& arch, int batch,
                                       std::function<void(model::HyperParams&)> adjust = {},
                                       int context = 512) {
    runtime::LoadOptions o;
    o.path = dataPath("models/arch/" + arch.toStdString() + "-tiny.gguf");
    o.contextLength = context;
    o.batchSize = batch;
    o.threads = 2;
    o.adjustHyperParams = std::move(adjust);
    return runtime::Session::load(o);
}

Golden golden(const QString& arch, const char* which) {
    return loadGolden("arch/" + arch.toStdString() + "-tiny-" + which);
}

bool within(const LogitDiff& d, const QString& what) {
    return logitsWithin(d, kMean, kMax, kCosine, what.toStdString());
}

void addArchRows() {
    QTest::addColumn<QString>("arch");
    for (const char* a : {"qwen2", "qwen3", "gemma3", "phi3", "llama3rope"})
        QTest::newRow(a) << QString::fromLatin1(a);
}

// phi3longrope's two regimes: the context size picks LongRoPE's factor set (fixture README).
void addRegimeRows() {
    QTest::addColumn<QString>("regime");
    QTest::addColumn<int>("context");
    QTest::newRow("short (n_ctx 512)") << "short" << 512;
    QTest::newRow("long (n_ctx 1024)") << "long" << 1024;
}

} // namespace

class TestArchGoldens : public QObject {
    Q_OBJECT

  private slots:
    void hyperParameters() {
        auto gemma = open("gemma3", 32);
        const model::HyperParams& g = gemma->hparams();
        QCOMPARE(g.family, model::Family::Gemma3);
        QCOMPARE(g.headDim, 64); // attention.key_length, not n_embd / n_head = 32
        QCOMPARE(g.layerWindow, (std::vector<int>{32, 32, 32, 32, 32, 0}));
        QCOMPARE(g.ropeOf(0).freqBase, 1e4f);
        QCOMPARE(g.ropeOf(5).freqBase, 1e6f);
        QCOMPARE(g.embedScale, std::sqrt(128.0f));
        QCOMPARE(open("phi3", 32)->hparams().ropeDims, 48);
        QCOMPARE(open("qwen3", 32)->hparams().ropeStyle, compute::RopeStyle::NeoX);
    }

    void batched_data() { addArchRows(); }
    void batched() {
        QFETCH(QString, arch);
        auto s = open(arch, 512);
        for (const char* p : {"P1", "P2"}) {
            const Golden g = golden(arch, p);
            QVERIFY(within(compareLogits(s->evaluate(g.tokens, true), g.logits, g.nVocab),
                           arch + " " + p + " batched"));
        }
    }

    void oneByOneAndChunks_data() { addArchRows(); }
    void oneByOneAndChunks() {
        QFETCH(QString, arch);
        const Golden g = golden(arch, "P2");
        for (size_t chunk : {size_t{1}, size_t{7}, size_t{32}}) {
            auto s = open(arch, 512);
            QVERIFY(within(compareLogits(promptLogits(*s, g.tokens, chunk), g.logits, g.nVocab),
                           arch + " P2 in chunks of " + QString::number(chunk)));
        }
        // The session's own split of a prompt longer than its batch.
        auto s = open(arch, 48);
        QVERIFY(
            within(compareLogits(s->evaluate(g.tokens, true), g.logits, g.nVocab), arch + " P2 batch 48"));
    }

    void greedyDecode_data() { addArchRows(); }
    void greedyDecode() {
        QFETCH(QString, arch);
        const Golden g = golden(arch, "P1-decode");
        auto s = open(arch, 512);
        std::vector<float> logits = s->evaluate(g.tokens), rows;
        std::vector<int32_t> ids;
        for (size_t step = 0; step < g.generated.size(); ++step) {
            rows.insert(rows.end(), logits.begin(), logits.end());
            ids.push_back(runtime::argmax(logits));
            if (step + 1 < g.generated.size()) logits = s->decode(ids.back());
        }
        QCOMPARE(ids, g.generated);
        QVERIFY(within(compareLogits(rows, g.logits, g.nVocab), arch + " decode"));
    }

    // Each family's distinguishing part matters: leaving it out fails the tolerance by far
    // (the fixture README lists how far each known mistake lands).
    void mistakesFailTheGolden_data() {
        QTest::addColumn<QString>("arch");
        QTest::addColumn<int>("mistake");
        QTest::newRow("qwen2 adjacent RoPE pairs") << "qwen2" << 0;
        QTest::newRow("qwen3 scale from n_embd/n_head") << "qwen3" << 1;
        QTest::newRow("gemma3 window ignored") << "gemma3" << 2;
        QTest::newRow("gemma3 no embedding scale") << "gemma3" << 3;
        QTest::newRow("gemma3 global RoPE base on local layers") << "gemma3" << 4;
        QTest::newRow("phi3 RoPE over the whole head") << "phi3" << 5;
        QTest::newRow("llama3rope rope_freqs ignored") << "llama3rope" << 6;
    }
    void mistakesFailTheGolden() {
        QFETCH(QString, arch);
        QFETCH(int, mistake);
        auto s = open(arch, 512, [mistake](model::HyperParams& hp) {
            switch (mistake) {
            case 0:
                hp.ropeStyle = compute::RopeStyle::Adjacent;
                break;
            case 1:
                hp.attnScale = 1.0f / std::sqrt(static_cast<float>(hp.nEmbd / hp.nHead));
                break;
            case 2:
                hp.layerWindow.clear();
                break;
            case 3:
                hp.embedScale = 1.0f;
                break;
            case 4:
                hp.ropeFreqBaseLocal = hp.ropeFreqBase;
                break;
            case 5:
                hp.ropeDims = hp.headDim;
                break;
            case 6:
                hp.ropeFactors = model::HyperParams::RopeFactors::None;
                break;
            }
        });
        const Golden g = golden(arch, "P2");
        const LogitDiff d = compareLogits(s->evaluate(g.tokens, true), g.logits, g.nVocab);
        qInfo("%s: %s", QTest::currentDataTag(), d.describe().c_str());
        QVERIFY2(d.meanAbs > 10 * kMean, d.describe().c_str());
    }

    void longRope_data() { addRegimeRows(); }
    void longRope() {
        QFETCH(QString, regime);
        QFETCH(int, context);
        const QString arch = "phi3longrope";
        auto s = open(arch, 512, {}, context);
        QCOMPARE(s->hparams().ropeFactors, model::HyperParams::RopeFactors::LongShort);
        QCOMPARE(s->hparams().ropeOrigCtx, 512);
        QVERIFY(std::fabs(s->hparams().ropeAttnFactor - 1.2472191f) < 1e-6f);
        for (const QString p : {"P1-", "P2-"}) {
            const Golden g = golden(arch, qPrintable(p + regime));
            QVERIFY(within(compareLogits(s->evaluate(g.tokens, true), g.logits, g.nVocab),
                           p + regime + " batched"));
        }
        const Golden g2 = golden(arch, qPrintable("P2-" + regime));
        for (size_t chunk : {size_t{1}, size_t{7}}) {
            auto c = open(arch, 512, {}, context);
            QVERIFY(within(compareLogits(promptLogits(*c, g2.tokens, chunk), g2.logits, g2.nVocab),
                           "P2-" + regime + " in chunks of " + QString::number(chunk)));
        }
        const Golden g = golden(arch, qPrintable("P1-decode-" + regime));
        std::vector<float> logits = s->evaluate(g.tokens), rows;
        std::vector<int32_t> ids;
        for (size_t step = 0; step < g.generated.size(); ++step) {
            rows.insert(rows.end(), logits.begin(), logits.end());
            ids.push_back(runtime::argmax(logits));
            if (step + 1 < g.generated.size()) logits = s->decode(ids.back());
        }
        QCOMPARE(ids, g.generated);
        QVERIFY(within(compareLogits(rows, g.logits, g.nVocab), regime + " decode"));
    }

    // The mistakes the fixture's detectors list for LongRoPE land far outside the tolerance.
    void longRopeMistakesFail_data() {
        QTest::addColumn<QString>("regime");
        QTest::addColumn<int>("context");
        QTest::addColumn<int>("mistake");
        QTest::newRow("short: run at the long regime's context") << "short" << 1024 << 0;
        QTest::newRow("long: run at the short regime's context") << "long" << 512 << 0;
        QTest::newRow("long: attention factor ignored") << "long" << 1024 << 1;
        QTest::newRow("long: factors ignored") << "long" << 1024 << 2;
    }
    void longRopeMistakesFail() {
        QFETCH(QString, regime);
        QFETCH(int, context);
        QFETCH(int, mistake);
        auto s = open(
            "phi3longrope", 512,
            [mistake](model::HyperParams& hp) {
                if (mistake == 1) hp.ropeAttnFactor = 1.0f;
                if (mistake == 2) hp.ropeFactors = model::HyperParams::RopeFactors::None;
            },
            context);
        const Golden g = golden("phi3longrope", qPrintable("P2-" + regime));
        const LogitDiff d = compareLogits(s->evaluate(g.tokens, true), g.logits, g.nVocab);
        qInfo("%s: %s", QTest::currentDataTag(), d.describe().c_str());
        QVERIFY2(d.meanAbs > 10 * kMean, d.describe().c_str());
    }
};

QTEST_GUILESS_MAIN(TestArchGoldens)
#include "test_arch_goldens.moc"
