// The remote client (app/remote) against real servers on loopback, each a separate process:
// `smoldesk-cli serve` on tiny models (plain and streamed chats, reasoning_content, a tool round
// trip, a refused key) and misbehaving_server.py (every error status, a malformed stream, an error
// event, a server killed mid-stream, a slow server and Stop, connection refused, TLS).
#include "remote_fixture.h"
#include "test_data.h"
#include "tiny_model.h"

#include "gguf/writer.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTcpServer>
#include <QTemporaryDir>

using namespace smoldesk;
using namespace smoldesk::test;

namespace {

const QString kTools = QStringLiteral(
    R"([{"type":"function","function":{"name":"get_weather","description":"The weather in a city.",)"
    R"("parameters":{"type":"object","properties":{"city":{"type":"string"}},"required":["city"],)"
    R"("additionalProperties":false}}}])");

QList<QJsonObject> loggedBodies(const QString& file) {
    QFile f(file);
    QList<QJsonObject> out;
    if (!f.open(QIODevice::ReadOnly)) return out;
    for (const QByteArray& line : f.readAll().split('\n'))
        if (!line.trimmed().isEmpty()) out.append(QJsonDocument::fromJson(line).object());
    return out;
}

} // namespace

class TestRemoteClient : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    MisbehavingServer bad_;
    QString log_;

  private slots:
    void initTestCase() {
        QVERIFY(dir_.isValid());
        log_ = dir_.filePath(QStringLiteral("requests.jsonl"));
        const QString why = bad_.start(log_);
        if (!why.isEmpty()) SMOLDESK_SKIP_OR_FAIL(qPrintable(why));
    }

    // --- misbehaving_server.py: what the client makes of each answer --------------------------

    void streamedAnswerWithReasoningAndUsage() {
        const ChatOutcome o =
            runChat(bad_.endpoint(), QStringLiteral("stream"), userTurn(QStringLiteral("Hi")));
        QCOMPARE(o.failure, QString());
        QCOMPARE(o.reasoning, QStringLiteral("Let me think."));
        QCOMPARE(o.content, QStringLiteral("Hello, world."));
        QCOMPARE(o.result.finishReason, QStringLiteral("stop"));
        QCOMPARE(o.result.usage.promptTokens, 11);
        QCOMPARE(o.result.usage.completionTokens, 5);
        QCOMPARE(o.result.usage.totalTokens, 16);
        const QJsonObject sent = loggedBodies(log_).last();
        QCOMPARE(sent.value("stream").toBool(), true);
        QCOMPARE(sent.value("stream_options").toObject().value("include_usage").toBool(), true);
        QCOMPARE(sent.value("messages").toArray().at(0).toObject().value("content").toString(),
                 QStringLiteral("Hi"));
    }

    void wholeAnswer() {
        const ChatOutcome o =
            runChat(bad_.endpoint(), QStringLiteral("whole"), userTurn(QStringLiteral("Hi")));
        QCOMPARE(o.failure, QString());
        QCOMPARE(o.content, QStringLiteral("Hello whole."));
        QCOMPARE(o.reasoning, QStringLiteral("Short thought."));
        QCOMPARE(o.result.usage.totalTokens, 16);
    }

    void toolCallsAndResultsGoBack() {
        app::GenerationRequest r = userTurn(QStringLiteral("Weather in Paris?"));
        r.toolsJson = kTools;
        const ChatOutcome o = runChat(bad_.endpoint(), QStringLiteral("stream"), r);
        QCOMPARE(o.failure, QString());
        QCOMPARE(o.result.finishReason, QStringLiteral("tool_calls"));
        QCOMPARE(o.result.toolCalls.size(), 1);
        QCOMPARE(o.result.toolCalls[0].id, QStringLiteral("call_1"));
        QCOMPARE(o.result.toolCalls[0].name, QStringLiteral("get_weather"));
        QCOMPARE(o.result.toolCalls[0].arguments, QStringLiteral("{\"a\": 1}"));
        QCOMPARE(loggedBodies(log_).last().value("tools").toArray().size(), 1);

        app::ChatTurn call{QStringLiteral("assistant"), QString()};
        call.toolCalls = {
            {o.result.toolCalls[0].id, o.result.toolCalls[0].name, o.result.toolCalls[0].arguments}};
        app::ChatTurn result{QStringLiteral("tool"), QStringLiteral("Sunny, 24 °C")};
        result.toolCallId = QStringLiteral("call_1");
        r.turns << call << result;
        runChat(bad_.endpoint(), QStringLiteral("stream"), r);
        const QJsonArray messages = loggedBodies(log_).last().value("messages").toArray();
        QCOMPARE(messages.size(), 3);
        QCOMPARE(messages[1].toObject().value("tool_calls").toArray().size(), 1);
        QCOMPARE(messages[2].toObject().value("role").toString(), QStringLiteral("tool"));
        QCOMPARE(messages[2].toObject().value("tool_call_id").toString(), QStringLiteral("call_1"));
        QCOMPARE(messages[2].toObject().value("content").toString(), QStringLiteral("Sunny, 24 °C"));
    }

    void errorStatusesAreOneSentenceEach() {
        const struct {
            const char* model;
            const char* key;
            int status;
            const char* says;
        } cases[] = {
            {"stream", "wrong-key", 401, "refused the API key"},
            {"missing", "good-key", 404, "has no model “missing”"},
            {"busy", "good-key", 429, "try again in 7 seconds"},
            {"broken", "good-key", 500, "server error (HTTP 500)"},
        };
        for (const auto& c : cases) {
            const ChatOutcome o = runChat(bad_.endpoint(QString::fromLatin1(c.key)),
                                          QString::fromLatin1(c.model), userTurn(QStringLiteral("Hi")));
            QVERIFY2(o.failure.contains(QString::fromUtf8(c.says)), qPrintable(o.failure));
            QCOMPARE(o.status, c.status);
            QVERIFY(!o.failure.contains(QLatin1String("wrong-key")));
            QVERIFY(!o.failure.contains(QLatin1Char('\n')));
        }
        QVERIFY(runChat(bad_.endpoint(), QStringLiteral("broken"), userTurn(QStringLiteral("Hi")))
                    .failure.contains(QLatin1String("CUDA out of memory")));

        const ChatOutcome garbage =
            runChat(bad_.endpoint(), QStringLiteral("garbage"), userTurn(QStringLiteral("Hi")));
        QVERIFY2(garbage.failure.contains(QLatin1String("not an OpenAI chat completion")),
                 qPrintable(garbage.failure));
        QCOMPARE(garbage.content, QStringLiteral("Fine so far")); // what came before stays shown
        const ChatOutcome event =
            runChat(bad_.endpoint(), QStringLiteral("error-event"), userTurn(QStringLiteral("Hi")));
        QVERIFY2(event.failure.contains(QLatin1String("The worker crashed.")), qPrintable(event.failure));

        QString failure;
        QVERIFY(listModels(bad_.endpoint(QStringLiteral("nope")), &failure).isEmpty());
        QVERIFY2(failure.contains(QLatin1String("refused the API key")), qPrintable(failure));
        failure.clear();
        QCOMPARE(listModels(bad_.endpoint(), &failure).size(), 9);
        QCOMPARE(failure, QString());
    }

    void stopClosesASlowStream() {
        remote::RemoteChatClient client;
        QString text;
        remote::RemoteResult result;
        bool ended = false;
        connect(&client, &remote::RemoteChatClient::text, this,
                [&](const QString&, const QString& c) { text += c; });
        connect(&client, &remote::RemoteChatClient::finished, this, [&](const remote::RemoteResult& r) {
            result = r;
            ended = true;
        });
        connect(&client, &remote::RemoteChatClient::failed, this, [&] { ended = true; });
        client.start(bad_.endpoint(), QStringLiteral("slow"), userTurn(QStringLiteral("Hi")));
        QVERIFY(QTest::qWaitFor([&] { return text.contains(QLatin1String("tick 1 ")); }, 10000));
        QElapsedTimer t;
        t.start();
        client.stop();
        QVERIFY(QTest::qWaitFor([&] { return ended; }, 2000));
        QVERIFY2(t.elapsed() < 500, qPrintable(QString::number(t.elapsed())));
        QCOMPARE(result.finishReason, QStringLiteral("stopped"));
        QVERIFY(!client.running());
        const QString shown = text;
        QTest::qWait(500); // nothing arrives after Stop
        QCOMPARE(text, shown);
    }

    void serverKilledMidStreamThenRefused() {
        MisbehavingServer dying;
        QCOMPARE(dying.start(), QString());
        const ChatOutcome o =
            runChat(dying.endpoint(), QStringLiteral("die"), userTurn(QStringLiteral("Hi")));
        QCOMPARE(o.content, QStringLiteral("Half an answer"));
        QVERIFY2(o.failure.contains(QLatin1String("closed the connection before the answer was complete")),
                 qPrintable(o.failure));
        QVERIFY(
            QTest::qWaitFor([&] { return dying.process().process().state() == QProcess::NotRunning; }, 5000));
        // Nothing listens on that port any more.
        const ChatOutcome refused =
            runChat(dying.endpoint(), QStringLiteral("stream"), userTurn(QStringLiteral("Hi")));
        QVERIFY2(refused.failure.contains(QLatin1String("Nothing answers at http://127.0.0.1:")),
                 qPrintable(refused.failure));
    }

    void tlsFailureIsOneSentence() {
        // https:// to a server that speaks plain HTTP: the TLS handshake fails.
        remote::Endpoint e = bad_.endpoint();
        e.baseUrl.setScheme(QStringLiteral("https"));
        const ChatOutcome o = runChat(e, QStringLiteral("stream"), userTurn(QStringLiteral("Hi")));
        QVERIFY2(o.failure.contains(QLatin1String("secure connection")), qPrintable(o.failure));
        QVERIFY(!o.failure.contains(QLatin1Char('\n')));
    }

    // --- smoldesk-cli serve: a real OpenAI-compatible server --------------------------------

    void smolDeskServePlainStreamedAndKey() {
        ServeServer serve;
        QVERIFY(serve.start(QString::fromStdString(dataPath("models/smollm3-tiny.gguf")),
                            {"--api-key", "serve-key"}));
        remote::Endpoint e{QStringLiteral("serve"), serve.baseUrl(), QStringLiteral("serve-key")};
        QString failure;
        const QStringList models = listModels(e, &failure);
        QCOMPARE(failure, QString());
        QCOMPARE(models.size(), 1);

        const ChatOutcome streamed = runChat(e, models[0], userTurn(QStringLiteral("Hello"), 12));
        QCOMPARE(streamed.failure, QString());
        QVERIFY(!streamed.content.isEmpty());
        QVERIFY(streamed.result.usage.promptTokens > 0);
        QVERIFY(streamed.result.usage.completionTokens > 0 && streamed.result.usage.completionTokens <= 12);
        QVERIFY(streamed.result.events > 2);
        // Not streamed: the same greedy answer, whole.
        const ChatOutcome whole = runChat(e, models[0], userTurn(QStringLiteral("Hello"), 12), false);
        QCOMPARE(whole.failure, QString());
        QCOMPARE(whole.content, streamed.content);
        QCOMPARE(whole.result.usage.completionTokens, streamed.result.usage.completionTokens);

        e.apiKey = QStringLiteral("wrong");
        const ChatOutcome refused = runChat(e, models[0], userTurn(QStringLiteral("Hello")));
        QVERIFY2(refused.failure.contains(QLatin1String("refused the API key")), qPrintable(refused.failure));
        QCOMPARE(refused.status, 401);
        e.apiKey = QStringLiteral("serve-key");
        const ChatOutcome unknown =
            runChat(e, QStringLiteral("no-such-model"), userTurn(QStringLiteral("Hello")));
        QVERIFY2(!unknown.failure.isEmpty() || unknown.ended, "an unknown model either fails or is served");
    }

    void smolDeskServeReasoningContent() {
        // A template that opens the thought in the generation prompt, so random weights "think".
        TinyModelSpec spec;
        spec.edit = [](gguf::Writer& w) {
            w.set("tokenizer.chat_template",
                  gguf::WriteValue::string(
                      "{% for m in messages %}{{ m.role }}: {{ m.content }}\n{% endfor %}"
                      "{% if add_generation_prompt %}assistant:{% if enable_thinking is not "
                      "defined or enable_thinking %} <think>\n{% endif %}{% endif %}"));
        };
        ServeServer serve;
        QVERIFY(serve.start(QString::fromStdString(writeTinyModel(spec, "remote_thinking.gguf"))));
        remote::Endpoint e{QStringLiteral("serve"), serve.baseUrl(), {}};
        QString failure;
        const QString model = listModels(e, &failure).value(0);
        app::GenerationRequest r = userTurn(QStringLiteral("Hi"), 8);
        r.enableThinking = true;
        const ChatOutcome thinking = runChat(e, model, r);
        QCOMPARE(thinking.failure, QString());
        QVERIFY(!thinking.reasoning.isEmpty());
        QVERIFY(thinking.content.isEmpty());
        // chat_template_kwargs.enable_thinking = false reaches the template: no thought.
        r.enableThinking = false;
        const ChatOutcome plain = runChat(e, model, r);
        QCOMPARE(plain.failure, QString());
        QVERIFY(plain.reasoning.isEmpty());
        QVERIFY(!plain.content.isEmpty());
    }

    void smolDeskServeToolRoundTrip() {
        // An enum keeps the random weights' city short (as tests/server/openai_tools.cjs does).
        const QString tools = QStringLiteral(
            R"([{"type":"function","function":{"name":"get_weather","description":"The weather in a city.",)"
            R"("parameters":{"type":"object","properties":{"city":{"type":"string","enum":["Paris","Rome"]}},)"
            R"("required":["city"],"additionalProperties":false}}}])");
        ServeServer serve;
        QVERIFY(serve.start(
            QString::fromStdString(writeTinyModelWithSmolLM3Template(dir_.path().toStdString()))));
        remote::Endpoint e{QStringLiteral("serve"), serve.baseUrl(), {}};
        QString failure;
        const QString model = listModels(e, &failure).value(0);
        app::GenerationRequest r = userTurn(QStringLiteral("Weather in Paris?"), 200);
        r.enableThinking = false;
        r.toolsJson = tools;
        r.toolChoice = app::GenerationRequest::ToolChoice::Required; // random weights call when made to
        r.parallelToolCalls = false;
        const ChatOutcome first = runChat(e, model, r);
        QCOMPARE(first.failure, QString());
        QCOMPARE(first.result.finishReason, QStringLiteral("tool_calls"));
        QCOMPARE(first.result.toolCalls.size(), 1);
        QCOMPARE(first.result.toolCalls[0].name, QStringLiteral("get_weather"));
        const QJsonObject args =
            QJsonDocument::fromJson(first.result.toolCalls[0].arguments.toUtf8()).object();
        QVERIFY2(args.value("city").isString(), qPrintable(first.result.toolCalls[0].arguments));

        app::ChatTurn call{QStringLiteral("assistant"), QString()};
        call.toolCalls = {{first.result.toolCalls[0].id, QStringLiteral("get_weather"),
                           first.result.toolCalls[0].arguments}};
        app::ChatTurn result{QStringLiteral("tool"), QStringLiteral("Sunny, 24 °C")};
        result.toolCallId = first.result.toolCalls[0].id;
        result.name = QStringLiteral("get_weather");
        r.turns << call << result;
        r.toolChoice = app::GenerationRequest::ToolChoice::Auto; // as the app's next round
        r.sampling.maxTokens = 8;
        const ChatOutcome second = runChat(e, model, r);
        QCOMPARE(second.failure, QString());
        QVERIFY(second.result.usage.promptTokens > first.result.usage.promptTokens); // the result went in
    }
};

QTEST_GUILESS_MAIN(TestRemoteClient)
#include "test_remote_client.moc"
