#pragma once
// What the MCP tests share: where the npm packages are (packaging/install-deps.sh puts them in
// ~/.cache/smoldesk-npm, or SMOLDESK_NPM_PREFIX), writing an mcp.json, and the SDK-based Streamable
// HTTP server of sdk_http_server.cjs as a child process.
#include <QByteArray>
#include <QJsonObject>
#include <QProcess>
#include <QString>
#include <QStringList>

namespace smoldesk::test {

QString nodeExecutable();               // empty when Node.js is missing
QString npmModule(const QString& name); // empty when the package is not installed
// Why the MCP tests on real servers cannot run here; empty when they can.
QString missingMcpPackages();

// Writes {"mcpServers": servers} to a new file in the test's scratch folder; returns its path.
QString writeMcpConfig(const QJsonObject& servers, const QString& fileName);
QJsonObject stdioServer(const QString& command, const QStringList& args, const QJsonObject& env = {});

class SdkHttpServer {
  public:
    // extra: "--json" (plain JSON answers instead of SSE), "--token", "T".
    explicit SdkHttpServer(const QStringList& extra = {});
    ~SdkHttpServer();
    // http://127.0.0.1:PORT/mcp, or empty when the server did not start (reason in error()).
    QString url() const { return url_; }
    QString error() const { return error_; }

  private:
    QProcess process_;
    QString url_;
    QString error_;
};

} // namespace smoldesk::test
