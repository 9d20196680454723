// ModelWorker in its own thread: load the demo model, stream, stop within one token, cancel a
// load, and the typed error code for each kind of bad file.
#include "worker/model_facts.h"
#include "worker/model_worker.h"

#include "common/error.h"
#ifdef SMOLDESK_HAVE_VULKAN
#include "compute/vulkan/vulkan_backend.h"
#endif
#include "require_all.h"
#include "runtime/session.h"
#include "test_data.h"
#include "tiny_model.h"

#include <QFile>
#include <QSemaphore>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <atomic>
#include <cstdlib>
#include <optional>

using namespace smoldesk;
using namespace smoldesk::app;

namespace {
// QSignalSpy::wait() misses a signal that another thread emitted before the call; poll instead.
bool waitFor(QSignalSpy& spy, int ms, int atLeast = 1) {
    return QTest::qWaitFor([&] { return spy.count() >= atLeast; }, ms);
}
// The Vulkan device the GPU tests load on: a CPU-type one (lavapipe) when there is one, else
// the first usable device; nothing (and why in *why) when none is usable.
std::optional<runtime::GpuDevice> testGpu(std::string* why) {
    std::optional<runtime::GpuDevice> pick;
    for (const runtime::GpuDevice& d : runtime::listGpuDevices(why))
        if (d.usable && (d.type == "cpu" || !pick)) pick = d;
    return pick;
}
} // namespace

class TestWorker : public QObject {
    Q_OBJECT
    QThread thread_;
    ModelWorker* worker_ = nullptr;

    EngineError loadExpectingError(const QString& path) {
        QSignalSpy failed(worker_, &ModelWorker::loadFailed);
        worker_->armLoad();
        QMetaObject::invokeMethod(worker_, [w = worker_, path] { w->load({path, 0, 1, true, {}}); });
        if (!waitFor(failed, 20000)) return {};
        return failed.at(0).at(0).value<EngineError>();
    }
    bool loadDemo() {
        QSignalSpy loaded(worker_, &ModelWorker::loaded);
        worker_->armLoad();
        const QString path = QString::fromStdString(test::demoModelPath());
        QMetaObject::invokeMethod(worker_, [w = worker_, path] { w->load({path, 256, 1, true, {}}); });
        return waitFor(loaded, 20000);
    }
    static GenerationRequest request(quint64 id, int maxTokens) {
        GenerationRequest r;
        r.id = id;
        r.turns = {{QStringLiteral("user"), QStringLiteral("Once upon a time")}};
        r.sampling.temperature = 0.0;
        r.sampling.maxTokens = maxTokens;
        return r;
    }

  private slots:
    void initTestCase() {
        registerEngineTypes();
        worker_ = new ModelWorker;
        worker_->moveToThread(&thread_);
        thread_.start();
    }
    void cleanupTestCase() {
        worker_->requestStopAll();
        thread_.quit();
        thread_.wait();
        delete worker_;
    }

    void missingFile() {
        QCOMPARE(loadExpectingError(QStringLiteral("/nonexistent/model.gguf")).code, int(ErrorCode::Io));
    }
    void notGguf() {
        const QString p = QString::fromStdString(test::tmpPath("app_not_gguf.gguf"));
        QFile f(p);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QByteArray("This is a text file, not a model.\n").repeated(20));
        f.close();
        QCOMPARE(loadExpectingError(p).code, int(ErrorCode::NotGguf));
    }
    void truncated() {
        QFile src(QString::fromStdString(test::demoModelPath()));
        QVERIFY(src.open(QIODevice::ReadOnly));
        const QByteArray all = src.readAll();
        const QString p = QString::fromStdString(test::tmpPath("app_truncated.gguf"));
        QFile f(p);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(all.left(all.size() / 2));
        f.close();
        const EngineError e = loadExpectingError(p);
        QCOMPARE(e.code, int(ErrorCode::Truncated));
        QVERIFY(!e.message.isEmpty());
    }
    void unsupportedArchitecture() {
        test::TinyModelSpec spec;
        spec.arch = "mamba2";
        const QString p = QString::fromStdString(test::writeTinyModel(spec, "app_mamba2.gguf"));
        const EngineError e = loadExpectingError(p);
        QCOMPARE(e.code, int(ErrorCode::UnsupportedArch));
        QVERIFY2(e.message.contains(QLatin1String("mamba2")), qPrintable(e.message));
        // The model panel reports the same before loading.
        const ModelFacts facts = readModelFacts(p);
        QVERIFY(facts.ok);
        QVERIFY(!facts.supported);
        QCOMPARE(facts.error.code, int(ErrorCode::UnsupportedArch));
    }
    void cancelLoad() {
        QSignalSpy failed(worker_, &ModelWorker::loadFailed);
        QSignalSpy loaded(worker_, &ModelWorker::loaded);
        worker_->armLoad();
        worker_->requestCancelLoad(); // before the queued request runs: the flag is kept
        const QString path = QString::fromStdString(test::demoModelPath());
        QMetaObject::invokeMethod(worker_, [w = worker_, path] { w->load({path, 0, 1, true, {}}); });
        QVERIFY(waitFor(failed, 20000));
        QCOMPARE(failed.at(0).at(0).value<EngineError>().code, int(ErrorCode::Cancelled));
        QCOMPARE(loaded.count(), 0);
    }
    void generateWithoutModel() {
        QSignalSpy failed(worker_, &ModelWorker::failed);
        QMetaObject::invokeMethod(worker_, [w = worker_] { w->unload(); });
        QMetaObject::invokeMethod(worker_, [w = worker_] { w->generate(request(1, 4)); });
        QVERIFY(waitFor(failed, 5000));
        QCOMPARE(failed.at(0).at(1).value<EngineError>().code, EngineError::kNoModel);
    }
    void loadDemoModel() {
        QSignalSpy progress(worker_, &ModelWorker::loadProgress);
        QSignalSpy loaded(worker_, &ModelWorker::loaded);
        worker_->armLoad();
        const QString path = QString::fromStdString(test::demoModelPath());
        QMetaObject::invokeMethod(worker_, [w = worker_, path] { w->load({path, 256, 1, true, {}}); });
        QVERIFY(waitFor(loaded, 20000));
        const LoadedModel m = loaded.at(0).at(0).value<LoadedModel>();
        QCOMPARE(m.architecture, QStringLiteral("llama"));
        QCOMPARE(m.contextSize, 256);
        QVERIFY(!m.device.isEmpty());
        QVERIFY(progress.count() >= 1);
        QCOMPARE(progress.last().at(0).toDouble(), 1.0);
        const ModelFacts facts = readModelFacts(path);
        QVERIFY(facts.ok && facts.supported);
        QVERIFY(facts.parameters > 200000);
        QVERIFY(facts.kvBytesPerToken() > 0);
    }
    void streamTokens() {
        if (!loadDemo()) QFAIL("demo model did not load");
        QSignalSpy deltas(worker_, &ModelWorker::delta);
        QSignalSpy finished(worker_, &ModelWorker::finished);
        QSignalSpy ready(worker_, &ModelWorker::promptReady);
        QMetaObject::invokeMethod(worker_, [w = worker_] { w->generate(request(7, 24)); });
        QVERIFY(waitFor(finished, 20000));
        QCOMPARE(finished.at(0).at(0).toULongLong(), 7ull);
        const GenerationResult r = finished.at(0).at(1).value<GenerationResult>();
        QVERIFY(r.generatedTokens > 0 && r.generatedTokens <= 24);
        QVERIFY(deltas.count() > 1);
        QString text;
        for (const auto& d : deltas) text += d.at(2).toString();
        QVERIFY(!text.trimmed().isEmpty());
        QCOMPARE(ready.count(), 1);
        QVERIFY(r.contextUsed >= ready.at(0).at(1).toInt());
    }
    // Issue 38: a draft model from the settings (LoadRequest::speculation "draft:PATH"). The demo
    // model as its own draft guesses right, and the answer is the one without speculation; a draft
    // with another vocabulary is not used, with a sentence among the load's warnings.
    void draftModelSpeculation() {
        const QString demo = QString::fromStdString(test::demoModelPath());
        const QString other = QString::fromStdString(test::dataPath("models/llama-2-tiny-random.gguf"));
        struct Outcome {
            QString text;
            GenerationResult result;
            LoadedModel model;
        };
        auto answer = [&](const QString& speculation) -> Outcome {
            Outcome o;
            QSignalSpy loaded(worker_, &ModelWorker::loaded);
            worker_->armLoad();
            LoadRequest r{demo, 256, 1, true, {}};
            r.speculation = speculation;
            QMetaObject::invokeMethod(worker_, [w = worker_, r] { w->load(r); });
            if (!waitFor(loaded, 20000)) return o;
            o.model = loaded.at(0).at(0).value<LoadedModel>();
            QSignalSpy deltas(worker_, &ModelWorker::delta);
            QSignalSpy finished(worker_, &ModelWorker::finished);
            QMetaObject::invokeMethod(worker_, [w = worker_] { w->generate(request(50, 48)); });
            if (!waitFor(finished, 30000)) return o;
            o.result = finished.at(0).at(1).value<GenerationResult>();
            for (const auto& d : deltas) o.text += d.at(2).toString();
            return o;
        };
        const Outcome plain = answer(QStringLiteral("off"));
        QVERIFY(plain.result.generatedTokens > 20);
        QCOMPARE(plain.result.proposedTokens, 0);
        const Outcome drafted = answer(QStringLiteral("draft:") + demo);
        QVERIFY2(drafted.model.draftProblem.isEmpty(), qPrintable(drafted.model.draftProblem));
        QCOMPARE(drafted.text, plain.text);
        QVERIFY2(drafted.result.proposedTokens > 0, "the draft proposed nothing");
        QVERIFY2(drafted.result.acceptedTokens * 10 >= drafted.result.proposedTokens * 9,
                 qPrintable(QStringLiteral("%1 of %2 kept")
                                .arg(drafted.result.acceptedTokens)
                                .arg(drafted.result.proposedTokens)));
        const Outcome mismatched = answer(QStringLiteral("draft:") + other);
        QVERIFY2(mismatched.model.draftProblem.contains(QLatin1String("needs the same vocabulary")),
                 qPrintable(mismatched.model.draftProblem));
        QVERIFY(mismatched.model.warnings.contains(mismatched.model.draftProblem));
        QCOMPARE(mismatched.text, plain.text);
        const Outcome missing = answer(QStringLiteral("draft:/nonexistent/draft.gguf"));
        QVERIFY2(missing.model.draftProblem.contains(QLatin1String("does not exist")),
                 qPrintable(missing.model.draftProblem));
        QCOMPARE(missing.text, plain.text);
    }
    void stopWithinOneToken() {
        // The first token blocks the worker until the GUI thread has asked to stop, so the stop
        // request certainly arrives mid-generation. Count what is emitted after it.
        std::atomic<int> emitted{0};
        QSemaphore firstToken, stopSent;
        auto conn = connect(
            worker_, &ModelWorker::delta, worker_,
            [&](quint64, const QString&, const QString&) {
                if (emitted.fetch_add(1) == 0) {
                    firstToken.release();
                    stopSent.acquire();
                }
            },
            Qt::DirectConnection);
        QSignalSpy finished(worker_, &ModelWorker::finished);
        QMetaObject::invokeMethod(worker_, [w = worker_] { w->generate(request(8, 200)); });
        QVERIFY(firstToken.tryAcquire(1, 20000));
        worker_->requestStop(8);
        const int atStop = emitted.load();
        stopSent.release();
        QVERIFY(waitFor(finished, 20000));
        disconnect(conn);
        const int after = emitted.load() - atStop;
        QVERIFY2(after <= 1, qPrintable(QStringLiteral("%1 tokens arrived after Stop").arg(after)));
        QCOMPARE(finished.at(0).at(1).value<GenerationResult>().stopReason, QStringLiteral("stopped"));
    }
    void stopBeforeStart() {
        QSignalSpy deltas(worker_, &ModelWorker::delta);
        QSignalSpy finished(worker_, &ModelWorker::finished);
        worker_->requestStop(9);
        QMetaObject::invokeMethod(worker_, [w = worker_] { w->generate(request(9, 50)); });
        QVERIFY(waitFor(finished, 20000));
        QCOMPARE(deltas.count(), 0);
        // A later request is not affected by the earlier stop.
        QMetaObject::invokeMethod(worker_, [w = worker_] { w->generate(request(10, 8)); });
        QVERIFY(waitFor(finished, 20000, 2));
        QVERIFY(deltas.count() > 0);
    }
    void contextOverflow() {
        QSignalSpy overflow(worker_, &ModelWorker::contextOverflow);
        GenerationRequest r = request(11, 8);
        r.turns = {
            {QStringLiteral("user"), QStringLiteral("once upon a time there was a dog ").repeated(60)}};
        QMetaObject::invokeMethod(worker_, [w = worker_, r] { w->generate(r); });
        QVERIFY(waitFor(overflow, 20000));
        QVERIFY(overflow.at(0).at(1).toInt() > overflow.at(0).at(2).toInt() - 16);
    }
    void listsGpuDevices() {
        QSignalSpy listed(worker_, &ModelWorker::devicesListed);
        QMetaObject::invokeMethod(worker_, [w = worker_] { w->listDevices({}); });
        QVERIFY(waitFor(listed, 20000));
        const auto devices = listed.at(0).at(0).value<QList<GpuDeviceInfo>>();
        QCOMPARE(devices.size(), qsizetype(runtime::listGpuDevices().size()));
        for (int i = 0; i < devices.size(); ++i) {
            QCOMPARE(devices[i].index, i);
            QVERIFY(!devices[i].name.isEmpty());
            QVERIFY(!devices[i].type.isEmpty());
            QVERIFY2(devices[i].usable || !devices[i].whyNot.isEmpty(), qPrintable(devices[i].name));
        }
    }
    // When listing finds nothing (here: the Vulkan loader is pointed at a driver that does not
    // exist), the worker says why, so the settings can show it instead of an empty list.
    void deviceListingFailureIsReported() {
        const QByteArray saved = qgetenv("VK_ICD_FILENAMES");
        const QByteArray savedDrivers = qgetenv("VK_DRIVER_FILES");
        qputenv("VK_ICD_FILENAMES", "/nonexistent/smoldesk_icd.json");
        qputenv("VK_DRIVER_FILES", "/nonexistent/smoldesk_icd.json");
        QSignalSpy listed(worker_, &ModelWorker::devicesListed);
        QSignalSpy unavailable(worker_, &ModelWorker::devicesUnavailable);
        QMetaObject::invokeMethod(worker_, [w = worker_] { w->listDevices({}); });
        const bool done = waitFor(listed, 20000);
        auto restore = [](const char* name, const QByteArray& value) {
            if (value.isNull())
                qunsetenv(name);
            else
                qputenv(name, value);
        };
        restore("VK_ICD_FILENAMES", saved);
        restore("VK_DRIVER_FILES", savedDrivers);
        QVERIFY(done);
        QVERIFY(listed.at(0).at(0).value<QList<GpuDeviceInfo>>().isEmpty());
        QCOMPARE(unavailable.count(), 1);
        const QString reason = unavailable.at(0).at(0).toString();
        QVERIFY2(reason.size() > 10 && reason.endsWith(QLatin1Char('.')), qPrintable(reason));
        qInfo("listing without a driver: %s", qPrintable(reason));
    }
    // Choosing a device by index loads on Vulkan, a CPU-type device (llvmpipe) included; Auto
    // never picks a CPU-type device and says why the GPU is not used.
    void loadsOnChosenVulkanDevice() {
        std::string whyNoDevice;
        const std::vector<runtime::GpuDevice> devices = runtime::listGpuDevices(&whyNoDevice);
        if (devices.empty())
            SMOLDESK_SKIP_OR_FAIL(("no Vulkan device on this machine: " + whyNoDevice).c_str());
        const runtime::GpuDevice* pick = nullptr;
        for (const auto& d : devices)
            if (d.usable && d.type == "cpu") pick = &d;
        for (const auto& d : devices)
            if (!pick && d.usable) pick = &d;
        const QString path = QString::fromStdString(test::demoModelPath());
        QSignalSpy loaded(worker_, &ModelWorker::loaded);
        worker_->armLoad();
        LoadRequest r{path, 256, 1, false, {}};
        r.gpuIndex = pick ? pick->index : devices.front().index;
        // Settings ▸ GPU layers goes up to 1024, past the demo model's few layers: that means all of
        // them, a whole model on the GPU (the engine itself refuses more layers than there are).
        r.gpuLayers = 1024;
        r.clampGpuLayers = true;
        QMetaObject::invokeMethod(worker_, [w = worker_, r] { w->load(r); });
        QVERIFY(waitFor(loaded, 60000));
        LoadedModel m = loaded.at(0).at(0).value<LoadedModel>();
        if (!pick) {
            // Every device is unusable: the CPU runs it and the reason is the device's own.
            QVERIFY(!m.device.endsWith(QLatin1String("(Vulkan)")));
            QCOMPARE(m.fallbackReason, QString::fromStdString(devices.front().whyNot));
            return;
        }
        QVERIFY2(m.device.endsWith(QLatin1String("(Vulkan)")), qPrintable(m.device));
        QVERIFY2(m.device.startsWith(QString::fromStdString(pick->name)), qPrintable(m.device));
        QVERIFY2(m.fallbackReason.isEmpty(), qPrintable(m.fallbackReason));
        // It generates there too.
        QSignalSpy finished(worker_, &ModelWorker::finished);
        QMetaObject::invokeMethod(worker_, [w = worker_] { w->generate(request(20, 6)); });
        QVERIFY(waitFor(finished, 60000));
        QVERIFY(finished.at(0).at(1).value<GenerationResult>().generatedTokens > 0);

        // Auto: a CPU-type device alone is not used, and the status bar gets a reason.
        bool realGpu = false;
        for (const auto& d : devices) realGpu = realGpu || (d.usable && d.type != "cpu" && d.type != "other");
        const char* env = std::getenv("SMOLDESK_VK_DEVICE");
        if (realGpu || (env && *env)) return;
        worker_->armLoad();
        QMetaObject::invokeMethod(worker_, [w = worker_, path] { w->load({path, 256, 1, false, {}}); });
        QVERIFY(waitFor(loaded, 60000, 2));
        m = loaded.at(1).at(0).value<LoadedModel>();
        QVERIFY2(!m.device.endsWith(QLatin1String("(Vulkan)")), qPrintable(m.device));
        QVERIFY2(!m.fallbackReason.isEmpty(), qPrintable(m.device));
    }

    // A GPU that is lost in the middle of an answer (injected on lavapipe): the worker loads the
    // model on the CPU, says so (gpuFault), and the answer completes there; later requests work.
    // The crash marker exists while the GPU computes and is gone afterwards.
    // A lost device and a hung one (a fence wait that times out) move the model to the CPU with
    // a notice, and the answer completes there.
    void gpuFaultContinuesOnCpu_data() {
        QTest::addColumn<QByteArray>("hook");
        QTest::addColumn<QString>("says");
        QTest::newRow("device lost") << QByteArray("SMOLDESK_VK_INJECT_DEVICE_LOST")
                                     << QStringLiteral("was lost");
        QTest::newRow("fence timeout")
            << QByteArray("SMOLDESK_VK_INJECT_HANG") << QStringLiteral("seems to hang");
    }
    void gpuFaultContinuesOnCpu() {
        QFETCH(QByteArray, hook);
        QFETCH(QString, says);
        std::string whyNoDevice;
        const std::optional<runtime::GpuDevice> pick = testGpu(&whyNoDevice);
        if (!pick) SMOLDESK_SKIP_OR_FAIL(("no usable Vulkan device on this machine: " + whyNoDevice).c_str());
        const QString marker = QString::fromStdString(test::tmpPath("app_worker_gpu_fault.marker"));
        QFile::remove(marker);
        QSignalSpy loaded(worker_, &ModelWorker::loaded);
        worker_->armLoad();
        LoadRequest r{QString::fromStdString(test::demoModelPath()), 256, 1, false, marker};
        r.gpuIndex = pick->index;
        // Read when the backend is created: the 6th read of results (the prompt, then a token
        // each) reports a lost device, so the prompt and a few tokens ran on the GPU.
        qputenv(hook.constData(), "6");
        QMetaObject::invokeMethod(worker_, [w = worker_, r] { w->load(r); });
        const bool wasLoaded = waitFor(loaded, 60000);
        qunsetenv(hook.constData());
        QVERIFY(wasLoaded);
        QVERIFY2(loaded.at(0).at(0).value<LoadedModel>().device.endsWith(QLatin1String("(Vulkan)")),
                 qPrintable(loaded.at(0).at(0).value<LoadedModel>().device));
        QVERIFY(!QFile::exists(marker));

        std::atomic<int> deltasWithMarker{0};
        auto probe = connect(
            worker_, &ModelWorker::delta, this,
            [&](quint64, const QString&, const QString&, int) {
                if (QFile::exists(marker)) ++deltasWithMarker;
            },
            Qt::DirectConnection);
        QSignalSpy fault(worker_, &ModelWorker::gpuFault);
        QSignalSpy finished(worker_, &ModelWorker::finished);
        QSignalSpy failed(worker_, &ModelWorker::failed);
        QMetaObject::invokeMethod(worker_, [w = worker_] { w->generate(request(30, 24)); });
        QVERIFY(waitFor(finished, 60000) || !failed.isEmpty());
        disconnect(probe);
        QVERIFY2(failed.isEmpty(),
                 failed.isEmpty() ? "" : qPrintable(failed.at(0).at(1).value<EngineError>().message));
        QCOMPARE(fault.count(), 1);
        QCOMPARE(fault.at(0).at(0).toULongLong(), quint64(30));
        QVERIFY2(fault.at(0).at(1).toString().contains(says), qPrintable(fault.at(0).at(1).toString()));
        const LoadedModel cpu = fault.at(0).at(2).value<LoadedModel>();
        QVERIFY2(!cpu.device.endsWith(QLatin1String("(Vulkan)")), qPrintable(cpu.device));
        QCOMPARE(cpu.fallbackReason, fault.at(0).at(1).toString());
        QCOMPARE(finished.count(), 1);
        QVERIFY(finished.at(0).at(1).value<GenerationResult>().generatedTokens > 0);
        QVERIFY(deltasWithMarker.load() > 0); // the GPU answered a few tokens under the marker
        QVERIFY(!QFile::exists(marker));

        // The next request runs on the CPU without the marker.
        deltasWithMarker = 0;
        probe = connect(
            worker_, &ModelWorker::delta, this,
            [&](quint64, const QString&, const QString&, int) {
                if (QFile::exists(marker)) ++deltasWithMarker;
            },
            Qt::DirectConnection);
        QMetaObject::invokeMethod(worker_, [w = worker_] { w->generate(request(31, 6)); });
        QVERIFY(waitFor(finished, 60000, 2));
        disconnect(probe);
        QVERIFY(failed.isEmpty());
        QVERIFY(finished.at(1).at(1).value<GenerationResult>().generatedTokens > 0);
        QCOMPARE(deltasWithMarker.load(), 0);
        QCOMPARE(fault.count(), 1);
    }

    // Cancel while the weights are uploaded to the GPU: the load ends as cancelled and the device
    // memory it took is freed.
    void cancelDuringGpuUpload() {
#ifndef SMOLDESK_HAVE_VULKAN
        SMOLDESK_SKIP_OR_FAIL("this build has no Vulkan backend");
#else
        std::string whyNoDevice;
        const std::optional<runtime::GpuDevice> pick = testGpu(&whyNoDevice);
        if (!pick) SMOLDESK_SKIP_OR_FAIL(("no usable Vulkan device on this machine: " + whyNoDevice).c_str());
        QSignalSpy unloaded(worker_, &ModelWorker::unloaded);
        QMetaObject::invokeMethod(worker_, [w = worker_] { w->unload(); });
        QVERIFY(waitFor(unloaded, 20000));
        const compute::VulkanMemoryTotals before = compute::vulkanMemoryTotals();

        QSignalSpy failed(worker_, &ModelWorker::loadFailed);
        QSignalSpy loaded(worker_, &ModelWorker::loaded);
        double cancelledAt = -1.0;
        // On the worker's thread, as the progress bar would see it: Cancel in the upload half.
        auto onProgress = connect(
            worker_, &ModelWorker::loadProgress, this,
            [&](double f) {
                if (f >= 0.6 && cancelledAt < 0) {
                    cancelledAt = f;
                    worker_->requestCancelLoad();
                }
            },
            Qt::DirectConnection);
        worker_->armLoad();
        LoadRequest r{QString::fromStdString(test::dataPath("models/smollm3-tiny.gguf")), 256, 1, false, {}};
        r.gpuIndex = pick->index;
        QMetaObject::invokeMethod(worker_, [w = worker_, r] { w->load(r); });
        QVERIFY(waitFor(failed, 60000));
        disconnect(onProgress);
        QCOMPARE(failed.at(0).at(0).value<EngineError>().code, int(ErrorCode::Cancelled));
        QCOMPARE(loaded.count(), 0);
        QVERIFY(cancelledAt >= 0.6 && cancelledAt < 1.0);
        const compute::VulkanMemoryTotals after = compute::vulkanMemoryTotals();
        QVERIFY(after.allocations > before.allocations);
        QCOMPARE(after.liveBytes, before.liveBytes);
#endif
    }

    // Any other Vulkan failure (here a driver error from a fence wait) is a bug or a driver
    // problem, not a lost device: the request fails with it and the model stays on the GPU,
    // instead of the CPU hiding it.
    void gpuErrorIsReportedNotHidden() {
        std::string whyNoDevice;
        const std::optional<runtime::GpuDevice> pick = testGpu(&whyNoDevice);
        if (!pick) SMOLDESK_SKIP_OR_FAIL(("no usable Vulkan device on this machine: " + whyNoDevice).c_str());
        QSignalSpy loaded(worker_, &ModelWorker::loaded);
        worker_->armLoad();
        LoadRequest r{QString::fromStdString(test::demoModelPath()), 256, 1, false, {}};
        r.gpuIndex = pick->index;
        QSignalSpy progress(worker_, &ModelWorker::loadProgress);
        qputenv("SMOLDESK_VK_INJECT_ERROR", "3");
        QMetaObject::invokeMethod(worker_, [w = worker_, r] { w->load(r); });
        const bool wasLoaded = waitFor(loaded, 60000);
        qunsetenv("SMOLDESK_VK_INJECT_ERROR");
        QVERIFY(wasLoaded);
        QVERIFY(loaded.at(0).at(0).value<LoadedModel>().device.endsWith(QLatin1String("(Vulkan)")));
        // The upload to the GPU moved the progress bar, forward only, to the end.
        QVERIFY2(progress.count() >= 5, qPrintable(QString::number(progress.count())));
        for (int i = 1; i < progress.count(); ++i)
            QVERIFY(progress.at(i).at(0).toDouble() >= progress.at(i - 1).at(0).toDouble());
        QCOMPARE(progress.last().at(0).toDouble(), 1.0);

        QSignalSpy fault(worker_, &ModelWorker::gpuFault);
        QSignalSpy finished(worker_, &ModelWorker::finished);
        QSignalSpy failed(worker_, &ModelWorker::failed);
        QMetaObject::invokeMethod(worker_, [w = worker_] { w->generate(request(40, 24)); });
        QVERIFY(waitFor(failed, 60000) || !finished.isEmpty());
        QVERIFY(finished.isEmpty());
        QCOMPARE(fault.count(), 0);
        const EngineError err = failed.at(0).at(1).value<EngineError>();
        QCOMPARE(err.code, int(ErrorCode::Backend));
        QVERIFY2(err.message.contains(QLatin1String("VK_ERROR_UNKNOWN")), qPrintable(err.message));
        // Only that request failed: the next one runs on the GPU to the end.
        QSignalSpy finishedNext(worker_, &ModelWorker::finished);
        QSignalSpy failedNext(worker_, &ModelWorker::failed);
        QMetaObject::invokeMethod(worker_, [w = worker_] { w->generate(request(40, 24)); });
        QVERIFY(waitFor(finishedNext, 60000) || !failedNext.isEmpty());
        QVERIFY2(failedNext.isEmpty(),
                 qPrintable(failedNext.isEmpty() ? QString()
                                                 : failedNext.at(0).at(1).value<EngineError>().message));
        QCOMPARE(fault.count(), 0);
        QSignalSpy unloaded(worker_, &ModelWorker::unloaded);
        QMetaObject::invokeMethod(worker_, [w = worker_] { w->unload(); });
        QVERIFY(waitFor(unloaded, 20000));
    }

    // Issue 37: a turn's images (bytes, placed by "<__media__>") reach the model through the mmproj
    // next to it (tests/data/vision's tiny SmolVLM-shaped pair); the same image in the next request
    // is found in the cache, and a model without an mmproj refuses in one sentence.
    void imagesReachTheModel() {
        QTemporaryDir dir;
        test::copySeeingModel(dir.path().toStdString());
        QFile png(QString::fromStdString(test::dataPath("vision/wide-70x40.png")));
        QVERIFY(png.open(QIODevice::ReadOnly));
        const QByteArray image = png.readAll();
        QSignalSpy loaded(worker_, &ModelWorker::loaded);
        worker_->armLoad();
        const QString path = dir.filePath("smolvlm-text-tiny.gguf");
        QMetaObject::invokeMethod(worker_, [w = worker_, path] { w->load({path, 256, 1, true, {}}); });
        QVERIFY(waitFor(loaded, 20000));
        const auto ask = [&](const QList<ChatTurn>& turns) {
            GenerationRequest r = request(60, 2);
            r.turns = turns;
            QSignalSpy finished(worker_, &ModelWorker::finished);
            QSignalSpy failed(worker_, &ModelWorker::failed);
            QMetaObject::invokeMethod(worker_, [w = worker_, r] { w->generate(r); });
            waitFor(finished, 30000);
            if (!failed.isEmpty())
                qWarning("%s", qPrintable(failed.at(0).at(1).value<EngineError>().message));
            return finished.isEmpty() ? GenerationResult{} : finished.at(0).at(1).value<GenerationResult>();
        };
        ChatTurn first{QStringLiteral("user"), QStringLiteral("Look:<__media__> what is it?")};
        first.images = {image};
        const GenerationResult one = ask({first});
        QVERIFY2(one.promptTokens > 20 + 13, qPrintable(QString::number(one.promptTokens)));
        // The context meter of a reopened chat counts the image as the model reads it (its 20
        // positions and 13 marker tokens), not as the marker text: the count equals the prompt.
        QSignalSpy counted(worker_, &ModelWorker::tokensCounted);
        QMetaObject::invokeMethod(worker_, [w = worker_, first] { w->countTokens(77, {first}, false); });
        QVERIFY(waitFor(counted, 20000));
        QCOMPARE(counted.at(0).at(1).toInt(), one.promptTokens);
        const GenerationResult two = ask({first,
                                          {QStringLiteral("assistant"), QStringLiteral("A picture.")},
                                          {QStringLiteral("user"), QStringLiteral("And the colour?")}});
        QVERIFY2(two.reusedTokens >= one.promptTokens - 1,
                 qPrintable(QStringLiteral("%1 of %2").arg(two.reusedTokens).arg(one.promptTokens)));

        QVERIFY(loadDemo()); // no mmproj next to it
        GenerationRequest blind = request(61, 2);
        blind.turns = {first};
        QSignalSpy failed(worker_, &ModelWorker::failed);
        QMetaObject::invokeMethod(worker_, [w = worker_, blind] { w->generate(blind); });
        QVERIFY(waitFor(failed, 20000));
        QCOMPARE(
            failed.at(0).at(1).value<EngineError>().message,
            QStringLiteral("This model cannot see images: no mmproj file was given or found next to it."));
    }
};

QTEST_GUILESS_MAIN(TestWorker)
#include "test_worker.moc"
