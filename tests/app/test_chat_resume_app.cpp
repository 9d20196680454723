// Chats that resume instantly, end to end in the app (offscreen): a chat is answered, the user
// opens another one, comes back, and asks a follow-up. The worker restored the first chat's
// saved KV cache, so the follow-up reuses those tokens; regenerating the same answer cold (resume
// turned off, the model reloaded: nothing cached) gives the same text with nothing reused.
#include "qml_fixture.h"
#include "worker/model_worker.h"

#include <QSignalSpy>
#include <QTest>

using namespace smoldesk::app;

class TestChatResumeApp : public QObject {
    Q_OBJECT
    AppFixture app_;

    bool answer(const QString& prompt) {
        QSignalSpy done(app_.context->chat(), &ChatController::generationFinished);
        return app_.context->chat()->send(prompt) &&
               QTest::qWaitFor([&] { return done.count() == 1; }, 30000);
    }
    QString lastText() const {
        const MessageListModel* m = app_.context->chat()->messages();
        return m->at(m->count() - 1).content;
    }

  private slots:
    void initTestCase() {
        QVERIFY(app_.start(QStringLiteral("app_chat_resume_app")));
        QTRY_COMPARE_WITH_TIMEOUT(app_.context->model()->state(), ModelManager::State::Ready, 20000);
        app_.context->settings()->setTemperature(0.0);
        app_.context->settings()->setMaxTokens(24);
    }
    void cleanupTestCase() { app_.stop(); }

    void reopenedChatContinuesFromItsSavedState() {
        ChatController* chat = app_.context->chat();
        ModelWorker* worker = app_.context->model()->worker();
        QVERIFY(app_.context->settings()->resumeChats()); // on by default
        QSignalSpy restored(worker, &ModelWorker::stateRestored);
        QSignalSpy results(worker, &ModelWorker::finished);

        QVERIFY(answer(QStringLiteral("Once upon a time, there was a little dog named Max.")));
        const qint64 first = chat->currentId();
        chat->newConversation();                             // leaving the chat saves its state
        QVERIFY(answer(QStringLiteral("The sun was hot."))); // the cache now holds this chat
        chat->selectConversation(first);
        QTRY_COMPARE_WITH_TIMEOUT(restored.count(), 1, 10000);
        QCOMPARE(restored.at(0).at(0).toLongLong(), first);
        const int restoredTokens = restored.at(0).at(1).toInt();
        QTRY_VERIFY(chat->messages()->count() == 2); // the chat's messages are back

        results.clear();
        QVERIFY(answer(QStringLiteral("One day, Max found a big red ball.")));
        QTRY_COMPARE(results.count(), 1);
        const GenerationResult resumed = results.at(0).at(1).value<GenerationResult>();
        const QString resumedText = lastText();
        QVERIFY(!resumedText.isEmpty());
        QVERIFY2(resumed.reusedTokens >= restoredTokens - 2,
                 qPrintable(QStringLiteral("%1 of %2 restored tokens reused")
                                .arg(resumed.reusedTokens)
                                .arg(restoredTokens)));

        // Cold: no saved states, a freshly loaded model; the same answer again.
        app_.context->settings()->setResumeChats(false);
        QSignalSpy changed(app_.context->model(), &ModelManager::modelChanged);
        app_.context->model()->reload();
        QTRY_VERIFY_WITH_TIMEOUT(
            changed.count() >= 1 && app_.context->model()->state() == ModelManager::State::Ready, 20000);
        results.clear();
        QSignalSpy done(chat, &ChatController::generationFinished);
        chat->regenerate();
        QTRY_COMPARE_WITH_TIMEOUT(done.count(), 1, 30000);
        QTRY_COMPARE(results.count(), 1);
        const GenerationResult cold = results.at(0).at(1).value<GenerationResult>();
        QCOMPARE(cold.reusedTokens, 0);
        QCOMPARE(cold.promptTokens, resumed.promptTokens);
        QCOMPARE(lastText(), resumedText);
    }
};

QTEST_MAIN(TestChatResumeApp)
#include "test_chat_resume_app.moc"
