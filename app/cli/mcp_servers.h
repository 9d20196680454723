#pragma once
// What `mcp` and `chat --mcp` share (Qt builds only): the servers of an mcp.json, waiting for
// their clients to connect, and calling a tool (the event loop is qt_app.h's).
#include "mcp_client.h"
#include "mcp_config.h"
#include "qt_app.h"

#include <memory>
#include <string>
#include <vector>

namespace smoldesk::cli {

// The servers of an mcp.json; timeoutSeconds > 0 replaces each one's timeout. Quiet unless
// verbose (the client logs server stderr and protocol warnings). Throws UsageError.
QList<mcp::ServerConfig> readMcpServers(const std::string& configPath, double timeoutSeconds, bool verbose);

// Runs the event loop until every client is Ready or Failed.
void waitConnected(const std::vector<std::unique_ptr<mcp::McpClient>>& clients);

// Calls a tool and runs the event loop until its result (or failure) is in.
mcp::McpToolResult callToolAndWait(mcp::McpClient& client, const QString& tool, const QJsonObject& arguments);

} // namespace smoldesk::cli
