#include "api_errors.h"

namespace smoldesk::server {

QJsonObject ApiError::toJson() const {
    QJsonObject e{{QStringLiteral("message"), message}, {QStringLiteral("type"), type}};
    e.insert(QStringLiteral("code"), code.isEmpty() ? QJsonValue() : QJsonValue(code));
    return QJsonObject{{QStringLiteral("error"), e}};
}

ApiError ApiError::invalidRequest(const QString& message, const QString& code) {
    return ApiError{400, message, QStringLiteral("invalid_request_error"), code, 0};
}

} // namespace smoldesk::server
