// Remote models in the app, offscreen (AppContext + Main.qml): an endpoint added in Settings ▸
// Models (SmolDesk's own `smoldesk-cli serve`, a separate process), its model picked, a chat
// answered; a restart on the same profile finds the endpoint, the model and the chat, and chats
// on. The key is in neither the settings file nor the diagnostics. With misbehaving_server.py: an
// MCP tool round trip through OpenAI tools, Stop on a slow stream, and the errors as one sentence.
#include "../app/qml_fixture.h"
#include "model_manager.h"
#include "remote_fixture.h"
#include "test_data.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>

using namespace smoldesk;
using namespace smoldesk::app;
using namespace smoldesk::test;

namespace {

const QString kKey = QStringLiteral("sk-remote-app-secret-0123456789");

// The app on the profile `tag` as a user starts it: the model used last (remote or a file).
struct RemoteApp {
    std::unique_ptr<AppContext> context;
    std::unique_ptr<QQmlApplicationEngine> engine;
    QString base;

    bool start(const QString& tag, bool fresh) {
        QStandardPaths::setTestModeEnabled(true);
        QQuickStyle::setStyle(QStringLiteral("Fusion"));
        base = QStringLiteral(SMOLDESK_TEST_TMP "/") + tag;
        if (fresh)
            for (const char* suffix :
                 {".ini", ".sqlite", ".sqlite-wal", ".sqlite-shm", ".marker", ".keys.json"})
                QFile::remove(base + QLatin1String(suffix));
        AppContext::Options o;
        o.settingsPath = base + QStringLiteral(".ini");
        o.databasePath = base + QStringLiteral(".sqlite");
        o.crashMarkerPath = base + QStringLiteral(".marker");
        context = std::make_unique<AppContext>(o);
        AppContext::setInstance(context.get());
        engine = std::make_unique<QQmlApplicationEngine>();
        context->start(engine.get(), true);
        engine->load(QUrl(QStringLiteral("qrc:/SmolDesk/Main.qml")));
        return !engine->rootObjects().isEmpty();
    }
    void stop() {
        if (context) context->chat()->flushStore();
        engine.reset();
        context.reset();
    }
    ChatController* chat() const { return context->chat(); }
    bool answer(const QString& prompt, QString* reason = nullptr, int timeoutMs = 60000) {
        QSignalSpy done(chat(), &ChatController::generationFinished);
        if (!chat()->send(prompt)) return false;
        if (!QTest::qWaitFor([&] { return done.count() == 1; }, timeoutMs)) return false;
        if (reason) *reason = done.at(0).at(0).toString();
        return true;
    }
    QString last() const { return chat()->messages()->at(chat()->messages()->count() - 1).content; }
};

QByteArray readAll(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

} // namespace

class TestRemoteApp : public QObject {
    Q_OBJECT
    ServeServer serve_;
    QString model_;

  private slots:
    void initTestCase() {
        QVERIFY(
            serve_.start(QString::fromStdString(dataPath("models/smollm3-tiny.gguf")), {"--api-key", kKey}));
    }

    void addPickChatRestartChat() {
        RemoteApp app;
        QVERIFY(app.start(QStringLiteral("remote_app"), true));
        RemoteEndpoints* remotes = app.context->remotes();
        QSignalSpy refreshed(remotes, &RemoteEndpoints::refreshed);
        // Settings ▸ Models, as the user fills it in: Test connection, then Save endpoint.
        QObject* root = app.engine->rootObjects().first();
        auto field = [root](const char* name) { return root->findChild<QObject*>(QLatin1String(name)); };
        for (const char* name :
             {"remoteName", "remoteUrl", "remoteKey", "remoteTest", "remoteSave", "remoteTestResult"})
            QVERIFY2(field(name), name);
        field("remoteName")->setProperty("text", QStringLiteral("Lab"));
        field("remoteUrl")->setProperty("text", serve_.baseUrl().toString());
        field("remoteKey")->setProperty("text", kKey);
        QSignalSpy tested(remotes, &RemoteEndpoints::connectionTested);
        QVERIFY(QMetaObject::invokeMethod(field("remoteTest"), "clicked"));
        QTRY_COMPARE_WITH_TIMEOUT(tested.count(), 1, 20000);
        QVERIFY2(tested.at(0).at(0).toBool(), qPrintable(tested.at(0).at(1).toString()));
        QVERIFY2(field("remoteTestResult")
                     ->property("text")
                     .toString()
                     .contains(QLatin1String("Connected: 1 model.")),
                 qPrintable(field("remoteTestResult")->property("text").toString()));
        QVERIFY(QMetaObject::invokeMethod(field("remoteSave"), "clicked"));
        QTRY_COMPARE_WITH_TIMEOUT(refreshed.count(), 1, 20000);
        QVERIFY(refreshed.at(0).at(1).toBool());
        QCOMPARE(field("remoteKey")->property("text").toString(), QString()); // not left on screen
        const QVariantList picker = remotes->pickerModels();
        QCOMPARE(picker.size(), 1);
        model_ = picker.at(0).toMap().value("model").toString();
        QVERIFY(picker.at(0).toMap().value("label").toString().contains(QLatin1String("Lab")));

        // File ▸ Remote models lists it beside the local files; picking it makes it answer.
        QObject* menu = field("remoteModelsMenu");
        QVERIFY(menu);
        QTRY_COMPARE(menu->property("count").toInt(), 3); // the model, a separator, Add an endpoint…
        QQuickItem* entry = nullptr;
        QVERIFY(QMetaObject::invokeMethod(menu, "itemAt", Q_RETURN_ARG(QQuickItem*, entry), Q_ARG(int, 0)));
        QVERIFY(entry);
        QVERIFY(entry->property("text").toString().contains(model_));
        QVERIFY(QMetaObject::invokeMethod(entry, "triggered"));
        ModelManager* model = app.context->model();
        QVERIFY(model->isRemote());
        QVERIFY(entry->property("checked").toBool());
        QCOMPARE(model->state(), ModelManager::State::Ready);
        QVERIFY(model->modelName().contains(model_));
        app.context->settings()->setTemperature(0.0);
        app.context->settings()->setMaxTokens(12);
        QString reason;
        QVERIFY(app.answer(QStringLiteral("Hello there"), &reason));
        QCOMPARE(app.chat()->errorText(), QString());
        QVERIFY2(reason == QLatin1String("end") || reason == QLatin1String("max-tokens"), qPrintable(reason));
        const QString firstAnswer = app.last();
        QVERIFY(!firstAnswer.isEmpty());
        QVERIFY2(app.chat()->contextUsed() > 0, "the meter shows the server's usage");
        QCOMPARE(app.chat()->contextTotal(), 0); // serve's model list says no context length
        QObject* remoteCount = app.engine->rootObjects().first()->findChild<QObject*>("contextRemoteCount");
        QVERIFY(remoteCount);
        QTRY_VERIFY(remoteCount->property("visible").toBool());
        QVERIFY(
            remoteCount->property("text").toString().contains(QString::number(app.chat()->contextUsed())));
        const qint64 chatId = app.chat()->currentId();

        // The key: not in the settings file, not in the diagnostics; where a secret service
        // answers, in it, else in the 0600 file beside the settings.
        app.context->settings()->raw().sync();
        const QByteArray ini = readAll(app.base + QStringLiteral(".ini"));
        QVERIFY(ini.contains("Lab"));
        QVERIFY(!ini.contains(kKey.toUtf8()));
        const QString diagnostics = app.context->diagnostics();
        QVERIFY2(diagnostics.contains(QLatin1String("Lab at ")), qPrintable(diagnostics));
        QVERIFY(!diagnostics.contains(kKey));
        // This test keeps keys out of the developer's own keyring (SMOLDESK_SECRET_STORE=file, as on
        // a machine without a secret service); remote_keychain tests the secret store itself.
        const QString keys = app.base + QStringLiteral(".keys.json");
        QCOMPARE(remotes->keyStorage(), QStringLiteral("file"));
        QVERIFY(readAll(keys).contains(kKey.toUtf8()));
        QCOMPARE(QFileInfo(keys).permissions() &
                     ~(QFile::ReadUser | QFile::WriteUser | QFile::ReadOwner | QFile::WriteOwner),
                 QFileDevice::Permissions());
        app.stop();

        // A restart on the same profile: the endpoint, the remote model and the chat are back.
        QVERIFY(app.start(QStringLiteral("remote_app"), false));
        model = app.context->model();
        QTRY_VERIFY_WITH_TIMEOUT(model->isRemote(), 5000);
        QCOMPARE(model->remoteEndpoint(), QStringLiteral("Lab"));
        QCOMPARE(app.context->remotes()->rowCount(), 1);
        QTRY_COMPARE_WITH_TIMEOUT(app.chat()->currentId(), chatId, 10000);
        QTRY_COMPARE_WITH_TIMEOUT(app.chat()->messages()->count(), 2, 10000);
        QCOMPARE(app.last(), firstAnswer);
        QVERIFY(app.answer(QStringLiteral("And again"))); // the key came back from where it was stored
        QCOMPARE(app.chat()->errorText(), QString());
        QCOMPARE(app.chat()->messages()->count(), 4);
        QVERIFY(!app.last().isEmpty());

        // Back to a local file: the engine answers again, the remote choice is forgotten.
        QSignalSpy loaded(model, &ModelManager::modelLoaded);
        model->load(model->demoModelPath());
        QTRY_COMPARE_WITH_TIMEOUT(loaded.count(), 1, 30000);
        QVERIFY(!model->isRemote());
        QVERIFY(app.answer(QStringLiteral("Once upon a time")));
        QCOMPARE(app.chat()->errorText(), QString());
        app.stop();
    }

    void toolRoundTripStopAndErrors() {
        MisbehavingServer bad;
        QTemporaryDir dir;
        const QString log = dir.filePath(QStringLiteral("requests.jsonl"));
        const QString why = bad.start(log);
        if (!why.isEmpty()) SMOLDESK_SKIP_OR_FAIL(qPrintable(why));
        RemoteApp app;
        QVERIFY(app.start(QStringLiteral("remote_app_tools"), true));
        RemoteEndpoints* remotes = app.context->remotes();
        QSignalSpy refreshed(remotes, &RemoteEndpoints::refreshed);
        QCOMPARE(
            remotes->addEndpoint(QStringLiteral("Odd"), bad.baseUrl().toString(), QStringLiteral("good-key")),
            QString());
        QTRY_COMPARE_WITH_TIMEOUT(refreshed.count(), 1, 20000);

        // An MCP server (stdio) whose one tool, "first", answers "ok".
        const QString python = QStandardPaths::findExecutable(QStringLiteral("python3"));
        QCOMPARE(
            app.context->tools()->addServer({{"name", "broken"},
                                             {"command", python},
                                             {"args", QStringLiteral(SMOLDESK_BROKEN_MCP_SERVER "\nok")}}),
            QString());
        QTRY_VERIFY_WITH_TIMEOUT(app.context->tools()->readyToolCount() == 1, 20000);

        QVERIFY(app.context->model()->useRemote(QStringLiteral("Odd"), QStringLiteral("stream")));
        QCOMPARE(app.chat()->contextTotal(), 4096); // the endpoint's max_model_len
        QSignalSpy done(app.chat(), &ChatController::generationFinished);
        QVERIFY(app.chat()->send(QStringLiteral("Use the tool")));
        QTRY_VERIFY_WITH_TIMEOUT(app.chat()->toolsRunning(), 20000); // the card waits for consent
        const int card = app.chat()->messages()->count() - 1;
        QCOMPARE(app.chat()->messages()->at(card).role, QStringLiteral("tool"));
        QCOMPARE(app.chat()->messages()->at(card - 1).thought, QStringLiteral("Let me think."));
        app.chat()->allowToolCall(card, false);
        QTRY_COMPARE_WITH_TIMEOUT(done.count(), 1, 30000);
        QCOMPARE(app.chat()->errorText(), QString());
        QCOMPARE(app.chat()->messages()->at(card).content, QStringLiteral("ok"));
        QCOMPARE(app.last(), QStringLiteral("Hello, world."));
        QCOMPARE(app.chat()->contextUsed(), 16); // the server's usage.total_tokens
        // What the server got the second time: the call and its result as role "tool".
        QFile f(log);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QList<QByteArray> lines = f.readAll().trimmed().split('\n');
        const QJsonObject second = QJsonDocument::fromJson(lines.last()).object();
        QVERIFY(second.value("tools").toArray().size() == 1);
        const QJsonArray messages = second.value("messages").toArray();
        const QJsonObject result = messages.last().toObject();
        QCOMPARE(result.value("role").toString(), QStringLiteral("tool"));
        QCOMPARE(result.value("tool_call_id").toString(), QStringLiteral("call_1"));
        QCOMPARE(result.value("content").toString(), QStringLiteral("ok"));
        QCOMPARE(messages.at(messages.size() - 2).toObject().value("tool_calls").toArray().size(), 1);
        app.context->tools()->setChatUsesServer(app.chat()->toolChatKey(), QStringLiteral("broken"), false);

        // Stop (Esc) on a slow stream: the connection closes, the answer so far stays.
        app.chat()->newConversation();
        QVERIFY(app.context->model()->useRemote(QStringLiteral("Odd"), QStringLiteral("slow")));
        done.clear();
        QVERIFY(app.chat()->send(QStringLiteral("Talk slowly")));
        QTRY_VERIFY_WITH_TIMEOUT(app.last().contains(QLatin1String("tick 1")), 10000);
        app.chat()->stop();
        QTRY_COMPARE_WITH_TIMEOUT(done.count(), 1, 2000);
        QCOMPARE(done.at(0).at(0).toString(), QStringLiteral("stopped"));
        QVERIFY(!app.chat()->generating());

        // Errors: one sentence in the chat's error.
        const struct {
            const char* model;
            const char* says;
        } cases[] = {{"missing", "has no model"}, {"busy", "try again in 7 seconds"}, {"broken", "HTTP 500"}};
        for (const auto& c : cases) {
            app.chat()->newConversation();
            QVERIFY(app.context->model()->useRemote(QStringLiteral("Odd"), QString::fromLatin1(c.model)));
            QString reason;
            QVERIFY(app.answer(QStringLiteral("Hi"), &reason));
            QCOMPARE(reason, QStringLiteral("error"));
            QVERIFY2(app.chat()->errorText().contains(QString::fromUtf8(c.says)),
                     qPrintable(app.chat()->errorText()));
        }
        app.stop();
    }
};

QTEST_MAIN(TestRemoteApp)
#include "test_remote_app.moc"
