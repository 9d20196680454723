#pragma once
// An API error in OpenAI's shape: {"error": {"message", "type", "code"}} with its HTTP status.
#include <QByteArray>
#include <QJsonObject>
#include <QString>

namespace smoldesk::server {

struct ApiError {
    int status = 400;
    QString message;           // one sentence
    QString type;              // "invalid_request_error", "authentication_error", "server_error", ...
    QString code;              // "invalid_json", "model_not_found", "context_length_exceeded", ...
    int retryAfterSeconds = 0; // > 0: sent as Retry-After (busy)

    QJsonObject toJson() const;
    static ApiError invalidRequest(const QString& message,
                                   const QString& code = QStringLiteral("invalid_value"));
};

} // namespace smoldesk::server
