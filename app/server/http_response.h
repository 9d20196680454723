#pragma once
// The bytes of HTTP/1.1 responses. Every response closes its connection (Connection: close), so
// an event stream simply ends when the server closes the socket after `data: [DONE]`.
#include <QByteArray>
#include <QJsonObject>
#include <QList>
#include <QPair>

namespace smoldesk::server {

using HttpHeaders = QList<QPair<QByteArray, QByteArray>>;

QByteArray reasonPhrase(int status);
// Status line and headers, ending in the blank line (no Content-Length when body is streamed).
QByteArray responseHead(int status, const HttpHeaders& headers);
// A complete response whose body is `json`.
QByteArray jsonResponse(int status, const QJsonObject& json, const HttpHeaders& extra = {});
// The head of a server-sent event stream.
QByteArray eventStreamHead();
// One server-sent event: "data: <json>\n\n".
QByteArray sseEvent(const QJsonObject& json);
QByteArray sseDone();
// A comment line, which clients ignore (queue position while waiting).
QByteArray sseComment(const QByteArray& text);

} // namespace smoldesk::server
