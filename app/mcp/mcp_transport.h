#pragma once
// How JSON-RPC messages travel between the client and one MCP server. A transport reports every
// message it receives whole, and every failure as one sentence that names the server; it never
// blocks the thread it lives on.
#include <QByteArray>
#include <QLoggingCategory>
#include <QObject>
#include <QString>

Q_DECLARE_LOGGING_CATEGORY(lcMcp)

namespace smoldesk::mcp {

class McpTransport : public QObject {
    Q_OBJECT
  public:
    using QObject::QObject;
    // Starts the server process or prepares the HTTP session; opened() or failed() follows.
    virtual void open() = 0;
    // requestId: the JSON-RPC id when the message is a request, -1 otherwise (so that a transport
    // that can tell which request failed reports requestFailed for it).
    virtual void send(const QByteArray& message, qint64 requestId = -1) = 0;
    // The client no longer waits for this request's answer (timed out or cancelled).
    virtual void abandon(qint64 requestId) { Q_UNUSED(requestId); }
    // After initialize: the protocol version both sides use (HTTP sends it in a header).
    virtual void setProtocolVersion(const QString& version) { Q_UNUSED(version); }
    // Ends the session without reporting failed().
    virtual void close() = 0;

  signals:
    void opened();
    void messageReceived(const QByteArray& json);
    // A message larger than kMaxMessageBytes arrived and was dropped.
    void oversizedMessage();
    // The transport is dead (process exited, cannot be started): one sentence.
    void failed(const QString& sentence);
    // One request could not be delivered or answered (HTTP): one sentence.
    void requestFailed(qint64 requestId, const QString& sentence);
};

} // namespace smoldesk::mcp
