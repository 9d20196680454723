#include "http_transport.h"

#include <QNetworkRequest>
#include <QTimer>

namespace smoldesk::mcp {

HttpTransport::HttpTransport(const ServerConfig& config, QObject* parent)
    : McpTransport(parent), config_(config), url_(config.url), network_(new QNetworkAccessManager(this)) {}

HttpTransport::~HttpTransport() {
    for (auto it = exchanges_.begin(); it != exchanges_.end(); ++it) {
        it.key()->disconnect(this);
        it.key()->abort();
        it.key()->deleteLater();
    }
}

void HttpTransport::open() {
    qCInfo(lcMcp).noquote() << "connecting to MCP server" << config_.name << "(" << config_.describeForLog()
                            << ")";
    if (!url_.isValid() ||
        (url_.scheme() != QLatin1String("http") && url_.scheme() != QLatin1String("https"))) {
        const QString sentence =
            tr("The MCP server “%1” has an address that is not an http or https URL.").arg(config_.name);
        QTimer::singleShot(0, this, [this, sentence] { emit failed(sentence); });
        return;
    }
    QTimer::singleShot(0, this, &McpTransport::opened);
}

QNetworkRequest HttpTransport::makeRequest() const {
    QNetworkRequest request(url_);
    request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
    request.setRawHeader("Accept", "application/json, text/event-stream");
    for (auto it = config_.headers.begin(); it != config_.headers.end(); ++it)
        request.setRawHeader(it.key().toUtf8(), it.value().toUtf8());
    if (!sessionId_.isEmpty()) request.setRawHeader("Mcp-Session-Id", sessionId_);
    if (!protocolVersion_.isEmpty()) request.setRawHeader("MCP-Protocol-Version", protocolVersion_);
    // An event stream may stay quiet for long; the client's own timers decide what is too long.
    request.setTransferTimeout(0);
    return request;
}

void HttpTransport::send(const QByteArray& message, qint64 requestId) {
    if (closed_) return;
    QNetworkReply* reply = network_->post(makeRequest(), message);
    Exchange exchange;
    exchange.requestId = requestId;
    exchanges_.insert(reply, std::move(exchange));
    connect(reply, &QNetworkReply::readyRead, this, [this, reply] { onReadyRead(reply); });
    connect(reply, &QNetworkReply::finished, this, [this, reply] { onFinished(reply); });
}

void HttpTransport::abandon(qint64 requestId) {
    for (auto it = exchanges_.begin(); it != exchanges_.end(); ++it) {
        if (it->requestId != requestId) continue;
        QNetworkReply* reply = it.key();
        exchanges_.erase(it);
        reply->disconnect(this);
        reply->abort();
        reply->deleteLater();
        return;
    }
}

void HttpTransport::onReadyRead(QNetworkReply* reply) {
    auto it = exchanges_.find(reply);
    if (it == exchanges_.end()) return;
    Exchange& ex = *it;
    if (!ex.decided) {
        ex.decided = true;
        const QByteArray type = reply->header(QNetworkRequest::ContentTypeHeader).toByteArray().toLower();
        ex.sse = type.startsWith("text/event-stream");
        const QByteArray session = reply->rawHeader("Mcp-Session-Id");
        if (!session.isEmpty() && sessionId_.isEmpty()) sessionId_ = session;
    }
    const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    if (status >= 300) return; // the error body is read at the end
    if (ex.sse) {
        const framing::FramedMessages framed = ex.events.push(reply->readAll());
        for (int i = 0; i < framed.oversized; ++i) emit oversizedMessage();
        for (const QByteArray& m : framed.messages) {
            emit messageReceived(m);
            if (!exchanges_.contains(reply)) return; // abandoned or closed by a handler
        }
    } else if (!ex.oversized) {
        ex.body += reply->readAll();
        if (ex.body.size() > framing::kMaxMessageBytes) {
            ex.oversized = true;
            ex.body.clear();
            emit oversizedMessage();
        }
    } else {
        reply->readAll();
    }
}

QString HttpTransport::sentenceFor(QNetworkReply* reply, int status) const {
    if (status == 401 || status == 403)
        return tr("The MCP server “%1” refused the request (HTTP %2): check its bearer token or headers.")
            .arg(config_.name)
            .arg(status);
    if (status == 404 && !sessionId_.isEmpty())
        return tr("The MCP server “%1” ended the session (HTTP 404); turn it off and on to start a new one.")
            .arg(config_.name);
    if (status >= 300 || (status >= 200 && status < 300)) {
        if (status < 300)
            return tr("The MCP server “%1” broke off its answer: %2.")
                .arg(config_.name, reply->errorString());
        const QString reason = reply->attribute(QNetworkRequest::HttpReasonPhraseAttribute).toString();
        return tr("The MCP server “%1” answered HTTP %2%3.")
            .arg(config_.name)
            .arg(status)
            .arg(reason.isEmpty() ? QString() : QStringLiteral(" ") + reason);
    }
    return tr("The MCP server “%1” at %2 cannot be reached: %3.")
        .arg(config_.name, url_.toDisplayString(QUrl::RemoveUserInfo), reply->errorString());
}

void HttpTransport::onFinished(QNetworkReply* reply) {
    auto it = exchanges_.find(reply);
    if (it == exchanges_.end()) return;
    onReadyRead(reply);
    it = exchanges_.find(reply);
    if (it == exchanges_.end()) return;
    Exchange ex = std::move(*it);
    exchanges_.erase(it);
    reply->deleteLater();
    const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    if (closed_) return;
    if (status == 0 || status >= 300 || reply->error() != QNetworkReply::NoError) {
        const QString sentence = sentenceFor(reply, status);
        qCWarning(lcMcp).noquote() << sentence;
        if (ex.requestId >= 0) emit requestFailed(ex.requestId, sentence);
        return;
    }
    if (ex.sse) {
        const framing::FramedMessages last =
            ex.events.push("\n\n"); // a last event without its blank line counts
        for (const QByteArray& m : last.messages) emit messageReceived(m);
        if (closed_) return;
        if (ex.requestId >= 0)
            emit requestFailed(
                ex.requestId,
                tr("The MCP server “%1” closed its event stream without an answer.").arg(config_.name));
        return;
    }
    if (!ex.body.trimmed().isEmpty() && !ex.oversized) emit messageReceived(ex.body);
    if (ex.requestId >= 0 && (status == 202 || ex.body.trimmed().isEmpty()))
        emit requestFailed(
            ex.requestId,
            tr("The MCP server “%1” accepted a request without answering it.").arg(config_.name));
}

void HttpTransport::close() {
    if (closed_) return;
    closed_ = true;
    const auto replies = exchanges_.keys();
    exchanges_.clear();
    for (QNetworkReply* reply : replies) {
        reply->disconnect(this);
        reply->abort();
        reply->deleteLater();
    }
    if (!sessionId_.isEmpty()) { // tell the server the session is over; nobody waits for the answer
        QNetworkReply* reply = network_->sendCustomRequest(makeRequest(), "DELETE");
        connect(reply, &QNetworkReply::finished, reply, &QObject::deleteLater);
    }
}

} // namespace smoldesk::mcp
