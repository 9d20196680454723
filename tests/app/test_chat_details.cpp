// Smaller things a new user meets (issue 12, defect 10): a new chat takes the model's Think
// default instead of the previous chat's, Copy says that it copied, a single line break in an
// answer stays a line break, and the status bar drops the speed of a model that is gone.
#include "qml_fixture.h"

#include <QClipboard>
#include <QGuiApplication>
#include <QSignalSpy>
#include <QTest>

using namespace smoldesk::app;

class TestChatDetails : public QObject {
    Q_OBJECT
    AppFixture app_;
    ChatController* chat() const { return app_.context->chat(); }

  private slots:
    void initTestCase() {
        QVERIFY(app_.start(QStringLiteral("app_chat_details")));
        QVERIFY(QTest::qWaitForWindowExposed(app_.window));
        QTRY_COMPARE_WITH_TIMEOUT(app_.context->model()->state(), QStringLiteral("ready"), 20000);
        app_.context->settings()->setMaxTokens(16);
    }
    void cleanupTestCase() { app_.stop(); }

    void newChatTakesTheModelsThinkDefault() {
        chat()->newConversation();
        chat()->setThinkingEnabled(true); // chosen for this chat only
        QVERIFY(chat()->thinkingEnabled());
        chat()->newConversation();
        QVERIFY(!chat()->thinkingEnabled());
        app_.context->settings()->setThinkByDefault(true);
        chat()->newConversation();
        QVERIFY(chat()->thinkingEnabled());
        app_.context->settings()->setThinkByDefault(false);
        chat()->newConversation();
        QVERIFY(!chat()->thinkingEnabled());
    }

    void copySaysItCopied() {
        QSignalSpy done(chat(), &ChatController::generationFinished);
        QVERIFY(chat()->send(QStringLiteral("Once upon a time")));
        QTRY_VERIFY_WITH_TIMEOUT(done.count() == 1, 30000);
        QQuickItem* copy = nullptr;
        QTRY_VERIFY((copy = app_.items("copyButton").value(1)) != nullptr); // the answer's
        QCOMPARE(copy->property("text").toString(), QStringLiteral("Copy"));
        QMetaObject::invokeMethod(copy, "clicked");
        QCOMPARE(copy->property("text").toString(), QStringLiteral("Copied"));
        QCOMPARE(QGuiApplication::clipboard()->text(), chat()->messages()->at(1).content);
        QTRY_COMPARE_WITH_TIMEOUT(copy->property("text").toString(), QStringLiteral("Copy"), 5000);
    }

    void singleLineBreaksStay() {
        chat()->newConversation();
        MessageRecord m;
        m.role = QStringLiteral("assistant");
        m.content = QStringLiteral("Line one\nLine two\n\nA new paragraph");
        chat()->messages()->append(m);
        QQuickItem* text = nullptr;
        QTRY_VERIFY((text = app_.item("messageText")) != nullptr);
        // Two lines and a paragraph, not "Line one Line two" and a paragraph.
        const QString shown = text->property("text").toString();
        QVERIFY2(!shown.contains(QLatin1String("Line one Line two")), qPrintable(shown));
        QVERIFY2(text->property("lineCount").toInt() >= 3, qPrintable(shown));
        chat()->newConversation();
    }

    void speedGoesWithItsModel() {
        QSignalSpy done(chat(), &ChatController::generationFinished);
        QVERIFY(chat()->send(QStringLiteral("The dog")));
        QTRY_VERIFY_WITH_TIMEOUT(done.count() == 1, 30000);
        QVERIFY(chat()->tokensPerSecond() > 0);
        app_.context->model()->reload();
        QTRY_VERIFY_WITH_TIMEOUT(app_.context->model()->state() == QLatin1String("ready"), 30000);
        QCOMPARE(chat()->tokensPerSecond(), 0.0);
    }
};

QTEST_MAIN(TestChatDetails)
#include "test_chat_details.moc"
