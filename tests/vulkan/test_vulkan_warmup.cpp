// Pipeline warm-up at load (runtime/gpu_warmup.h, lavapipe in CI): after it, a first prompt and a
// first decode step create no pipeline; their logits equal a lazily compiled run's bit for bit and
// stay within the llama.cpp golden's tolerance; a pipeline that fails to compile in the background
// becomes one Error where the model uses it; SMOLDESK_VK_WARMUP=0 switches it off; a cancel stops
// it; Session::load announces the phase.
#include "../model/golden.h"
#include "common/error.h"
#include "model/decoder.h"
#include "model/hparams.h"
#include "require_all.h"
#include "runtime/gpu_warmup.h"
#include "runtime/session.h"
#include "test_data.h"
#include "vulkan_test_util.h"

#include <QtTest>

using namespace smoldesk;
using namespace smoldesk::test;

namespace {

constexpr int kCtx = 256, kBatch = 256; // the app's batch (LoadOptions::batchSize)

struct Loaded {
    std::unique_ptr<gguf::File> file;
    std::unique_ptr<compute::vk::VulkanBackend> backend;
    std::unique_ptr<model::Decoder> decoder;
    uint64_t creations() const { return compute::vulkanCounters(*backend)->pipelineCreations; }
};

Loaded load() {
    Loaded l;
    l.file = gguf::File::open(dataPath("models/smollm3-tiny.gguf"));
    l.backend = makeVulkanBackend(); // validation on: any message fails
    l.decoder =
        std::make_unique<model::Decoder>(*l.file, model::readHyperParams(*l.file), *l.backend, kCtx, kBatch);
    return l;
}

struct FirstTurn {
    std::vector<float> prompt, decode; // last-row logits of the prompt, then of one decode step
};

FirstTurn firstTurn(Loaded& m, const std::vector<int32_t>& tokens) {
    FirstTurn t;
    m.decoder->forward(tokens, 0, false, t.prompt);
    const int32_t next = tokens.front();
    m.decoder->forward(std::span<const int32_t>(&next, 1), static_cast<int>(tokens.size()), false, t.decode);
    return t;
}

// A scoped environment variable.
struct Env { // sets a variable for a scope, then puts back what was there (initTestCase's values)
    QByteArray name, before;
    bool was;
    Env(const char* n, const char* v) : name(n), before(qgetenv(n)), was(qEnvironmentVariableIsSet(n)) {
        qputenv(n, v);
    }
    ~Env() {
        if (was) qputenv(name.constData(), before);
        else qunsetenv(name.constData());
    }
};

} // namespace

class TestVulkanWarmup : public QObject {
    Q_OBJECT
    Golden golden_;

  private slots:
    void initTestCase() {
        if (vulkanTestDevice() < 0) SMOLDESK_SKIP_OR_FAIL(whyNoVulkanTestDevice().c_str());
        qputenv("SMOLDESK_VK_PIPELINE_CACHE", "off"); // every backend compiles from scratch
        qputenv("SMOLDESK_VK_WARMUP", "1"); // lavapipe, a CPU device, has it off by default
        qunsetenv("SMOLDESK_VK_WARMUP_THREADS");
        golden_ = loadGolden("smollm3-tiny-P2"); // 100 tokens: one prompt chunk
    }

    void firstTurnCreatesNoPipeline() {
        Loaded warm = load();
        const uint64_t before = warm.creations();
        const runtime::GpuWarmup w = runtime::warmUpGpu(*warm.decoder, *warm.backend);
        QVERIFY(w.ran);
        QVERIFY(w.pipelines > 0);
        QCOMPARE(w.failed, uint64_t(0));
        QVERIFY(w.threads >= 1);
        const compute::VulkanCounters c = *compute::vulkanCounters(*warm.backend);
        QCOMPARE(c.pipelineCreations, before + w.pipelines);
        QCOMPARE(c.pipelinesPrepared, w.pipelines);
        QCOMPARE(c.dispatches, uint64_t(0)); // the dry steps computed nothing
        QCOMPARE(c.weightBytesRead, uint64_t(0));

        const uint64_t afterWarmup = warm.creations();
        const FirstTurn got = firstTurn(warm, golden_.tokens);
        QCOMPARE(warm.creations(), afterWarmup);

        // The same turn compiled lazily.
        Loaded lazy = load();
        const FirstTurn want = firstTurn(lazy, golden_.tokens);
        qInfo("warm-up: %llu pipelines on %d threads in %.2f s; the lazy run created %llu in its first turn",
              (unsigned long long)w.pipelines, w.threads, w.seconds, (unsigned long long)lazy.creations());
        QVERIFY(lazy.creations() > 0);
        QVERIFY(lazy.creations() <= w.pipelines); // the warm-up covers (at least) what the turn used
        QCOMPARE(got.prompt, want.prompt);
        QCOMPARE(got.decode, want.decode);

        // And both are the model's logits, not merely the same ones (llama.cpp's last row).
        const int nv = golden_.nVocab;
        const std::vector<float> last(golden_.logits.end() - nv, golden_.logits.end());
        QVERIFY(logitsWithin(compareLogits(got.prompt, last, nv), golden_, "warm-up prompt vs llama.cpp"));
    }

    void backgroundFailureIsOneError() {
        Env inject("SMOLDESK_VK_INJECT_PIPELINE_FAILURE", "embed"); // every step looks up its embedding
        Loaded m = load();
        const runtime::GpuWarmup w = runtime::warmUpGpu(*m.decoder, *m.backend);
        QVERIFY(w.ran);
        QCOMPARE(w.failed, uint64_t(1));
        QVERIFY(w.pipelines > 0);                       // the others compiled
        for (int attempt = 0; attempt < 2; ++attempt) { // the same sentence each time, no hang
            std::vector<float> logits;
            try {
                m.decoder->forward(golden_.tokens, 0, false, logits);
                QFAIL("the step that needs the failed pipeline ran");
            } catch (const Error& e) {
                QCOMPARE(e.code(), ErrorCode::Backend);
                QVERIFY2(QString(e.what()).contains("'embed "), e.what());
            }
        }
    }

    void offByDefaultOnCpuDevices() { // lavapipe: compiled lazily unless asked for
        Env unset("SMOLDESK_VK_WARMUP", "");
        Loaded m = load();
        QVERIFY(!runtime::warmUpGpu(*m.decoder, *m.backend).ran);
    }

    void switchedOff() {
        Env off("SMOLDESK_VK_WARMUP", "0");
        Loaded m = load();
        const uint64_t before = m.creations();
        QVERIFY(!runtime::warmUpGpu(*m.decoder, *m.backend).ran);
        QCOMPARE(m.creations(), before);
        firstTurn(m, golden_.tokens);
        QVERIFY(m.creations() > before); // lazily, as before the warm-up existed
    }

    void cancelStopsAndTheModelStillRuns() {
        Env serial("SMOLDESK_VK_WARMUP_THREADS", "1");
        Loaded m = load();
        size_t calls = 0;
        try {
            runtime::warmUpGpu(*m.decoder, *m.backend, [&](size_t done, size_t) {
                ++calls;
                return done < 2;
            });
            QFAIL("the cancel was ignored");
        } catch (const Error& e) {
            QCOMPARE(e.code(), ErrorCode::Cancelled);
        }
        // Progress is reported when the count has moved, not once per pipeline: compiles that hit
        // Mesa's own shader cache finish faster than the reports (0, then 3, in a clean-clone run).
        QVERIFY(calls >= 2);
        const uint64_t compiled = m.creations();
        QVERIFY(compiled >= 2);
        firstTurn(m, golden_.tokens); // what was not compiled is created lazily
        QVERIFY(m.creations() > compiled);
    }

    void sessionLoadAnnouncesThePhase() {
        runtime::LoadOptions o;
        o.path = dataPath("models/smollm3-tiny.gguf");
        o.contextLength = kCtx;
        o.threads = 2;
        o.backend = runtime::BackendChoice::Vulkan;
        o.device = vulkanTestDevice();
        int phases = 0;
        o.phase = [&](runtime::LoadPhase p) { phases += p == runtime::LoadPhase::PreparingGpu; };
        auto s = runtime::Session::load(o);
        QVERIFY2(s->fallbackReason().empty(), s->fallbackReason().c_str());
        QCOMPARE(phases, 1);
        const compute::VulkanCounters c = *compute::vulkanCounters(s->backend());
        QVERIFY(c.pipelinesPrepared > 0);
        QCOMPARE(c.pipelineCreations, c.pipelinesPrepared);
        s->evaluate(golden_.tokens);
        QCOMPARE(compute::vulkanCounters(s->backend())->pipelineCreations, c.pipelineCreations);
    }
};

QTEST_GUILESS_MAIN(TestVulkanWarmup)
#include "test_vulkan_warmup.moc"
