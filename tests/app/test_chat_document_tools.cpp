// Document tools in the app's tool rounds (issue 36, "In the chat"), in the whole app offscreen
// on the tiny SmolLM3-shaped model with SmolLM3's real chat template (a template that writes tool
// calls, as the CLI decides): a chat with attached files offers search_documents and
// read_document, a chat without documents does not; the model's search_documents call (forced
// through the call grammar: the tiny model's words are random) shows a card "in your documents"
// that waits for consent like an MCP call, runs once allowed and goes back to the model; a denied
// call sends the denial back. Then, with a query the test chooses, the engine's answer to a
// search_documents call holds the boiler passage (numbered from where the prompt's sources end,
// at the line the test finds in the file) and a read_document call the page of a PDF. The
// passages a tool read are cited under the answer after the prompt's own (ToolTurn with a runner
// that answers at once, so the numbering is checked without the random model).
#include "model_source.h"
#include "qml_fixture.h"
#include "require_all.h"
#include "test_data.h"
#include "tiny_model.h"
#include "tool_turn.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <sstream>

using namespace smoldesk;
using namespace smoldesk::app;

namespace {

QJsonObject toolOf(const MessageRecord& m) {
    return QJsonDocument::fromJson(m.toolJson.toUtf8()).object();
}

QString data(const std::string& path) {
    return QString::fromStdString(test::dataPath(path));
}

int lineOf(const std::string& file, const std::string& words) {
    return test::docsChatLineOf(file, words);
}

} // namespace

class TestChatDocumentTools : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    AppFixture app_;

    ChatController* chat() const { return app_.context->chat(); }
    ChatDocuments* docs() const { return chat()->documents(); }
    int cardRow() const {
        for (int r = 0; r < chat()->messages()->count(); ++r)
            if (chat()->messages()->at(r).role == QLatin1String("tool")) return r;
        return -1;
    }
    QString cardState(int row) const { return toolOf(chat()->messages()->at(row)).value("state").toString(); }

    // A new chat with boiler.md and garden.txt attached, whose first answer must call
    // search_documents; returns when its card waits for consent.
    bool askForSearch() {
        chat()->newConversation();
        chat()->setThinkingEnabled(false);
        if (docs()->attach({QUrl::fromLocalFile(data("docs/chat/boiler.md")),
                            QUrl::fromLocalFile(data("docs/chat/garden.txt"))}) != 2)
            return false;
        app_.context->settings()->setMaxTokens(2000);
        chat()->forceToolCalls(1, QStringLiteral("search_documents"));
        QSignalSpy done(chat(), &ChatController::generationFinished);
        if (!chat()->send(QStringLiteral("How do I reset the boiler?"))) return false;
        const bool asked = QTest::qWaitFor(
            [&] { return done.count() > 0 || (cardRow() >= 0 && cardState(cardRow()) == "waiting"); }, 60000);
        if (!asked || done.count() > 0) {
            qWarning("no tool call: %s",
                     done.isEmpty() ? "timeout" : qPrintable(done.at(0).at(0).toString()));
            return false;
        }
        app_.context->settings()->setMaxTokens(4); // the answer after the call: a few tokens do
        return true;
    }

  private slots:
    void initTestCase() {
        QVERIFY(dir_.isValid());
        const QString model =
            QString::fromStdString(test::writeTinyModelWithSmolLM3Template(dir_.path().toStdString()));
        QVERIFY(app_.start(QStringLiteral("app_chat_document_tools"), model, true));
        QTRY_COMPARE_WITH_TIMEOUT(app_.context->model()->state(), ModelManager::State::Ready, 30000);
        app_.context->settings()->setTemperature(1.0);
        app_.context->settings()->setSeed(3);
        app_.context->settings()->setThinkByDefault(false);
    }
    void cleanupTestCase() { app_.stop(); }

    void offeredOnlyWithDocuments() {
        QVERIFY(app_.context->model()->callsTools()); // SmolLM3's template writes <tool_call>
        chat()->newConversation();
        QVERIFY(!chat()->offeredToolsJson().contains("search_documents"));
        QCOMPARE(docs()->attach({QUrl::fromLocalFile(data("docs/chat/recipes.md"))}), 1);
        const QJsonArray tools = QJsonDocument::fromJson(chat()->offeredToolsJson().toUtf8()).array();
        QStringList names;
        for (const QJsonValue& t : tools) names << t["function"]["name"].toString();
        QCOMPARE(names, (QStringList{"search_documents", "read_document"}));
        docs()->detachAll();
        QVERIFY(!chat()->offeredToolsJson().contains("search_documents"));
    }

    void allowedCallRunsAndGoesBack() {
        QSignalSpy done(chat(), &ChatController::generationFinished);
        QVERIFY(askForSearch());
        const int row = cardRow();
        QVERIFY(chat()->generating() && chat()->toolsRunning());
        const QJsonObject card = toolOf(chat()->messages()->at(row));
        QCOMPARE(card.value("name").toString(), QStringLiteral("search_documents"));
        QCOMPARE(card.value("server").toString(), QStringLiteral("documents"));
        QVERIFY(card.value("documents").toBool());
        QVERIFY(
            QJsonDocument::fromJson(card.value("arguments").toString().toUtf8()).object().contains("query"));
        QTest::qWait(300);
        QCOMPARE(cardState(row), QStringLiteral("waiting")); // nothing runs before consent
        // The card in the window says where the tool reads.
        QQuickItem* server = nullptr;
        QTRY_VERIFY((server = app_.item("toolCallServer")) != nullptr);
        QCOMPARE(server->property("text").toString(), QStringLiteral("in your documents"));

        chat()->allowToolCall(row, false);
        QTRY_VERIFY_WITH_TIMEOUT(done.count() == 1, 60000);
        QCOMPARE(cardState(row), QStringLiteral("done"));
        // The tiny model's query is random words: passages numbered after the prompt's sources, or
        // the sentence that nothing matched (the passages themselves are checked below).
        const QString result = chat()->messages()->at(row).content;
        QVERIFY2(result.contains(QRegularExpression("^\\[\\d+\\] (boiler\\.md|garden\\.txt)")) ||
                     result.startsWith("No passage of the documents matches") ||
                     result.startsWith("search_documents needs a query"),
                 qPrintable(result));
        // The model continued after the result: an answer row follows the card.
        QVERIFY(chat()->messages()->count() > row + 1);
        QCOMPARE(chat()->messages()->at(row + 1).role, QStringLiteral("assistant"));
        QVERIFY(!chat()->toolsRunning());
    }

    void deniedCallGoesBack() {
        QSignalSpy done(chat(), &ChatController::generationFinished);
        QVERIFY(askForSearch());
        const int row = cardRow();
        chat()->denyToolCall(row);
        QTRY_VERIFY_WITH_TIMEOUT(done.count() == 1, 60000);
        QCOMPARE(cardState(row), QStringLiteral("denied"));
        QVERIFY(chat()->messages()->at(row).content.contains("denied"));
    }

    void theEngineFindsAndReadsPassages() {
        // The chat's documents as a request carries them, and a query the test chooses.
        GenerationRequest documents;
        documents.documentFiles = {data("docs/chat/boiler.md"), data("docs/chat/garden.txt")};
        ModelSource* source = app_.context->model()->source();
        QSignalSpy finished(source, &ModelSource::documentToolFinished);
        source->runDocumentTool(
            900001, documents,
            {QString(), "search_documents", R"({"query": "reset button fault code", "top": 2})"}, 4);
        QTRY_VERIFY_WITH_TIMEOUT(finished.count() == 1, 30000);
        QCOMPARE(finished.at(0).at(0).toULongLong(), 900001ULL);
        const QString text = finished.at(0).at(1).toString();
        const auto found = finished.at(0).at(2).value<DocumentsUsed>();
        QVERIFY2(!found.sources.isEmpty(), qPrintable(text));
        const DocumentSource& best = found.sources.first();
        QCOMPARE(best.number, 4); // after the three sources the prompt showed
        QVERIFY(best.file.endsWith("/boiler.md"));
        QCOMPARE(best.heading, QStringLiteral("Boiler manual > Resetting"));
        const int line = lineOf("boiler.md", "hold the reset button");
        QVERIFY(best.line <= line && line <= best.lineEnd);
        QVERIFY2(text.startsWith("[4] boiler.md") && text.contains("hold the reset button"),
                 qPrintable(text));

        // read_document: a page of a PDF attached to the chat (make_pdfs.py writes page 3 by hand).
        documents.documentFiles = {data("docs/pdf/manual.pdf")};
        source->runDocumentTool(900002, documents,
                                {QString(), "read_document", R"({"file": "manual.pdf", "page": 3})"}, 1);
        QTRY_VERIFY_WITH_TIMEOUT(finished.count() == 2, 30000);
        const auto page = finished.at(1).at(2).value<DocumentsUsed>();
        QVERIFY2(page.sources.size() == 1, qPrintable(finished.at(1).at(1).toString()));
        QCOMPARE(page.sources.first().page, 3);
        QVERIFY(finished.at(1).at(1).toString().contains("Pruning roses in March"));
        // A file outside the chat is not read.
        source->runDocumentTool(900003, documents, {QString(), "read_document", R"({"file": "/etc/passwd"})"},
                                1);
        QTRY_VERIFY_WITH_TIMEOUT(finished.count() == 3, 30000);
        QVERIFY(finished.at(2).at(1).toString().startsWith("There is no document named"));
        QVERIFY(finished.at(2).at(2).value<DocumentsUsed>().sources.isEmpty());
    }

    void toolPassagesAreNumberedInOrder() {
        // Two calls allowed at once run one after the other: the second's passages are numbered
        // after the first's, both after the prompt's two sources.
        ToolTurn turn(nullptr, {}, 4);
        QList<qint64> started;
        QList<int> firsts;
        turn.offerDocumentTools([&](qint64 id, const ToolCallInfo&, int first) {
            started << id;
            firsts << first;
        });
        turn.setPromptSourceCount(2);
        QVERIFY(turn.beginRound({{"a", "search_documents", R"({"query": "x"})"},
                                 {"b", "read_document", R"({"file": "boiler.md"})"}}));
        QCOMPARE(turn.cards()[0].server, QStringLiteral("documents"));
        QVERIFY(started.isEmpty()); // consent first
        turn.allowOnce(0);
        turn.allowOnce(1);
        QCOMPARE(started.size(), 1); // the second waits for the first
        DocumentSource s1{3, "/d/boiler.md", 0, 11, 15, "Boiler manual > Resetting", "When…", 0.1, false};
        DocumentSource s2{4, "/d/garden.txt", 0, 1, 2, {}, "…", 0.1, false};
        turn.documentCallFinished(started[0], "[3] boiler.md …\n[4] garden.txt …", {s1, s2});
        QCOMPARE(started.size(), 2);
        QCOMPARE(firsts, (QList<int>{3, 5}));
        QCOMPARE(turn.cards()[0].state, ToolTurn::CardState::Done);
        DocumentSource s3{5, "/d/boiler.md", 0, 1, 20, {}, "…", 0, true};
        QSignalSpy finishedRound(&turn, &ToolTurn::roundFinished);
        turn.documentCallFinished(started[1], "[5] boiler.md …", {s3});
        QCOMPARE(finishedRound.count(), 1);
        QCOMPARE(turn.documentSources().size(), 3);
        QCOMPARE(turn.documentSources().last().number, 5);
        const QJsonObject card = QJsonDocument::fromJson(turn.cardJson(1).toUtf8()).object();
        QCOMPARE(card.value("sources").toArray().size(), 1);
        // A late answer to a call that was stopped settles nothing.
        turn.documentCallFinished(started[1], "late", {s3});
        QCOMPARE(turn.documentSources().size(), 3);
    }
};

QTEST_MAIN(TestChatDocumentTools)
#include "test_chat_document_tools.moc"
