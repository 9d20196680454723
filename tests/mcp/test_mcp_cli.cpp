// smoldesk-cli mcp list / call against real MCP servers: the official everything and filesystem
// servers from npm over stdio, a Streamable HTTP server on the official TypeScript SDK (SSE and
// plain JSON answers, paged tools/list, a bearer token), and servers that exit, hang, print
// garbage, send oversized answers or speak an unknown protocol version.
#include "mcp_fixture.h"
#include "program_run.h"
#include "require_all.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QtTest>

using namespace smoldesk::test;

namespace {

using Finished = ProgramRun;

Finished runCli(const QStringList& args, int timeoutMs = 60000) {
    return runProgram(QStringLiteral(SMOLDESK_CLI), args, {}, {}, timeoutMs);
}

QString brokenServer() {
    return QStringLiteral(SMOLDESK_MCP_TEST_DIR "/broken_server.py");
}

} // namespace

class TestMcpCli : public QObject {
    Q_OBJECT
    QString stdioConfig_;
    QString root_; // the filesystem server's allowed folder

  private slots:
    void initTestCase() {
        const QString missing = missingMcpPackages();
        if (!missing.isEmpty()) SMOLDESK_SKIP_OR_FAIL(qPrintable(missing));
        root_ = QStringLiteral(SMOLDESK_TEST_TMP) + "/mcp-files";
        QDir(root_).removeRecursively();
        QVERIFY(QDir().mkpath(root_));
        // The filesystem server reports its allowed folder with symbolic links resolved.
        root_ = QDir(root_).canonicalPath();
        stdioConfig_ = writeMcpConfig(
            {{"everything",
              stdioServer(nodeExecutable(),
                          {npmModule("@modelcontextprotocol/server-everything") + "/dist/index.js"},
                          {{"SMOLDESK_TEST_SECRET", "s3cret-value"}})},
             {"files",
              stdioServer(nodeExecutable(),
                          {npmModule("@modelcontextprotocol/server-filesystem") + "/dist/index.js", root_})}},
            "stdio.json");
        QVERIFY(!stdioConfig_.isEmpty());
    }

    void listsBothStdioServers() {
        const Finished f = runCli({"mcp", "list", "--config", stdioConfig_});
        QVERIFY2(f.code == 0, f.err.constData());
        const QStringList lines = QString::fromUtf8(f.out).split('\n', Qt::SkipEmptyParts);
        QVERIFY(lines.contains(QStringLiteral("everything/get-sum — Returns the sum of two numbers")));
        QVERIFY(lines.contains(QStringLiteral("everything/echo — Echoes back the input string")));
        QVERIFY(
            lines.filter(QRegularExpression("^files/read_text_file — Read the complete contents")).size() ==
            1);
        QVERIFY(lines.filter(QRegularExpression("^files/list_allowed_directories — ")).size() == 1);
        QVERIFY2(lines.filter(QRegularExpression("^everything/")).size() >= 10, f.out.constData());
        for (const QString& l : lines)
            QVERIFY2(QRegularExpression("^(everything|files)/[\\w-]+ — ").match(l).hasMatch(), qPrintable(l));
    }

    void callsTheEverythingServer() {
        Finished f = runCli(
            {"mcp", "call", "--config", stdioConfig_, "everything", "get-sum", R"({"a": 2, "b": 40})"});
        QVERIFY2(f.code == 0, f.err.constData());
        QCOMPARE(f.out, QByteArray("The sum of 2 and 40 is 42.\n"));
        f = runCli(
            {"mcp", "call", "--config", stdioConfig_, "everything", "echo", R"({"message": "héllo ✓"})"});
        QCOMPARE(f.code, 0);
        QCOMPARE(QString::fromUtf8(f.out), QStringLiteral("Echo: héllo ✓\n"));
        // An image result: the text around it, the image as a note with its type and size.
        f = runCli({"mcp", "call", "--config", stdioConfig_, "everything", "get-tiny-image"});
        QCOMPARE(f.code, 0);
        QVERIFY2(QRegularExpression("\\[image: image/png, \\d+ bytes\\]")
                     .match(QString::fromUtf8(f.out))
                     .hasMatch(),
                 f.out.constData());
        // An embedded resource result: its text.
        f = runCli({"mcp", "call", "--config", stdioConfig_, "everything", "get-resource-reference",
                    R"({"resourceType": "Text", "resourceId": 3})"});
        QCOMPARE(f.code, 0);
        QVERIFY2(f.out.contains("Resource 3"), f.out.constData());
        // Arguments that break the tool's schema: the server's error, one sentence, exit 4.
        f = runCli({"mcp", "call", "--config", stdioConfig_, "everything", "get-sum", R"({"a": "two"})"});
        QCOMPARE(f.code, 4);
        QVERIFY2(f.err.contains("everything"), f.err.constData());
        QCOMPARE(f.err.count('\n'), 1);
    }

    // env values reach the server, and never the log (--verbose prints the client's log).
    void environmentReachesTheServerButNotTheLog() {
        const Finished f =
            runCli({"mcp", "call", "--verbose", "--config", stdioConfig_, "everything", "get-env"});
        QVERIFY2(f.code == 0, f.err.constData());
        QVERIFY(f.out.contains("s3cret-value"));
        QVERIFY2(f.err.contains("SMOLDESK_TEST_SECRET"), f.err.constData()); // the name is logged…
        QVERIFY(!f.err.contains("s3cret-value"));                            // …its value is not
        QVERIFY(f.err.contains("(stderr)")); // the server's stderr went to the log
    }

    void callsTheFilesystemServer() {
        QFile note(root_ + "/note.txt");
        QVERIFY(note.open(QIODevice::WriteOnly));
        note.write("first line\nsecond line\n");
        note.close();
        Finished f = runCli({"mcp", "call", "--config", stdioConfig_, "files", "read_text_file",
                             QStringLiteral(R"({"path": "%1/note.txt"})").arg(root_)});
        QVERIFY2(f.code == 0, f.err.constData());
        QCOMPARE(f.out, QByteArray("first line\nsecond line\n\n"));
        f = runCli({"mcp", "call", "--config", stdioConfig_, "files", "write_file",
                    QStringLiteral(R"({"path": "%1/made.txt", "content": "by the tool"})").arg(root_)});
        QVERIFY2(f.code == 0, f.err.constData());
        QFile made(root_ + "/made.txt");
        QVERIFY(made.open(QIODevice::ReadOnly));
        QCOMPARE(made.readAll(), QByteArray("by the tool"));
        f = runCli({"mcp", "call", "--config", stdioConfig_, "files", "list_directory",
                    QStringLiteral(R"({"path": "%1"})").arg(root_)});
        QCOMPARE(f.code, 0);
        QVERIFY2(f.out.contains("[FILE] made.txt") && f.out.contains("[FILE] note.txt"), f.out.constData());
        // isError: a path outside the allowed folder.
        f = runCli({"mcp", "call", "--config", stdioConfig_, "files", "read_text_file",
                    R"({"path": "/etc/hostname"})"});
        QCOMPARE(f.code, 4);
        QVERIFY2(f.err.startsWith("The tool “read_text_file” on “files” reported an error:"),
                 f.err.constData());
        QVERIFY(f.out.isEmpty());
    }

    void streamableHttpWithSseAndJsonAnswers() {
        for (const bool json : {false, true}) {
            SdkHttpServer server(json ? QStringList{"--json", "--token", "t0ken"}
                                      : QStringList{"--token", "t0ken"});
            QVERIFY2(!server.url().isEmpty(), qPrintable(server.error()));
            const QString config = writeMcpConfig(
                {{"web", QJsonObject{{"type", "http"},
                                     {"url", server.url()},
                                     {"headers", QJsonObject{{"Authorization", "Bearer t0ken"}}}}},
                 {"nokey", QJsonObject{{"url", server.url()}}}},
                "http.json");
            // All five tools, across three pages of tools/list.
            Finished f = runCli({"mcp", "list", "--config", config});
            QCOMPARE(f.code, 4); // nokey fails…
            QVERIFY2(f.err.contains("“nokey” refused the request (HTTP 401)"), f.err.constData());
            const QStringList lines = QString::fromUtf8(f.out).split('\n', Qt::SkipEmptyParts);
            QCOMPARE(lines,
                     (QStringList{"web/add — Adds two numbers", "web/fail — Always reports a tool error",
                                  "web/big — Returns KB kilobytes of text",
                                  "web/slow — Answers after MS milliseconds unless cancelled",
                                  "web/whoami — Returns the session id and the protocol version header"}));
            f = runCli({"mcp", "call", "--config", config, "web", "add", R"({"a": 1.5, "b": 2})"});
            QVERIFY2(f.code == 0, f.err.constData());
            QCOMPARE(f.out, QByteArray("3.5\n"));
            // The session id the server gave at initialize, and the protocol version, on later requests.
            f = runCli({"mcp", "call", "--config", config, "web", "whoami"});
            QVERIFY2(
                QRegularExpression("^[0-9a-f-]{36} 2025-06-18\n$").match(QString::fromUtf8(f.out)).hasMatch(),
                f.out.constData());
            f = runCli({"mcp", "call", "--config", config, "web", "fail"});
            QCOMPARE(f.code, 4);
            QCOMPARE(f.err,
                     QByteArray("The tool “fail” on “web” reported an error: this tool always fails\n"));
            f = runCli({"mcp", "call", "--config", config, "web", "big", R"({"kb": 300})"});
            QCOMPARE(f.code, 0);
            QCOMPARE(f.out.size(), 300 * 1024 + 1);
            f = runCli({"mcp", "call", "--config", config, "web", "big", R"({"kb": 9000})"});
            QCOMPARE(f.code, 4);
            QVERIFY2(f.err.contains("larger than 8 MB"), f.err.constData());
            f = runCli(
                {"mcp", "call", "--timeout", "1", "--config", config, "web", "slow", R"({"ms": 20000})"});
            QCOMPARE(f.code, 4);
            QVERIFY2(f.err.contains("did not answer tools/call within its 1-second limit"),
                     f.err.constData());
            QVERIFY(f.ms < 10000);
        }
    }

    void serverErrorsAreOneSentence_data() {
        QTest::addColumn<QString>("mode");
        QTest::addColumn<QString>("sentence");
        QTest::newRow("exits at start")
            << "exit"
            << "The MCP server “bad” exited with code 3: broken_server: cannot open its database";
        QTest::newRow("hangs") << "hang"
                               << "The MCP server “bad” did not answer initialize within its 1-second limit.";
        QTest::newRow("garbage") << "garbage"
                                 << "The MCP server “bad” sent something that is not an MCP message";
        QTest::newRow("unknown protocol") << "old"
                                          << "speaks protocol version “1999-01-01”";
        QTest::newRow("huge answer")
            << "huge"
            << "The MCP server “bad” sent a message larger than 8 MB; it was dropped.";
    }
    void serverErrorsAreOneSentence() {
        QFETCH(QString, mode);
        QFETCH(QString, sentence);
        const QString config = writeMcpConfig(
            {{"bad", stdioServer(QStringLiteral(SMOLDESK_PYTHON), {brokenServer(), mode})}}, "bad.json");
        const Finished f =
            runCli({"mcp", "call", "--timeout", "1", "--config", config, "bad", "first"}, 20000);
        QCOMPARE(f.code, 4);
        QVERIFY2(f.err.contains(sentence.toUtf8()), f.err.constData());
        QCOMPARE(f.err.count('\n'), 1);
        QVERIFY(f.out.isEmpty());
        QVERIFY2(f.ms < 8000, qPrintable(QString::number(f.ms)));
    }

    void usageErrors() {
        Finished f = runCli({"mcp", "call", "--config", stdioConfig_, "everything", "no-such-tool"});
        QCOMPARE(f.code, 4);
        QCOMPARE(f.err, QByteArray("The MCP server “everything” has no tool named “no-such-tool”.\n"));
        f = runCli({"mcp", "call", "--config", stdioConfig_, "nobody", "x"});
        QCOMPARE(f.code, 1);
        QVERIFY2(f.err.contains("no server named 'nobody'"), f.err.constData());
        f = runCli({"mcp", "call", "--config", stdioConfig_, "everything", "echo", "[1, 2]"});
        QCOMPARE(f.code, 1);
        QVERIFY(f.err.contains("must be a JSON object"));
        f = runCli({"mcp", "list", "--config", "/nonexistent/mcp.json"});
        QCOMPARE(f.code, 1);
        QVERIFY(f.err.contains("Cannot read the MCP configuration"));
        f = runCli({"mcp", "list"});
        QCOMPARE(f.code, 1);
        f = runCli({"mcp", "frobnicate", "--config", stdioConfig_});
        QCOMPARE(f.code, 1);
        const QString missing =
            writeMcpConfig({{"ghost", stdioServer("/nonexistent/mcp-server", {})}}, "ghost.json");
        f = runCli({"mcp", "list", "--config", missing});
        QCOMPARE(f.code, 4);
        QVERIFY2(f.err.startsWith("The MCP server “ghost” could not be started (/nonexistent/mcp-server)"),
                 f.err.constData());
    }
};

QTEST_GUILESS_MAIN(TestMcpCli)
#include "test_mcp_cli.moc"
