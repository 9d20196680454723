// The submit work cap (Recorder::setWorkCap): a recorded step whose estimated work exceeds the
// cap goes to the GPU in several submissions, so that a weak GPU never runs one long enough to
// trip a driver watchdog. Forced tiny on lavapipe (SMOLDESK_VK_SUBMIT_WORK_CAP, in GFLOP), a
// 40-token prompt and two decode steps of the demo model must split into many submissions and
// give the same logits, bit for bit, as the uncapped run; the automatic cap is none on CPU
// implementations.
#include "common/error.h"
#include "compute/vulkan/backend_impl.h"
#include "require_all.h"
#include "runtime/session.h"
#include "test_data.h"
#include "tiny_model.h"
#include "vulkan_test_util.h"

#include <QtTest>

using namespace smoldesk;
using namespace smoldesk::runtime;

namespace {

struct Run {
    std::vector<float> prompt, decode1, decode2;
    compute::vk::RecorderStats stats;
    uint64_t cap = 0;
};

Run runDemo() {
    LoadOptions o;
    o.path = test::demoModelPath();
    o.contextLength = 128;
    o.threads = 2;
    o.backend = BackendChoice::Vulkan;
    o.device = test::vulkanTestDevice();
    auto s = Session::load(o);
    if (!s->fallbackReason().empty())
        throw Error(ErrorCode::Backend, "the test device was not used: " + s->fallbackReason());
    const auto* vk = dynamic_cast<const compute::vk::VulkanBackend*>(&s->backend());
    if (!vk) throw Error(ErrorCode::Backend, "the session's backend is not the Vulkan backend");
    std::vector<int32_t> tokens = s->tokenizer().encode(
        "Once upon a time there was a little girl who lived in a village near the forest. "
        "Whenever she went out, the little girl wore a red riding cloak.",
        true, false);
    tokens.resize(std::min<size_t>(tokens.size(), 40));
    Run r;
    r.prompt = s->evaluate(tokens);
    r.decode1 = s->decode(42);
    r.decode2 = s->decode(7);
    r.stats = vk->stats();
    return r;
}

} // namespace

class TestVulkanSubmitCap : public QObject {
    Q_OBJECT
  private slots:
    void cappedStepsGiveTheSameLogits() {
        if (test::vulkanTestDevice() < 0) SMOLDESK_SKIP_OR_FAIL(test::whyNoVulkanTestDevice().c_str());
        qunsetenv("SMOLDESK_VK_SUBMIT_WORK_CAP");
        const Run plain = runDemo();
        QCOMPARE(plain.stats.splitSteps, uint64_t(0));    // lavapipe: no automatic cap
        qputenv("SMOLDESK_VK_SUBMIT_WORK_CAP", "0.0002"); // 200 kFLOP: a few dispatches per submission
        const Run capped = runDemo();
        qunsetenv("SMOLDESK_VK_SUBMIT_WORK_CAP");
        qInfo("submits %llu -> %llu, split steps %llu, dispatches %llu -> %llu",
              (unsigned long long)plain.stats.submits, (unsigned long long)capped.stats.submits,
              (unsigned long long)capped.stats.splitSteps, (unsigned long long)plain.stats.dispatches,
              (unsigned long long)capped.stats.dispatches);
        QVERIFY(capped.stats.splitSteps >= 2);
        QVERIFY(capped.stats.submits >= plain.stats.submits + 20);
        QCOMPARE(capped.stats.dispatches, plain.stats.dispatches);
        QCOMPARE(capped.prompt, plain.prompt);
        QCOMPARE(capped.decode1, plain.decode1);
        QCOMPARE(capped.decode2, plain.decode2);
    }
};

QTEST_GUILESS_MAIN(TestVulkanSubmitCap)
#include "test_vulkan_submit_cap.moc"
