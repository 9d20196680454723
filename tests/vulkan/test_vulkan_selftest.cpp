// The GPU self-check (compute/selftest.h) on a Vulkan device: it passes on a correct device, and a
// kernel whose output is perturbed (the fault-injection switch) fails with the sentence the app
// shows. A few weight types only: the whole table takes a minute on lavapipe (see README).
#include "compute/selftest.h"
#include "require_all.h"
#include "runtime/self_check.h"
#include "test_data.h"
#include "tiny_model.h"
#include "vulkan_test_util.h"

#include <QtTest>

using namespace smoldesk;
using namespace smoldesk::compute;
using namespace smoldesk::test;

class TestVulkanSelftest : public QObject {
    Q_OBJECT

    static SelfTestOptions someTypes() {
        SelfTestOptions o;
        o.types = {quant::Type::Q4_K, quant::Type::Q6_K, quant::Type::IQ4_XS};
        return o;
    }

  private slots:
    void initTestCase() {
        if (vulkanTestDevice() < 0) SMOLDESK_SKIP_OR_FAIL(whyNoVulkanTestDevice().c_str());
    }

    void everyKernelPassesOnACorrectDevice() {
        auto gpu = makeVulkanBackend();
        const std::vector<SelfTestResult> rows = runKernelSelfTest(*gpu, someTypes());
        QVERIFY(rows.size() > 60);
        for (const SelfTestResult& r : rows)
            QVERIFY2(r.passed, qPrintable(QString("%1: error %2, tolerance %3")
                                              .arg(QString::fromStdString(r.kernel))
                                              .arg(r.maxError)
                                              .arg(r.tolerance)));
        QVERIFY(selfTestFailureSentence(rows).empty());
    }

    void aPerturbedKernelIsCaughtAndNamed_data() {
        QTest::addColumn<QString>("kernel");
        QTest::addColumn<QString>("family");
        QTest::addRow("matrix-vector") << "Q6_K matrix-vector (1 token)"
                                       << "Q6_K matrix products";
        QTest::addRow("attention") << "attention, decode at 300"
                                   << "attention";
        QTest::addRow("rope") << "RoPE adjacent-pair, Llama 3 divisors at 300"
                              << "rotary position embeddings";
    }
    void aPerturbedKernelIsCaughtAndNamed() {
        QFETCH(QString, kernel);
        QFETCH(QString, family);
        auto gpu = makeVulkanBackend();
        SelfTestOptions o = someTypes();
        o.faultKernel = kernel.toStdString();
        const std::vector<SelfTestResult> rows = runKernelSelfTest(*gpu, o);
        int failed = 0;
        for (const SelfTestResult& r : rows)
            if (!r.passed) {
                ++failed;
                QCOMPARE(QString::fromStdString(r.kernel), kernel);
            }
        QCOMPARE(failed, 1);
        QCOMPARE(QString::fromStdString(selfTestFailureSentence(rows)),
                 QString("The GPU driver computed wrong results for %1 (%2); SmolDesk uses the CPU.")
                     .arg(family, kernel));
    }

    void theDemoModelMatchesLlamaCpp() {
        runtime::LoadOptions o;
        o.path = demoModelPath();
        o.backend = runtime::BackendChoice::Vulkan;
        o.device = vulkanTestDevice();
        const SelfTestResult r = runtime::checkDemoModel(o, dataPath("models/stories260K-once.f32"));
        QVERIFY2(r.passed, qPrintable(QString::number(r.maxError)));
        QVERIFY(r.maxError < 0.02);
        // A golden of another prompt (wrong size) is a failure, never a pass.
        QVERIFY(!runtime::checkDemoModel(o, dataPath("models/stories260K-once-decode.f32")).passed);
    }
};

QTEST_GUILESS_MAIN(TestVulkanSelftest)
#include "test_vulkan_selftest.moc"
