// The QML UI offscreen: streamed text from the demo model appears in the view, the thinking
// toggle, the model dialog, runtime language switching.
#include "qml_fixture.h"

#include <QSignalSpy>
#include <QTest>

using namespace smoldesk::app;

namespace {
bool waitFor(QSignalSpy& spy, int ms, int atLeast = 1) {
    return QTest::qWaitFor([&] { return spy.count() >= atLeast; }, ms);
}
} // namespace

class TestQml : public QObject {
    Q_OBJECT
    AppFixture app_;

    QString answerText() const {
        QString all;
        for (QQuickItem* t : app_.items("messageText")) all += t->property("text").toString();
        return all;
    }

  private slots:
    void initTestCase() {
        QVERIFY(app_.start(QStringLiteral("app_qml")));
        QVERIFY(QTest::qWaitForWindowExposed(app_.window));
        QTRY_COMPARE_WITH_TIMEOUT(app_.context->model()->state(), QStringLiteral("ready"), 20000);
    }
    void cleanupTestCase() { app_.stop(); }

    void welcomeViewWhenEmpty() {
        QCOMPARE(app_.context->chat()->messages()->count(), 0);
        QVERIFY(app_.context->model()->isDemo());
    }

    void sendAndStream() {
        ChatController* chat = app_.context->chat();
        QQuickItem* input = app_.item("promptInput");
        QVERIFY(input);
        input->setProperty("text", QStringLiteral("Once upon a time"));
        input->forceActiveFocus();
        QSignalSpy generating(chat, &ChatController::generatingChanged);
        QSignalSpy done(chat, &ChatController::generationFinished);
        QTest::keyClick(app_.window, Qt::Key_Return);
        QVERIFY(chat->generating());
        QCOMPARE(app_.item("sendButton")->property("text").toString(), QStringLiteral("Stop"));
        QVERIFY(waitFor(done, 30000));
        QVERIFY(!chat->generating());
        QCOMPARE(chat->messages()->count(), 2);
        QTRY_VERIFY_WITH_TIMEOUT(!answerText().trimmed().isEmpty(), 5000);
        // The Markdown view re-wraps the text; compare the words.
        QCOMPARE(answerText().simplified(), chat->messages()->at(1).content.simplified());
        QVERIFY(input->property("text").toString().isEmpty());
        QVERIFY(chat->contextUsed() > 0);
        QCOMPARE(chat->currentTitle(), QStringLiteral("Once upon a time"));
        QCOMPARE(chat->conversations()->rowCount(), 1);
    }

    void escStops() {
        ChatController* chat = app_.context->chat();
        app_.context->settings()->setMaxTokens(100000);
        QSignalSpy done(chat, &ChatController::generationFinished);
        QVERIFY(chat->send(QStringLiteral("The little dog")));
        QTest::keyClick(app_.window, Qt::Key_Escape);
        QVERIFY(waitFor(done, 30000));
        QVERIFY(done.at(0).at(0).toString() == QLatin1String("stopped") ||
                done.at(0).at(0).toString() == QLatin1String("context-full"));
        app_.context->settings()->resetModelSettings();
    }

    void toggleThinking() {
        ChatController* chat = app_.context->chat();
        QQuickItem* toggle = app_.item("thinkingToggle");
        QVERIFY(toggle);
        const bool before = chat->thinkingEnabled();
        const QPointF centre = toggle->mapToScene(QPointF(toggle->width() / 2, toggle->height() / 2));
        QTest::mouseClick(app_.window, Qt::LeftButton, Qt::NoModifier, centre.toPoint());
        QTRY_COMPARE(chat->thinkingEnabled(), !before);
        QCOMPARE(toggle->property("checked").toBool(), !before);
        // Stored per conversation.
        QCOMPARE(chat->conversations()->find(chat->currentId())->thinking, !before);
    }

    void openModelDialog() {
        QObject* root = app_.engine->rootObjects().first();
        QObject* dialog = root->findChild<QObject*>(QStringLiteral("openModelDialog"));
        QVERIFY(dialog);
        QVERIFY(!dialog->property("visible").toBool());
        QTest::keyClick(app_.window, Qt::Key_O, Qt::ControlModifier);
        QTRY_VERIFY(dialog->property("visible").toBool());
        QMetaObject::invokeMethod(dialog, "reject");
        QTRY_VERIFY(!dialog->property("visible").toBool());
    }

    void switchLanguageAtRuntime() {
        QQuickItem* send = app_.item("sendButton");
        app_.context->settings()->setLanguage(QStringLiteral("de"));
        QTRY_COMPARE(send->property("text").toString(), QStringLiteral("Senden"));
        app_.context->settings()->setLanguage(QStringLiteral("fr"));
        QTRY_COMPARE(send->property("text").toString(), QStringLiteral("Envoyer"));
        app_.context->settings()->setLanguage(QStringLiteral("en"));
        QTRY_COMPARE(send->property("text").toString(), QStringLiteral("Send"));
    }

    void newChatShortcut() {
        QTest::keyClick(app_.window, Qt::Key_N, Qt::ControlModifier);
        QTRY_COMPARE(app_.context->chat()->messages()->count(), 0);
        QCOMPARE(app_.context->chat()->currentId(), 0);
    }
};

QTEST_MAIN(TestQml)
#include "test_qml.moc"
