// The MCP tool loop in the app, offscreen, on the tiny SmolLM3-shaped model with SmolLM3's real
// chat template and the official everything server over stdio: the model's call (forced through
// the call grammar, as the tiny model writes random text) shows a card and waits for consent;
// Deny sends the denial back and the model continues; Allow runs `get-sum`, its result goes back
// through the template and the model continues; the calls and results are stored, come back
// after a restart and are exported.
#include "mcp_client.h"
#include "qml_fixture.h"
#include "require_all.h"
#include "test_data.h"
#include "tiny_model.h"
#include "worker/model_worker.h"

#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace smoldesk::app;

namespace {

QString everythingServer() {
    return QString::fromStdString(
        smoldesk::test::npmPackageFile("@modelcontextprotocol/server-everything/dist/index.js"));
}

QJsonObject toolOf(const MessageRecord& m) {
    return QJsonDocument::fromJson(m.toolJson.toUtf8()).object();
}

} // namespace

class TestChatTools : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    QString model_;
    AppFixture app_;

    ChatController* chat() const { return app_.context->chat(); }
    // The row of the first tool card in the open chat, or -1.
    int cardRow() const {
        for (int r = 0; r < chat()->messages()->count(); ++r)
            if (chat()->messages()->at(r).role == QLatin1String("tool")) return r;
        return -1;
    }
    QString cardState(int row) const { return toolOf(chat()->messages()->at(row)).value("state").toString(); }
    bool startApp(bool fresh) {
        if (!app_.start(QStringLiteral("app_chat_tools"), model_, fresh)) return false;
        if (!QTest::qWaitFor([&] { return app_.context->model()->state() == ModelManager::State::Ready; },
                             30000))
            return false;
        app_.context->settings()->setTemperature(1.0);
        app_.context->settings()->setSeed(3);
        app_.context->settings()->setThinkByDefault(false);
        return true;
    }
    // A new chat whose first answer must call `tool`; returns when its card waits for consent.
    bool askForCall(const QString& tool = QStringLiteral("get-sum")) {
        chat()->newConversation();
        chat()->setThinkingEnabled(false);
        app_.context->settings()->setMaxTokens(400);
        chat()->forceToolCalls(1, tool);
        QSignalSpy done(chat(), &ChatController::generationFinished);
        if (!chat()->send(QStringLiteral("What is 2 plus 3?"))) return false;
        const bool asked = QTest::qWaitFor(
            [&] { return done.count() > 0 || (cardRow() >= 0 && cardState(cardRow()) == "waiting"); }, 60000);
        if (!asked || done.count() > 0) { // say what the model wrote instead
            const MessageListModel* m = chat()->messages();
            qWarning("no tool call: %s; the answer: %s",
                     done.isEmpty() ? "timeout" : qPrintable(done.at(0).at(0).toString()),
                     qPrintable(m->at(m->count() - 1).content.left(400)));
            return false;
        }
        return true;
    }

  private slots:
    void initTestCase() {
        const QString script = everythingServer();
        if (script.isEmpty())
            SMOLDESK_SKIP_OR_FAIL(
                "@modelcontextprotocol/server-everything is not installed (packaging/install-deps.sh).");
        const QString node = QStandardPaths::findExecutable("node");
        if (node.isEmpty()) SMOLDESK_SKIP_OR_FAIL("node is not installed (packaging/install-deps.sh).");
        QVERIFY(dir_.isValid());
        model_ = QString::fromStdString(
            smoldesk::test::writeTinyModelWithSmolLM3Template(dir_.path().toStdString()));
        QVERIFY(startApp(true));
        QCOMPARE(
            app_.context->tools()->addServer({{"name", "everything"}, {"command", node}, {"args", script}}),
            QString());
        QTRY_VERIFY_WITH_TIMEOUT(app_.context->tools()->readyToolCount() > 10, 30000);
    }
    void cleanupTestCase() { app_.stop(); }

    void deniedCallGoesBackAndTheModelContinues() {
        QSignalSpy answers(app_.context->model()->worker(), &ModelWorker::finished);
        QSignalSpy done(chat(), &ChatController::generationFinished);
        QVERIFY(askForCall());
        const int row = cardRow();
        QVERIFY(chat()->generating() && chat()->toolsRunning());
        QCOMPARE(done.count(), 0); // nothing runs, nothing goes on, before consent
        const QJsonObject card = toolOf(chat()->messages()->at(row));
        QCOMPARE(card.value("name").toString(), QStringLiteral("get-sum"));
        QCOMPARE(card.value("server").toString(), QStringLiteral("everything"));
        QVERIFY(QJsonDocument::fromJson(card.value("arguments").toString().toUtf8()).isObject());
        // The answer before the card holds the call, for the template.
        const QJsonArray calls = toolOf(chat()->messages()->at(row - 1)).value("calls").toArray();
        QCOMPARE(calls.size(), 1);
        QCOMPARE(calls.at(0).toObject().value("id").toString(), card.value("callId").toString());
        // The card in the window: tool, server, arguments and the three answers.
        QTRY_VERIFY(!app_.items("toolCallCard").isEmpty());
        QQuickItem* title = app_.item("toolCallTitle");
        QVERIFY(title && title->property("text").toString().contains("get-sum"));
        for (const char* button : {"allowOnceButton", "allowAlwaysButton", "denyButton"})
            QVERIFY2(app_.item(button) && app_.item(button)->isVisible(), button);
        // The card as the user sees it (a real window under xvfb-run; README's screenshot).
        if (!qEnvironmentVariableIsEmpty("SMOLDESK_TOOL_CARD_SCREENSHOT")) {
            app_.window->show();
            QVERIFY(QTest::qWaitForWindowExposed(app_.window));
            QTest::qWait(500);
            app_.window->grabWindow().save(qEnvironmentVariable("SMOLDESK_TOOL_CARD_SCREENSHOT"));
        }

        app_.context->settings()->setMaxTokens(12); // the answer after the result: short
        chat()->denyToolCall(row);
        QCOMPARE(cardState(row), QStringLiteral("denied"));
        QVERIFY(chat()->messages()->at(row).content.contains("denied"));
        QTRY_COMPARE_WITH_TIMEOUT(done.count(), 1, 60000);
        QCOMPARE(answers.count(), 2); // the call, then the answer after the denial
        QCOMPARE(chat()->messages()->at(row + 1).role, QStringLiteral("assistant"));
        QVERIFY(!chat()->generating());
    }

    // Issue 39: every tool of the real server is offered with calls held to their schemas (tool
    // choice auto). Tools with "uri" fields used to fail every local chat; now unknown formats are
    // plain strings, and a tool no grammar can hold would be left out and named, never failing the
    // turn. The meter counts the tools' definitions (they used to show as a few hundred tokens).
    void everyToolOfTheServerKeepsTheChatGoing() {
        chat()->forceToolCalls(0); // every tool offered, none forced
        chat()->newConversation();
        chat()->setThinkingEnabled(false);
        app_.context->settings()->setMaxTokens(8);
        QSignalSpy done(chat(), &ChatController::generationFinished);
        QVERIFY(chat()->send(QStringLiteral("Hello")));
        QTRY_COMPARE_WITH_TIMEOUT(done.count(), 1, 60000);
        QVERIFY2(chat()->errorText().isEmpty(), qPrintable(chat()->errorText()));
        QVERIFY2(chat()->toolNotice().isEmpty(), qPrintable(chat()->toolNotice()));
        // The definitions of 13 tools alone are thousands of tokens on this vocabulary.
        QTRY_VERIFY2_WITH_TIMEOUT(chat()->contextUsed() > 1500,
                                  qPrintable(QString::number(chat()->contextUsed())), 10000);
        const int withTools = chat()->contextUsed();
        app_.context->tools()->setChatUsesServer(chat()->toolChatKey(), "everything", false);
        QTRY_VERIFY_WITH_TIMEOUT(chat()->contextUsed() < withTools - 1000, 10000);
        app_.context->tools()->setChatUsesServer(chat()->toolChatKey(), "everything", true);
    }

    // Stop while a card waits: the call is denied and the turn ends (no answer after it).
    void stopEndsTheTurn() {
        QSignalSpy answers(app_.context->model()->worker(), &ModelWorker::finished);
        QSignalSpy done(chat(), &ChatController::generationFinished);
        QVERIFY(askForCall());
        chat()->stop();
        QTRY_COMPARE(done.count(), 1);
        QCOMPARE(done.at(0).at(0).toString(), QStringLiteral("stopped"));
        QCOMPARE(cardState(cardRow()), QStringLiteral("denied"));
        QCOMPARE(cardRow(), chat()->messages()->count() - 1);
        QCOMPARE(answers.count(), 1);
        QVERIFY(!chat()->generating());
    }

    // The composer's choice: a chat without the server offers no tools (the forced call has none
    // to force, so the answer is plain text). The new chat's choice goes with it once it is saved.
    void chatWithoutTheServerOffersNoTools() {
        chat()->newConversation();
        QCOMPARE(chat()->toolChatKey(), QStringLiteral("0"));
        app_.context->tools()->setChatUsesServer(chat()->toolChatKey(), "everything", false);
        app_.context->settings()->setMaxTokens(8);
        chat()->forceToolCalls(1, QStringLiteral("get-sum"));
        QSignalSpy done(chat(), &ChatController::generationFinished);
        QVERIFY(chat()->send(QStringLiteral("What is 2 plus 3?")));
        QTRY_COMPARE_WITH_TIMEOUT(done.count(), 1, 30000);
        QCOMPARE(cardRow(), -1);
        QVERIFY(!app_.context->tools()->chatUsesServer(chat()->toolChatKey(), "everything"));
        QVERIFY(app_.context->tools()->chatUsesServer(QStringLiteral("0"), "everything"));
        chat()->forceToolCalls(0);
    }

    // An image in a result shows on the card (the everything server's get-tiny-image, a 20×20 PNG),
    // byte for byte what the server sent, and is kept with the card's JSON.
    void imageResultShowsOnTheCard() {
        QFile js(QFileInfo(everythingServer()).dir().filePath("tools/get-tiny-image.js"));
        QVERIFY(js.open(QIODevice::ReadOnly));
        const QByteArray source = js.readAll();
        const qsizetype start = source.indexOf("MCP_TINY_IMAGE = \"") + 18;
        const QString sent = QString::fromLatin1(source.mid(start, source.indexOf('"', start) - start));
        QVERIFY(sent.startsWith("iVBOR"));
        QSignalSpy done(chat(), &ChatController::generationFinished);
        QVERIFY(askForCall(QStringLiteral("get-tiny-image")));
        const int row = cardRow();
        app_.context->settings()->setMaxTokens(4);
        chat()->allowToolCall(row, false);
        QTRY_COMPARE_WITH_TIMEOUT(done.count(), 1, 60000);
        QCOMPARE(cardState(row), QStringLiteral("done"));
        const QJsonArray images = toolOf(chat()->messages()->at(row)).value("images").toArray();
        QCOMPARE(images.size(), 1);
        QCOMPARE(images.at(0).toObject().value("mimeType").toString(), QStringLiteral("image/png"));
        QCOMPARE(images.at(0).toObject().value("data").toString(), sent);
        QQuickItem* image = nullptr;
        QTRY_VERIFY((image = app_.item("toolResultImage")) && image->property("status").toInt() == 1);
        QCOMPARE(image->property("sourceSize").toSize(), QSize(20, 20));
        QVERIFY(image->isVisible());
    }

    void allowedCallRunsAndItsResultGoesBack() {
        QSignalSpy answers(app_.context->model()->worker(), &ModelWorker::finished);
        QSignalSpy prompts(app_.context->model()->worker(), &ModelWorker::promptReady);
        QSignalSpy done(chat(), &ChatController::generationFinished);
        QVERIFY(askForCall());
        const int row = cardRow();
        app_.context->settings()->setMaxTokens(12);
        // The keyboard way: Tab reaches the button, Space presses it.
        QQuickItem* allow = nullptr;
        QTRY_VERIFY((allow = app_.item("allowOnceButton")) && allow->isVisible());
        allow->forceActiveFocus(Qt::TabFocusReason);
        QTest::keyClick(app_.window, Qt::Key_Space);
        QTRY_COMPARE_WITH_TIMEOUT(done.count(), 1, 60000);
        QCOMPARE(cardState(row), QStringLiteral("done"));
        const MessageRecord result = chat()->messages()->at(row);
        QVERIFY2(result.content.startsWith("The sum of "), qPrintable(result.content));
        QCOMPARE(answers.count(), 2);
        // The second prompt holds the result: it is longer than the first by more than the call.
        QCOMPARE(prompts.count(), 2);
        QVERIFY(prompts.at(1).at(1).toInt() > prompts.at(0).at(1).toInt());
        QCOMPARE(chat()->messages()->at(row + 1).role, QStringLiteral("assistant"));

        // Export: the calls and the card.
        const QString json = dir_.filePath("chat.json");
        QVERIFY(chat()->exportConversation(QUrl::fromLocalFile(json), "json"));
        QFile f(json);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QJsonArray messages = QJsonDocument::fromJson(f.readAll()).object().value("messages").toArray();
        QCOMPARE(messages.at(row - 1).toObject().value("tool_calls").toArray().size(), 1);
        QCOMPARE(messages.at(row).toObject().value("tool").toObject().value("state").toString(),
                 QStringLiteral("done"));
        QCOMPARE(messages.at(row).toObject().value("content").toString(), result.content);
        const QString md = dir_.filePath("chat.md");
        QVERIFY(chat()->exportConversation(QUrl::fromLocalFile(md), "markdown"));
        QFile m(md);
        QVERIFY(m.open(QIODevice::ReadOnly));
        QVERIFY(m.readAll().contains(result.content.toUtf8()));

        // Stored: the same rows after a restart, and the model reads them again.
        const qint64 id = chat()->currentId();
        const QList<MessageRecord> before = chat()->messages()->messages();
        chat()->flushStore();
        app_.stop();
        QVERIFY(startApp(false));
        QSignalSpy ready(chat(), &ChatController::messagesReady);
        QTRY_VERIFY_WITH_TIMEOUT(chat()->conversations()->find(id) != nullptr, 10000);
        chat()->selectConversation(id);
        QTRY_VERIFY_WITH_TIMEOUT(chat()->messages()->count() == before.size(), 10000);
        for (int r = 0; r < before.size(); ++r) {
            QCOMPARE(chat()->messages()->at(r).role, before.at(r).role);
            QCOMPARE(chat()->messages()->at(r).content, before.at(r).content);
            QCOMPARE(chat()->messages()->at(r).toolJson, before.at(r).toolJson);
        }
        QTRY_VERIFY(!app_.items("toolCallCard").isEmpty());
        QVERIFY(chat()->canRegenerate());

        // In the message tree each row follows the one before it: the answer with the call,
        // its card, the answer after the result. Regenerate keeps the whole tool turn as the
        // first answer's alternative; switching back shows the calls and cards as they were.
        for (int r = 0; r < before.size(); ++r)
            QCOMPARE(chat()->tree().find(chat()->messages()->at(r).id)->parentId,
                     r ? chat()->messages()->at(r - 1).id : 0);
        app_.context->tools()->setChatUsesServer(chat()->toolChatKey(), "everything", false); // plain text
        app_.context->settings()->setMaxTokens(4);
        QSignalSpy regenerated(chat(), &ChatController::generationFinished);
        chat()->regenerate();
        QTRY_COMPARE_WITH_TIMEOUT(regenerated.count(), 1, 30000);
        QCOMPARE(chat()->messages()->count(), 2);
        QCOMPARE(chat()
                     ->messages()
                     ->data(chat()->messages()->index(1), MessageListModel::AlternativesRole)
                     .toInt(),
                 2);
        chat()->selectAlternative(1, -1);
        QCOMPARE(chat()->messages()->count(), before.size());
        for (int r = 0; r < before.size(); ++r) {
            QCOMPARE(chat()->messages()->at(r).id, before.at(r).id);
            QCOMPARE(chat()->messages()->at(r).toolJson, before.at(r).toolJson);
        }
        // The prompt sent for this branch has the call and its result again.
        const QList<ChatTurn> turns = chat()->promptTurns();
        const int o = int(turns.size() - before.size()); // a system prompt first, if any
        QCOMPARE(turns.at(o + row - 1).toolCalls.size(), 1);
        QCOMPARE(turns.at(o + row).role, QStringLiteral("tool"));
        QCOMPARE(turns.at(o + row).content, result.content);
        app_.context->tools()->setChatUsesServer(chat()->toolChatKey(), "everything", true);
    }

    // The server withdraws the tool while its call waits for consent (tools/list_changed): the card
    // fails at once with a sentence, and the round goes on without it.
    void withdrawnToolFailsItsWaitingCard() {
        const QString python = QStandardPaths::findExecutable("python3");
        if (python.isEmpty()) SMOLDESK_SKIP_OR_FAIL("python3 is not installed.");
        QTRY_VERIFY_WITH_TIMEOUT(app_.context->tools()->readyToolCount() > 10, 30000);
        QCOMPARE(app_.context->tools()->addServer(
                     {{"name", "withdrawing"},
                      {"command", python},
                      {"args", QStringLiteral(SMOLDESK_MCP_TEST_DIR "/broken_server.py\nwithdraw")}}),
                 QString());
        QTRY_VERIFY_WITH_TIMEOUT(app_.context->tools()->client("withdrawing") &&
                                     app_.context->tools()->client("withdrawing")->tools().size() == 2,
                                 30000);
        QSignalSpy done(chat(), &ChatController::generationFinished);
        QVERIFY(askForCall(QStringLiteral("first")));
        const int row = cardRow();
        QCOMPARE(toolOf(chat()->messages()->at(row)).value("server").toString(),
                 QStringLiteral("withdrawing"));
        app_.context->settings()->setMaxTokens(4);
        app_.context->tools()->client("withdrawing")->callTool("withdraw", QJsonObject());
        QTRY_COMPARE_WITH_TIMEOUT(cardState(row), QStringLiteral("failed"), 10000);
        QCOMPARE(
            chat()->messages()->at(row).content,
            QStringLiteral("The tool server “withdrawing” no longer offers “first”; the call was not run."));
        QTRY_COMPARE_WITH_TIMEOUT(done.count(), 1, 30000); // the model went on after the round
        app_.context->tools()->removeServer(app_.context->tools()->rowCount() - 1);
    }

    // Settings ▸ Tools ▸ Add server…: Save without a name says why and keeps the dialog open (it
    // used to close, losing what was typed); with a name it saves and closes.
    void serverDialogStaysOpenOnAMistake() {
        QObject* settings = app_.engine->rootObjects().first()->findChild<QObject*>("settingsDialog");
        QVERIFY(settings);
        QMetaObject::invokeMethod(settings, "open");
        QObject* tabs = app_.engine->rootObjects().first()->findChild<QObject*>("settingsTabs");
        QObject* toolsTab = app_.engine->rootObjects().first()->findChild<QObject*>("toolsTab");
        QVERIFY(tabs && toolsTab);
        toolsTab->setProperty("checked", true); // (as a click does: the tab bar follows its checked button)
        QTRY_COMPARE(tabs->property("currentIndex").toInt(), 4);
        QQuickItem* add = nullptr;
        QTRY_VERIFY((add = app_.item("addToolServer")) && add->isVisible());
        QMetaObject::invokeMethod(add, "clicked");
        QObject* dialog = app_.engine->rootObjects().first()->findChild<QObject*>("toolServerDialog");
        QVERIFY(dialog);
        QTRY_VERIFY(dialog->property("opened").toBool());
        const int servers = app_.context->tools()->rowCount();
        QVERIFY(app_.item("saveToolServer"));
        QMetaObject::invokeMethod(app_.item("saveToolServer"), "clicked");
        QTRY_VERIFY(app_.item("serverError") &&
                    !app_.item("serverError")->property("text").toString().isEmpty());
        QTest::qWait(400); // past any closing transition
        QVERIFY(dialog->property("visible").toBool());
        QCOMPARE(app_.context->tools()->rowCount(), servers);
        QVERIFY(app_.item("serverName") && app_.item("serverCommand"));
        app_.item("serverName")->setProperty("text", "a second server");
        app_.item("serverCommand")->setProperty("text", "/bin/true");
        QMetaObject::invokeMethod(app_.item("saveToolServer"), "clicked");
        QTRY_VERIFY(!dialog->property("visible").toBool());
        QCOMPARE(app_.context->tools()->rowCount(), servers + 1);
        app_.context->tools()->removeServer(servers);
        QMetaObject::invokeMethod(settings, "close");
    }

    // A card still waiting for consent when the app quits reopens as "interrupted": no buttons, and
    // the model reads that the call never ran.
    void waitingCardReopensInterrupted() {
        // (after the restart of the test before, the server connects again in the background)
        QTRY_VERIFY_WITH_TIMEOUT(app_.context->tools()->readyToolCount() > 10, 30000);
        QVERIFY(askForCall());
        const int row = cardRow();
        const qint64 id = chat()->currentId();
        chat()->flushStore();
        app_.stop();
        QVERIFY(startApp(false));
        QTRY_VERIFY_WITH_TIMEOUT(chat()->conversations()->find(id) != nullptr, 10000);
        chat()->selectConversation(id);
        QTRY_VERIFY_WITH_TIMEOUT(chat()->messages()->count() > row, 10000);
        QCOMPARE(cardState(row), QStringLiteral("interrupted"));
        QTRY_VERIFY(!app_.items("toolCallCard").isEmpty());
        QVERIFY(!app_.item("allowOnceButton") || !app_.item("allowOnceButton")->isVisible());
        const QList<ChatTurn> turns = chat()->promptTurns();
        QCOMPARE(turns.last().role, QStringLiteral("tool"));
        QCOMPARE(turns.last().content, QStringLiteral("The call was interrupted before it ran."));
        // The chat goes on: a plain answer after it.
        app_.context->tools()->setChatUsesServer(chat()->toolChatKey(), "everything", false);
        app_.context->settings()->setMaxTokens(4);
        QSignalSpy done(chat(), &ChatController::generationFinished);
        QVERIFY(chat()->send(QStringLiteral("Never mind.")));
        QTRY_COMPARE_WITH_TIMEOUT(done.count(), 1, 30000);
        QCOMPARE(chat()->messages()->at(chat()->messages()->count() - 1).role, QStringLiteral("assistant"));
        app_.context->tools()->setChatUsesServer(chat()->toolChatKey(), "everything", true);
    }
};

QTEST_MAIN(TestChatTools)
#include "test_chat_tools.moc"
