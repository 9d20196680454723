#pragma once
// The tools of several MCP servers as one model sees them: each under its own name, or
// "server_tool" where two servers offer the same name, and as OpenAI's `tools` array for the chat
// template and the call grammar. Shared by the app's tool turns and `smoldesk-cli chat --mcp`.
#include "mcp_types.h"

#include <QJsonObject>
#include <QList>
#include <QString>

#include <vector>

namespace smoldesk::mcp {

struct OfferedTool {
    QString name; // as the model sees it
    QString server;
    QString tool; // as the server names it
    QString description;
    QJsonObject inputSchema;
};

struct ServerTools {
    QString server;
    QList<McpTool> tools;
};

std::vector<OfferedTool> offeredTools(const QList<ServerTools>& servers);

// OpenAI's `tools` (compact JSON). only: that tool alone, closed to extra keys (a forced call of
// the test hook, so that a tiny model's random call ends).
QString openAiToolsJson(const std::vector<OfferedTool>& tools, const QString& only = {});

} // namespace smoldesk::mcp
