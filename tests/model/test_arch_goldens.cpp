// The qwen2, qwen3, gemma3 and phi3 forward passes against llama.cpp's goldens
// (tests/data/models/arch/README.md): tiny random F16 models with each family's real
// template, prompts of 12 and 160 tokens fed batched, one by one and in chunks, and a
// greedy continuation whose 16 ids must match exactly. Tolerances are the fixture's own.
// The mixtures of experts (qwen3moe in Q4_K_M, gpt-oss with MXFP4 experts) the same way, with
// each golden's recommended_tolerance from its JSON; SMOLDESK_ARCH_FIXTURES=<../shared's
// fixtures/arch> adds rows for their F16 twins, which the repository does not carry.
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

// A mixture-of-experts model: its file and goldens in the test data, or (F16 twins) in the
// folder SMOLDESK_ARCH_FIXTURES names.
struct MoeModel {
    QString name;
    bool shared = false;
    std::string stem(const std::string& suffix) const {
        const std::string base = name.toStdString() + suffix;
        return shared ? qEnvironmentVariable("SMOLDESK_ARCH_FIXTURES").toStdString() + "/" + base
                      : dataPath("models/arch/" + base);
    }
};

std::vector<MoeModel> moeModels(bool withDecodeGolden) {
    std::vector<MoeModel> models;
    if (!withDecodeGolden) models.push_back({"qwen3moe-tiny-Q4_K_M"}); // no decode golden (fixture README)
    models.push_back({"gpt-oss-tiny-mxfp4"});
    if (!qEnvironmentVariableIsEmpty("SMOLDESK_ARCH_FIXTURES"))
        for (const char* m : {"qwen3moe-tiny", "gpt-oss-tiny"}) models.push_back({m, true});
    return models;
}

std::unique_ptr<runtime::Session> openMoe(const MoeModel& m, int batch,
                                          std::function<void(model::HyperParams&)> adjust = {}) {
    runtime::LoadOptions o;
    o.path = m.stem(".gguf");
    o.contextLength = 512;
    o.batchSize = batch;
    o.threads = 2;
    o.adjustHyperParams = std::move(adjust);
    return runtime::Session::load(o);
}

} // namespace

Q_DECLARE_METATYPE(MoeModel)

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

    void moeHyperParameters() {
        auto q = openMoe({"qwen3moe-tiny-Q4_K_M"}, 32);
        const model::HyperParams& h = q->hparams();
        QCOMPARE(h.family, model::Family::Qwen3Moe);
        QCOMPARE(h.nExpert, 8);
        QCOMPARE(h.nExpertUsed, 2);
        QCOMPARE(h.nFf, 32);     // expert_feed_forward_length, not feed_forward_length (768)
        QCOMPARE(h.headDim, 32); // key_length
        QVERIFY(h.layerWindow.empty());
        auto g = openMoe({"gpt-oss-tiny-mxfp4"}, 32);
        const model::HyperParams& o = g->hparams();
        QCOMPARE(o.family, model::Family::GptOss);
        QCOMPARE(o.layerWindow, (std::vector<int>{16, 0, 16, 0})); // even layers slide
        QCOMPARE(o.ffnActivation, compute::GluActivation::SwigluOai);
        // YaRN as ggml computes it (fixture README): factor 32, corr dims floor/ceil 8 and 18,
        // and llama.cpp's attention factor 1 (the kernel applies the 1 + 0.1 ln 32 magnitude).
        QCOMPARE(o.ropeFreqScale, 1.0f / 32);
        QCOMPARE(o.ropeExtFactor, 1.0f);
        QCOMPARE(o.ropeCorrLow, 8.0f);
        QCOMPARE(o.ropeCorrHigh, 18.0f);
        QVERIFY(std::fabs(o.ropeAttnFactor - 1.0f) < 1e-6f);
        QCOMPARE(o.ropeOf(0), o.ropeOf(1)); // sliding layers share the full layers' rotation
    }

    // Batched, one by one, in chunks of 7 and 32, and the session's own split at batch 48.
    void moePrompts_data() {
        QTest::addColumn<MoeModel>("model");
        QTest::addColumn<QString>("prompt");
        QTest::addColumn<int>("chunk");
        QTest::addColumn<int>("batch");
        for (const MoeModel& m : moeModels(false))
            for (const char* p : {"P1", "P2"}) {
                const QString tag = m.name + " " + p;
                QTest::newRow(qPrintable(tag + " batched")) << m << QString(p) << 512 << 512;
                if (QString(p) == "P1") continue;
                QTest::newRow(qPrintable(tag + " one by one")) << m << QString(p) << 1 << 512;
                QTest::newRow(qPrintable(tag + " chunks of 7")) << m << QString(p) << 7 << 512;
                QTest::newRow(qPrintable(tag + " chunks of 32")) << m << QString(p) << 32 << 512;
                QTest::newRow(qPrintable(tag + " batch 48")) << m << QString(p) << 512 << 48;
            }
    }
    void moePrompts() {
        QFETCH(MoeModel, model);
        QFETCH(QString, prompt);
        QFETCH(int, chunk);
        QFETCH(int, batch);
        const Golden g = loadGoldenAt(model.stem("-" + prompt.toStdString()));
        auto s = openMoe(model, batch);
        const std::vector<float> logits = chunk >= static_cast<int>(g.tokens.size())
                                              ? s->evaluate(g.tokens, true)
                                              : promptLogits(*s, g.tokens, static_cast<size_t>(chunk));
        QVERIFY(logitsWithin(compareLogits(logits, g.logits, g.nVocab), g, QTest::currentDataTag()));
    }

    void moeGreedyDecode_data() {
        QTest::addColumn<MoeModel>("model");
        for (const MoeModel& m : moeModels(true)) QTest::newRow(qPrintable(m.name)) << m;
    }
    void moeGreedyDecode() {
        QFETCH(MoeModel, model);
        const Golden g = loadGoldenAt(model.stem("-P1-decode"));
        auto s = openMoe(model, 512);
        std::vector<int32_t> ids;
        const std::vector<float> rows = greedyRows(*s, g, ids);
        QCOMPARE(ids, g.generated);
        QVERIFY(
            logitsWithin(compareLogits(rows, g.logits, g.nVocab), g, model.name.toStdString() + " decode"));
    }

    // The fixture's detectors that hyper-parameters can reproduce land outside the tolerance.
    void moeMistakesFail_data() {
        QTest::addColumn<QString>("model");
        QTest::addColumn<int>("mistake");
        QTest::newRow("gpt-oss sliding window ignored") << "gpt-oss-tiny-mxfp4" << 0;
        QTest::newRow("gpt-oss sliding window on odd layers") << "gpt-oss-tiny-mxfp4" << 1;
        QTest::newRow("gpt-oss YaRN ignored") << "gpt-oss-tiny-mxfp4" << 2;
        QTest::newRow("gpt-oss plain SwiGLU") << "gpt-oss-tiny-mxfp4" << 3;
        QTest::newRow("gpt-oss window 17") << "gpt-oss-tiny-mxfp4" << 4;
        QTest::newRow("qwen3moe top 1 expert") << "qwen3moe-tiny-Q4_K_M" << 5;
        QTest::newRow("qwen3moe scale from n_embd/n_head") << "qwen3moe-tiny-Q4_K_M" << 6;
    }
    void moeMistakesFail() {
        QFETCH(QString, model);
        QFETCH(int, mistake);
        auto s = openMoe({model}, 512, [mistake](model::HyperParams& hp) {
            switch (mistake) {
            case 0:
                hp.layerWindow.clear();
                break;
            case 1:
                for (int il = 0; il < hp.nLayer; ++il)
                    hp.layerWindow[static_cast<size_t>(il)] = il % 2 ? 16 : 0;
                break;
            case 2:
                hp.ropeExtFactor = 0;
                hp.ropeFreqScale = 1;
                break;
            case 3:
                hp.ffnActivation = compute::GluActivation::Silu;
                break;
            case 4:
                for (int& w : hp.layerWindow) w = w ? 17 : 0;
                break;
            case 5:
                hp.nExpertUsed = 1;
                break;
            case 6:
                hp.attnScale = 1.0f / std::sqrt(static_cast<float>(hp.nEmbd / hp.nHead));
                break;
            }
        });
        const Golden g = loadGolden("arch/" + model.toStdString() + "-P2");
        const LogitDiff d = compareLogits(s->evaluate(g.tokens, true), g.logits, g.nVocab);
        qInfo("%s: %s", QTest::currentDataTag(), d.describe().c_str());
        QVERIFY2(d.meanAbs > 1.5 * g.tolMean || d.maxAbs > g.tolMax || d.minCosine < g.tolCosine,
                 d.describe().c_str());
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
        std::vector<int32_t> ids;
        const std::vector<float> rows = greedyRows(*s, g, ids);
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
        std::vector<int32_t> ids;
        const std::vector<float> rows = greedyRows(*s, g, ids);
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
