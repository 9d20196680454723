// A chat whose answer cites the right file (issue 36, "In the chat"), in the whole app offscreen
// on the demo model: the corpus tests/data/docs/chat added as a library folder and indexed
// (keywords only), the composer's chip "Using: chat — 4 files" (named after the folder; "Using: 2
// folders — …" with a second one), a question whose answer sits in boiler.md under "Resetting" (the line
// found in the file by the test), the sources stored with the answer and shown as chips under it ("[1]
// boiler.md"), still there after the chat is opened again, and in the Markdown and JSON exports; the chip
// turned off for the chat, and the next answer draws on nothing. The prompt the turn builds is checked in
// test_grounding (core) and the worker's signal in test_documents_chat.
#include "qml_fixture.h"

#include "chat_documents.h"
#include "exporter.h"
#include "test_data.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSignalSpy>
#include <QTest>

#include <sstream>

using namespace smoldesk;
using namespace smoldesk::app;

namespace {

int lineOf(const std::string& file, const std::string& words) {
    return test::docsChatLineOf(file, words);
}

QJsonArray sourcesOf(const MessageRecord& m) {
    return QJsonDocument::fromJson(m.toolJson.toUtf8()).object().value("sources").toArray();
}

} // namespace

class TestChatDocuments : public QObject {
    Q_OBJECT
    AppFixture app_;
    ChatController* chat() const { return app_.context->chat(); }

  private slots:
    void initTestCase() {
        QFile::remove(QStringLiteral(SMOLDESK_TEST_TMP "/app_chat_documents.library.sqlite"));
        QVERIFY(app_.start(QStringLiteral("app_chat_documents")));
        QVERIFY(QTest::qWaitForWindowExposed(app_.window));
        QTRY_COMPARE_WITH_TIMEOUT(app_.context->model()->state(), ModelManager::State::Ready, 20000);
        app_.context->settings()->setMaxTokens(4);
    }
    void cleanupTestCase() { app_.stop(); }

    void answerCitesTheRightFile() {
        ChatDocuments* docs = chat()->documents();
        QVERIFY(docs);
        QVERIFY(!docs->available());
        QQuickItem* chip = app_.item("chatDocumentsButton");
        QVERIFY(chip && !chip->isVisible());
        app_.context->library()->addFolder(QString::fromStdString(test::dataPath("docs/chat")));
        QTRY_VERIFY_WITH_TIMEOUT(docs->fileCount() == 4, 30000); // three documents and the README
        QTRY_VERIFY(chip->isVisible());
        QCOMPARE(chip->property("text").toString(), QStringLiteral("Using: chat — 4 files"));
        QVERIFY(docs->active());

        QSignalSpy done(chat(), &ChatController::generationFinished);
        QVERIFY(chat()->send(QStringLiteral("How do I reset the boiler?")));
        QTRY_VERIFY_WITH_TIMEOUT(done.count() == 1, 30000);
        const QJsonArray sources = sourcesOf(chat()->messages()->at(1));
        QVERIFY2(!sources.isEmpty(), qPrintable(chat()->messages()->at(1).toolJson));
        QJsonObject best;
        for (const QJsonValue& s : sources) // whole documents (a large context) or passages, best first
            if (s.toObject().value("file").toString().endsWith("/boiler.md") && best.isEmpty())
                best = s.toObject();
        QVERIFY(!best.isEmpty());
        if (!best.value("whole").toBool()) {
            QCOMPARE(sources.first().toObject(), best);
            QCOMPARE(best.value("heading").toString(), QStringLiteral("Boiler manual > Resetting"));
            const int line = lineOf("boiler.md", "hold the reset button");
            QVERIFY(best.value("line").toInt() <= line && line <= best.value("line_end").toInt());
        }
        // Chips under the answer, numbered as the model saw the sources.
        QList<QQuickItem*> chips;
        QTRY_VERIFY((chips = app_.items("citationChip")).size() == sources.size());
        QCOMPARE(chips.first()->property("text").toString(),
                 QStringLiteral("[1] ") +
                     sources.first().toObject().value("file").toString().section('/', -1));

        // The export lists them under the answer (Markdown) and keeps them with it (JSON).
        ConversationRecord c;
        c.title = QStringLiteral("Boiler");
        const QString md = Exporter::toMarkdown(c, chat()->messages()->messages());
        const QJsonObject first = sources.first().toObject();
        QString label = QStringLiteral("- [1] ") + first.value("file").toString();
        if (first.value("whole").toBool())
            label += QStringLiteral(", read whole");
        else
            label += QStringLiteral(", lines %1–%2 (%3)")
                         .arg(first.value("line").toInt())
                         .arg(first.value("line_end").toInt())
                         .arg(first.value("heading").toString());
        QVERIFY2(md.contains(QStringLiteral("Sources:\n\n") + label), qPrintable(md));
        const QJsonArray exported =
            QJsonDocument::fromJson(Exporter::toJson(c, chat()->messages()->messages()))
                .object()
                .value("messages")
                .toArray();
        QCOMPARE(exported.at(1).toObject().value("sources").toArray(), sources);
        QVERIFY(!exported.at(0).toObject().contains("sources"));
        // A passages prompt: the question keeps the passages it was sent with.
        if (!best.value("whole").toBool())
            QVERIFY(exported.at(0).toObject().value("passages").toString().contains("hold the reset button"));

        // Opened again, the answer keeps its sources (stored with its row).
        const qint64 id = chat()->currentId();
        chat()->newConversation();
        chat()->selectConversation(id);
        QTRY_COMPARE(chat()->messages()->count(), 2);
        QCOMPARE(sourcesOf(chat()->messages()->at(1)), sources);

        // Off for this chat: the next answer draws on nothing.
        docs->toggle();
        QVERIFY(!docs->active());
        QCOMPARE(chip->property("text").toString(), QStringLiteral("Documents off"));
        QVERIFY(chat()->send(QStringLiteral("And the pressure?")));
        QTRY_VERIFY_WITH_TIMEOUT(done.count() == 2, 30000);
        QVERIFY(sourcesOf(chat()->messages()->at(3)).isEmpty());
        docs->toggle();
    }

    void chipNamesSeveralFolders() {
        ChatDocuments* docs = chat()->documents();
        app_.context->library()->addFolder(QString::fromStdString(test::dataPath("docs/office")));
        QTRY_VERIFY_WITH_TIMEOUT(docs->libraryFolders().size() == 2, 30000);
        QTRY_VERIFY_WITH_TIMEOUT(docs->fileCount() > 4, 30000);
        QCOMPARE(app_.item("chatDocumentsButton")->property("text").toString(),
                 QStringLiteral("Using: 2 folders — %1 files").arg(docs->fileCount()));
        QCOMPARE(ChatDocuments::folderName("/home/me/Manuals"), QStringLiteral("Manuals"));
        QCOMPARE(ChatDocuments::folderName("/"), QStringLiteral("/"));
    }

    void sourceUrls() {
        QCOMPARE(ChatDocuments::sourceUrl("/docs/manual.pdf", 3).toString(),
                 QStringLiteral("file:///docs/manual.pdf#page=3"));
        QCOMPARE(ChatDocuments::sourceUrl("/docs/notes.md", 3).toString(),
                 QStringLiteral("file:///docs/notes.md"));
        QCOMPARE(ChatDocuments::sourceUrl("/docs/Scan.PDF", 0).toString(),
                 QStringLiteral("file:///docs/Scan.PDF"));
    }
};

QTEST_MAIN(TestChatDocuments)
#include "test_chat_documents.moc"
