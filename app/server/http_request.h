#pragma once
// Reads one HTTP/1.1 request from the bytes a socket delivers, in pieces. Limits are checked
// before anything large is kept: the header block and the body (by its Content-Length) have caps.
#include <QByteArray>
#include <QList>
#include <QPair>
#include <QString>

namespace smoldesk::server {

struct HttpRequest {
    QByteArray method;
    QByteArray path;                              // without the query string
    QByteArray query;                             // after '?', may be empty
    QList<QPair<QByteArray, QByteArray>> headers; // names in lower case
    QByteArray body;
    // The first header with this (lower-case) name; empty when there is none.
    QByteArray header(const QByteArray& name) const;
};

class HttpRequestReader {
  public:
    enum class State { NeedMore, Done, Failed };
    HttpRequestReader(qint64 maxBodyBytes, int maxHeaderBytes = 16 * 1024);
    State feed(const QByteArray& bytes);
    const HttpRequest& request() const { return request_; }
    // When Failed: the status to answer with (400, 411, 413, 431, 505) and why, in one sentence.
    int errorStatus() const { return errorStatus_; }
    const QString& errorMessage() const { return errorMessage_; }

  private:
    State fail(int status, const QString& message);
    State parseHead(const QByteArray& head);

    qint64 maxBody_;
    int maxHeader_;
    QByteArray buffer_;
    bool headDone_ = false;
    qint64 contentLength_ = 0;
    HttpRequest request_;
    State state_ = State::NeedMore;
    int errorStatus_ = 0;
    QString errorMessage_;
};

} // namespace smoldesk::server
