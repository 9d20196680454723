// Smaller things a new user meets (issue 12, defect 10): a new chat takes the model's Think
// default instead of the previous chat's, Copy says that it copied, a single line break in an
// answer stays a line break, the status bar drops the speed of a model that is gone, and the
// export dialog suggests a file name and the window confirms where the export went.
#include "qml_fixture.h"

#include <QClipboard>
#include <QFile>
#include <QFontMetricsF>
#include <QGuiApplication>
#include <QSignalSpy>
#include <QTest>

#include "exporter.h"

using namespace smoldesk::app;

class TestChatDetails : public QObject {
    Q_OBJECT
    AppFixture app_;
    ChatController* chat() const { return app_.context->chat(); }

  private slots:
    void initTestCase() {
        QVERIFY(app_.start(QStringLiteral("app_chat_details")));
        QVERIFY(QTest::qWaitForWindowExposed(app_.window));
        QTRY_COMPARE_WITH_TIMEOUT(app_.context->model()->state(), ModelManager::State::Ready, 20000);
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
        // The demo model continues the prompt's words, and the view shows them as one story: Copy
        // copies the whole story, the prompt's opening words first (issue 39, defect 15).
        QCOMPARE(app_.context->model()->promptMode(), QStringLiteral("continuation"));
        QCOMPARE(QGuiApplication::clipboard()->text(),
                 QStringLiteral("Once upon a time") + chat()->messages()->at(1).content);
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

    void tablesRenderAsTables() {
        chat()->newConversation();
        MessageRecord m;
        m.role = QStringLiteral("assistant");
        m.content = QStringLiteral(
            "Two cities:\n\n| City | Population |\n|---|---:|\n| Berlin | 3.7 M |\n| Paris | 2.1 M |\n");
        chat()->messages()->append(m);
        QQuickItem* table = nullptr;
        QTRY_VERIFY((table = app_.item("messageTable")) != nullptr);
        QVERIFY(table->isVisible());
        const QString shown = table->property("text").toString();
        QVERIFY2(shown.contains(QLatin1String("<table")) && shown.contains(QLatin1String("Paris")),
                 qPrintable(shown));
        // Rows on lines of their own: taller than two lines of the header's text.
        QVERIFY(table->height() > 2.5 * QFontMetricsF(table->property("font").value<QFont>()).height());
        chat()->newConversation();
    }

    void speedGoesWithItsModel() {
        QSignalSpy done(chat(), &ChatController::generationFinished);
        QVERIFY(chat()->send(QStringLiteral("The dog")));
        QTRY_VERIFY_WITH_TIMEOUT(done.count() == 1, 30000);
        QVERIFY(chat()->tokensPerSecond() > 0);
        app_.context->model()->reload();
        QTRY_VERIFY_WITH_TIMEOUT(app_.context->model()->state() == ModelManager::State::Ready, 30000);
        QCOMPARE(chat()->tokensPerSecond(), 0.0);
    }

    void exportSuggestsANameAndConfirms() {
        QCOMPARE(Exporter::suggestedFileName(QStringLiteral("Why? A/B: \"tests\""), QStringLiteral("md")),
                 QStringLiteral("Why- A-B- -tests-.md"));
        QCOMPARE(Exporter::suggestedFileName(QStringLiteral("..."), QStringLiteral("json")),
                 QStringLiteral("conversation.json"));
        chat()->newConversation();
        QSignalSpy done(chat(), &ChatController::generationFinished);
        QVERIFY(chat()->send(QStringLiteral("Once upon a time: a story")));
        QTRY_VERIFY_WITH_TIMEOUT(done.count() == 1, 30000);

        QObject* root = app_.engine->rootObjects().first();
        QObject* dialog = root->findChild<QObject*>(QStringLiteral("exportDialog"));
        QVERIFY(dialog);
        QMetaObject::invokeMethod(root, "exportConversation", Q_ARG(QVariant, QStringLiteral("json")));
        QTRY_VERIFY(dialog->property("visible").toBool());
        const QUrl suggested = dialog->property("selectedFile").toUrl();
        QVERIFY2(suggested.fileName() == QLatin1String("Once upon a time- a story.json"),
                 qPrintable(suggested.toString()));
        QCOMPARE(dialog->property("acceptLabel").toString(), QStringLiteral("Export"));
        QMetaObject::invokeMethod(dialog, "reject");
        QTRY_VERIFY(!dialog->property("visible").toBool());

        QObject* note = root->findChild<QObject*>(QStringLiteral("exportedNote"));
        QVERIFY(note);
        QVERIFY(!note->property("visible").toBool());
        const QString path = QStringLiteral(SMOLDESK_TEST_TMP "/app_chat_details_export.md");
        QFile::remove(path);
        QVERIFY(chat()->exportConversation(QUrl::fromLocalFile(path), QStringLiteral("md")));
        QVERIFY(QFile::exists(path));
        QTRY_VERIFY(note->property("visible").toBool());
        QVERIFY2(note->property("text").toString().contains(path),
                 qPrintable(note->property("text").toString()));
    }
};

QTEST_MAIN(TestChatDetails)
#include "test_chat_details.moc"
