// The "conversation is too long" question never traps the user (issue 39, defect 1): Escape or a
// click outside closes it and puts the prompt back into the prompt box, nothing is sent on its
// own, no copy of the chat is saved, its text offers only what its buttons do, a first message
// that cannot fit says how to make it fit, and Ctrl+Q still quits. By key events and clicks.
#include "qml_fixture.h"

#include <QQmlApplicationEngine>
#include <QSignalSpy>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTest>

using namespace smoldesk::app;

class TestOverflowDialog : public QObject {
    Q_OBJECT
    AppFixture app_;

    ChatController* chat() const { return app_.context->chat(); }
    AppSettings* settings() const { return app_.context->settings(); }
    ModelManager* model() const { return app_.context->model(); }
    QObject* dialog() const {
        return app_.engine->rootObjects().first()->findChild<QObject*>(QStringLiteral("overflowDialog"));
    }
    QQuickItem* input() const { return app_.item("promptInput"); }
    QString dialogText() const {
        auto* label = dialog()->findChild<QObject*>(QStringLiteral("overflowText"));
        return label ? label->property("text").toString() : QString();
    }
    // The dialog's buttons that are shown, by their text.
    QStringList buttons() const {
        QStringList out;
        for (const char* name : {"overflowDropButton", "overflowNewChatButton", "overflowCancelButton"}) {
            auto* b = dialog()->findChild<QQuickItem*>(QLatin1String(name));
            if (b && b->isVisible()) out << b->property("text").toString();
        }
        return out;
    }
    // 19 tokens a sentence with the stories vocabulary.
    static QString longPrompt(int sentences) {
        return QString(QStringLiteral("The little cat sat on the warm mat in the sun. "))
            .repeated(sentences)
            .trimmed();
    }
    // Types into the prompt box and presses Enter, as a user does.
    void typeAndSend(const QString& text) {
        input()->forceActiveFocus();
        input()->setProperty("text", text);
        QTest::keyClick(app_.window, Qt::Key_Return);
    }
    bool waitOpen() {
        return QTest::qWaitFor([&] { return dialog()->property("opened").toBool(); }, 20000);
    }
    // Conversations the database holds (the list may differ from it).
    int storedConversations() {
        chat()->flushStore();
        int n = -1;
        {
            QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("probe"));
            db.setDatabaseName(QStringLiteral(SMOLDESK_TEST_TMP "/app_overflow_dialog.sqlite"));
            if (db.open()) {
                QSqlQuery q(QStringLiteral("SELECT COUNT(*) FROM conversations"), db);
                if (q.next()) n = q.value(0).toInt();
            }
            db.close();
        }
        QSqlDatabase::removeDatabase(QStringLiteral("probe"));
        return n;
    }
    // Nothing is sent on its own: no answer starts within a while.
    bool staysQuiet(int rows) {
        QTest::qWait(800);
        return !chat()->generating() && chat()->messages()->count() == rows;
    }

  private slots:
    void initTestCase() {
        QVERIFY(app_.start(QStringLiteral("app_overflow_dialog")));
        QVERIFY(QTest::qWaitForWindowExposed(app_.window));
        app_.window->requestActivate();
        QVERIFY(QTest::qWaitForWindowActive(app_.window));
        QTRY_COMPARE_WITH_TIMEOUT(model()->state(), ModelManager::State::Ready, 20000);
        settings()->setContextLength(256);
        settings()->setMaxTokens(16);
        settings()->setTemperature(0.0);
        model()->reload();
        QTRY_VERIFY_WITH_TIMEOUT(
            model()->state() == ModelManager::State::Ready && model()->contextSize() == 256, 30000);
        chat()->newConversation();
    }
    void cleanupTestCase() { app_.stop(); }

    // A first message that cannot fit: the dialog says so and how to make it fit, with one
    // button; Escape closes it, the text is back in the prompt box and no chat was saved.
    void firstMessageEscapeKeepsTheText() {
        const QString prompt = longPrompt(16); // ~300 tokens
        typeAndSend(prompt);
        QVERIFY(waitOpen());
        QCOMPARE(dialog()->property("title").toString(), QStringLiteral("The message is too long"));
        const QString text = dialogText();
        QVERIFY2(text.contains(QLatin1String("Shorten it, or raise the context to 1024 tokens")),
                 qPrintable(text));
        QVERIFY2(!text.contains(QLatin1String("oldest")) && !text.contains(QLatin1String("new chat")),
                 qPrintable(text));
        QCOMPARE(buttons(), QStringList{QStringLiteral("Edit the message")});

        QTest::keyClick(app_.window, Qt::Key_Escape);
        QTRY_VERIFY(!dialog()->property("visible").toBool());
        QCOMPARE(input()->property("text").toString(), prompt);
        QVERIFY(staysQuiet(0));
        QCOMPARE(chat()->currentId(), 0);
        QCOMPARE(chat()->conversations()->rowCount(), 0);
        QCOMPARE(storedConversations(), 0);
    }

    // The same by a click outside the dialog, on the menu bar: closes it, nothing else.
    void clickOutsideKeepsTheText() {
        QTest::keyClick(app_.window, Qt::Key_Return); // the returned text, sent again by the user
        QVERIFY(waitOpen());
        QTest::mouseClick(app_.window, Qt::LeftButton, Qt::NoModifier, QPoint(30, 10));
        QTRY_VERIFY(!dialog()->property("visible").toBool());
        QCOMPARE(input()->property("text").toString(), longPrompt(16));
        QVERIFY(staysQuiet(0));
        QCOMPARE(storedConversations(), 0);
    }

    // Ctrl+Q quits while the dialog is open.
    void quitWorksWhileOpen() {
        QTest::keyClick(app_.window, Qt::Key_Return);
        QVERIFY(waitOpen());
        // The engine would quit the test itself: only the request is counted.
        QObject::disconnect(app_.engine.get(), &QQmlEngine::quit, nullptr, nullptr);
        QSignalSpy quit(app_.engine.get(), &QQmlEngine::quit);
        QTest::keyClick(app_.window, Qt::Key_Q, Qt::ControlModifier);
        QTRY_COMPARE(quit.count(), 1);
        QTest::keyClick(app_.window, Qt::Key_Escape);
        QTRY_VERIFY(!dialog()->property("visible").toBool());
        QCOMPARE(input()->property("text").toString(), longPrompt(16));
    }

    // A chat with older turns: the text offers dropping them or a new chat, and so do the buttons.
    // Escape keeps the chat as it was; "Start a new chat" moves the prompt once, and when it does
    // not fit there either, Escape brings it back without any copy of either chat.
    void longChatOffersWhatItSays() {
        input()->setProperty("text", QString());
        for (const QString& p : {QStringLiteral("Once upon a time"), QStringLiteral("The little dog")}) {
            QSignalSpy done(chat(), &ChatController::generationFinished);
            typeAndSend(p);
            QTRY_VERIFY_WITH_TIMEOUT(done.count() == 1, 30000);
        }
        const qint64 first = chat()->currentId();
        QCOMPARE(chat()->messages()->count(), 4);
        QCOMPARE(storedConversations(), 1);

        const QString prompt = longPrompt(11); // fits alone, not after the two turns
        typeAndSend(prompt);
        QVERIFY(waitOpen());
        QCOMPARE(dialog()->property("title").toString(), QStringLiteral("The conversation is too long"));
        const QString text = dialogText();
        QVERIFY2(text.contains(QLatin1String("Drop the oldest turns")) &&
                     text.contains(QLatin1String("new chat")),
                 qPrintable(text));
        QCOMPARE(buttons(), (QStringList{QStringLiteral("Drop oldest turns"),
                                         QStringLiteral("Start a new chat"), QStringLiteral("Cancel")}));
        QTest::keyClick(app_.window, Qt::Key_Escape);
        QTRY_VERIFY(!dialog()->property("visible").toBool());
        QCOMPARE(input()->property("text").toString(), prompt);
        QVERIFY(staysQuiet(4));
        QCOMPARE(chat()->currentId(), first);
        QCOMPARE(storedConversations(), 1);

        // Start a new chat, by Tab and Enter: the prompt is sent there, once.
        typeAndSend(longPrompt(16)); // does not fit anywhere
        QVERIFY(waitOpen());
        bool pressed = false;
        for (int n = 0; n < 6 && !pressed; ++n) {
            QTest::keyClick(app_.window, Qt::Key_Tab);
            if (app_.window->activeFocusItem()->property("text").toString() ==
                QLatin1String("Start a new chat")) {
                QTest::keyClick(app_.window, Qt::Key_Return);
                pressed = true;
            }
        }
        QVERIFY(pressed);
        // The new chat has no older turns: the question now is about the message alone.
        QTRY_VERIFY_WITH_TIMEOUT(dialog()->property("opened").toBool() &&
                                     dialog()->property("title").toString() ==
                                         QLatin1String("The message is too long"),
                                 20000);
        QVERIFY(chat()->currentId() != first);
        QTest::keyClick(app_.window, Qt::Key_Escape);
        QTRY_VERIFY(!dialog()->property("visible").toBool());
        QCOMPARE(input()->property("text").toString(), longPrompt(16));
        QVERIFY(staysQuiet(0));
        QCOMPARE(chat()->conversations()->rowCount(), 1); // the first chat, no copy
        QCOMPARE(storedConversations(), 1);
        // The first chat lost nothing.
        chat()->selectConversation(first);
        QTRY_COMPARE(chat()->messages()->count(), 4);
    }
};

QTEST_MAIN(TestOverflowDialog)
#include "test_overflow_dialog.moc"
