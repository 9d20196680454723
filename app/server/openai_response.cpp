#include "openai_response.h"

#include <QJsonArray>

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

QJsonObject chatCompletion(const ResponseIdentity& who, const QString& content, const QString& reasoning,
                           const QString& finish, const Usage& usage) {
    QJsonObject message{{QStringLiteral("role"), QStringLiteral("assistant")},
                        {QStringLiteral("content"), content}};
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
