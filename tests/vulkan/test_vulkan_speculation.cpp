// Speculative decoding on the Vulkan backend (lavapipe in CI): verification batches of up to
// 8 rows run the same matrix-vector shaders as decode steps, so greedy continuations with
// speculation on equal those with it off, token for token (tests/runtime/spec_check.h: the
// n-gram proposer, an oracle, a half-right proposer and an adversary), past gemma3's window
// and up to a full context.
#include "../runtime/spec_check.h"
#include "common/error.h"
#include "require_all.h"
#include "runtime/draft_proposer.h"
#include "runtime/session.h"
#include "test_data.h"
#include "tiny_model.h"
#include "vulkan_test_util.h"

#include <QtTest>

using namespace smoldesk;
using namespace smoldesk::runtime;

namespace {

std::unique_ptr<Session> openVulkan(const std::string& path, int ctx) {
    LoadOptions o;
    o.path = path;
    o.contextLength = ctx;
    o.threads = 2;
    o.backend = BackendChoice::Vulkan;
    o.device = test::vulkanTestDevice();
    auto s = Session::load(o);
    if (!s->fallbackReason().empty())
        throw Error(ErrorCode::Backend, "the test device was not used: " + s->fallbackReason());
    return s;
}

const char* kRepetitive = "One two three four five. One two three four five. One two three four five. "
                          "The cat sat on the mat. The cat sat on the mat. The cat";

GenerateParams greedy(int n) {
    GenerateParams g;
    g.maxTokens = n;
    g.sampling.temperature = 0;
    g.stopAtEndOfGeneration = false;
    return g;
}

} // namespace

class TestVulkanSpeculation : public QObject {
    Q_OBJECT
  private slots:
    void greedyIdentity_data() {
        QTest::addColumn<QString>("model");
        QTest::addColumn<int>("context");
        QTest::newRow("stories260K") << QString::fromStdString(test::demoModelPath()) << 256;
        // 64 positions: the window of 32 slides, and the run ends with a full context.
        QTest::newRow("gemma3-tiny, full context")
            << QString::fromStdString(test::dataPath("models/arch/gemma3-tiny.gguf")) << 64;
    }
    void greedyIdentity() {
        if (test::vulkanTestDevice() < 0) SMOLDESK_SKIP_OR_FAIL(test::whyNoVulkanTestDevice().c_str());
        QFETCH(QString, model);
        QFETCH(int, context);
        auto s = openVulkan(model.toStdString(), context);
        auto prompt = s->tokenizer().encode(kRepetitive, s->tokenizer().addBosByDefault(), false);
        prompt.resize(std::min<size_t>(prompt.size(), 40)); // leaves 24 positions of the 64
        std::string why;
        try {
            why = test::checkSpecIdentity(*s, prompt, greedy(context == 64 ? 100 : 24), 4);
        } catch (const Error& e) {
            QFAIL(e.what());
        }
        QVERIFY2(why.empty(), why.c_str());
    }
    // A draft model on the GPU beside the target (the app and the CLI put the draft on the
    // target's backend): the demo model as its own draft, both on the test device, gives the
    // plain continuation token for token and nearly every guess is kept.
    void draftOnTheGpu() {
        if (test::vulkanTestDevice() < 0) SMOLDESK_SKIP_OR_FAIL(test::whyNoVulkanTestDevice().c_str());
        const std::string demo = test::demoModelPath();
        auto target = openVulkan(demo, 256);
        std::shared_ptr<Session> draft = openVulkan(demo, 256);
        QVERIFY(draftVocabularyMismatch(*target, *draft).empty());
        auto prompt =
            target->tokenizer().encode("Once upon a time", target->tokenizer().addBosByDefault(), false);
        const test::SpecRun plain = test::runSpec(*target, prompt, greedy(16));
        GenerateParams g = greedy(16);
        g.speculation = DraftProposer::options(draft, SpecMode::Ngram, 4);
        const test::SpecRun drafted = test::runSpec(*target, prompt, g);
        QCOMPARE(drafted.ids, plain.ids);
        QCOMPARE(drafted.cached, plain.cached);
        QVERIFY(drafted.proposed > 0);
        QVERIFY2(drafted.accepted + 4 >= drafted.proposed,
                 qPrintable(QString("%1 of %2").arg(drafted.accepted).arg(drafted.proposed)));
    }
};

QTEST_GUILESS_MAIN(TestVulkanSpeculation)
#include "test_vulkan_speculation.moc"
