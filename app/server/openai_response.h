#pragma once
// The JSON objects the server answers with, in the shapes of OpenAI's API (and llama.cpp's
// reasoning_content for thinking models).
#include <QJsonArray>
#include <QJsonObject>
#include <QJsonValue>
#include <QList>
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

// toolCalls: OpenAI's message.tool_calls (toolCallJson); with calls and no text, content is null.
QJsonObject chatCompletion(const ResponseIdentity& who, const QString& content, const QString& reasoning,
                           const QString& finish, const Usage& usage, const QJsonArray& toolCalls = {});
// One call as message.tool_calls lists it: {"id", "type": "function", "function": {"name", "arguments"}}.
QJsonObject toolCallJson(const QString& id, const QString& name, const QString& arguments);
// The deltas that stream one call, as OpenAI streams them: the first names it (index, id, type,
// name, empty arguments), the next ones carry the arguments' text in fragments.
QList<QJsonObject> toolCallDeltas(int index, const QString& id, const QString& name,
                                  const QString& arguments);
// One chunk of a streamed chat completion; finish is null until the last one.
QJsonObject chatChunk(const ResponseIdentity& who, const QJsonObject& delta, const QJsonValue& finish);

QJsonObject textCompletion(const ResponseIdentity& who, const QString& text, const QString& finish,
                           const Usage& usage);
QJsonObject textChunk(const ResponseIdentity& who, const QString& text, const QJsonValue& finish);

} // namespace smoldesk::server
