// The API server over loopback with curl, on real models (stories260K, smollm3-tiny) running on
// the app's ModelWorker: every endpoint plain and streamed, every error, a client that leaves
// mid-stream, 8 clients at once, prefix reuse and thinking.
#include "server_fixture.h"

#include "test_data.h"
#include "tiny_model.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTcpSocket>
#include <QtTest>

#include <algorithm>

using namespace smoldesk;
using namespace smoldesk::test;

namespace {

QByteArray chatBody(const QString& prompt, int maxTokens, bool stream = false,
                    const QJsonObject& extra = {}) {
    QJsonObject o = extra;
    o.insert("messages", QJsonArray{QJsonObject{{"role", "user"}, {"content", prompt}}});
    o.insert("max_tokens", maxTokens);
    if (!o.contains("temperature")) o.insert("temperature", 0);
    o.insert("stream", stream);
    return QJsonDocument(o).toJson(QJsonDocument::Compact);
}

QJsonObject firstChoice(const QJsonObject& o) {
    return o.value("choices").toArray().at(0).toObject();
}

// What a stream's chunks add up to.
struct Streamed {
    QString content, reasoning, finish, role;
    QJsonObject usage;
    bool done = false;
};
Streamed collect(const HttpResult& r) {
    Streamed s;
    for (const QJsonObject& e : r.events(&s.done)) {
        const QJsonObject c = firstChoice(e);
        const QJsonObject d = c.value("delta").toObject();
        if (d.contains("role")) s.role = d.value("role").toString();
        s.content += d.contains("content") ? d.value("content").toString() : c.value("text").toString();
        s.reasoning += d.value("reasoning_content").toString();
        if (c.value("finish_reason").isString()) s.finish = c.value("finish_reason").toString();
        if (e.contains("usage")) s.usage = e.value("usage").toObject();
    }
    return s;
}

QString errorCode(const HttpResult& r) {
    return r.json().value("error").toObject().value("code").toString();
}

} // namespace

class TestServerApi : public QObject {
    Q_OBJECT
    ServerFixture stories_, smol_;

  private slots:
    void initTestCase() {
        QVERIFY(stories_.load(QString::fromStdString(demoModelPath()), 256));
        QCOMPARE(stories_.start(), QString());
        QVERIFY(smol_.load(QString::fromStdString(dataPath("models/smollm3-tiny.gguf")), 4096));
        QCOMPARE(smol_.start(), QString());
    }

    void models() {
        const HttpResult r = runCurl({stories_.url("/v1/models")});
        QCOMPARE(r.status, 200);
        const QJsonArray data = r.json().value("data").toArray();
        QCOMPARE(data.size(), 1);
        QCOMPARE(data[0].toObject().value("id").toString(), QStringLiteral("stories260K"));
        QCOMPARE(runCurl({stories_.url("/v1/models/stories260K")}).status, 200);
        QCOMPARE(runCurl({stories_.url("/v1/models/gpt-4o")}).status, 404);
    }

    void chatPlainAndStreamed_data() {
        QTest::addColumn<bool>("smollm3");
        QTest::newRow("stories260K") << false;
        QTest::newRow("smollm3-tiny") << true;
    }
    void chatPlainAndStreamed() {
        QFETCH(bool, smollm3);
        ServerFixture& f = smollm3 ? smol_ : stories_;
        const HttpResult plain = f.post("/v1/chat/completions", chatBody("Once upon a time", 12));
        QCOMPARE(plain.status, 200);
        QCOMPARE(plain.headers.value("content-type"), QByteArray("application/json"));
        const QJsonObject o = plain.json();
        QCOMPARE(o.value("object").toString(), QStringLiteral("chat.completion"));
        QVERIFY(o.value("id").toString().startsWith(QLatin1String("chatcmpl-")));
        const QJsonObject message = firstChoice(o).value("message").toObject();
        QCOMPARE(message.value("role").toString(), QStringLiteral("assistant"));
        const QString content = message.value("content").toString();
        QVERIFY(!content.isEmpty());
        const QJsonObject usage = o.value("usage").toObject();
        QVERIFY(usage.value("prompt_tokens").toInt() > 0);
        QVERIFY(usage.value("completion_tokens").toInt() >= 1 &&
                usage.value("completion_tokens").toInt() <= 12);
        QCOMPARE(usage.value("total_tokens").toInt(),
                 usage.value("prompt_tokens").toInt() + usage.value("completion_tokens").toInt());
        const QString finish = firstChoice(o).value("finish_reason").toString();
        QCOMPARE(finish, usage.value("completion_tokens").toInt() == 12 ? QStringLiteral("length")
                                                                        : QStringLiteral("stop"));

        // The same greedy request streamed: the chunks add up to the same answer.
        const HttpResult stream =
            f.post("/v1/chat/completions", chatBody("Once upon a time", 12, true), {"-N"});
        QCOMPARE(stream.status, 200);
        QCOMPARE(stream.headers.value("content-type"), QByteArray("text/event-stream"));
        const Streamed s = collect(stream);
        QVERIFY(s.done);
        QCOMPARE(s.role, QStringLiteral("assistant"));
        QCOMPARE(s.content, content);
        QCOMPARE(s.finish, finish);
        QCOMPARE(s.usage.value("completion_tokens").toInt(), usage.value("completion_tokens").toInt());
        QCOMPARE(stream.events().first().value("object").toString(), QStringLiteral("chat.completion.chunk"));
    }

    void rawCompletions_data() { chatPlainAndStreamed_data(); }
    void rawCompletions() {
        QFETCH(bool, smollm3);
        ServerFixture& f = smollm3 ? smol_ : stories_;
        const QByteArray body = R"({"prompt":"Once upon a time","max_tokens":10,"temperature":0})";
        const HttpResult plain = f.post("/v1/completions", body);
        QCOMPARE(plain.status, 200);
        QCOMPARE(plain.json().value("object").toString(), QStringLiteral("text_completion"));
        const QString text = firstChoice(plain.json()).value("text").toString();
        QVERIFY(!text.isEmpty());
        QByteArray streamed = body;
        streamed.replace("}", ",\"stream\":true}");
        const Streamed s = collect(f.post("/v1/completions", streamed, {"-N"}));
        QVERIFY(s.done);
        QCOMPARE(s.content, text);
    }

    void stopStringsEndTheAnswer() {
        const HttpResult full = stories_.post(
            "/v1/completions", R"({"prompt":"Once upon a time","max_tokens":30,"temperature":0})");
        const QString text = firstChoice(full.json()).value("text").toString();
        QVERIFY2(text.size() > 12, qPrintable(text));
        const QString stop = text.mid(8, 3);
        const QString expected = text.left(text.indexOf(stop));
        const QByteArray body = QJsonDocument(QJsonObject{{"prompt", "Once upon a time"},
                                                          {"max_tokens", 30},
                                                          {"temperature", 0},
                                                          {"stop", QJsonArray{stop}}})
                                    .toJson(QJsonDocument::Compact);
        const HttpResult r = stories_.post("/v1/completions", body);
        QCOMPARE(r.status, 200);
        QCOMPARE(firstChoice(r.json()).value("text").toString(), expected);
        QCOMPARE(firstChoice(r.json()).value("finish_reason").toString(), QStringLiteral("stop"));
    }

    void seedMakesSamplingRepeat() {
        const QByteArray body =
            chatBody("Tom had a dog", 16, false, {{"temperature", 1.0}, {"top_p", 0.9}, {"seed", 7}});
        const QString a = firstChoice(stories_.post("/v1/chat/completions", body).json())
                              .value("message")
                              .toObject()
                              .value("content")
                              .toString();
        const QString b = firstChoice(stories_.post("/v1/chat/completions", body).json())
                              .value("message")
                              .toObject()
                              .value("content")
                              .toString();
        QVERIFY(!a.isEmpty());
        QCOMPARE(a, b);
    }

    // A follow-up of the same conversation reuses the KV cache of what it shares with the last request.
    void followUpReusesThePrefix() {
        const QString first = QStringLiteral("Lily went to the park with her mom and saw a big red ball");
        const HttpResult r1 = stories_.post("/v1/chat/completions", chatBody(first, 8));
        QCOMPARE(r1.status, 200);
        const QString answer = firstChoice(r1.json()).value("message").toObject().value("content").toString();
        const QJsonArray messages{QJsonObject{{"role", "user"}, {"content", first}},
                                  QJsonObject{{"role", "assistant"}, {"content", answer}},
                                  QJsonObject{{"role", "user"}, {"content", "Then she"}}};
        const QByteArray body =
            QJsonDocument(QJsonObject{{"messages", messages}, {"max_tokens", 4}, {"temperature", 0}})
                .toJson(QJsonDocument::Compact);
        const HttpResult r2 = stories_.post("/v1/chat/completions", body);
        QCOMPARE(r2.status, 200);
        const QJsonObject usage = r2.json().value("usage").toObject();
        const int cached = usage.value("prompt_tokens_details").toObject().value("cached_tokens").toInt();
        QVERIFY2(cached >= r1.json().value("usage").toObject().value("prompt_tokens").toInt() - 1,
                 qPrintable(QJsonDocument(usage).toJson()));
        QVERIFY(cached < usage.value("prompt_tokens").toInt());
    }

    void thinkingGoesToReasoningContent() {
        // A template that opens the thought in the generation prompt (DeepSeek-R1 style), so even
        // random weights "think": what they say goes to reasoning_content until </think>.
        TinyModelSpec spec;
        spec.edit = [](gguf::Writer& w) {
            w.set("tokenizer.chat_template",
                  gguf::WriteValue::string(
                      "{% for m in messages %}{{ m.role }}: {{ m.content }}\n{% endfor %}"
                      "{% if add_generation_prompt %}assistant:{% if enable_thinking is not "
                      "defined or enable_thinking %} <think>\n{% endif %}{% endif %}"));
        };
        ServerFixture f;
        QVERIFY(f.load(QString::fromStdString(writeTinyModel(spec, "server_thinking.gguf"))));
        QCOMPARE(f.start(), QString());

        const QJsonObject thought =
            firstChoice(f.post("/v1/chat/completions", chatBody("Hi", 6)).json()).value("message").toObject();
        QVERIFY(!thought.value("reasoning_content").toString().isEmpty());
        QCOMPARE(thought.value("content").toString(), QString());
        const Streamed s = collect(f.post("/v1/chat/completions", chatBody("Hi", 6, true), {"-N"}));
        QCOMPARE(s.reasoning, thought.value("reasoning_content").toString());
        QVERIFY(s.content.isEmpty());

        for (const QJsonObject& off :
             {QJsonObject{{"chat_template_kwargs", QJsonObject{{"enable_thinking", false}}}},
              QJsonObject{{"enable_thinking", false}}}) {
            const QJsonObject answer =
                firstChoice(f.post("/v1/chat/completions", chatBody("Hi", 6, false, off)).json())
                    .value("message")
                    .toObject();
            QVERIFY(!answer.contains("reasoning_content"));
            QVERIFY(!answer.value("content").toString().isEmpty());
        }
    }

    // A harmony template (it writes <|channel|>) whose generation prompt opens the analysis
    // channel unless the effort is low: random weights then "think" into reasoning_content;
    // reasoning_effort "low", or thinking off (low), makes them answer in content.
    void harmonyAnalysisIsReasoningContent() {
        TinyModelSpec spec;
        spec.edit = [](gguf::Writer& w) {
            w.set("tokenizer.chat_template",
                  gguf::WriteValue::string(
                      "{% for m in messages %}<|start|>{{ m.role }}<|message|>{{ m.content }}<|end|>{% "
                      "endfor %}"
                      "{% if add_generation_prompt %}<|start|>assistant<|channel|>"
                      "{% if reasoning_effort is defined and reasoning_effort == 'low' %}final"
                      "{% else %}analysis{% endif %}<|message|>{% endif %}"));
        };
        ServerFixture f;
        QVERIFY(f.load(QString::fromStdString(writeTinyModel(spec, "server_harmony.gguf"))));
        QCOMPARE(f.start(), QString());

        const QJsonObject thought =
            firstChoice(f.post("/v1/chat/completions", chatBody("Hi", 6)).json()).value("message").toObject();
        QVERIFY(!thought.value("reasoning_content").toString().isEmpty());
        QCOMPARE(thought.value("content").toString(), QString());
        const QJsonObject high = firstChoice(f.post("/v1/chat/completions",
                                                    chatBody("Hi", 6, false, {{"reasoning_effort", "high"}}))
                                                 .json())
                                     .value("message")
                                     .toObject();
        QVERIFY(!high.value("reasoning_content").toString().isEmpty());
        for (const QJsonObject& low :
             {QJsonObject{{"reasoning_effort", "low"}}, QJsonObject{{"enable_thinking", false}}}) {
            const QJsonObject answer =
                firstChoice(f.post("/v1/chat/completions", chatBody("Hi", 6, false, low)).json())
                    .value("message")
                    .toObject();
            QVERIFY(!answer.contains("reasoning_content"));
            QVERIFY(!answer.value("content").toString().isEmpty());
        }
    }

    // response_format and grammar: the answer follows the schema (checked field by field here;
    // test_grammar_generation validates with python3-jsonschema), plain and streamed, and a
    // schema or grammar the server cannot follow is a 400 naming the field and the keyword.
    void responseFormatAndGrammar() {
        const QJsonObject schema{
            {"type", "object"},
            {"properties",
             QJsonObject{{"name", QJsonObject{{"type", "string"}, {"maxLength", 8}}},
                         {"age", QJsonObject{{"type", "integer"}, {"minimum", 0}, {"maximum", 99}}}}},
            {"required", QJsonArray{"name", "age"}},
            {"additionalProperties", false}};
        const QJsonObject noThink{{"enable_thinking", false}};
        for (int seed = 1; seed <= 3; ++seed) {
            QJsonObject extra = noThink;
            extra.insert("temperature", 1.0);
            extra.insert("seed", seed);
            extra.insert("response_format",
                         QJsonObject{{"type", "json_schema"},
                                     {"json_schema", QJsonObject{{"name", "person"}, {"schema", schema}}}});
            for (bool stream : {false, true}) {
                const HttpResult r = smol_.post("/v1/chat/completions", chatBody("Who?", 120, stream, extra),
                                                stream ? QStringList{"-N"} : QStringList{});
                QCOMPARE(r.status, 200);
                const QString content =
                    stream ? collect(r).content
                           : firstChoice(r.json()).value("message").toObject().value("content").toString();
                QJsonParseError pe;
                const QJsonDocument doc = QJsonDocument::fromJson(content.toUtf8(), &pe);
                QVERIFY2(pe.error == QJsonParseError::NoError && doc.isObject(), qPrintable(content));
                const QJsonObject o = doc.object();
                QCOMPARE(o.size(), 2);
                QVERIFY(o.value("name").isString() && o.value("name").toString().size() <= 8);
                QVERIFY2(o.value("age").isDouble() && o.value("age").toInt() >= 0 &&
                             o.value("age").toInt() <= 99,
                         qPrintable(content));
            }
        }
        QJsonObject yesNo = noThink;
        yesNo.insert("grammar", "root ::= \"yes\" | \"no\"");
        yesNo.insert("temperature", 1.0);
        const QString answer =
            firstChoice(smol_.post("/v1/chat/completions", chatBody("?", 20, false, yesNo)).json())
                .value("message")
                .toObject()
                .value("content")
                .toString();
        QVERIFY2(answer == "yes" || answer == "no", qPrintable(answer));
        QJsonObject anyObject = noThink;
        anyObject.insert("response_format", QJsonObject{{"type", "json_object"}});
        anyObject.insert("temperature", 1.0);
        // Random weights write any object, often longer than max_tokens: seeds until one ends (the
        // seeds that do depend on the build's floating-point rounding, e.g. the asan preset's -O1).
        int objects = 0;
        for (int seed = 1; seed <= 16 && objects < 2; ++seed) {
            anyObject.insert("seed", seed);
            const QJsonObject c =
                firstChoice(smol_.post("/v1/chat/completions", chatBody("?", 200, false, anyObject)).json());
            if (c.value("finish_reason").toString() != "stop") continue; // cut at max_tokens: a prefix
            const QString content = c.value("message").toObject().value("content").toString();
            QVERIFY2(QJsonDocument::fromJson(content.toUtf8()).isObject(), qPrintable(content));
            ++objects;
        }
        QVERIFY(objects >= 1);

        auto expect400 = [&](const QJsonObject& extra, const QString& code, const QString& mentions) {
            const HttpResult r = smol_.post("/v1/chat/completions", chatBody("x", 4, false, extra));
            QCOMPARE(r.status, 400);
            const QJsonObject e = r.json().value("error").toObject();
            QCOMPARE(e.value("code").toString(), code);
            QVERIFY2(e.value("message").toString().contains(mentions),
                     qPrintable(e.value("message").toString()));
        };
        expect400(
            {{"response_format",
              QJsonObject{{"type", "json_schema"},
                          {"json_schema",
                           QJsonObject{{"schema", QJsonObject{{"type", "object"},
                                                              {"patternProperties", QJsonObject{}}}}}}}}},
            "invalid_json_schema", "patternProperties");
        expect400({{"grammar", "root ::= undefined-rule"}}, "invalid_grammar", "undefined-rule");
        expect400({{"response_format", QJsonObject{{"type", "xml"}}}}, "invalid_value", "response_format");
        expect400({{"response_format", QJsonObject{{"type", "json_object"}}}, {"grammar", "root ::= \"a\""}},
                  "invalid_value", "grammar");
    }

    void errors() {
        auto expect = [](const HttpResult& r, int status, const QString& code) {
            QVERIFY2(r.status == status, qPrintable(QStringLiteral("%1 instead of %2: %3")
                                                        .arg(r.status)
                                                        .arg(status)
                                                        .arg(QString::fromUtf8(r.body))));
            const QJsonObject e = r.json().value("error").toObject();
            QCOMPARE(e.value("code").toString(), code);
            QVERIFY(!e.value("message").toString().isEmpty());
            QVERIFY(!e.value("type").toString().isEmpty());
        };
        expect(stories_.post("/v1/chat/completions", "{\"messages\": [}"), 400, "invalid_json");
        expect(stories_.post("/v1/chat/completions", "{}"), 400, "invalid_value");
        expect(stories_.post("/v1/chat/completions", chatBody("x", 4, false, {{"model", "gpt-4o"}})), 404,
               "model_not_found");
        QCOMPARE(
            stories_.post("/v1/chat/completions", chatBody("x", 4, false, {{"model", "stories260K"}})).status,
            200);
        // The context is 256 tokens here.
        expect(stories_.post("/v1/chat/completions",
                             chatBody(QString("the cat sat on the mat ").repeated(80), 4)),
               400, "context_length_exceeded");
        expect(stories_.post("/v1/nothing", "{}"), 404, "unknown_url");
        expect(runCurl({stories_.url("/v1/chat/completions")}), 405, "method_not_allowed");
        expect(runCurl({"-d", QString::fromUtf8(chatBody("x", 2)), stories_.url("/v1/chat/completions")}),
               415, "unsupported_media_type");
        expect(runCurl({"-H", "Host: evil.example", stories_.url("/v1/models")}), 403, "forbidden_host");

        // Every error was logged with its status and code.
        QVERIFY(std::any_of(stories_.log.begin(), stories_.log.end(), [](const server::RequestLogEntry& e) {
            return e.status == 400 && e.outcome == QLatin1String("context_length_exceeded");
        }));
    }

    void bodyCapAndKey() {
        server::ServerOptions o;
        o.maxBodyBytes = 1024;
        o.apiKey = QStringLiteral("sekret");
        server::ApiServer capped(&stories_.worker());
        capped.setModel(QStringLiteral("stories260K"));
        o.port = 0;
        QCOMPARE(capped.start(o), QString());
        const QString base = QStringLiteral("http://127.0.0.1:%1").arg(capped.port());
        const QStringList json{"-H", "Content-Type: application/json"};
        const QStringList key{"-H", "Authorization: Bearer sekret"};
        HttpResult r = runCurl(json + QStringList{"--data-binary", QString::fromUtf8(chatBody("x", 2)),
                                                  base + "/v1/chat/completions"});
        QCOMPARE(r.status, 401);
        QCOMPARE(errorCode(r), QStringLiteral("missing_api_key"));
        r = runCurl({"-H", "Authorization: Bearer nope", base + "/v1/models"});
        QCOMPARE(r.status, 401);
        QCOMPARE(errorCode(r), QStringLiteral("invalid_api_key"));
        QCOMPARE(runCurl(key + QStringList{base + "/v1/models"}).status, 200);
        r = runCurl(json + key +
                    QStringList{"--data-binary", QString::fromUtf8(chatBody(QString(2000, 'a'), 2)),
                                base + "/v1/chat/completions"});
        QCOMPARE(r.status, 413);
        QCOMPARE(errorCode(r), QStringLiteral("request_too_large"));
        QCOMPARE(runCurl(json + key +
                         QStringList{"--data-binary", QString::fromUtf8(chatBody("x", 2)),
                                     base + "/v1/chat/completions"})
                     .status,
                 200);
    }

    void noModelLoaded() {
        server::ApiServer empty(&stories_.worker());
        server::ServerOptions o;
        o.port = 0;
        QCOMPARE(empty.start(o), QString());
        const QString base = QStringLiteral("http://127.0.0.1:%1").arg(empty.port());
        QCOMPARE(runCurl({base + "/v1/models"}).json().value("data").toArray().size(), 0);
        const HttpResult r = runCurl({"-H", "Content-Type: application/json", "--data-binary",
                                      QString::fromUtf8(chatBody("x", 2)), base + "/v1/chat/completions"});
        QCOMPARE(r.status, 503);
        QCOMPARE(errorCode(r), QStringLiteral("model_not_loaded"));
        QVERIFY(!r.headers.value("retry-after").isEmpty());
    }

    void tooManyConnections() {
        server::ServerOptions o;
        o.maxConnections = 1;
        o.port = 0;
        server::ApiServer narrow(&stories_.worker());
        narrow.setModel(QStringLiteral("stories260K"));
        QCOMPARE(narrow.start(o), QString());
        QTcpSocket idle;
        idle.connectToHost(QHostAddress::LocalHost, narrow.port());
        QVERIFY(idle.waitForConnected(5000));
        QTest::qWait(50); // the server accepts it
        const HttpResult r = runCurl({QStringLiteral("http://127.0.0.1:%1/v1/models").arg(narrow.port())});
        QCOMPARE(r.status, 503);
        QCOMPARE(errorCode(r), QStringLiteral("too_many_connections"));
        QVERIFY(!r.headers.value("retry-after").isEmpty());
        idle.abort();
        QTest::qWait(50);
        QCOMPARE(runCurl({QStringLiteral("http://127.0.0.1:%1/v1/models").arg(narrow.port())}).status, 200);
    }

    // A client that leaves mid-stream: its generation stops (long before max_tokens), a client
    // that found the queue full got 503 with Retry-After meanwhile, and the next request is served.
    void clientLeavesMidStream() {
        server::ServerOptions o;
        o.maxQueued = 0;
        o.port = 0;
        server::ApiServer one(&smol_.worker());
        one.setModel(QStringLiteral("smollm3-tiny"));
        QList<server::RequestLogEntry> log;
        connect(&one, &server::ApiServer::requestLogged, this,
                [&](const server::RequestLogEntry& e) { log.append(e); });
        QCOMPARE(one.start(o), QString());
        const QString base = QStringLiteral("http://127.0.0.1:%1").arg(one.port());

        QTcpSocket client;
        client.connectToHost(QHostAddress::LocalHost, one.port());
        QVERIFY(client.waitForConnected(5000));
        const QByteArray body = chatBody("Once upon a time", 3000, true, {{"ignore_eos", true}});
        client.write(
            "POST /v1/chat/completions HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            "Content-Length: " +
            QByteArray::number(body.size()) + "\r\n\r\n" + body);
        QByteArray received;
        QTRY_VERIFY_WITH_TIMEOUT((received += client.readAll()).count("\"content\":") >= 3, 20000);

        const HttpResult busy = runCurl({"-H", "Content-Type: application/json", "--data-binary",
                                         QString::fromUtf8(chatBody("x", 2)), base + "/v1/chat/completions"});
        QCOMPARE(busy.status, 503);
        QCOMPARE(errorCode(busy), QStringLiteral("queue_full"));
        QVERIFY(busy.headers.value("retry-after").toInt() >= 1);

        client.abort();
        QTRY_VERIFY_WITH_TIMEOUT(std::any_of(log.begin(), log.end(),
                                             [](const server::RequestLogEntry& e) {
                                                 return e.outcome == QLatin1String("cancelled");
                                             }),
                                 5000);
        const auto cancelled = *std::find_if(log.begin(), log.end(), [](const server::RequestLogEntry& e) {
            return e.outcome == QLatin1String("cancelled");
        });
        QCOMPARE(cancelled.status, 499);
        QVERIFY2(cancelled.completionTokens < 3000, qPrintable(cancelled.toLine()));
        qInfo().noquote() << "cancelled:" << cancelled.toLine();

        const HttpResult next = runCurl({"-H", "Content-Type: application/json", "--data-binary",
                                         QString::fromUtf8(chatBody("x", 2)), base + "/v1/chat/completions"});
        QCOMPARE(next.status, 200);
    }

    // 8 clients at once: none lost, each answered in turn (the engine ran one at a time), and each
    // got the answer it gets alone (no mixing of streams).
    void eightClientsAtOnce() {
        QStringList prompts;
        for (int i = 0; i < 8; ++i) prompts << QStringLiteral("Story %1: once there was a").arg(i);
        QStringList alone;
        for (const QString& p : prompts)
            alone << firstChoice(stories_.post("/v1/chat/completions", chatBody(p, 16)).json())
                         .value("message")
                         .toObject()
                         .value("content")
                         .toString();

        const int logBefore = static_cast<int>(stories_.log.size());
        QObject owner;
        QList<QProcess*> clients;
        for (int i = 0; i < 8; ++i) {
            const bool stream = i % 2 == 1;
            QStringList args{"-H", "Content-Type: application/json", "--data-binary",
                             QString::fromUtf8(chatBody(prompts[i], 16, stream)),
                             stories_.url("/v1/chat/completions")};
            if (stream) args.prepend("-N");
            clients << startCurl(args, &owner);
        }
        for (int i = 0; i < 8; ++i) {
            const HttpResult r = waitForCurl(clients[i]);
            QCOMPARE(r.status, 200);
            const QString content =
                i % 2 == 1 ? collect(r).content
                           : firstChoice(r.json()).value("message").toObject().value("content").toString();
            QCOMPARE(content, alone[i]);
        }
        QVERIFY(stories_.waitForLog(logBefore + 8));
        QList<server::RequestLogEntry> runs = stories_.log.mid(logBefore);
        std::sort(runs.begin(), runs.end(),
                  [](const auto& a, const auto& b) { return a.startedMs < b.startedMs; });
        for (int i = 0; i < runs.size(); ++i) {
            QCOMPARE(runs[i].status, 200);
            if (i > 0) QVERIFY(runs[i].startedMs >= runs[i - 1].endedMs); // in turn, never two at once
        }
    }
};

QTEST_GUILESS_MAIN(TestServerApi)
#include "test_server_api.moc"
