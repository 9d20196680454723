#include "openai_response.h"

#include <QJsonArray>

#include <algorithm>

namespace smoldesk::server {
namespace {

QJsonObject envelope(const ResponseIdentity& who, const char* object) {
    return QJsonObject{{QStringLiteral("id"), who.id},
                       {QStringLiteral("object"), QLatin1String(object)},
                       {QStringLiteral("created"), who.created},
                       {QStringLiteral("model"), who.model}};
}

} // namespace

QJsonObject Usage::toJson() const {
    return QJsonObject{{QStringLiteral("prompt_tokens"), promptTokens},
                       {QStringLiteral("completion_tokens"), completionTokens},
                       {QStringLiteral("total_tokens"), promptTokens + completionTokens},
                       {QStringLiteral("prompt_tokens_details"),
                        QJsonObject{{QStringLiteral("cached_tokens"), cachedTokens}}}};
}

QString finishReason(const QString& stopReason) {
    if (stopReason == QLatin1String("max-tokens") || stopReason == QLatin1String("context-full"))
        return QStringLiteral("length");
    return QStringLiteral("stop");
}

QJsonObject modelObject(const QString& modelId, qint64 created) {
    return QJsonObject{{QStringLiteral("id"), modelId},
                       {QStringLiteral("object"), QStringLiteral("model")},
                       {QStringLiteral("created"), created},
                       {QStringLiteral("owned_by"), QStringLiteral("smoldesk")}};
}

QJsonObject modelList(const QString& modelId, qint64 created) {
    QJsonArray data;
    if (!modelId.isEmpty()) data.append(modelObject(modelId, created));
    return QJsonObject{{QStringLiteral("object"), QStringLiteral("list")}, {QStringLiteral("data"), data}};
}

QJsonObject toolCallJson(const QString& id, const QString& name, const QString& arguments) {
    return QJsonObject{{QStringLiteral("id"), id},
                       {QStringLiteral("type"), QStringLiteral("function")},
                       {QStringLiteral("function"), QJsonObject{{QStringLiteral("name"), name},
                                                                {QStringLiteral("arguments"), arguments}}}};
}

QList<QJsonObject> toolCallDeltas(int index, const QString& id, const QString& name,
                                  const QString& arguments) {
    auto delta = [index](const QJsonObject& fields) {
        QJsonObject call = fields;
        call.insert(QStringLiteral("index"), index);
        return QJsonObject{{QStringLiteral("tool_calls"), QJsonArray{call}}};
    };
    QList<QJsonObject> out;
    out.append(delta(
        QJsonObject{{QStringLiteral("id"), id},
                    {QStringLiteral("type"), QStringLiteral("function")},
                    {QStringLiteral("function"), QJsonObject{{QStringLiteral("name"), name},
                                                             {QStringLiteral("arguments"), QString()}}}}));
    // Fragments of the arguments, as a client that concatenates them expects (never splitting a
    // surrogate pair).
    constexpr qsizetype kFragment = 24;
    for (qsizetype at = 0; at < arguments.size();) {
        qsizetype len = std::min(kFragment, arguments.size() - at);
        if (at + len < arguments.size() && arguments.at(at + len - 1).isHighSurrogate()) ++len;
        out.append(delta(QJsonObject{{QStringLiteral("function"),
                                      QJsonObject{{QStringLiteral("arguments"), arguments.mid(at, len)}}}}));
        at += len;
    }
    return out;
}

QJsonObject chatCompletion(const ResponseIdentity& who, const QString& content, const QString& reasoning,
                           const QString& finish, const Usage& usage, const QJsonArray& toolCalls) {
    QJsonObject message{{QStringLiteral("role"), QStringLiteral("assistant")},
                        {QStringLiteral("content"), content.trimmed().isEmpty() && !toolCalls.isEmpty()
                                                        ? QJsonValue()
                                                        : QJsonValue(content)}};
    if (!toolCalls.isEmpty()) message.insert(QStringLiteral("tool_calls"), toolCalls);
    if (!reasoning.isEmpty()) message.insert(QStringLiteral("reasoning_content"), reasoning);
    QJsonObject o = envelope(who, "chat.completion");
    o.insert(QStringLiteral("choices"), QJsonArray{QJsonObject{{QStringLiteral("index"), 0},
                                                               {QStringLiteral("message"), message},
                                                               {QStringLiteral("logprobs"), QJsonValue()},
                                                               {QStringLiteral("finish_reason"), finish}}});
    o.insert(QStringLiteral("usage"), usage.toJson());
    return o;
}

QJsonObject chatChunk(const ResponseIdentity& who, const QJsonObject& delta, const QJsonValue& finish) {
    QJsonObject o = envelope(who, "chat.completion.chunk");
    o.insert(QStringLiteral("choices"), QJsonArray{QJsonObject{{QStringLiteral("index"), 0},
                                                               {QStringLiteral("delta"), delta},
                                                               {QStringLiteral("logprobs"), QJsonValue()},
                                                               {QStringLiteral("finish_reason"), finish}}});
    return o;
}

QJsonObject textCompletion(const ResponseIdentity& who, const QString& text, const QString& finish,
                           const Usage& usage) {
    QJsonObject o = envelope(who, "text_completion");
    o.insert(QStringLiteral("choices"), QJsonArray{QJsonObject{{QStringLiteral("index"), 0},
                                                               {QStringLiteral("text"), text},
                                                               {QStringLiteral("logprobs"), QJsonValue()},
                                                               {QStringLiteral("finish_reason"), finish}}});
    o.insert(QStringLiteral("usage"), usage.toJson());
    return o;
}

QJsonObject textChunk(const ResponseIdentity& who, const QString& text, const QJsonValue& finish) {
    QJsonObject o = envelope(who, "text_completion");
    o.insert(QStringLiteral("choices"), QJsonArray{QJsonObject{{QStringLiteral("index"), 0},
                                                               {QStringLiteral("text"), text},
                                                               {QStringLiteral("logprobs"), QJsonValue()},
                                                               {QStringLiteral("finish_reason"), finish}}});
    return o;
}

} // namespace smoldesk::server
