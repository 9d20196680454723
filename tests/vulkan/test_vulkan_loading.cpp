// Loading a model onto the GPU through runtime::Session on lavapipe: the memory check before
// anything is allocated (with the budget limited by SMOLDESK_VK_MEMORY_BUDGET_MB, since
// lavapipe reports the machine's RAM), its estimate against what the allocator really hands
// out, the upload's progress and Cancel, and the double-buffered upload's data.
#include "common/error.h"
#include "compute/vulkan/backend_impl.h"
#include "model/hparams.h"
#include "model/memory_plan.h"
#include "require_all.h"
#include "runtime/session.h"
#include "test_data.h"
#include "vulkan_test_util.h"

#include <QRegularExpression>
#include <QtTest>

#include <cstring>
#include <numeric>
#include <random>

using namespace smoldesk;

namespace {

constexpr int kCtx = 512, kBatch = 64;

runtime::LoadOptions gpuLoad(const std::string& path) {
    runtime::LoadOptions o;
    o.path = path;
    o.contextLength = kCtx;
    o.batchSize = kBatch;
    o.threads = 1;
    o.backend = runtime::BackendChoice::Vulkan;
    o.device = test::vulkanTestDevice();
    return o;
}

const compute::vk::VulkanBackend* vulkanOf(const runtime::Session& s) {
    return dynamic_cast<const compute::vk::VulkanBackend*>(&s.backend());
}

// Restores the environment variable when the test function ends, pass or fail.
struct ScopedEnv {
    const char* name;
    ScopedEnv(const char* n, const QByteArray& value) : name(n) { qputenv(name, value); }
    ~ScopedEnv() { qunsetenv(name); }
};

// The rows `ids` of an F32 weight as the GPU holds them, through an embedding lookup (a plain
// copy of each row, so every byte must come back exactly).
std::vector<float> gpuRows(compute::vk::VulkanBackend& gpu, compute::WeightId w, int cols,
                           const std::vector<int32_t>& ids) {
    const compute::BufferId out = gpu.createBuffer(ids.size() * size_t(cols));
    gpu.embed(w, ids, out);
    std::vector<float> got(ids.size() * size_t(cols));
    gpu.read(out, 0, got.size(), got.data());
    return got;
}

bool sameRows(const std::vector<float>& got, const test::TestWeight& w, int cols,
              const std::vector<int32_t>& ids) {
    for (size_t i = 0; i < ids.size(); ++i)
        if (std::memcmp(got.data() + i * size_t(cols), w.dequantized.data() + size_t(ids[i]) * size_t(cols),
                        size_t(cols) * sizeof(float)) != 0) {
            qWarning("row %d differs", ids[i]);
            return false;
        }
    return true;
}

std::vector<int32_t> allRows(int rows) {
    std::vector<int32_t> ids(size_t(rows), 0);
    std::iota(ids.begin(), ids.end(), 0);
    return ids;
}

} // namespace

class TestVulkanLoading : public QObject {
    Q_OBJECT

    const std::string tiny_ = test::dataPath("models/smollm3-tiny.gguf");

  private slots:
    void initTestCase() {
        if (test::vulkanTestDevice() < 0) SMOLDESK_SKIP_OR_FAIL(test::whyNoVulkanTestDevice().c_str());
    }

    // A GPU too small for the model is refused in one sentence before any device memory is
    // allocated, and the model runs on the CPU.
    void tooLittleMemoryFallsBackBeforeAllocating() {
        const ScopedEnv budget("SMOLDESK_VK_MEMORY_BUDGET_MB", "64");
        const compute::VulkanMemoryTotals before = compute::vulkanMemoryTotals();
        auto s = runtime::Session::load(gpuLoad(tiny_));
        const compute::VulkanMemoryTotals after = compute::vulkanMemoryTotals();
        qInfo("%s", s->fallbackReason().c_str());
        QVERIFY(!vulkanOf(*s));
        QVERIFY2(
            QRegularExpression(QStringLiteral("^The model needs \\d+\\.\\d+ GB of GPU memory but the GPU "
                                              "has 0\\.07 GB free, so the CPU is used\\.$"))
                .match(QString::fromStdString(s->fallbackReason()))
                .hasMatch(),
            s->fallbackReason().c_str());
        QCOMPARE(after.allocations, before.allocations);
        QCOMPARE(after.liveBytes, before.liveBytes);
        // The CPU answers.
        const std::vector<float> logits = s->evaluate(std::vector<int32_t>{1, 2, 3});
        QCOMPARE(logits.size(), size_t(s->hparams().nVocab));
    }

    void enoughMemoryLoadsOnTheGpu() {
        const ScopedEnv budget("SMOLDESK_VK_MEMORY_BUDGET_MB", "1024");
        auto s = runtime::Session::load(gpuLoad(tiny_));
        QVERIFY2(vulkanOf(*s), s->fallbackReason().c_str());
        QVERIFY(s->fallbackReason().empty());
    }

    // The estimate the check uses, against the bytes the allocator really handed out once the
    // model has run (the attention scratch and the readback buffer come with the first step).
    void estimateMatchesWhatIsAllocated() {
        auto s = runtime::Session::load(gpuLoad(tiny_));
        const compute::vk::VulkanBackend* vk = vulkanOf(*s);
        QVERIFY2(vk, s->fallbackReason().c_str());
        // All logits of 8 tokens: the largest read (a chunk of 8 logit rows), as a prompt can ask.
        (void)s->evaluate(std::vector<int32_t>{1, 2, 3, 4, 5, 6, 7, 8}, true);
        (void)s->decode(9);
        const model::HyperParams hp = model::readHyperParams(s->file());
        const model::MemoryPlan plan = model::planMemory(s->file(), hp, kCtx, kBatch);
        const compute::VulkanMemoryNeed need{
            plan.weightBytes, plan.kvCacheBytes, plan.activationBytes, plan.logitBytes, kCtx,
            hp.nHead,         hp.headDim};
        const uint64_t estimate = compute::vulkanBytesNeeded(need);
        const uint64_t handedOut = vk->allocator().bufferBytes();
        const uint64_t allocated = vk->allocator().allocatedBytes();
        const uint64_t checked = compute::vulkanBytesNeededWithMargin(need);
        qInfo(
            "weights %llu, KV cache %llu, activations %llu, logits read %llu; estimate %llu, buffers handed "
            "out %llu (%+.3f%%), device memory allocated %llu, checked against %llu",
            (unsigned long long)plan.weightBytes, (unsigned long long)plan.kvCacheBytes,
            (unsigned long long)plan.activationBytes, (unsigned long long)plan.logitBytes,
            (unsigned long long)estimate, (unsigned long long)handedOut,
            100.0 * (double(estimate) - double(handedOut)) / double(handedOut), (unsigned long long)allocated,
            (unsigned long long)checked);
        // Only alignment padding of each buffer separates the two (well under 1%).
        QVERIFY(handedOut >= estimate);
        QVERIFY(double(handedOut - estimate) <= 0.01 * double(handedOut));
        // The margin covers the allocator's whole blocks.
        QVERIFY(checked >= allocated);
    }

    // Progress covers the upload byte by byte, never goes back and ends at 1.
    void uploadReportsProgress() {
        runtime::LoadOptions o = gpuLoad(tiny_);
        std::vector<float> seen;
        o.progress = [&](float f) {
            seen.push_back(f);
            return true;
        };
        auto s = runtime::Session::load(o);
        QVERIFY2(vulkanOf(*s), s->fallbackReason().c_str());
        qInfo("%zu progress calls", seen.size());
        QVERIFY(seen.size() >= 20); // one per tensor at least (smollm3-tiny has 75)
        for (size_t i = 1; i < seen.size(); ++i)
            QVERIFY2(seen[i] >= seen[i - 1], qPrintable(QString::number(i)));
        QVERIFY(seen.front() > 0.0f);
        QCOMPARE(seen.back(), 1.0f);
    }

    // Cancel at 60% of the upload: the load ends with Error(Cancelled) at once and every byte
    // of device memory it allocated is freed.
    void cancelDuringUploadFreesDeviceMemory() {
        runtime::LoadOptions o = gpuLoad(tiny_);
        std::vector<float> seen;
        o.progress = [&](float f) {
            seen.push_back(f);
            return f < 0.6f;
        };
        const compute::VulkanMemoryTotals before = compute::vulkanMemoryTotals();
        try {
            runtime::Session::load(o);
            QFAIL("the load was not cancelled");
        } catch (const Error& e) {
            QCOMPARE(int(e.code()), int(ErrorCode::Cancelled));
        }
        const compute::VulkanMemoryTotals after = compute::vulkanMemoryTotals();
        QVERIFY(after.allocations > before.allocations); // it did allocate, then freed
        QCOMPARE(after.liveBytes, before.liveBytes);
        QVERIFY(!seen.empty());
        QVERIFY(seen.back() >= 0.6f && seen.back() < 1.0f); // nothing reported after the cancel
        for (size_t i = 0; i + 1 < seen.size(); ++i) QVERIFY(seen[i] < 0.6f);
    }

    // Weights go up through two staging buffers in turn, the CPU filling one while the GPU
    // copies the other. Small pieces (64 KiB) make many of them: every row of every piece, of
    // tensors uploaded back to back (the last pieces of one still in flight while the next is
    // copied in), must arrive unchanged.
    void doubleBufferedUploadKeepsEveryPiece() {
        compute::VulkanOptions o;
        o.uploadPieceBytes = 64 << 10;
        auto gpu = test::makeVulkanBackend(o);
        std::mt19937 rng(21);
        const int cols = 256; // 1 KiB rows: 64 per piece
        const int rows[] = {1000, 3, 700, 64};
        std::vector<test::TestWeight> ws;
        std::vector<compute::WeightId> ids;
        for (int r : rows) {
            ws.emplace_back(quant::Type::F32, cols, r, rng);
            ids.push_back(gpu->addWeight(ws.back().info));
        }
        for (size_t i = 0; i < ws.size(); ++i) {
            const std::vector<int32_t> all = allRows(rows[i]);
            QVERIFY2(sameRows(gpuRows(*gpu, ids[i], cols, all), ws[i], cols, all),
                     qPrintable(QString::number(i)));
        }
        QVERIFY(!gpu->uploadsInFlight());
    }

    // The same with the real piece size: a 40 MiB tensor is three pieces; rows around each
    // piece boundary and at both ends come back unchanged.
    void doubleBufferedUploadOfALargeTensor() {
        auto gpu = test::makeVulkanBackend();
        std::mt19937 rng(22);
        const int cols = 4096, rows = 2600; // 16 KiB rows, 1024 per 16 MiB piece
        const test::TestWeight w(quant::Type::F32, cols, rows, rng);
        const compute::WeightId id = gpu->addWeight(w.info);
        const std::vector<int32_t> probe = {0, 1, 511, 1023, 1024, 1025, 1536, 2047, 2048, 2049, 2599};
        QVERIFY(sameRows(gpuRows(*gpu, id, cols, probe), w, cols, probe));
    }

    // A cancel between two pieces: addWeight throws once the pieces in flight are copied, so
    // nothing is in flight when the caller frees the memory, and the backend goes on working
    // (a validation message about a fence or command buffer still in use would fail the
    // upload and the read below).
    void cancelMidTensorLeavesNothingInFlight() {
        compute::VulkanOptions o;
        o.uploadPieceBytes = 64 << 10;
        int calls = 0;
        o.uploadProgress = [&](uint64_t) { return ++calls < 5; };
        auto gpu = test::makeVulkanBackend(o);
        std::mt19937 rng(23);
        const int cols = 256;
        const test::TestWeight big(quant::Type::F32, cols, 1000, rng); // 16 pieces
        try {
            gpu->addWeight(big.info);
            QFAIL("the upload was not cancelled");
        } catch (const Error& e) {
            QCOMPARE(int(e.code()), int(ErrorCode::Cancelled));
        }
        QCOMPARE(calls, 5);
        QVERIFY(!gpu->uploadsInFlight());
        const std::vector<float> values = test::randomVector(4096, rng);
        const compute::BufferId b = gpu->createBuffer(values.size());
        gpu->upload(b, 0, values);
        std::vector<float> back(values.size());
        gpu->read(b, 0, back.size(), back.data());
        QVERIFY(back == values);
    }
};

QTEST_GUILESS_MAIN(TestVulkanLoading)
#include "test_vulkan_loading.moc"
