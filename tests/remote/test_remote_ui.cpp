// What the app says about a remote endpoint (issue 39, defects 3 and 7): while a remote model
// answers, the welcome, About and the model panel name the endpoint and say that prompts go to
// it (not "nothing leaves this machine", not "No model selected"); the endpoint's card shows its
// URL, the note after Save settles, and the card stops saying "Connected" once the server
// refuses the key; a failed request offers Retry and its banner goes once the cause is gone
// (defect 8). With misbehaving_server.py (its "revoke" model revokes the key).
// SMOLDESK_SHOT_DIR=DIR (under xvfb-run with QT_QPA_PLATFORM=xcb) also writes the views as PNGs.
#include "../app/qml_fixture.h"
#include "model_manager.h"
#include "remote_endpoints.h"
#include "remote_fixture.h"

#include <QImage>
#include <QSignalSpy>
#include <QTest>

using namespace smoldesk;
using namespace smoldesk::app;
using namespace smoldesk::test;

class TestRemoteUi : public QObject {
    Q_OBJECT
    MisbehavingServer server_;
    AppFixture app_;

    QObject* find(const char* name) const {
        return app_.engine->rootObjects().first()->findChild<QObject*>(QLatin1String(name));
    }
    QString textOf(const char* name) const {
        QQuickItem* i = app_.item(name);
        if (!i) i = qobject_cast<QQuickItem*>(find(name));
        return i ? i->property("text").toString() : QStringLiteral("<no %1>").arg(QLatin1String(name));
    }
    // Every view of the issue at 800×600 and 1366×768, when asked for.
    void shot(const QString& name) {
        const QString dir = qEnvironmentVariable("SMOLDESK_SHOT_DIR");
        if (dir.isEmpty()) return;
        for (const QSize size : {QSize(800, 600), QSize(1366, 768)}) {
            app_.window->resize(size);
            QTest::qWait(400);
            app_.window->grabWindow().save(
                QStringLiteral("%1/%2-%3x%4.png").arg(dir, name).arg(size.width()).arg(size.height()));
        }
        app_.window->resize(1180, 760);
    }
    QString url() const { return server_.baseUrl().toString(); }

  private slots:
    void initTestCase() {
        const QString why = server_.start();
        if (!why.isEmpty()) SMOLDESK_SKIP_OR_FAIL(qPrintable(why));
        QVERIFY(app_.start(QStringLiteral("remote_ui")));
        QVERIFY(QTest::qWaitForWindowExposed(app_.window));
        QTRY_COMPARE_WITH_TIMEOUT(app_.context->model()->state(), ModelManager::State::Ready, 20000);
    }
    void cleanupTestCase() { app_.stop(); }

    // Settings ▸ Models: the card shows the endpoint's own URL, and the note after Save says how
    // the listing ended instead of "Listing its models…" for ever.
    void savedEndpointCard() {
        QObject* settings = find("settingsDialog");
        QVERIFY(settings);
        QMetaObject::invokeMethod(settings, "openModels");
        QTRY_VERIFY(settings->property("opened").toBool());
        QSignalSpy refreshed(app_.context->remotes(), &RemoteEndpoints::refreshed);
        find("remoteName")->setProperty("text", QStringLiteral("Lab"));
        find("remoteUrl")->setProperty("text", url());
        find("remoteKey")->setProperty("text", QStringLiteral("good-key"));
        QVERIFY(QMetaObject::invokeMethod(find("remoteSave"), "clicked"));
        QTRY_COMPARE_WITH_TIMEOUT(refreshed.count(), 1, 20000);
        QVERIFY(refreshed.at(0).at(1).toBool());
        QTRY_VERIFY(!textOf("remoteTestResult").contains(QLatin1String("Listing")));
        QVERIFY2(textOf("remoteTestResult").startsWith(QStringLiteral("Saved “Lab”")),
                 qPrintable(textOf("remoteTestResult")));
        QTRY_VERIFY(app_.item("remoteCardTitle"));
        const QString title = textOf("remoteCardTitle");
        QVERIFY2(title.contains(url()) && !title.contains(QLatin1String("qrc:")), qPrintable(title));
        QVERIFY2(textOf("remoteCardStatus").startsWith(QLatin1String("Connected")),
                 qPrintable(textOf("remoteCardStatus")));
        shot(QStringLiteral("remote-card"));
        QMetaObject::invokeMethod(settings, "close");
        QTRY_VERIFY(!settings->property("visible").toBool());
    }

    // A remote model answers: every privacy note names the endpoint and says prompts go there.
    void privacyNamesTheEndpoint() {
        ModelManager* model = app_.context->model();
        QVERIFY(model->useRemote(QStringLiteral("Lab"), QStringLiteral("stream")));
        app_.context->chat()->newConversation();
        QTRY_VERIFY(app_.item("welcomeText") && app_.item("welcomeText")->isVisible());
        const QString welcome = textOf("welcomeText");
        QVERIFY2(!welcome.contains(QLatin1String("leaves")), qPrintable(welcome));
        QVERIFY2(welcome.contains(QStringLiteral("“Lab”")) && welcome.contains(url()) &&
                     welcome.contains(QLatin1String("sent to that server")),
                 qPrintable(welcome));
        const QString panelName = textOf("modelPanelName");
        QCOMPARE(panelName, QStringLiteral("stream"));
        const QString note = textOf("remotePrivacyNote");
        QVERIFY2(note.contains(url()) && note.contains(QLatin1String("sent to")), qPrintable(note));
        shot(QStringLiteral("remote-welcome"));

        QObject* about = find("aboutDialog");
        QMetaObject::invokeMethod(about, "open");
        QTRY_VERIFY(about->property("opened").toBool());
        const QString aboutText =
            about->findChild<QObject*>(QStringLiteral("aboutText"))->property("text").toString();
        QVERIFY2(!aboutText.contains(QLatin1String("nothing leaves")), qPrintable(aboutText));
        QVERIFY2(aboutText.contains(QStringLiteral("“Lab”")) && aboutText.contains(url()),
                 qPrintable(aboutText));
        shot(QStringLiteral("remote-about"));
        QMetaObject::invokeMethod(about, "close");
        QTRY_VERIFY(!about->property("visible").toBool());

        // Back on the engine's model: the local wording again.
        QSignalSpy loaded(model, &ModelManager::modelLoaded);
        model->load(model->demoModelPath());
        QTRY_COMPARE_WITH_TIMEOUT(loaded.count(), 1, 30000);
        QTRY_VERIFY(textOf("aboutText").contains(QLatin1String("nothing leaves this machine")));
        QVERIFY(model->useRemote(QStringLiteral("Lab"), QStringLiteral("stream")));
    }

    // Defect 8: a failed request leaves its prompt with Retry (in the banner and under the
    // prompt), and the banner goes once another model answers; Retry then gets the answer.
    void failedRequestOffersRetry() {
        ChatController* chat = app_.context->chat();
        ModelManager* model = app_.context->model();
        QVERIFY(model->useRemote(QStringLiteral("Lab"), QStringLiteral("broken")));
        chat->newConversation();
        QSignalSpy done(chat, &ChatController::generationFinished);
        QVERIFY(chat->send(QStringLiteral("Hello")));
        QTRY_COMPARE_WITH_TIMEOUT(done.count(), 1, 20000);
        QVERIFY(!chat->errorText().isEmpty());
        QCOMPARE(chat->messages()->count(), 1); // the prompt, with no answer
        QVERIFY(chat->canRetry());
        QVERIFY(!chat->canRegenerate());
        QTRY_VERIFY(app_.item("bannerRetryButton") && app_.item("bannerRetryButton")->isVisible());
        const auto retryUnderPrompt = [&]() -> QQuickItem* {
            for (QQuickItem* b : app_.items("retryButton"))
                if (b->isVisible() && b->opacity() > 0) return b;
            return nullptr;
        };
        QTRY_VERIFY(retryUnderPrompt());
        shot(QStringLiteral("failed-request"));

        // The cause is fixed (a model that answers): the old banner goes, the prompt keeps Retry.
        QVERIFY(model->useRemote(QStringLiteral("Lab"), QStringLiteral("stream")));
        QTRY_VERIFY(chat->errorText().isEmpty());
        QVERIFY(chat->canRetry());
        QTRY_VERIFY(retryUnderPrompt());
        QMetaObject::invokeMethod(retryUnderPrompt(), "clicked");
        QTRY_COMPARE_WITH_TIMEOUT(done.count(), 2, 20000);
        QCOMPARE(chat->errorText(), QString());
        QCOMPARE(chat->messages()->count(), 2);
        QVERIFY(!chat->messages()->at(1).content.isEmpty());
        QVERIFY(!chat->canRetry());
        QTRY_VERIFY(!retryUnderPrompt());
    }

    // The server starts refusing the key: the card says so instead of "Connected".
    void refusedKeyShowsOnTheCard() {
        ChatController* chat = app_.context->chat();
        QSignalSpy done(chat, &ChatController::generationFinished);
        QVERIFY(chat->send(QStringLiteral("Hello")));
        QTRY_COMPARE_WITH_TIMEOUT(done.count(), 1, 20000);
        QCOMPARE(chat->errorText(), QString());
        QVERIFY(app_.context->model()->useRemote(QStringLiteral("Lab"), QStringLiteral("revoke")));
        QVERIFY(chat->send(QStringLiteral("Hello again")));
        QTRY_COMPARE_WITH_TIMEOUT(done.count(), 2, 20000);
        QVERIFY(!chat->errorText().isEmpty());
        RemoteEndpoints* remotes = app_.context->remotes();
        const QModelIndex row = remotes->index(0);
        QTRY_VERIFY(!remotes->data(row, RemoteEndpoints::OkRole).toBool());
        const QString status = remotes->data(row, RemoteEndpoints::StatusRole).toString();
        QVERIFY2(!status.startsWith(QLatin1String("Connected")), qPrintable(status));
        QObject* settings = find("settingsDialog");
        QMetaObject::invokeMethod(settings, "openModels");
        QTRY_VERIFY(settings->property("opened").toBool());
        QTRY_VERIFY(app_.item("remoteCardStatus"));
        QCOMPARE(textOf("remoteCardStatus"), status);
        shot(QStringLiteral("remote-card-refused"));
        QMetaObject::invokeMethod(settings, "close");
    }
};

QTEST_MAIN(TestRemoteUi)
#include "test_remote_ui.moc"
