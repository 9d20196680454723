// Speculative decoding on the Vulkan backend (lavapipe in CI): verification batches of up to
// 8 rows run the same matrix-vector shaders as decode steps, so greedy continuations with
// speculation on equal those with it off, token for token (tests/runtime/spec_check.h: the
// n-gram proposer, an oracle, a half-right proposer and an adversary), past gemma3's window
// and up to a full context.
#include "../runtime/spec_check.h"
#include "common/error.h"
#include "require_all.h"
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
};

QTEST_GUILESS_MAIN(TestVulkanSpeculation)
#include "test_vulkan_speculation.moc"
