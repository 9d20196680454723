// The reading of chat-completion answers (app/remote/chat_stream.h) and the request body, without
// a network: streams as OpenAI, vLLM, llama-server and Ollama write them, split at every byte;
// broken streams; the body's fields; Retry-After.
#include "chat_request_body.h"
#include "chat_stream.h"
#include "remote_endpoint.h"
#include "remote_errors.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

using namespace smoldesk;
using namespace smoldesk::remote;

namespace {

// OpenAI's documented stream shape: role first, content pieces, finish, the include_usage chunk.
const QByteArray kOpenAiStream =
    "data: {\"id\":\"c\",\"object\":\"chat.completion.chunk\",\"choices\":[{\"index\":0,\"delta\":{\"role\":"
    "\"assistant\",\"content\":\"\"},\"finish_reason\":null}]}\n\n"
    "data: "
    "{\"id\":\"c\",\"object\":\"chat.completion.chunk\",\"choices\":[{\"index\":0,\"delta\":{\"content\":"
    "\"Hel\"},\"finish_reason\":null}]}\n\n"
    ": keep-alive comment\n\n"
    "data: "
    "{\"id\":\"c\",\"object\":\"chat.completion.chunk\",\"choices\":[{\"index\":0,\"delta\":{\"content\":"
    "\"lo \\u00e9\\ud83d\\ude00\"},\"finish_reason\":null}]}\r\n\r\n"
    "data: {\"id\":\"c\",\"object\":\"chat.completion.chunk\",\"choices\":[{\"index\":0,\"delta\":{},"
    "\"finish_reason\":\"stop\"}]}\n\n"
    "data: {\"id\":\"c\",\"object\":\"chat.completion.chunk\",\"choices\":[],\"usage\":{\"prompt_tokens\":9,"
    "\"completion_tokens\":3,\"total_tokens\":12}}\n\n"
    "data: [DONE]\n\n";

struct Collected {
    QString reasoning, content;
};

Collected feed(ChatStreamParser& p, const QByteArray& bytes, qsizetype piece) {
    Collected c;
    for (qsizetype at = 0; at < bytes.size(); at += piece) {
        const StreamText t = p.push(bytes.mid(at, piece));
        c.reasoning += t.reasoning;
        c.content += t.content;
    }
    return c;
}

} // namespace

class TestRemoteStream : public QObject {
    Q_OBJECT
  private slots:
    void openAiStreamInAnyPieces() {
        for (qsizetype piece : {qsizetype(1), qsizetype(2), qsizetype(7), kOpenAiStream.size()}) {
            ChatStreamParser p;
            const Collected c = feed(p, kOpenAiStream, piece);
            QCOMPARE(c.content, QStringLiteral("Hello é😀"));
            QVERIFY(c.reasoning.isEmpty());
            QVERIFY(p.done());
            QCOMPARE(p.finishReason(), QStringLiteral("stop"));
            QCOMPARE(p.usage().promptTokens, 9);
            QCOMPARE(p.usage().completionTokens, 3);
            QCOMPARE(p.usage().totalTokens, 12);
            QCOMPARE(p.problem(), StreamProblem::None);
        }
    }

    // DeepSeek / llama-server / SmolDesk write reasoning_content; vLLM and Ollama "reasoning".
    void reasoningInBothNames() {
        ChatStreamParser p;
        const Collected c =
            feed(p,
                 "data: {\"choices\":[{\"index\":0,\"delta\":{\"reasoning_content\":\"Let \"}}]}\n\n"
                 "data: {\"choices\":[{\"index\":0,\"delta\":{\"reasoning\":\"me see.\"}}]}\n\n"
                 "data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\"Yes.\"},"
                 "\"finish_reason\":\"stop\"}]}\n\n",
                 5);
        QCOMPARE(c.reasoning, QStringLiteral("Let me see."));
        QCOMPARE(c.content, QStringLiteral("Yes."));
        QVERIFY(!p.done()); // no [DONE], but a finish reason: the client accepts that end
        QCOMPARE(p.finishReason(), QStringLiteral("stop"));
    }

    void toolCallFragmentsJoin() {
        ChatStreamParser p;
        feed(p,
             "data: "
             "{\"choices\":[{\"index\":0,\"delta\":{\"tool_calls\":[{\"index\":0,\"id\":\"call_a\",\"type\":"
             "\"function\",\"function\":{\"name\":\"get_weather\",\"arguments\":\"\"}}]}}]}\n\n"
             "data: "
             "{\"choices\":[{\"index\":0,\"delta\":{\"tool_calls\":[{\"index\":0,\"function\":{\"arguments\":"
             "\"{\\\"city\\\":\"}}]}}]}\n\n"
             "data: {\"choices\":[{\"index\":0,\"delta\":{\"tool_calls\":[{\"index\":1,\"id\":\"call_b\","
             "\"function\":{\"name\":\"now\"}}]}}]}\n\n"
             "data: "
             "{\"choices\":[{\"index\":0,\"delta\":{\"tool_calls\":[{\"index\":0,\"function\":{\"arguments\":"
             "\" \\\"Paris\\\"}\"}}]}}]}\n\n"
             "data: {\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"tool_calls\"}]}\n\ndata: "
             "[DONE]\n\n",
             3);
        const QList<ToolCallDraft> calls = p.toolCalls();
        QCOMPARE(calls.size(), 2);
        QCOMPARE(calls[0].id, QStringLiteral("call_a"));
        QCOMPARE(calls[0].name, QStringLiteral("get_weather"));
        QCOMPARE(QJsonDocument::fromJson(calls[0].arguments.toUtf8()).object().value("city").toString(),
                 QStringLiteral("Paris"));
        QCOMPARE(calls[1].name, QStringLiteral("now"));
        QCOMPARE(calls[1].arguments, QStringLiteral("{}")); // no arguments: an empty object
        QCOMPARE(p.finishReason(), QStringLiteral("tool_calls"));
    }

    void brokenStreamsSayWhat() {
        ChatStreamParser notJson;
        feed(notJson,
             "data: {\"choices\":[{\"delta\":{\"content\":\"ok\"}}]}\n\ndata: {oops\n\ndata: [DONE]\n\n", 4);
        QCOMPARE(notJson.problem(), StreamProblem::MalformedEvent);
        QVERIFY(!notJson.done()); // nothing after the problem is read

        ChatStreamParser serverError;
        feed(serverError, "data: {\"error\":{\"message\":\"The worker crashed.\",\"code\":500}}\n\n", 100);
        QCOMPARE(serverError.problem(), StreamProblem::ServerError);
        QCOMPARE(serverError.problemDetail(), QStringLiteral("The worker crashed."));

        ChatStreamParser notChunk;
        feed(notChunk, "data: {\"hello\":1}\n\n", 100);
        QCOMPARE(notChunk.problem(), StreamProblem::MalformedEvent);

        ChatStreamParser oversized(64);
        feed(oversized, "data: " + QByteArray(200, 'x') + "\n\n", 10);
        QCOMPARE(oversized.problem(), StreamProblem::Oversized);

        ChatStreamParser badCalls;
        feed(badCalls, "data: {\"choices\":[{\"delta\":{\"tool_calls\":[{\"index\":100000}]}}]}\n\n", 100);
        QCOMPARE(badCalls.problem(), StreamProblem::MalformedEvent);
    }

    void wholeCompletionAndLists() {
        const ChatCompletion c = parseChatCompletion(
            R"({"choices":[{"index":0,"finish_reason":"tool_calls","message":{"role":"assistant","content":null,
                "reasoning_content":"hm","tool_calls":[{"id":"x","type":"function","function":{"name":"f",
                "arguments":{"a":1}}}]}}],"usage":{"prompt_tokens":4,"completion_tokens":2}})");
        QCOMPARE(c.problem, StreamProblem::None);
        QCOMPARE(c.reasoning, QStringLiteral("hm"));
        QCOMPARE(c.toolCalls.size(), 1);
        QCOMPARE(c.toolCalls[0].arguments, QStringLiteral("{\"a\":1}")); // Ollama's object form
        QCOMPARE(c.usage.totalTokens, 6); // prompt + completion when total is missing
        QCOMPARE(parseChatCompletion("<html>").problem, StreamProblem::MalformedEvent);

        QStringList ids;
        QString detail;
        QVERIFY(
            parseModelList(R"({"object":"list","data":[{"id":"a"},{"id":"b"},{"id":"a"}]})", &ids, &detail));
        QCOMPARE(ids, QStringList({"a", "b"}));
        QHash<QString, int> contexts;
        QVERIFY(parseModelList(
            R"({"data":[{"id":"v","max_model_len":32768},{"id":"l","meta":{"n_ctx_train":8192}},{"id":"n"}]})",
            &ids, &detail, &contexts));
        QCOMPARE(contexts.value("v"), 32768);
        QCOMPARE(contexts.value("l"), 8192);
        QVERIFY(!contexts.contains("n"));
        QVERIFY(parseModelList(R"({"models":[{"name":"llama3:8b"}]})", &ids, &detail)); // Ollama
        QCOMPARE(ids, QStringList({"llama3:8b"}));
        QVERIFY(!parseModelList("[]", &ids, &detail));
        QVERIFY(!detail.isEmpty());

        QCOMPARE(errorMessageOf(R"({"error":{"message":"Bad key"}})"), QStringLiteral("Bad key"));
        QCOMPARE(errorMessageOf(R"({"detail":"Not Found"})"), QStringLiteral("Not Found"));
        QCOMPARE(errorMessageOf("<html><body>502</body></html>"), QString());
        QCOMPARE(errorMessageOf("upstream timed out\nmore"), QStringLiteral("upstream timed out"));
    }

    void requestBody() {
        app::GenerationRequest r;
        r.turns = {{"system", "Be brief."}, {"user", "Weather?"}};
        app::ChatTurn call{"assistant", ""};
        call.toolCalls = {{"call_1", "get_weather", "{\"city\":\"Paris\"}"}};
        r.turns.append(call);
        app::ChatTurn result{"tool", "Sunny"};
        result.toolCallId = "call_1";
        result.name = "get_weather";
        r.turns.append(result);
        r.sampling.temperature = 0.3;
        r.sampling.topK = 20;
        r.sampling.maxTokens = 64;
        r.enableThinking = true;
        r.toolsJson =
            R"([{"type":"function","function":{"name":"get_weather","parameters":{"type":"object"}}}])";
        const QJsonObject o =
            QJsonDocument::fromJson(chatRequestBody(r, {QStringLiteral("m"), true, true})).object();
        QCOMPARE(o.value("model").toString(), QStringLiteral("m"));
        QCOMPARE(o.value("stream").toBool(), true);
        QCOMPARE(o.value("stream_options").toObject().value("include_usage").toBool(), true);
        QCOMPARE(o.value("max_tokens").toInt(), 64);
        QCOMPARE(o.value("top_k").toInt(), 20);
        QCOMPARE(o.value("chat_template_kwargs").toObject().value("enable_thinking").toBool(), true);
        QCOMPARE(o.value("tool_choice").toString(), QStringLiteral("auto"));
        const QJsonArray m = o.value("messages").toArray();
        QCOMPARE(m.size(), 4);
        QVERIFY(m[2].toObject().value("content").isNull()); // a call without text: content null
        QCOMPARE(m[2].toObject().value("tool_calls").toArray()[0].toObject().value("id").toString(),
                 QStringLiteral("call_1"));
        QCOMPARE(m[3].toObject().value("role").toString(), QStringLiteral("tool"));
        QCOMPARE(m[3].toObject().value("tool_call_id").toString(), QStringLiteral("call_1"));

        // OpenAI's own API refuses the extensions.
        const QJsonObject strict =
            QJsonDocument::fromJson(chatRequestBody(r, {QStringLiteral("m"), false, false})).object();
        QVERIFY(!strict.contains("top_k"));
        QVERIFY(!strict.contains("chat_template_kwargs"));
        QVERIFY(!strict.contains("stream_options"));
        QVERIFY(!acceptsExtensions(QUrl("https://api.openai.com/v1")));
        QVERIFY(acceptsExtensions(QUrl("http://gpu-box:8000/v1")));

        // A prompt with an image (the app's marker before its text) goes as OpenAI content parts.
        app::GenerationRequest seeing;
        app::ChatTurn look{"user", "<__media__>\nWhat is it?"};
        look.images = {QByteArray("\x89PNG\r\n\x1a\n", 8)};
        seeing.turns = {look};
        const QJsonArray parts =
            QJsonDocument::fromJson(chatRequestBody(seeing, {QStringLiteral("m"), false, true}))
                .object()
                .value("messages")
                .toArray()[0]
                .toObject()
                .value("content")
                .toArray();
        QCOMPARE(parts.size(), 2);
        QCOMPARE(parts[0].toObject().value("image_url").toObject().value("url").toString(),
                 QStringLiteral("data:image/png;base64,iVBORw0KGgo="));
        QCOMPARE(parts[1].toObject().value("text").toString(), QStringLiteral("What is it?"));
    }

    void urls() {
        QCOMPARE(apiUrl(QUrl("http://h:8080"), "/models").toString(),
                 QStringLiteral("http://h:8080/v1/models"));
        QCOMPARE(apiUrl(QUrl("http://h:8080/v1/"), "/models").toString(),
                 QStringLiteral("http://h:8080/v1/models"));
        QCOMPARE(apiUrl(QUrl("https://gw/team/openai/v1"), "/chat/completions").toString(),
                 QStringLiteral("https://gw/team/openai/v1/chat/completions"));
        QString error;
        QVERIFY(parseBaseUrl("http://localhost:11434/v1", &error).isValid());
        QVERIFY(error.isEmpty());
        parseBaseUrl("ftp://x", &error);
        QVERIFY(!error.isEmpty());
        parseBaseUrl("not a url", &error);
        QVERIFY(!error.isEmpty());
    }

    void retryAfter() {
        QCOMPARE(retryAfterSeconds("7"), 7);
        QCOMPARE(retryAfterSeconds(""), -1);
        QCOMPARE(retryAfterSeconds("soon"), -1);
        const QByteArray inTenSeconds =
            QDateTime::currentDateTimeUtc().addSecs(10).toString(Qt::RFC2822Date).toLatin1();
        QVERIFY(retryAfterSeconds(inTenSeconds) >= 8 && retryAfterSeconds(inTenSeconds) <= 10);
    }
};

QTEST_GUILESS_MAIN(TestRemoteStream)
#include "test_remote_stream.moc"
