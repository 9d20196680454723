// GPU faults after loading and CPU safe mode, through the app's own objects (AppContext):
// a device lost in the middle of an answer (injected on lavapipe) moves the model to the CPU
// with a notice and the answer completes there; a process killed while the GPU computes leaves
// the crash marker, and the next start runs in CPU safe mode. Quitting while a load is stuck
// does not hang the GUI thread.
#include "app_context.h"
#include "message_list_model.h"
#include "worker/model_worker.h"

#include "require_all.h"
#include "runtime/session.h"

#include <QFile>
#include <QProcess>
#include <QSignalSpy>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTest>
#include <QThreadPool>

#include <QElapsedTimer>

#include <csignal>
#include <memory>

#include <fcntl.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

using namespace smoldesk;
using namespace smoldesk::app;

namespace {
AppContext::Options scratch(const QString& tag) {
    const QString base = QStringLiteral(SMOLDESK_TEST_TMP "/") + tag;
    for (const char* suffix :
         {".ini", ".sqlite", ".sqlite-wal", ".sqlite-shm", ".marker", ".marker.gpu-checks.json"})
        QFile::remove(base + QLatin1String(suffix));
    AppContext::Options o;
    o.settingsPath = base + QStringLiteral(".ini");
    o.databasePath = base + QStringLiteral(".sqlite");
    o.crashMarkerPath = base + QStringLiteral(".marker");
    return o;
}

// The Vulkan device the tests use: a usable CPU-type one (lavapipe), else any usable one.
int testDevice(std::string* why) {
    int pick = -1;
    for (const runtime::GpuDevice& d : runtime::listGpuDevices(why))
        if (d.usable && (d.type == "cpu" || pick < 0)) pick = d.index;
    if (pick < 0 && why->empty()) *why = "no Vulkan device is usable";
    return pick;
}

// Loads may run the GPU self-check first (SMOLDESK_SELFTEST_TYPES limits it in tests).
bool loadAndWait(AppContext& app) {
    app.model()->load(app.model()->demoModelPath());
    return QTest::qWaitFor([&] { return app.model()->state() == ModelManager::State::Ready; }, 180000);
}
} // namespace

class TestGpuRecovery : public QObject {
    Q_OBJECT

  private slots:
    // The self-check runs before a GPU's first use; a kernel that computes wrong results (one
    // perturbed through the fault switch) sends the model to the CPU with the sentence naming it,
    // the verdict is kept for the next loads, and Check again replaces it.
    void gpuSelfCheckDecidesWhereModelsRun() {
        std::string why;
        const int device = testDevice(&why);
        if (device < 0) SMOLDESK_SKIP_OR_FAIL(("no Vulkan device on this machine: " + why).c_str());
        AppContext app(scratch(QStringLiteral("app_gpu_check")));
        app.settings()->setDevice(QStringLiteral("gpu:%1").arg(device));
        QSignalSpy started(app.model()->worker(), &ModelWorker::gpuCheckStarted);
        QVERIFY(app.model()->gpuCheck().isEmpty());
        qputenv("SMOLDESK_SELFTEST_FAULT", "attention, decode at 300");
        const bool loaded = loadAndWait(app);
        qunsetenv("SMOLDESK_SELFTEST_FAULT");
        QVERIFY(loaded);
        QCOMPARE(started.count(), 1);
        const QString sentence = QStringLiteral("The GPU driver computed wrong results for attention "
                                                "(attention, decode at 300); SmolDesk uses the CPU.");
        QCOMPARE(app.model()->fallbackReason(), sentence);
        QVERIFY2(!app.model()->device().endsWith(QLatin1String("(Vulkan)")),
                 qPrintable(app.model()->device()));
        QCOMPARE(app.model()->gpuCheck().value(QStringLiteral("passed")).toBool(), false);
        QCOMPARE(app.model()->gpuCheck().value(QStringLiteral("sentence")).toString(), sentence);
        QVERIFY(app.model()
                    ->gpuCheck()
                    .value(QStringLiteral("table"))
                    .toString()
                    .contains(QLatin1String("FAIL attention, decode at 300")));

        // The verdict is kept: the next load does not check again and stays on the CPU.
        app.model()->reload();
        QVERIFY(QTest::qWaitFor([&] { return app.model()->state() == ModelManager::State::Ready; }, 60000));
        QCOMPARE(started.count(), 1);
        QCOMPARE(app.model()->fallbackReason(), sentence);

        // Check again (no fault now): the GPU passes and the next load runs there.
        QSignalSpy verdicts(app.model(), &ModelManager::gpuCheckChanged);
        app.model()->checkGpuAgain();
        QVERIFY(QTest::qWaitFor([&] { return verdicts.count() == 2; }, 180000)); // started, then the verdict
        QCOMPARE(started.count(), 2);
        QVERIFY(!app.model()->gpuChecking());
        QCOMPARE(app.model()->gpuCheck().value(QStringLiteral("passed")).toBool(), true);
        QVERIFY(app.diagnostics().contains(QLatin1String("GPU self-check: passed")));
        app.model()->reload();
        QVERIFY(QTest::qWaitFor([&] { return app.model()->state() == ModelManager::State::Ready; }, 60000));
        QVERIFY2(app.model()->device().endsWith(QLatin1String("(Vulkan)")),
                 qPrintable(app.model()->device()));
        QVERIFY(app.model()->fallbackReason().isEmpty());
        QCOMPARE(started.count(), 2);
    }

    // A model "file" that never answers (a FIFO without a writer stands in for a stalled network
    // share): quitting while it loads returns instead of waiting for the worker forever.
    void quitWhileLoadingDoesNotWait() {
        const QByteArray fifo = QByteArrayLiteral(SMOLDESK_TEST_TMP "/app_stalled_share.gguf");
        ::unlink(fifo.constData());
        QCOMPARE(::mkfifo(fifo.constData(), 0600), 0);
        auto app = std::make_unique<AppContext>(scratch(QStringLiteral("app_quit_loading")));
        app->model()->load(QString::fromLocal8Bit(fifo));
        QCOMPARE(app->model()->state(), ModelManager::State::Loading);
        QTest::qWait(300); // the worker is inside open() now
        QElapsedTimer clock;
        clock.start();
        app.reset();
        const qint64 quitMs = clock.elapsed();
        // Nothing stuck in Qt's global pool either: the application waits for it when it quits.
        const int stuckInGlobalPool = QThreadPool::globalInstance()->activeThreadCount();
        // Let the stuck readers go (a writer that closes at once: they read an empty file).
        for (int i = 0; i < 100; ++i) {
            const int fd = ::open(fifo.constData(), O_WRONLY | O_NONBLOCK);
            if (fd >= 0) {
                ::close(fd);
                break;
            }
            QTest::qWait(20);
        }
        ::unlink(fifo.constData());
        // Generous: the bound is a few seconds; before, quitting never returned.
        QVERIFY2(quitMs < 30000, qPrintable(QStringLiteral("quitting took %1 ms").arg(quitMs)));
        QCOMPARE(stuckInGlobalPool, 0);
    }

    void faultDuringAnswerContinuesOnCpu() {
        std::string why;
        const int device = testDevice(&why);
        if (device < 0) SMOLDESK_SKIP_OR_FAIL(("no Vulkan device on this machine: " + why).c_str());
        AppContext app(scratch(QStringLiteral("app_gpu_fault")));
        app.settings()->setDevice(QStringLiteral("gpu:%1").arg(device));
        // The self-check first, so the injected loss below hits the model's backend, not the check's.
        QSignalSpy verdict(app.model(), &ModelManager::gpuCheckChanged);
        app.model()->checkGpuAgain();
        QVERIFY(QTest::qWaitFor([&] { return verdict.count() == 2; }, 180000));
        QVERIFY(app.model()->gpuCheck().value(QStringLiteral("passed")).toBool());
        // Read when the backend is created: the 6th read of results fails as a lost device would.
        qputenv("SMOLDESK_VK_INJECT_DEVICE_LOST", "6");
        const bool loaded = loadAndWait(app);
        qunsetenv("SMOLDESK_VK_INJECT_DEVICE_LOST");
        QVERIFY(loaded);
        QVERIFY2(app.model()->device().endsWith(QLatin1String("(Vulkan)")),
                 qPrintable(app.model()->device()));
        QVERIFY(app.model()->notice().isEmpty());

        ChatController* chat = app.chat();
        app.settings()->setMaxTokens(40);
        // The answer starts over on the CPU: when the fault reaches the GUI, what the GPU wrote
        // is gone from the view (this runs after the controller's own handler).
        QString shownAtFault = QStringLiteral("(no fault)");
        connect(app.model()->worker(), &ModelWorker::gpuFault, this, [&] {
            shownAtFault =
                chat->messages()->count() == 2 ? chat->messages()->at(1).content : QStringLiteral("?");
        });
        QSignalSpy notice(app.model(), &ModelManager::noticeChanged);
        QSignalSpy done(chat, &ChatController::generationFinished);
        QVERIFY(chat->send(QStringLiteral("Once upon a time")));
        const bool finished = QTest::qWaitFor([&] { return done.count() > 0; }, 60000);
        QVERIFY(finished);
        QVERIFY2(chat->errorText().isEmpty(), qPrintable(chat->errorText()));
        QCOMPARE(done.at(0).at(0).toString() == QLatin1String("error"), false);
        QCOMPARE(notice.count(), 1);
        QVERIFY2(app.model()->notice().contains(QLatin1String("continues on the CPU")),
                 qPrintable(app.model()->notice()));
        QVERIFY2(!app.model()->device().endsWith(QLatin1String("(Vulkan)")),
                 qPrintable(app.model()->device()));
        QVERIFY(!app.model()->fallbackReason().isEmpty());
        QCOMPARE(app.model()->state(), ModelManager::State::Ready);
        QCOMPARE(chat->messages()->count(), 2);
        QCOMPARE(shownAtFault, QString());
        QVERIFY(!chat->messages()->at(1).content.isEmpty());
        QCOMPARE(chat->messages()->at(1).state, MessageState::Complete);

        QCOMPARE(notice.count(), 1);
        app.model()->clearNotice();
        QVERIFY(app.model()->notice().isEmpty());
    }

    // The crash marker covers generation on the GPU: a process killed while lavapipe computes
    // an answer leaves it, and the next start enters CPU safe mode (no device listing, the
    // model on the CPU although the settings name a GPU) and says so.
    void crashWhileGpuComputesStartsSafeMode() {
        std::string why;
        const int device = testDevice(&why);
        if (device < 0) SMOLDESK_SKIP_OR_FAIL(("no Vulkan device on this machine: " + why).c_str());
        const AppContext::Options o = scratch(QStringLiteral("app_gpu_crash"));
        const QString base = QStringLiteral(SMOLDESK_TEST_TMP "/app_gpu_crash");
        QProcess harness;
        harness.setProcessChannelMode(QProcess::ForwardedChannels);
        harness.start(QStringLiteral(SMOLDESK_KILL_HARNESS), {base, QStringLiteral("gpu:%1").arg(device)});
        QVERIFY2(harness.waitForStarted(10000), qPrintable(harness.errorString()));
        {
            QSqlDatabase probe =
                QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("probe"));
            probe.setDatabaseName(o.databasePath);
            probe.setConnectOptions(QStringLiteral("QSQLITE_OPEN_READONLY;QSQLITE_BUSY_TIMEOUT=1000"));
            const bool streaming = QTest::qWaitFor(
                [&] {
                    if (harness.state() != QProcess::Running) return false;
                    if (!probe.isOpen() && (!QFile::exists(o.databasePath) || !probe.open())) return false;
                    QSqlQuery q(probe);
                    return q.exec(QStringLiteral("SELECT length(content) FROM messages WHERE role = "
                                                 "'assistant' AND state = 1")) &&
                           q.next() && q.value(0).toInt() > 0;
                },
                60000);
            probe.close();
            QVERIFY2(streaming, "the harness did not stream an answer on the GPU");
        }
        QSqlDatabase::removeDatabase(QStringLiteral("probe"));
        QVERIFY2(QFile::exists(o.crashMarkerPath), "no crash marker while the GPU computes");
        QCOMPARE(::kill(static_cast<pid_t>(harness.processId()), SIGKILL), 0);
        QVERIFY(harness.waitForFinished(10000));
        QVERIFY(QFile::exists(o.crashMarkerPath));

        AppContext app(o);
        QCOMPARE(app.settings()->device(), QStringLiteral("gpu:%1").arg(device));
        QVERIFY(!app.settings()->safeMode());
        app.start(nullptr, false);
        QVERIFY(app.safeModeEntered());
        QVERIFY(app.settings()->safeMode());
        QVERIFY(!QFile::exists(o.crashMarkerPath));
        QVERIFY(loadAndWait(app));
        QVERIFY2(!app.model()->device().endsWith(QLatin1String("(Vulkan)")),
                 qPrintable(app.model()->device()));
        QVERIFY(!app.model()->devicesListed());
        QVERIFY(app.diagnostics().contains(QLatin1String("Safe mode: on")));
        // Safe mode answers on the CPU, and no marker is written for it.
        app.settings()->setMaxTokens(8);
        QSignalSpy done(app.chat(), &ChatController::generationFinished);
        QVERIFY(app.chat()->send(QStringLiteral("Once upon a time")));
        QVERIFY(QTest::qWaitFor([&] { return done.count() > 0; }, 30000));
        QVERIFY(!QFile::exists(o.crashMarkerPath));
        // A later start without a crash stays in safe mode until the user turns it off.
        app.settings()->setSafeMode(false);
        QVERIFY(!app.settings()->safeMode());
    }
};

QTEST_MAIN(TestGpuRecovery)
#include "test_gpu_recovery.moc"
