// Saved KV-cache states on the Vulkan backend (lavapipe in CI): the f16 device caches go out
// through the readback buffer and back through the staging buffer; a restored session
// continues as the one that saved it and as one that reads the history from scratch.
#include "../runtime/resume_check.h"
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

std::unique_ptr<Session> openOn(BackendChoice backend, const std::string& path) {
    LoadOptions o;
    o.path = path;
    o.contextLength = 256;
    o.threads = 2;
    o.backend = backend;
    o.device = backend == BackendChoice::Vulkan ? test::vulkanTestDevice() : -1;
    auto s = Session::load(o);
    if (backend == BackendChoice::Vulkan && !s->fallbackReason().empty())
        throw Error(ErrorCode::Backend, "the test device was not used: " + s->fallbackReason());
    return s;
}

const char* kStory = "Once upon a time, there was a little girl named Lily. She loved to play outside in the "
                     "park with her dog. One day, she saw a big red ball under a tree.";

} // namespace

class TestVulkanState : public QObject {
    Q_OBJECT
  private:
    void checkResume(const std::string& model) {
        if (test::vulkanTestDevice() < 0) SMOLDESK_SKIP_OR_FAIL(test::whyNoVulkanTestDevice().c_str());
        auto open = [&] { return openOn(BackendChoice::Vulkan, model); };
        const test::ResumeLogits r = test::resumeVersusScratch(open, kStory, " Lily ran to the ball and", 11,
                                                               test::tmpPath("vk-resume.kvstate"));
        QCOMPARE(r.restored, r.history);
        QCOMPARE(r.reused, static_cast<int>(r.history.size()));
        // The same shaders over the same cache bytes: the same floats as without the round trip.
        QCOMPARE(r.resumed, r.stepwise);
        QVERIFY2(test::maxAbsDiff(r.resumed, r.scratch) < 0.05f,
                 qPrintable(QString::number(test::maxAbsDiff(r.resumed, r.scratch))));
        QCOMPARE(test::argmax(r.resumed), test::argmax(r.scratch));
    }

  private slots:
    void demoResumes() { checkResume(test::demoModelPath()); }
    void smollm3TinyResumes() { checkResume(test::dataPath("models/smollm3-tiny.gguf")); }

    void cpuStateIsRefusedOnTheGpu() {
        if (test::vulkanTestDevice() < 0) SMOLDESK_SKIP_OR_FAIL(test::whyNoVulkanTestDevice().c_str());
        const std::string path = test::tmpPath("cpu.kvstate");
        {
            auto cpu = openOn(BackendChoice::Cpu, test::demoModelPath());
            cpu->evaluate(cpu->tokenizer().encode(kStory, true, true));
            cpu->saveStateFile(path);
        }
        auto gpu = openOn(BackendChoice::Vulkan, test::demoModelPath());
        try {
            gpu->restoreStateFile(path);
            QFAIL("a CPU state was restored on the GPU");
        } catch (const Error& e) {
            QCOMPARE(int(e.code()), int(ErrorCode::InvalidArgument));
            QCOMPARE(QString(e.what()),
                     QString("The saved chat state was computed on the CPU, not on the GPU."));
        }
        QVERIFY(gpu->cachedTokens().empty());
    }
};

QTEST_GUILESS_MAIN(TestVulkanState)
#include "test_vulkan_state.moc"
