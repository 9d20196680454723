#pragma once
// The JSON objects the server answers with, in the shapes of OpenAI's API (and llama.cpp's
// reasoning_content for thinking models).
#include <QJsonObject>
#include <QJsonValue>
#include <QString>

namespace smoldesk::server {

struct ResponseIdentity {
    QString id;     // "chatcmpl-…" or "cmpl-…"
    qint64 created; // seconds since the epoch
    QString model;
};

struct Usage {
    int promptTokens = 0;
    int completionTokens = 0;
    int cachedTokens = 0; // prompt tokens whose KV state was reused
    QJsonObject toJson() const;
};

// The worker's stop reason ("end", "max-tokens", "stop-string", "context-full", "stopped")
// as OpenAI's finish_reason ("stop" or "length").
QString finishReason(const QString& stopReason);

QJsonObject modelList(const QString& modelId, qint64 created);
QJsonObject modelObject(const QString& modelId, qint64 created);

QJsonObject chatCompletion(const ResponseIdentity& who, const QString& content, const QString& reasoning,
                           const QString& finish, const Usage& usage);
// One chunk of a streamed chat completion; finish is null until the last one.
QJsonObject chatChunk(const ResponseIdentity& who, const QJsonObject& delta, const QJsonValue& finish);

QJsonObject textCompletion(const ResponseIdentity& who, const QString& text, const QString& finish,
                           const Usage& usage);
QJsonObject textChunk(const ResponseIdentity& who, const QString& text, const QJsonValue& finish);

} // namespace smoldesk::server
