#include "chat_stream.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace smoldesk::remote {
namespace {

constexpr int kMaxToolCalls = 128; // per answer: a server that sends more indices is not believed
constexpr qsizetype kMaxMessageChars = 300;

int countOf(const QJsonObject& usage, const char* key) {
    const QJsonValue v = usage.value(QLatin1String(key));
    return v.isDouble() && v.toDouble() >= 0 && v.toDouble() < 2e9 ? v.toInt() : -1;
}

Usage usageOf(const QJsonObject& o) {
    Usage u;
    u.promptTokens = countOf(o, "prompt_tokens");
    u.completionTokens = countOf(o, "completion_tokens");
    u.totalTokens = countOf(o, "total_tokens");
    if (u.totalTokens < 0 && u.promptTokens >= 0 && u.completionTokens >= 0)
        u.totalTokens = u.promptTokens + u.completionTokens;
    return u;
}

// "reasoning_content" (DeepSeek, llama-server, SmolDesk) or "reasoning" (vLLM, Ollama, OpenRouter).
QString reasoningOf(const QJsonObject& o) {
    const QJsonValue v = o.value(QLatin1String("reasoning_content"));
    return v.isString() ? v.toString() : o.value(QLatin1String("reasoning")).toString();
}

QString oneLine(QString text) {
    text = text.simplified();
    if (text.size() > kMaxMessageChars) text = text.left(kMaxMessageChars - 1) + QChar(0x2026);
    return text;
}

QString errorOf(const QJsonObject& o) {
    const QJsonValue e = o.value(QLatin1String("error"));
    if (e.isString()) return oneLine(e.toString());
    if (e.isObject()) {
        const QJsonObject eo = e.toObject();
        const QString message = eo.value(QLatin1String("message")).toString();
        if (!message.isEmpty()) return oneLine(message);
        return oneLine(QString::fromUtf8(QJsonDocument(eo).toJson(QJsonDocument::Compact)));
    }
    const QJsonValue detail = o.value(QLatin1String("detail"));
    if (detail.isString()) return oneLine(detail.toString());
    if (detail.isArray() || detail.isObject())
        return oneLine(QString::fromUtf8(
            detail.isArray() ? QJsonDocument(detail.toArray()).toJson(QJsonDocument::Compact)
                             : QJsonDocument(detail.toObject()).toJson(QJsonDocument::Compact)));
    return {};
}

// Adds the tool-call fragments of one delta (or a whole message's calls) to `calls`; false when
// they are not shaped as OpenAI's.
bool addToolCalls(const QJsonValue& value, std::map<int, ToolCallDraft>& calls) {
    if (value.isUndefined() || value.isNull()) return true;
    if (!value.isArray()) return false;
    int position = 0;
    for (const QJsonValue& v : value.toArray()) {
        if (!v.isObject()) return false;
        const QJsonObject c = v.toObject();
        // Some servers leave the index out of whole (not streamed) calls: their order is it.
        const QJsonValue indexValue = c.value(QLatin1String("index"));
        const int index = indexValue.isDouble() ? indexValue.toInt(-1) : position;
        ++position;
        if (index < 0 || index >= kMaxToolCalls) return false;
        ToolCallDraft& d = calls[index];
        const QString id = c.value(QLatin1String("id")).toString();
        if (!id.isEmpty()) d.id = id;
        const QJsonObject f = c.value(QLatin1String("function")).toObject();
        const QString name = f.value(QLatin1String("name")).toString();
        if (!name.isEmpty()) d.name = name;
        const QJsonValue args = f.value(QLatin1String("arguments"));
        if (args.isString())
            d.arguments += args.toString();
        else if (args.isObject()) // Ollama's native form: an object, not its JSON text
            d.arguments += QString::fromUtf8(QJsonDocument(args.toObject()).toJson(QJsonDocument::Compact));
    }
    return true;
}

QList<ToolCallDraft> listOf(const std::map<int, ToolCallDraft>& calls) {
    QList<ToolCallDraft> out;
    for (const auto& [index, call] : calls) {
        ToolCallDraft c = call;
        if (c.id.isEmpty()) c.id = QStringLiteral("call_%1").arg(index);
        if (c.arguments.trimmed().isEmpty()) c.arguments = QStringLiteral("{}");
        out.append(c);
    }
    return out;
}

} // namespace

StreamText ChatStreamParser::push(const QByteArray& bytes) {
    StreamText out;
    if (problem_ != StreamProblem::None || done_) return out;
    const framing::FramedMessages framed = sse_.push(bytes);
    for (const QByteArray& payload : framed.messages) {
        if (problem_ != StreamProblem::None || done_) break;
        takeEvent(payload, out);
    }
    if (framed.oversized > 0 && problem_ == StreamProblem::None && !done_)
        fail(StreamProblem::Oversized,
             QStringLiteral("an event larger than %1 bytes").arg(framing::kMaxMessageBytes));
    return out;
}

void ChatStreamParser::fail(StreamProblem p, const QString& detail) {
    problem_ = p;
    problemDetail_ = detail;
}

void ChatStreamParser::takeEvent(const QByteArray& payload, StreamText& out) {
    ++events_;
    if (payload.trimmed() == "[DONE]") {
        done_ = true;
        return;
    }
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(payload, &error);
    if (error.error != QJsonParseError::NoError || !doc.isObject()) {
        fail(StreamProblem::MalformedEvent, error.error != QJsonParseError::NoError
                                                ? error.errorString()
                                                : QStringLiteral("not a JSON object"));
        return;
    }
    const QJsonObject o = doc.object();
    if (o.contains(QLatin1String("error"))) {
        fail(StreamProblem::ServerError, errorOf(o));
        return;
    }
    const QJsonValue usage = o.value(QLatin1String("usage"));
    if (usage.isObject()) {
        const Usage u = usageOf(usage.toObject());
        if (u.known()) usage_ = u;
    }
    const QJsonValue choices = o.value(QLatin1String("choices"));
    if (!choices.isArray()) {
        // The usage-only chunk of stream_options.include_usage has choices: []; no choices at all
        // and no usage is not a chunk.
        if (!usage.isObject()) fail(StreamProblem::MalformedEvent, QStringLiteral("no \"choices\""));
        return;
    }
    for (const QJsonValue& c : choices.toArray()) {
        const QJsonObject choice = c.toObject();
        if (choice.value(QLatin1String("index")).toInt(0) != 0) continue; // we ask for one answer
        const QJsonValue delta = choice.value(QLatin1String("delta"));
        if (!delta.isObject() && !delta.isUndefined() && !delta.isNull()) {
            fail(StreamProblem::MalformedEvent, QStringLiteral("\"delta\" is not an object"));
            return;
        }
        const QJsonObject d = delta.toObject();
        out.reasoning += reasoningOf(d);
        out.content += d.value(QLatin1String("content")).toString();
        if (!addToolCalls(d.value(QLatin1String("tool_calls")), calls_)) {
            fail(StreamProblem::MalformedEvent, QStringLiteral("\"tool_calls\" is not a list of calls"));
            return;
        }
        const QString finish = choice.value(QLatin1String("finish_reason")).toString();
        if (!finish.isEmpty()) finishReason_ = finish;
    }
}

QList<ToolCallDraft> ChatStreamParser::toolCalls() const {
    return listOf(calls_);
}

ChatCompletion parseChatCompletion(const QByteArray& body) {
    ChatCompletion r;
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(body, &error);
    if (error.error != QJsonParseError::NoError || !doc.isObject()) {
        r.problem = StreamProblem::MalformedEvent;
        r.problemDetail = error.error != QJsonParseError::NoError ? error.errorString()
                                                                  : QStringLiteral("not a JSON object");
        return r;
    }
    const QJsonObject o = doc.object();
    if (o.contains(QLatin1String("error"))) {
        r.problem = StreamProblem::ServerError;
        r.problemDetail = errorOf(o);
        return r;
    }
    r.usage = usageOf(o.value(QLatin1String("usage")).toObject());
    const QJsonArray choices = o.value(QLatin1String("choices")).toArray();
    if (choices.isEmpty() || !choices.at(0).isObject()) {
        r.problem = StreamProblem::MalformedEvent;
        r.problemDetail = QStringLiteral("no \"choices\"");
        return r;
    }
    const QJsonObject choice = choices.at(0).toObject();
    const QJsonObject message = choice.value(QLatin1String("message")).toObject();
    r.reasoning = reasoningOf(message);
    r.content = message.value(QLatin1String("content")).toString();
    r.finishReason = choice.value(QLatin1String("finish_reason")).toString();
    std::map<int, ToolCallDraft> calls;
    if (!addToolCalls(message.value(QLatin1String("tool_calls")), calls)) {
        r.problem = StreamProblem::MalformedEvent;
        r.problemDetail = QStringLiteral("\"tool_calls\" is not a list of calls");
        return r;
    }
    r.toolCalls = listOf(calls);
    return r;
}

QString errorMessageOf(const QByteArray& body) {
    const QJsonDocument doc = QJsonDocument::fromJson(body);
    if (doc.isObject()) return errorOf(doc.object());
    // A plain-text error page (a proxy's): its first line says enough.
    const QString text = QString::fromUtf8(body.left(4096)).trimmed();
    if (text.startsWith(QLatin1Char('<'))) return {}; // HTML: nothing one sentence could quote
    return oneLine(text.section(QLatin1Char('\n'), 0, 0));
}

bool parseModelList(const QByteArray& body, QStringList* ids, QString* detail,
                    QHash<QString, int>* contexts) {
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(body, &error);
    if (error.error != QJsonParseError::NoError || !doc.isObject()) {
        *detail = error.error != QJsonParseError::NoError ? error.errorString()
                                                          : QStringLiteral("not a JSON object");
        return false;
    }
    const QJsonObject o = doc.object();
    QJsonValue list = o.value(QLatin1String("data"));
    if (!list.isArray()) list = o.value(QLatin1String("models"));
    if (!list.isArray()) {
        *detail = QStringLiteral("no \"data\" list");
        return false;
    }
    ids->clear();
    for (const QJsonValue& v : list.toArray()) {
        const QJsonObject m = v.toObject();
        QString id = m.value(QLatin1String("id")).toString();
        if (id.isEmpty()) id = m.value(QLatin1String("name")).toString(); // Ollama's /api/tags form
        if (id.isEmpty() || ids->contains(id)) continue;
        ids->append(id);
        if (!contexts) continue;
        for (const QJsonValue& v :
             {m.value(QLatin1String("max_model_len")), m.value(QLatin1String("max_context_length")),
              m.value(QLatin1String("context_length")),
              m.value(QLatin1String("meta")).toObject().value(QLatin1String("n_ctx_train"))}) {
            if (v.isDouble() && v.toDouble() >= 1 && v.toDouble() < 1e8) {
                contexts->insert(id, v.toInt());
                break;
            }
        }
    }
    return true;
}

} // namespace smoldesk::remote
