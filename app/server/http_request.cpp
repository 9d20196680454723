#include "http_request.h"

namespace smoldesk::server {

QByteArray HttpRequest::header(const QByteArray& name) const {
    for (const auto& h : headers)
        if (h.first == name) return h.second;
    return {};
}

HttpRequestReader::HttpRequestReader(qint64 maxBodyBytes, int maxHeaderBytes)
    : maxBody_(maxBodyBytes), maxHeader_(maxHeaderBytes) {}

HttpRequestReader::State HttpRequestReader::fail(int status, const QString& message) {
    errorStatus_ = status;
    errorMessage_ = message;
    buffer_.clear();
    return state_ = State::Failed;
}

HttpRequestReader::State HttpRequestReader::feed(const QByteArray& bytes) {
    if (state_ != State::NeedMore) return state_;
    buffer_ += bytes;
    if (!headDone_) {
        const qsizetype end = buffer_.indexOf("\r\n\r\n");
        if (end < 0) {
            if (buffer_.size() > maxHeader_)
                return fail(431, QStringLiteral("The request headers are too large."));
            return state_;
        }
        if (end > maxHeader_) return fail(431, QStringLiteral("The request headers are too large."));
        const QByteArray head = buffer_.left(end);
        buffer_.remove(0, end + 4);
        headDone_ = true;
        if (parseHead(head) == State::Failed) return state_;
    }
    if (buffer_.size() > contentLength_)
        return fail(400, QStringLiteral("The request has more bytes than its Content-Length says."));
    if (buffer_.size() < contentLength_) return state_;
    request_.body = std::move(buffer_);
    buffer_.clear();
    return state_ = State::Done;
}

HttpRequestReader::State HttpRequestReader::parseHead(const QByteArray& head) {
    const QList<QByteArray> lines = head.split('\n');
    const QList<QByteArray> parts = lines.value(0).trimmed().split(' ');
    if (parts.size() != 3 || parts[0].isEmpty() || !parts[1].startsWith('/'))
        return fail(400, QStringLiteral("The request line is not valid HTTP."));
    if (parts[2] != "HTTP/1.1" && parts[2] != "HTTP/1.0")
        return fail(505, QStringLiteral("Only HTTP/1.1 and HTTP/1.0 are supported."));
    request_.method = parts[0];
    const qsizetype q = parts[1].indexOf('?');
    request_.path = q < 0 ? parts[1] : parts[1].left(q);
    request_.query = q < 0 ? QByteArray() : parts[1].mid(q + 1);
    for (qsizetype i = 1; i < lines.size(); ++i) {
        const QByteArray line = lines[i].trimmed();
        if (line.isEmpty()) continue;
        const qsizetype colon = line.indexOf(':');
        if (colon <= 0) return fail(400, QStringLiteral("A request header is not valid HTTP."));
        request_.headers.append({line.left(colon).trimmed().toLower(), line.mid(colon + 1).trimmed()});
    }
    if (!request_.header("transfer-encoding").isEmpty())
        return fail(411, QStringLiteral("Send the request body with a Content-Length, not chunked."));
    const QByteArray length = request_.header("content-length");
    if (length.isEmpty()) {
        contentLength_ = 0;
        if (request_.method == "POST")
            return fail(411, QStringLiteral("A POST request needs a Content-Length header."));
        return state_;
    }
    bool ok = false;
    contentLength_ = length.toLongLong(&ok);
    if (!ok || contentLength_ < 0)
        return fail(400, QStringLiteral("The Content-Length header is not a number."));
    if (contentLength_ > maxBody_)
        return fail(413, QStringLiteral("The request body is %1 bytes; this server accepts at most %2.")
                             .arg(contentLength_)
                             .arg(maxBody_));
    return state_;
}

} // namespace smoldesk::server
