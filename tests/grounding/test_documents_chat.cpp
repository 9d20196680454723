// Documents in a chat from the outside: `smoldesk-cli chat --library/--doc` (the sources listed,
// a forced search_documents call asked for and run, refusals in one sentence) and the API
// server's "smoldesk": {"library"} field (the sources in the response, plain and streamed; an
// unknown library a 404 in OpenAI's shape), over a library of tests/data/docs/chat made by
// `smoldesk-cli docs index`. The expected file, heading and lines are read from the corpus itself.
#include "program_run.h"
#include "server_fixture.h"
#include "test_data.h"
#include "tiny_model.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

#include <filesystem>
#include <sstream>

using namespace smoldesk;
namespace fs = std::filesystem;

namespace {

using Result = test::ProgramRun;

Result cli(const QStringList& args, const QByteArray& input = {}) {
    return test::runProgram(SMOLDESK_CLI, args, input);
}

int lineOf(const std::string& file, const std::string& words) {
    return test::docsChatLineOf(file, words);
}

QString tinyModel() {
    return QString::fromStdString(test::dataPath("models/smollm3-tiny.gguf"));
}

} // namespace

class TestDocumentsChat : public QObject {
    Q_OBJECT
    QString library_, docs_;

  private slots:
    void initTestCase() {
        const fs::path root = test::tmpPath("documents-chat");
        fs::remove_all(root);
        fs::create_directories(root / "docs");
        for (const char* f : {"boiler.md", "garden.txt", "recipes.md"})
            fs::copy_file(test::dataPath(std::string("docs/chat/") + f), root / "docs" / f);
        docs_ = QString::fromStdString((root / "docs").string());
        library_ = QString::fromStdString((root / "library.sqlite").string());
        const Result r =
            cli({"docs", "index", "--db", library_, "-m",
                 QString::fromStdString(test::dataPath("embed/bert-tiny.gguf")), "--quiet", docs_});
        QVERIFY2(r.code == 0 && r.out.contains("3 indexed"), (r.out + r.err).constData());
    }
    void cleanupTestCase() { fs::remove_all(test::tmpPath("documents-chat")); }

    void cliListsTheSources() {
        // Context 1000: the library (about 900 tokens for this vocabulary) does not fit in half.
        const Result r =
            cli({"chat", "-m", tinyModel(), "--ctx", "1000", "--library", library_, "-n", "2", "--temp", "0"},
                "How do I reset the boiler?\n/exit\n");
        QVERIFY2(r.code == 0, (r.out + r.err).constData());
        const QRegularExpression first(
            "\\n  \\[1\\] boiler\\.md, Boiler manual > Resetting, lines (\\d+)-(\\d+)\\n");
        const auto m = first.match(QString::fromUtf8(r.err));
        QVERIFY2(m.hasMatch(), r.err.constData());
        const int line = lineOf("boiler.md", "hold the reset button");
        QVERIFY(m.captured(1).toInt() <= line && line <= m.captured(2).toInt());
        QVERIFY(r.err.contains("[documents: 3 passages of 3 files"));

        // A file attached to a large context goes in whole.
        const Result whole = cli({"chat", "-m", tinyModel(), "--ctx", "4096", "--doc",
                                  QString::fromStdString(test::dataPath("docs/chat/garden.txt")), "-n", "1"},
                                 "Summarise\n/exit\n");
        QVERIFY2(whole.code == 0, whole.err.constData());
        QVERIFY2(whole.err.contains("[documents: 1 file read whole") &&
                     whole.err.contains("  [1] garden.txt\n"),
                 whole.err.constData());
    }

    void cliRefusals() {
        const Result none =
            cli({"chat", "-m", tinyModel(), "--library", "/nonexistent/library.sqlite"}, "/exit\n");
        QCOMPARE(none.code, 1);
        QVERIFY2(none.err.contains("There is no document library at /nonexistent/library.sqlite"),
                 none.err.constData());
        const Result file = cli({"chat", "-m", tinyModel(), "--doc", "/nonexistent/notes.md"}, "/exit\n");
        QCOMPARE(file.code, 1);
        QVERIFY(file.err.contains("There is no file at /nonexistent/notes.md"));
        const Result embed = cli({"chat", "-m", tinyModel(), "--embedding-model", "x.gguf"}, "/exit\n");
        QCOMPARE(embed.code, 1);
        QVERIFY(embed.err.contains("needs --library or --doc"));
    }

    void cliRunsTheDocumentTools() {
        // SmolLM3's template shows a tool-call format: the document tools are offered, and a
        // forced search_documents call (held to its schema by the grammar; the tiny model's words
        // are random) is asked for at the terminal, run, and its passages numbered after the
        // three whole files of the prompt.
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString model =
            QString::fromStdString(test::writeTinyModelWithSmolLM3Template(dir.path().toStdString()));
        const QStringList args{"chat",
                               "-m",
                               model,
                               "--library",
                               library_,
                               "--tool-choice",
                               "search_documents",
                               "-n",
                               "300",
                               "--temp",
                               "1",
                               "--seed",
                               "5",
                               "--no-think",
                               "--ctx",
                               "8192"};
        const Result yes = cli(args, "Find the lemonade recipe\ny\n/exit\n");
        QVERIFY2(yes.code == 0, (yes.out + yes.err).constData());
        QVERIFY2(yes.err.contains("[documents: 3 files read whole"), yes.err.constData());
        const QRegularExpression call("\\[tool call\\] documents/search_documents (\\{.*\\})\\n");
        const auto m = call.match(QString::fromUtf8(yes.out));
        QVERIFY2(m.hasMatch(), (yes.out + yes.err).constData());
        QVERIFY(QJsonDocument::fromJson(m.captured(1).toUtf8()).object().contains("query"));
        QVERIFY2(yes.err.contains("Run the tool documents/search_documents with"), yes.err.constData());
        const QRegularExpression result("\\[tool result\\] (\\[4\\] |No passage of the documents matches|"
                                        "search_documents needs a query)");
        QVERIFY2(result.match(QString::fromUtf8(yes.out)).hasMatch(), yes.out.constData());
        const Result no = cli(args, "Find the lemonade recipe\nn\n/exit\n");
        QVERIFY2(no.out.contains("[tool result] The user did not allow this call."), no.out.constData());
    }

    void apiNamesTheLibrary() {
        test::ServerFixture f;
        QVERIFY(f.load(tinyModel(), 1000));
        const QString problem = f.start();
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
        const QByteArray body =
            QJsonDocument(
                QJsonObject{{"messages", QJsonArray{QJsonObject{{"role", "user"},
                                                                {"content", "How do I reset the boiler?"}}}},
                            {"max_tokens", 2},
                            {"smoldesk", QJsonObject{{"library", library_}}}})
                .toJson();
        const test::HttpResult plain = f.post("/v1/chat/completions", body);
        QCOMPARE(plain.status, 200);
        const QJsonObject ext = plain.json().value("smoldesk").toObject();
        QCOMPARE(ext.value("documents").toString(), QString("passages"));
        const QJsonObject first = ext.value("sources").toArray().at(0).toObject();
        QVERIFY2(first.value("file").toString().endsWith("/boiler.md"), body.constData());
        QCOMPARE(first.value("heading").toString(), QString("Boiler manual > Resetting"));
        QVERIFY(first.value("page").isNull());
        const int line = lineOf("boiler.md", "hold the reset button");
        QVERIFY(first.value("line").toInt() <= line && line <= first.value("line_end").toInt());
        QCOMPARE(first.value("number").toInt(), 1);

        QJsonObject streamed = QJsonDocument::fromJson(body).object();
        streamed.insert("stream", true);
        bool done = false;
        const auto events = f.post("/v1/chat/completions", QJsonDocument(streamed).toJson()).events(&done);
        QVERIFY(done && !events.isEmpty());
        QCOMPARE(events.last().value("smoldesk").toObject().value("sources").toArray().at(0).toObject(),
                 first);

        QJsonObject unknown = QJsonDocument::fromJson(body).object();
        unknown.insert("smoldesk", QJsonObject{{"library", "/nonexistent/library.sqlite"}});
        const test::HttpResult missing = f.post("/v1/chat/completions", QJsonDocument(unknown).toJson());
        QCOMPARE(missing.status, 404);
        const QJsonObject error = missing.json().value("error").toObject();
        QCOMPARE(error.value("code").toString(), QString("library_not_found"));
        QCOMPARE(
            error.value("message").toString(),
            QString("smoldesk.library: there is no document library at /nonexistent/library.sqlite; make one "
                    "with smoldesk-cli docs index."));
        unknown.insert("smoldesk", "library");
        QCOMPARE(f.post("/v1/chat/completions", QJsonDocument(unknown).toJson()).status, 400);
        // Without the field, no "smoldesk" in the answer.
        QJsonObject plainBody = QJsonDocument::fromJson(body).object();
        plainBody.remove("smoldesk");
        QVERIFY(
            !f.post("/v1/chat/completions", QJsonDocument(plainBody).toJson()).json().contains("smoldesk"));
    }
};

QTEST_GUILESS_MAIN(TestDocumentsChat)
#include "test_documents_chat.moc"
