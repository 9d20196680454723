#pragma once
// MCP's Streamable HTTP transport (2025-06-18, also 2025-03-26): every message is a POST to one
// endpoint; the answer to a request comes back as JSON or as an SSE stream that may carry the
// server's own notifications and requests first. The session id the server assigns at initialize
// (Mcp-Session-Id) and the protocol version go with every later POST, and configured headers
// (a bearer token) with all of them.
#include "framing/message_framing.h"
#include "mcp_config.h"
#include "mcp_transport.h"

#include <QHash>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QUrl>

namespace smoldesk::mcp {

class HttpTransport : public McpTransport {
    Q_OBJECT
  public:
    explicit HttpTransport(const ServerConfig& config, QObject* parent = nullptr);
    ~HttpTransport() override;
    void open() override;
    void send(const QByteArray& message, qint64 requestId = -1) override;
    void abandon(qint64 requestId) override;
    void setProtocolVersion(const QString& version) override { protocolVersion_ = version.toUtf8(); }
    void close() override;

  private:
    struct Exchange {
        qint64 requestId = -1;
        bool sse = false;
        bool decided = false; // content type seen
        framing::SseReader events;
        QByteArray body;
        bool oversized = false;
    };
    QNetworkRequest makeRequest() const;
    void onReadyRead(QNetworkReply* reply);
    void onFinished(QNetworkReply* reply);
    QString sentenceFor(QNetworkReply* reply, int status) const;

    ServerConfig config_;
    QUrl url_;
    QNetworkAccessManager* network_;
    QHash<QNetworkReply*, Exchange> exchanges_;
    QByteArray sessionId_;
    QByteArray protocolVersion_;
    bool closed_ = false;
};

} // namespace smoldesk::mcp
