#pragma once
// JSON-RPC 2.0 messages as MCP uses them: requests, notifications, results and errors, one per
// JSON text or several in a batch array (2025-03-26 servers may batch). Parsing never throws: a
// text that is not a JSON-RPC message gives a reason instead.
#include <QByteArray>
#include <QJsonObject>
#include <QJsonValue>
#include <QList>
#include <QString>

namespace smoldesk::mcp {

struct JsonRpcMessage {
    enum class Kind { Request, Notification, Result, Error };
    Kind kind = Kind::Notification;
    QJsonValue id;  // a number or a string (requests, results, errors)
    QString method; // requests and notifications
    QJsonObject params;
    QJsonValue result;
    int errorCode = 0;
    QString errorMessage;
};

struct ParsedMessages {
    QList<JsonRpcMessage> messages;
    QString error; // why the text (or one member of a batch) is not JSON-RPC; empty when it is
};

ParsedMessages parseJsonRpc(const QByteArray& text);

// Encoders (compact JSON, no newline).
QByteArray encodeRequest(qint64 id, const QString& method, const QJsonObject& params);
QByteArray encodeNotification(const QString& method, const QJsonObject& params = {});
QByteArray encodeResult(const QJsonValue& id, const QJsonObject& result);
QByteArray encodeError(const QJsonValue& id, int code, const QString& message);

// JSON-RPC's standard error codes that the client sends back.
inline constexpr int kMethodNotFound = -32601;
inline constexpr int kInvalidRequest = -32600;

// The start of a text, for a sentence about it: at most `chars` characters, one line.
QString excerpt(const QByteArray& text, int chars = 60);

} // namespace smoldesk::mcp
