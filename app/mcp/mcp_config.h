#pragma once
// MCP server configurations, in the `{"mcpServers": {"name": {...}}}` form that Claude Desktop,
// Cursor and LM Studio write (mcp.json): a command with args and env (stdio), or a url with
// headers (Streamable HTTP). SmolDesk adds "disabled" (as Claude Desktop and Cline do) and
// "timeout" (seconds per request).
#include <QJsonObject>
#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>

namespace smoldesk::mcp {

struct ServerConfig {
    QString name;
    // stdio
    QString command;
    QStringList args;
    QMap<QString, QString> env; // added to the app's own environment; values are secrets: never logged
    QString cwd;
    // Streamable HTTP
    QString url;
    QMap<QString, QString> headers; // e.g. Authorization: Bearer … (never logged)
    bool enabled = true;
    int timeoutMs = 60000; // per request; initialize and tools/list included

    bool isHttp() const { return !url.isEmpty(); }
    // The bearer token of the Authorization header, if that is what it holds.
    QString bearerToken() const;
    void setBearerToken(const QString& token);
    // For the log: the command and arguments or the URL, with env and header names but not values.
    QString describeForLog() const;
};

struct ParsedConfig {
    QList<ServerConfig> servers;
    QString error; // one sentence; servers holds those that were read
};

// Reads a whole mcp.json text. Accepts {"mcpServers": …}, a bare map of servers, and VS Code's
// {"servers": …}.
ParsedConfig parseMcpConfig(const QByteArray& json);
ParsedConfig readMcpConfigFile(const QString& path);
// One server entry (the value under its name).
bool readServerEntry(const QString& name, const QJsonObject& entry, ServerConfig& out, QString* why);
QJsonObject serverEntry(const ServerConfig& server);
QByteArray writeMcpConfig(const QList<ServerConfig>& servers);

} // namespace smoldesk::mcp
