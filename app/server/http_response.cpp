#include "http_response.h"

#include <QJsonDocument>

namespace smoldesk::server {

QByteArray reasonPhrase(int status) {
    switch (status) {
    case 200:
        return "OK";
    case 400:
        return "Bad Request";
    case 401:
        return "Unauthorized";
    case 403:
        return "Forbidden";
    case 404:
        return "Not Found";
    case 405:
        return "Method Not Allowed";
    case 411:
        return "Length Required";
    case 413:
        return "Payload Too Large";
    case 415:
        return "Unsupported Media Type";
    case 431:
        return "Request Header Fields Too Large";
    case 500:
        return "Internal Server Error";
    case 503:
        return "Service Unavailable";
    case 505:
        return "HTTP Version Not Supported";
    default:
        return "Status";
    }
}

QByteArray responseHead(int status, const HttpHeaders& headers) {
    QByteArray out = "HTTP/1.1 " + QByteArray::number(status) + ' ' + reasonPhrase(status) + "\r\n";
    for (const auto& h : headers) out += h.first + ": " + h.second + "\r\n";
    out += "Connection: close\r\n\r\n";
    return out;
}

QByteArray jsonResponse(int status, const QJsonObject& json, const HttpHeaders& extra) {
    const QByteArray body = QJsonDocument(json).toJson(QJsonDocument::Compact);
    HttpHeaders headers{{"Content-Type", "application/json"},
                        {"Content-Length", QByteArray::number(body.size())}};
    headers += extra;
    return responseHead(status, headers) + body;
}

QByteArray eventStreamHead() {
    return responseHead(200, {{"Content-Type", "text/event-stream"}, {"Cache-Control", "no-cache"}});
}

QByteArray sseEvent(const QJsonObject& json) {
    return "data: " + QJsonDocument(json).toJson(QJsonDocument::Compact) + "\n\n";
}

QByteArray sseDone() {
    return "data: [DONE]\n\n";
}

QByteArray sseComment(const QByteArray& text) {
    return ": " + text + "\n\n";
}

} // namespace smoldesk::server
