// The MCP client's parts: the stdio line reader and the SSE reader (bytes in any pieces, limits),
// JSON-RPC parsing, mcp.json as Claude Desktop, Cursor and VS Code write it, tool results as text;
// then McpClient itself: list_changed, ping, cancellation, a stopped server, on real servers.
#include "framing/message_framing.h"
#include "jsonrpc_message.h"
#include "mcp_client.h"
#include "mcp_config.h"
#include "mcp_fixture.h"
#include "require_all.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QRandomGenerator>
#include <QSignalSpy>
#include <QtTest>

using namespace smoldesk::mcp;
using namespace smoldesk::test;

namespace {

// Feeds `bytes` to a reader in random pieces; returns every message.
template <typename Reader>
QList<QByteArray> feedInPieces(Reader& reader, const QByteArray& bytes, quint32 seed,
                               int* oversized = nullptr) {
    QRandomGenerator rng(seed);
    QList<QByteArray> out;
    for (qsizetype at = 0; at < bytes.size();) {
        const qsizetype n = std::min<qsizetype>(bytes.size() - at, 1 + rng.bounded(7));
        const smoldesk::framing::FramedMessages f = reader.push(bytes.mid(at, n));
        out += f.messages;
        if (oversized) *oversized += f.oversized;
        at += n;
    }
    return out;
}

} // namespace

// (JSON in raw strings writes "//" as "\/\/": moc would take it for a comment.)
class TestMcpClient : public QObject {
    Q_OBJECT
  private slots:
    void lineReader() {
        const QByteArray input = "{\"a\":1}\n\r\n{\"b\":2}\r\n\n{\"c\":3}";
        for (quint32 seed = 0; seed < 20; ++seed) {
            smoldesk::framing::LineReader reader;
            const auto got = feedInPieces(reader, input, seed);
            QCOMPARE(got, (QList<QByteArray>{"{\"a\":1}", "{\"b\":2}"})); // the third waits for its newline
        }
        smoldesk::framing::LineReader small(10);
        int oversized = 0;
        const auto got = feedInPieces(small, "short\n0123456789abcdef\nafter\n", 3, &oversized);
        QCOMPARE(got, (QList<QByteArray>{"short", "after"}));
        QCOMPARE(oversized, 1);
    }

    // The event-stream rules of the WHATWG HTML standard, §9.2 (line endings, "data:" joined with
    // "\n", one leading space dropped, comments, events without data, a BOM).
    void sseReader() {
        const QByteArray input = "\xEF\xBB\xBF: keep-alive\r\n"
                                 "event: message\r\nid: 7\r\ndata: {\"x\":\r\ndata:1}\r\n\r\n"
                                 "data:  two spaces\n\n"
                                 "id: 8\n\n"
                                 "data\n\n"
                                 "data: cr only\r\r"
                                 "data: unfinished";
        for (quint32 seed = 0; seed < 40; ++seed) {
            smoldesk::framing::SseReader reader;
            const auto got = feedInPieces(reader, input, seed);
            QCOMPARE(got, (QList<QByteArray>{"{\"x\":\n1}", " two spaces", "", "cr only"}));
            QCOMPARE(reader.lastEventId(), QByteArray("8"));
        }
        smoldesk::framing::SseReader small(16);
        int oversized = 0;
        const auto got =
            feedInPieces(small, "data: 0123456789\ndata: 0123456789\n\ndata: ok\n\n", 5, &oversized);
        QCOMPARE(got, QList<QByteArray>{"ok"});
        QCOMPARE(oversized, 1);
    }

    void jsonRpc() {
        ParsedMessages p = parseJsonRpc(R"({"jsonrpc":"2.0","id":4,"result":{"tools":[]}})");
        QVERIFY(p.error.isEmpty());
        QCOMPARE(p.messages.size(), 1);
        QCOMPARE(p.messages[0].kind, JsonRpcMessage::Kind::Result);
        QCOMPARE(p.messages[0].id.toInt(), 4);
        p = parseJsonRpc(R"({"jsonrpc":"2.0","id":"a","error":{"code":-32602,"message":"bad"}})");
        QCOMPARE(p.messages[0].kind, JsonRpcMessage::Kind::Error);
        QCOMPARE(p.messages[0].errorCode, -32602);
        QCOMPARE(p.messages[0].errorMessage, QStringLiteral("bad"));
        p = parseJsonRpc(
            R"([{"jsonrpc":"2.0","method":"notifications/tools/list_changed"},{"jsonrpc":"2.0","id":9,"method":"ping"}])");
        QCOMPARE(p.messages.size(), 2);
        QCOMPARE(p.messages[0].kind, JsonRpcMessage::Kind::Notification);
        QCOMPARE(p.messages[1].kind, JsonRpcMessage::Kind::Request);
        for (const char* bad :
             {"Hello", "[]", "{}", R"({"jsonrpc":"1.0","id":1,"result":{}})", R"({"jsonrpc":"2.0","id":1})",
              R"({"jsonrpc":"2.0","id":[1],"method":"x"})", R"({"jsonrpc":"2.0","method":"x","params":3})",
              R"({"jsonrpc":"2.0","id":null,"result":{}})", "42"}) {
            p = parseJsonRpc(bad);
            QVERIFY2(!p.error.isEmpty(), bad);
            QVERIFY2(p.messages.isEmpty(), bad);
        }
        // Our encoders round-trip through the parser.
        p = parseJsonRpc(encodeRequest(12, "tools/call", QJsonObject{{"name", "x"}}));
        QCOMPARE(p.messages[0].method, QStringLiteral("tools/call"));
        QCOMPARE(p.messages[0].params.value("name").toString(), QStringLiteral("x"));
        p = parseJsonRpc(encodeError(QJsonValue("s"), kMethodNotFound, "no"));
        QCOMPARE(p.messages[0].errorCode, kMethodNotFound);
    }

    void configFormats() {
        // Claude Desktop's claude_desktop_config.json, with a disabled entry (Cline, Claude Desktop).
        ParsedConfig c = parseMcpConfig(R"({"mcpServers": {
            "filesystem": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-filesystem", "/home/me"]},
            "github": {"command": "docker", "args": ["run", "-i", "ghcr.io/github/github-mcp-server"],
                       "env": {"GITHUB_PERSONAL_ACCESS_TOKEN": "ghp_x"}, "disabled": true}},
            "globalShortcut": ""})");
        QVERIFY2(c.error.isEmpty(), qPrintable(c.error));
        QCOMPARE(c.servers.size(), 2);
        QCOMPARE(c.servers[0].name, QStringLiteral("filesystem"));
        QCOMPARE(c.servers[0].args,
                 (QStringList{"-y", "@modelcontextprotocol/server-filesystem", "/home/me"}));
        QVERIFY(!c.servers[1].enabled);
        QCOMPARE(c.servers[1].env.value("GITHUB_PERSONAL_ACCESS_TOKEN"), QStringLiteral("ghp_x"));
        QVERIFY(!c.servers[1].describeForLog().contains("ghp_x"));
        // Cursor's and LM Studio's mcp.json: a remote server with headers.
        c = parseMcpConfig(R"({"mcpServers": {"remote": {"url": "https:\/\/example.com/mcp",
            "headers": {"Authorization": "Bearer abc"}}}})");
        QCOMPARE(c.servers.size(), 1);
        QVERIFY(c.servers[0].isHttp());
        QCOMPARE(c.servers[0].bearerToken(), QStringLiteral("abc"));
        QVERIFY(!c.servers[0].describeForLog().contains("abc"));
        // VS Code's .vscode/mcp.json.
        c = parseMcpConfig(R"({"servers": {"x": {"type": "stdio", "command": "x-server"}}})");
        QCOMPARE(c.servers.size(), 1);
        // Round trip through our writer.
        ServerConfig s = c.servers[0];
        s.env.insert("K", "V");
        s.timeoutMs = 5000;
        s.enabled = false;
        const ParsedConfig back = parseMcpConfig(writeMcpConfig({s}));
        QCOMPARE(back.servers.size(), 1);
        QCOMPARE(back.servers[0].env, s.env);
        QCOMPARE(back.servers[0].timeoutMs, 5000);
        QVERIFY(!back.servers[0].enabled);
        // One sentence for each kind of bad entry; the good ones are still read.
        c = parseMcpConfig(
            R"({"mcpServers": {"ok": {"command": "a"}, "none": {}, "old": {"type": "sse", "url": "http:\/\/x/sse"}}})");
        QCOMPARE(c.servers.size(), 1);
        QVERIFY(!c.error.isEmpty());
        for (const char* bad : {"", "[]", "{\"mcpServers\": {}}",
                                "{\"mcpServers\": {\"x\": {\"url\": \"ftp://a\"}}}", "not json"}) {
            c = parseMcpConfig(bad);
            QVERIFY2(!c.error.isEmpty(), bad);
            QVERIFY2(c.servers.isEmpty(), bad);
        }
    }

    void resultText() {
        const McpToolResult r = readToolResult(QJsonDocument::fromJson(R"({"content": [
            {"type": "text", "text": "one"},
            {"type": "image", "data": "iVBORw0KGgo=", "mimeType": "image/png"},
            {"type": "resource", "resource": {"uri": "file:\/\/\/a.txt", "text": "inside"}},
            {"type": "resource", "resource": {"uri": "file:\/\/\/b.bin", "blob": "AAAA", "mimeType": "application/octet-stream"}},
            {"type": "resource_link", "uri": "file:\/\/\/c", "name": "c"}], "isError": true})")
                                                   .object());
        QVERIFY(r.isError);
        QVERIFY(r.completed());
        QCOMPARE(r.images(), 1);
        QCOMPARE(r.text(),
                 QStringLiteral("one\n[image: image/png, 8 bytes]\ninside\n[resource: file:///b.bin, "
                                "application/octet-stream, 3 bytes]\n[resource link: file:///c (c)]"));
        const McpToolResult structured = readToolResult(
            QJsonDocument::fromJson(R"({"content": [], "structuredContent": {"t": 1}})").object());
        QCOMPARE(structured.text(), QStringLiteral("{\"t\":1}"));
    }

    // notifications/tools/list_changed: the client lists again and tells its users.
    void toolsChangeMidSession() {
        ServerConfig config;
        config.name = "changing";
        config.command = SMOLDESK_PYTHON;
        config.args = {SMOLDESK_MCP_TEST_DIR "/broken_server.py", "listchange"};
        McpClient client(config);
        QSignalSpy changed(&client, &McpClient::toolsChanged);
        client.start();
        QTRY_COMPARE_WITH_TIMEOUT(client.tools().size(), 2, 10000);
        QCOMPARE(client.state(), McpClient::State::Ready);
        QVERIFY(changed.size() >= 2);
        QCOMPARE(client.tools()[1].name, QStringLiteral("second"));
        QCOMPARE(client.serverName(), QStringLiteral("broken"));
    }

    void pingCancelAndStopOnRealServers() {
        const QString missing = missingMcpPackages();
        if (!missing.isEmpty()) SMOLDESK_SKIP_OR_FAIL(qPrintable(missing));
        ServerConfig everything;
        everything.name = "everything";
        everything.command = nodeExecutable();
        everything.args = {npmModule("@modelcontextprotocol/server-everything") + "/dist/index.js"};
        McpClient client(everything);
        client.start();
        QTRY_COMPARE_WITH_TIMEOUT(client.state(), McpClient::State::Ready, 20000);
        QCOMPARE(client.protocolVersion(), QStringLiteral("2025-06-18"));
        QVERIFY(client.tool("get-sum"));
        QCOMPARE(client.tool("get-sum")->inputSchema.value("required").toArray(), (QJsonArray{"a", "b"}));
        QSignalSpy pings(&client, &McpClient::pingFinished);
        const qint64 pingId = client.ping();
        QTRY_COMPARE_WITH_TIMEOUT(pings.size(), 1, 5000);
        QCOMPARE(pings[0][0].toLongLong(), pingId);
        QCOMPARE(pings[0][1].toString(), QString());

        // A long-running call, cancelled: it ends at once as cancelled, and the session goes on.
        QSignalSpy calls(&client, &McpClient::callFinished);
        const qint64 longId =
            client.callTool("trigger-long-running-operation", {{"duration", 30}, {"steps", 5}});
        QTest::qWait(300);
        client.cancelCall(longId);
        QCOMPARE(calls.size(), 1);
        QCOMPARE(calls[0][0].toLongLong(), longId);
        const auto cancelled = calls[0][1].value<McpToolResult>();
        QVERIFY(cancelled.cancelled);
        const qint64 sumId = client.callTool("get-sum", {{"a", 1}, {"b", 2}});
        QTRY_COMPARE_WITH_TIMEOUT(calls.size(), 2, 5000);
        QCOMPARE(calls[1][0].toLongLong(), sumId);
        QCOMPARE(calls[1][1].value<McpToolResult>().text(), QStringLiteral("The sum of 1 and 2 is 3."));

        // A call on a stopped client ends with a sentence, not silence.
        client.stop();
        const qint64 lateId = client.callTool("get-sum", {{"a", 1}, {"b", 2}});
        QTRY_COMPARE_WITH_TIMEOUT(calls.size(), 3, 2000);
        QCOMPARE(calls[2][0].toLongLong(), lateId);
        QVERIFY(!calls[2][1].value<McpToolResult>().completed());
    }

    // A server that dies during a call ends the call with the sentence about its exit.
    void serverDiesDuringCall() {
        ServerConfig config;
        config.name = "shortlived";
        config.command = SMOLDESK_PYTHON;
        config.args = {
            "-c",
            "import sys, json\n"
            "for line in sys.stdin:\n"
            "    m = json.loads(line)\n"
            "    if m.get('method') == 'initialize':\n"
            "        print(json.dumps({'jsonrpc': '2.0', 'id': m['id'], 'result': {'protocolVersion': "
            "'2025-03-26', "
            "'capabilities': {'tools': {}}, 'serverInfo': {'name': 's', 'version': '1'}}}), flush=True)\n"
            "    elif m.get('method') == 'tools/list':\n"
            "        print(json.dumps({'jsonrpc': '2.0', 'id': m['id'], 'result': {'tools': [{'name': "
            "'die'}]}}), flush=True)\n"
            "    elif m.get('method') == 'tools/call':\n"
            "        sys.exit(9)\n"};
        McpClient client(config);
        client.start();
        QTRY_COMPARE_WITH_TIMEOUT(client.state(), McpClient::State::Ready, 10000);
        QCOMPARE(client.protocolVersion(), QStringLiteral("2025-03-26"));
        QSignalSpy calls(&client, &McpClient::callFinished);
        client.callTool("die", {});
        QTRY_COMPARE_WITH_TIMEOUT(calls.size(), 1, 5000);
        QCOMPARE(calls[0][1].value<McpToolResult>().failure,
                 QStringLiteral("The MCP server “shortlived” exited with code 9."));
        QCOMPARE(client.state(), McpClient::State::Failed);
        QCOMPARE(client.lastError(), QStringLiteral("The MCP server “shortlived” exited with code 9."));
    }
};

QTEST_GUILESS_MAIN(TestMcpClient)
#include "test_mcp_client.moc"
