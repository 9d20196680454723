// Switching models never leaves the chat without one (issue 12, defect 2): a file that fails its
// check, or fails later while loading, keeps the current model; a bad file on the command line
// falls back to the usual model. Per-model settings stay with their model (defect 3).
#include "qml_fixture.h"

#include "common/error.h"
#include "test_data.h"
#include "tiny_model.h"
#include "worker/model_worker.h"

#include <QElapsedTimer>
#include <QQuickItem>
#include <QSignalSpy>
#include <QTest>
#include <QThread>

using namespace smoldesk;
using namespace smoldesk::app;

class TestModelSwitch : public QObject {
    Q_OBJECT
    AppFixture app_;

    ModelManager* model() const { return app_.context->model(); }
    QString demo() const { return model()->demoModelPath(); }

    // Starts a load and waits for its outcome (modelLoaded or loadFailed).
    bool loadAndSettle(const QString& path, int ms = 60000) {
        QSignalSpy loaded(model(), &ModelManager::modelLoaded);
        QSignalSpy failed(model(), &ModelManager::loadFailed);
        model()->load(path);
        return QTest::qWaitFor([&] { return loaded.count() + failed.count() > 0; }, ms) &&
               model()->state() != ModelManager::State::Loading;
    }
    static QString writeFile(const char* name, const QByteArray& bytes) {
        const QString p = QString::fromStdString(test::tmpPath(name));
        QFile f(p);
        if (!f.open(QIODevice::WriteOnly)) return {};
        f.write(bytes);
        return p;
    }
    QString truncatedDemo(qint64 keep) const {
        QFile src(demo());
        if (!src.open(QIODevice::ReadOnly)) return {};
        return writeFile("app_switch_truncated.gguf", src.readAll().left(keep));
    }
    // The chat still answers with the model that is loaded.
    void verifyChatAnswers() {
        ChatController* chat = app_.context->chat();
        chat->newConversation();
        QSignalSpy done(chat, &ChatController::generationFinished);
        QVERIFY(chat->send(QStringLiteral("Once upon a time")));
        QTRY_VERIFY_WITH_TIMEOUT(done.count() == 1, 30000);
        QVERIFY(done.at(0).at(0).toString() != QLatin1String("error"));
        QCOMPARE(chat->messages()->count(), 2);
        QVERIFY(!chat->messages()->at(1).content.trimmed().isEmpty());
    }
    void verifyDemoStillLoaded(const char* after) {
        QVERIFY2(model()->state() == ModelManager::State::Ready, after);
        QVERIFY2(model()->modelPath() == demo(), after);
        QVERIFY2(!model()->errorText().isEmpty(), after);
        QVERIFY2(app_.item("deviceLabel")->property("text").toString().contains(QLatin1String("stories260K")),
                 after);
    }

  private slots:
    void initTestCase() {
        QVERIFY(app_.start(QStringLiteral("app_model_switch")));
        QVERIFY(QTest::qWaitForWindowExposed(app_.window));
        QTRY_COMPARE_WITH_TIMEOUT(model()->state(), ModelManager::State::Ready, 20000);
        app_.context->settings()->setMaxTokens(24);
    }
    void cleanupTestCase() { app_.stop(); }

    // Issue 39, defect 13: opening another model mid-answer let the old answer run to its limit
    // under "Loading… 0 %" (the load waited behind it on the worker thread).
    void openingAModelStopsTheAnswer() {
        ChatController* chat = app_.context->chat();
        // The demo model answers at thousands of tokens per second; slowed on the worker thread to
        // ~50 per second, its 100,000-token answer would stream for the rest of its context (~10 s).
        const QMetaObject::Connection slow = connect(
            model()->worker(), &ModelWorker::delta, this,
            [](quint64, const QString&, const QString&, int) { QThread::msleep(20); }, Qt::DirectConnection);
        app_.context->settings()->setMaxTokens(100000);
        chat->newConversation();
        QSignalSpy done(chat, &ChatController::generationFinished);
        QSignalSpy loaded(model(), &ModelManager::modelLoaded);
        QVERIFY(chat->send(QStringLiteral("Once upon a time")));
        QTRY_VERIFY_WITH_TIMEOUT(!chat->messages()->at(1).content.isEmpty(), 10000);
        QCOMPARE(done.count(), 0);
        QElapsedTimer clock;
        clock.start();
        model()->load(demo());
        QTRY_VERIFY_WITH_TIMEOUT(done.count() == 1, 10000);
        const qint64 stoppedAfter = clock.elapsed();
        disconnect(slow);
        app_.context->settings()->setMaxTokens(24);
        QCOMPARE(done.at(0).at(0).toString(), QStringLiteral("stopped"));
        QVERIFY2(stoppedAfter < 3000, qPrintable(QString::number(stoppedAfter)));
        QTRY_VERIFY_WITH_TIMEOUT(loaded.count() == 1, 30000);
        QCOMPARE(model()->state(), ModelManager::State::Ready);
        QVERIFY(!chat->messages()->at(1).content.isEmpty()); // what streamed before the switch stays
        verifyChatAnswers();
    }

    // Issue 39, defect 15: during a load the welcome page switched to the first-run text and its
    // download button; it says what is loading instead.
    void welcomeSaysWhatIsLoading() {
        app_.context->chat()->newConversation();
        QQuickItem* text = nullptr;
        QTRY_VERIFY((text = app_.item("welcomeText")) != nullptr);
        QQuickItem* actions = app_.item("welcomeActions");
        QVERIFY(actions);
        QSignalSpy loaded(model(), &ModelManager::modelLoaded);
        model()->load(demo());
        QCOMPARE(model()->state(), ModelManager::State::Loading);
        QVERIFY2(text->property("text").toString().startsWith(QLatin1String("Loading stories260K")),
                 qPrintable(text->property("text").toString()));
        QVERIFY(!actions->isVisible());
        QTRY_VERIFY_WITH_TIMEOUT(loaded.count() == 1, 30000);
        QVERIFY2(text->property("text").toString().contains(QLatin1String("demo model")),
                 qPrintable(text->property("text").toString()));
        QVERIFY(actions->isVisible());
    }

    void truncatedFileKeepsTheModel() {
        const QString bad = truncatedDemo(QFileInfo(demo()).size() / 2);
        QVERIFY(loadAndSettle(bad));
        verifyDemoStillLoaded("truncated");
        QCOMPARE(model()->lastError().code, int(ErrorCode::Truncated));
        verifyChatAnswers();
        model()->clearError();
    }

    void notGgufKeepsTheModel() {
        const QString bad = writeFile("app_switch_text.gguf", QByteArray("just some text\n").repeated(50));
        QVERIFY(loadAndSettle(bad));
        verifyDemoStillLoaded("not gguf");
        QCOMPARE(model()->lastError().code, int(ErrorCode::NotGguf));
        model()->clearError();
    }

    void missingFileKeepsTheModel() {
        QVERIFY(loadAndSettle(QStringLiteral("/nonexistent/model.gguf")));
        verifyDemoStillLoaded("missing");
        model()->clearError();
    }

    // The file passes the check (header, architecture, types) but the load fails on a tensor's
    // shape: the demo model is brought back.
    void failureDuringLoadRestoresTheModel() {
        test::TinyModelSpec spec;
        spec.wrongShapeTensor = "blk.0.attn_q.weight";
        const QString bad = QString::fromStdString(test::writeTinyModel(spec, "app_switch_shape.gguf"));
        QVERIFY(!readModelFacts(bad).hasError()); // really the load's failure, not the check's
        QVERIFY(loadAndSettle(bad));
        verifyDemoStillLoaded("bad shape");
        QCOMPARE(model()->lastError().code, int(ErrorCode::BadShape));
        verifyChatAnswers();
        model()->clearError();
    }

    // The panel goes back to the facts of the model that answers.
    void panelShowsTheLoadedModelAfterAFailure() {
        const QString bad = truncatedDemo(300);
        QVERIFY(loadAndSettle(bad));
        QTRY_COMPARE(model()->facts().value("fileName").toString(), QStringLiteral("stories260K.gguf"));
        QTRY_VERIFY(!model()->inspecting());
        QCOMPARE(model()->facts().value("fileName").toString(), QStringLiteral("stories260K.gguf"));
        model()->clearError();
    }

    // A model given on the command line that fails leaves its error and the demo model.
    void commandLineBadFileFallsBack() {
        const QString bad = truncatedDemo(600);
        const QString base = QString::fromStdString(test::tmpPath("app_switch_cmdline"));
        for (const char* suffix : {".ini", ".sqlite", ".marker"}) QFile::remove(base + QLatin1String(suffix));
        AppContext::Options o;
        o.settingsPath = base + QStringLiteral(".ini");
        o.databasePath = base + QStringLiteral(".sqlite");
        o.crashMarkerPath = base + QStringLiteral(".marker");
        AppContext context(o);
        QQmlEngine engine;
        context.start(&engine, true, bad);
        ModelManager* m = context.model();
        QTRY_VERIFY_WITH_TIMEOUT(m->state() == ModelManager::State::Ready, 30000);
        QCOMPARE(m->modelPath(), demo());
        QVERIFY2(m->errorText().contains(QLatin1String("truncated")), qPrintable(m->errorText()));
        QCOMPARE(m->lastError().code, int(ErrorCode::Truncated));
        context.settings()->raw().sync();
        QVERIFY(!context.settings()->recentModels().contains(QFileInfo(bad).absoluteFilePath()));
    }

    void commandLineMissingFileFallsBack() {
        const QString base = QString::fromStdString(test::tmpPath("app_switch_cmdline2"));
        for (const char* suffix : {".ini", ".sqlite", ".marker"}) QFile::remove(base + QLatin1String(suffix));
        AppContext::Options o;
        o.settingsPath = base + QStringLiteral(".ini");
        o.databasePath = base + QStringLiteral(".sqlite");
        o.crashMarkerPath = base + QStringLiteral(".marker");
        AppContext context(o);
        QQmlEngine engine;
        context.start(&engine, true, QStringLiteral("/nonexistent/model.gguf"));
        QTRY_VERIFY_WITH_TIMEOUT(context.model()->state() == ModelManager::State::Ready, 30000);
        QCOMPARE(context.model()->modelPath(), demo());
        QVERIFY2(context.model()->errorText().contains(QLatin1String("does not exist")),
                 qPrintable(context.model()->errorText()));
    }

    // Defect 3: a context set for one model is not applied to another; each model keeps its own.
    void contextLengthStaysWithItsModel() {
        AppSettings* s = app_.context->settings();
        QCOMPARE(model()->modelPath(), demo());
        s->setContextLength(300);
        model()->reload();
        QTRY_VERIFY_WITH_TIMEOUT(
            model()->state() == ModelManager::State::Ready && model()->contextSize() == 300, 30000);

        test::TinyModelSpec spec;
        spec.nCtx = 1024;
        const QString other = QString::fromStdString(test::writeTinyModel(spec, "app_switch_other.gguf"));
        QVERIFY(loadAndSettle(other));
        QCOMPARE(model()->modelPath(), QFileInfo(other).absoluteFilePath());
        QCOMPARE(model()->contextSize(), 1024); // its own default, not the demo's 300
        QCOMPARE(s->contextLength(), 0);
        s->setThinkingBudget(512);
        s->setTemperature(0.3);

        QVERIFY(loadAndSettle(demo()));
        QCOMPARE(model()->contextSize(), 300);
        QCOMPARE(s->contextLength(), 300);
        QCOMPARE(s->thinkingBudget(), 0); // the budget is per model too
        QVERIFY(s->temperature() != 0.3);

        QVERIFY(loadAndSettle(other));
        QCOMPARE(s->thinkingBudget(), 512);
        QCOMPARE(s->temperature(), 0.3);
        s->resetModelSettings();
        QVERIFY(loadAndSettle(demo()));
        s->resetModelSettings();
    }

    // A start from the command line reads the named model's own settings.
    void commandLineUsesTheModelsOwnSettings() {
        const QString base = QString::fromStdString(test::tmpPath("app_switch_cmdline3"));
        for (const char* suffix : {".ini", ".sqlite", ".marker"}) QFile::remove(base + QLatin1String(suffix));
        {
            AppSettings s(base + QStringLiteral(".ini"));
            s.selectModel(demo(), QStringLiteral("llama"));
            s.setContextLength(272);
        }
        AppContext::Options o;
        o.settingsPath = base + QStringLiteral(".ini");
        o.databasePath = base + QStringLiteral(".sqlite");
        o.crashMarkerPath = base + QStringLiteral(".marker");
        AppContext context(o);
        QQmlEngine engine;
        context.start(&engine, true, demo());
        QTRY_VERIFY_WITH_TIMEOUT(context.model()->state() == ModelManager::State::Ready, 30000);
        QCOMPARE(context.model()->contextSize(), 272);
        QCOMPARE(context.settings()->contextLength(), 272);
    }
};

QTEST_MAIN(TestModelSwitch)
#include "test_model_switch.moc"
