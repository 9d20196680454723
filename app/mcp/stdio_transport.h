#pragma once
// MCP over a child process's stdin and stdout, one JSON message per line; what the server writes
// on stderr goes to the log (and its last line into the sentence if it dies).
#include "framing/message_framing.h"
#include "mcp_config.h"
#include "mcp_transport.h"

#include <QProcess>

namespace smoldesk::mcp {

class StdioTransport : public McpTransport {
    Q_OBJECT
  public:
    explicit StdioTransport(const ServerConfig& config, QObject* parent = nullptr);
    ~StdioTransport() override;
    void open() override;
    void send(const QByteArray& message, qint64 requestId = -1) override;
    void close() override;

  private:
    void readStdout();
    void readStderr();
    void onError(QProcess::ProcessError error);
    void onFinished(int code, QProcess::ExitStatus status);
    void fail(const QString& sentence);

    ServerConfig config_;
    QProcess* process_ = nullptr;
    framing::LineReader stdout_;
    QByteArray stderrPending_;
    QString lastStderrLine_;
    bool closing_ = false;
    bool failed_ = false;
};

} // namespace smoldesk::mcp
