#include "mcp_servers.h"

#include "commands.h"

#include <QEventLoop>
#include <QLoggingCategory>

#include <cstdio>

namespace smoldesk::cli {

QList<mcp::ServerConfig> readMcpServers(const std::string& configPath, double timeoutSeconds, bool verbose) {
    const mcp::ParsedConfig parsed = mcp::readMcpConfigFile(QString::fromStdString(configPath));
    if (parsed.servers.isEmpty()) throw UsageError(parsed.error.toStdString());
    if (!parsed.error.isEmpty()) std::fprintf(stderr, "%s\n", parsed.error.toUtf8().constData());
    QList<mcp::ServerConfig> servers = parsed.servers;
    if (timeoutSeconds > 0)
        for (auto& s : servers) s.timeoutMs = static_cast<int>(timeoutSeconds * 1000);
    if (!verbose)
        QLoggingCategory::setFilterRules(
            QStringLiteral("smoldesk.mcp.info=false\nsmoldesk.mcp.warning=false"));
    return servers;
}

void waitConnected(const std::vector<std::unique_ptr<mcp::McpClient>>& clients) {
    QEventLoop loop;
    auto settled = [&] {
        for (const auto& c : clients)
            if (c->state() == mcp::McpClient::State::Connecting) return false;
        return true;
    };
    for (const auto& c : clients)
        QObject::connect(c.get(), &mcp::McpClient::stateChanged, &loop, [&] {
            if (settled()) loop.quit();
        });
    if (!settled()) loop.exec();
}

mcp::McpToolResult callToolAndWait(mcp::McpClient& client, const QString& tool,
                                   const QJsonObject& arguments) {
    mcp::McpToolResult result;
    QEventLoop loop;
    const qint64 id = client.callTool(tool, arguments);
    QObject::connect(&client, &mcp::McpClient::callFinished, &loop,
                     [&](qint64 callId, const mcp::McpToolResult& r) {
                         if (callId != id) return;
                         result = r;
                         loop.quit();
                     });
    loop.exec();
    return result;
}

} // namespace smoldesk::cli
