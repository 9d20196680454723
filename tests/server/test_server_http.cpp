// The server's pieces without a model: reading HTTP requests in pieces and with limits, reading the
// OpenAI request fields, and the shapes of errors and answers.
#include "api_errors.h"
#include "http_request.h"
#include "openai_request.h"
#include "openai_response.h"
#include "server_options.h"

#include <QJsonArray>
#include <QtTest>

using namespace smoldesk::server;

class TestServerHttp : public QObject {
    Q_OBJECT
  private slots:
    void readsARequestInPieces() {
        HttpRequestReader r(1024);
        const QByteArray body = R"({"a":1})";
        const QByteArray all = "POST /v1/chat/completions?x=1 HTTP/1.1\r\nHost: localhost\r\nContent-Type: "
                               "application/json\r\nContent-Length: " +
                               QByteArray::number(body.size()) + "\r\n\r\n" + body;
        for (int i = 0; i < all.size() - 1; ++i)
            QCOMPARE(r.feed(all.mid(i, 1)), HttpRequestReader::State::NeedMore);
        QCOMPARE(r.feed(all.right(1)), HttpRequestReader::State::Done);
        QCOMPARE(r.request().method, QByteArray("POST"));
        QCOMPARE(r.request().path, QByteArray("/v1/chat/completions"));
        QCOMPARE(r.request().query, QByteArray("x=1"));
        QCOMPARE(r.request().header("content-type"), QByteArray("application/json"));
        QCOMPARE(r.request().body, body);
    }

    void refusesWhatBreaksTheLimits_data() {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<int>("status");
        QTest::newRow("body over the cap, before it arrives")
            << QByteArray("POST /v1/completions HTTP/1.1\r\nContent-Length: 5000\r\n\r\n") << 413;
        QTest::newRow("chunked body")
            << QByteArray("POST /v1/completions HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n") << 411;
        QTest::newRow("POST without length")
            << QByteArray("POST /v1/completions HTTP/1.1\r\nHost: x\r\n\r\n") << 411;
        QTest::newRow("headers too large") << ("GET / HTTP/1.1\r\nX: " + QByteArray(20000, 'a')) << 431;
        QTest::newRow("not HTTP") << QByteArray("hello there\r\n\r\n") << 400;
        QTest::newRow("HTTP/2 preface") << QByteArray("PRI * HTTP/2.0\r\n\r\n") << 400;
        QTest::newRow("bad length") << QByteArray(
                                           "POST /v1/completions HTTP/1.1\r\nContent-Length: x\r\n\r\n")
                                    << 400;
        QTest::newRow("more than the length")
            << QByteArray("POST /v1/completions HTTP/1.1\r\nContent-Length: 1\r\n\r\nab") << 400;
    }
    void refusesWhatBreaksTheLimits() {
        QFETCH(QByteArray, bytes);
        QFETCH(int, status);
        HttpRequestReader r(1024);
        QCOMPARE(r.feed(bytes), HttpRequestReader::State::Failed);
        QCOMPARE(r.errorStatus(), status);
        QVERIFY(!r.errorMessage().isEmpty());
    }

    void readsChatFields() {
        ApiError e;
        const auto r =
            parseChatRequest(R"({"model":"m","stream":true,"max_tokens":9,"max_completion_tokens":7,
            "temperature":0,"top_p":0.5,"seed":42,"stop":["a","b"],
            "chat_template_kwargs":{"enable_thinking":false},
            "messages":[{"role":"developer","content":"sys"},
                        {"role":"user","content":[{"type":"text","text":"he"},{"type":"text","text":"llo"}]},
                        {"role":"assistant","content":null}]})",
                             &e);
        QVERIFY2(r, qPrintable(e.message));
        QCOMPARE(r->model, QStringLiteral("m"));
        QVERIFY(r->stream);
        QCOMPARE(r->generation.sampling.maxTokens, 7); // max_completion_tokens wins
        QCOMPARE(r->generation.sampling.temperature, 0.0);
        QCOMPARE(r->generation.sampling.topP, 0.5);
        QCOMPARE(r->generation.sampling.seed, 42);
        QCOMPARE(r->generation.sampling.topK, 0); // OpenAI has no top-k: off
        QCOMPARE(r->generation.stopStrings, (QStringList{"a", "b"}));
        QVERIFY(!r->generation.enableThinking);
        QCOMPARE(r->generation.turns.size(), 3);
        QCOMPARE(r->generation.turns[0].role, QStringLiteral("system"));
        QCOMPARE(r->generation.turns[1].content, QStringLiteral("hello"));
        QCOMPARE(r->generation.turns[2].content, QString());

        const auto plain = parseChatRequest(R"({"messages":[{"role":"user","content":"x"}]})", &e);
        QVERIFY(plain);
        QVERIFY(plain->generation.enableThinking); // the template's default: think
        QCOMPARE(plain->generation.sampling.maxTokens, kUnlimitedTokens);
        QVERIFY(!plain->stream);
        const auto off =
            parseChatRequest(R"({"enable_thinking":false,"messages":[{"role":"user","content":"x"}]})", &e);
        QVERIFY(off && !off->generation.enableThinking);
        QVERIFY(plain->generation.reasoningEffort.isEmpty()); // unset: from enable_thinking
        const auto high =
            parseChatRequest(R"({"reasoning_effort":"high","messages":[{"role":"user","content":"x"}]})", &e);
        QVERIFY(high && high->generation.reasoningEffort == QStringLiteral("high"));
        const auto viaKwargs = parseChatRequest(
            R"({"chat_template_kwargs":{"reasoning_effort":"minimal"},"messages":[{"role":"user","content":"x"}]})",
            &e);
        QVERIFY(viaKwargs && viaKwargs->generation.reasoningEffort == QStringLiteral("low"));
    }

    void refusesBadChatFields_data() {
        QTest::addColumn<QByteArray>("body");
        QTest::addColumn<QString>("code");
        QTest::newRow("not json") << QByteArray("{nope") << "invalid_json";
        QTest::newRow("array") << QByteArray("[1]") << "invalid_json";
        QTest::newRow("no messages") << QByteArray("{}") << "invalid_value";
        QTest::newRow("empty messages") << QByteArray(R"({"messages":[]})") << "invalid_value";
        QTest::newRow("tool role") << QByteArray(R"({"messages":[{"role":"tool","content":"x"}]})")
                                   << "invalid_value";
        QTest::newRow("image part")
            << QByteArray(R"({"messages":[{"role":"user","content":[{"type":"image_url","image_url":{}}]}]})")
            << "invalid_value";
        // The media marker typed as text beside an image (without images it is plain text).
        QTest::newRow("marker as text")
            << QByteArray(
                   R"({"messages":[{"role":"user","content":[{"type":"text","text":"What is <__media__>?"},)"
                   R"({"type":"image_url","image_url":{"url":"data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAMAAAACCAIAAAASFvFNAAAAGklEQVR42gXBAQEAAACCIEf4t+kGgMMQclkeLhcGcs/7u3gAAAAASUVORK5CYII="}}]}]})")
            << "invalid_value";
        QTest::newRow("temperature") << QByteArray(
                                            R"({"temperature":3,"messages":[{"role":"user","content":"x"}]})")
                                     << "invalid_value";
        QTest::newRow("top_p") << QByteArray(R"({"top_p":0,"messages":[{"role":"user","content":"x"}]})")
                               << "invalid_value";
        QTest::newRow("max_tokens") << QByteArray(
                                           R"({"max_tokens":0,"messages":[{"role":"user","content":"x"}]})")
                                    << "invalid_value";
        QTest::newRow("fraction") << QByteArray(
                                         R"({"max_tokens":1.5,"messages":[{"role":"user","content":"x"}]})")
                                  << "invalid_value";
        QTest::newRow("n") << QByteArray(R"({"n":2,"messages":[{"role":"user","content":"x"}]})")
                           << "invalid_value";
        QTest::newRow("stop") << QByteArray(R"({"stop":[1],"messages":[{"role":"user","content":"x"}]})")
                              << "invalid_value";
        QTest::newRow("five stops")
            << QByteArray(R"({"stop":["a","b","c","d","e"],"messages":[{"role":"user","content":"x"}]})")
            << "invalid_value";
        QTest::newRow("thinking")
            << QByteArray(
                   R"({"chat_template_kwargs":{"enable_thinking":"no"},"messages":[{"role":"user","content":"x"}]})")
            << "invalid_value";
        QTest::newRow("reasoning effort")
            << QByteArray(R"({"reasoning_effort":"max","messages":[{"role":"user","content":"x"}]})")
            << "invalid_value";
        QTest::newRow("reasoning effort type")
            << QByteArray(R"({"reasoning_effort":2,"messages":[{"role":"user","content":"x"}]})")
            << "invalid_value";
    }
    void refusesBadChatFields() {
        QFETCH(QByteArray, body);
        QFETCH(QString, code);
        ApiError e;
        QVERIFY(!parseChatRequest(body, &e));
        QCOMPARE(e.status, 400);
        QCOMPARE(e.code, code);
        QCOMPARE(e.type, QStringLiteral("invalid_request_error"));
        QVERIFY(!e.message.isEmpty());
    }

    void markerWithoutImagesIsText() {
        ApiError e;
        const auto r = parseChatRequest(R"({"messages":[{"role":"user","content":"What is <__media__>?"}]})", &e);
        QVERIFY(r);
        QCOMPARE(r->generation.turns.at(0).content, QStringLiteral("What is <__media__>?"));
    }

    void readsCompletionFields() {
        ApiError e;
        const auto r = parseCompletionRequest(R"({"prompt":["Once upon"],"max_tokens":3})", &e);
        QVERIFY(r);
        QVERIFY(r->generation.rawPrompt);
        QCOMPARE(r->generation.prompt, QStringLiteral("Once upon"));
        QVERIFY(!parseCompletionRequest(R"({"prompt":""})", &e));
        QVERIFY(!parseCompletionRequest(R"({"prompt":5})", &e));
        QVERIFY(!parseCompletionRequest(R"({"prompt":"x","echo":true})", &e));
    }

    void answersInOpenAIsShapes() {
        const QJsonObject err =
            ApiError::invalidRequest(QStringLiteral("Bad."), QStringLiteral("invalid_json")).toJson();
        QCOMPARE(err.value("error").toObject().value("message").toString(), QStringLiteral("Bad."));
        QCOMPARE(err.value("error").toObject().value("type").toString(),
                 QStringLiteral("invalid_request_error"));
        QCOMPARE(err.value("error").toObject().value("code").toString(), QStringLiteral("invalid_json"));
        QCOMPARE(finishReason("end"), QStringLiteral("stop"));
        QCOMPARE(finishReason("stop-string"), QStringLiteral("stop"));
        QCOMPARE(finishReason("max-tokens"), QStringLiteral("length"));
        QCOMPARE(finishReason("context-full"), QStringLiteral("length"));
        const QJsonObject c = chatCompletion({"chatcmpl-1", 5, "m"}, "hi", "hmm", "stop", Usage{3, 2, 1});
        QCOMPARE(c.value("object").toString(), QStringLiteral("chat.completion"));
        const QJsonObject msg = c.value("choices").toArray().at(0).toObject().value("message").toObject();
        QCOMPARE(msg.value("content").toString(), QStringLiteral("hi"));
        QCOMPARE(msg.value("reasoning_content").toString(), QStringLiteral("hmm"));
        QCOMPARE(c.value("usage").toObject().value("total_tokens").toInt(), 5);
    }

    void listensOnLoopbackUnlessAKeyIsSet() {
        ServerOptions o;
        QVERIFY(checkServerOptions(o).isEmpty());
        o.host = QStringLiteral("0.0.0.0");
        QVERIFY(checkServerOptions(o).contains(QLatin1String("API key")));
        o.apiKey = QStringLiteral("k");
        QVERIFY(checkServerOptions(o).isEmpty());
        o.host = QStringLiteral("my-laptop");
        QVERIFY(checkServerOptions(o).contains(QLatin1String("not an IP address")));
        o.host = QStringLiteral("localhost");
        o.apiKey.clear();
        QVERIFY(checkServerOptions(o).isEmpty());
        o.host = QStringLiteral("::1");
        QVERIFY(checkServerOptions(o).isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestServerHttp)
#include "test_server_http.moc"
