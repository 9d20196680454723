// smoldesk-cli mcp: the MCP client of the desktop app (app/mcp), headless. `list` connects to every
// enabled server of an mcp.json and prints one "server/tool — description" line per tool; `call`
// runs one tool and prints its result's text. A dead server, an unknown tool or a tool error is one
// sentence on stderr and exit status 4.
#include "commands.h"

#include "mcp_servers.h"

#include <QJsonDocument>

#include <cstdio>
#include <memory>
#include <vector>

namespace smoldesk::cli {
namespace {

using mcp::McpClient;

void printLine(FILE* out, const QString& text) {
    const QByteArray bytes = text.toUtf8();
    std::fwrite(bytes.constData(), 1, bytes.size(), out);
    std::fputc('\n', out);
}

struct Common {
    QList<mcp::ServerConfig> servers;
    bool verbose = false;
};

Common readCommon(Args& args) {
    Common c;
    const auto config = args.option("--config", "-c");
    if (!config) throw UsageError("--config MCP.json is required.");
    const double timeout = args.floatOption("--timeout", "", 0);
    c.verbose = args.flag("--verbose", "-v");
    c.servers = readMcpServers(*config, timeout, c.verbose);
    return c;
}

int list(const Common& common, const std::vector<std::string>& rest) {
    if (!rest.empty()) throw UsageError("mcp list takes no arguments besides its options.");
    ensureQtApp();
    std::vector<std::unique_ptr<McpClient>> clients;
    for (const auto& s : common.servers)
        if (s.enabled) clients.push_back(std::make_unique<McpClient>(s));
    if (clients.empty()) throw UsageError("Every server in the configuration is disabled.");
    for (auto& c : clients) c->start();
    waitConnected(clients);
    int failures = 0;
    for (const auto& c : clients) {
        if (c->state() != McpClient::State::Ready) {
            printLine(stderr, c->lastError());
            ++failures;
            continue;
        }
        for (const auto& t : c->tools())
            printLine(stdout,
                      QStringLiteral("%1/%2 — %3").arg(c->config().name, t.name, t.description.simplified()));
    }
    for (auto& c : clients) c->stop();
    return failures ? kExitRuntime : kExitOk;
}

int call(const Common& common, const std::vector<std::string>& rest) {
    if (rest.size() < 2 || rest.size() > 3)
        throw UsageError("Usage: mcp call --config MCP.json SERVER TOOL ['JSON'].");
    const QString serverName = QString::fromStdString(rest[0]);
    const QString toolName = QString::fromStdString(rest[1]);
    QJsonObject arguments;
    if (rest.size() == 3) {
        QJsonParseError error;
        const QJsonDocument doc = QJsonDocument::fromJson(QByteArray::fromStdString(rest[2]), &error);
        if (error.error != QJsonParseError::NoError || !doc.isObject())
            throw UsageError("The tool's arguments must be a JSON object, such as '{\"path\": \"/tmp\"}'.");
        arguments = doc.object();
    }
    const mcp::ServerConfig* server = nullptr;
    for (const auto& s : common.servers)
        if (s.name == serverName) server = &s;
    if (!server) throw UsageError("The configuration has no server named '" + rest[0] + "'.");

    ensureQtApp();
    std::vector<std::unique_ptr<McpClient>> clients;
    clients.push_back(std::make_unique<McpClient>(*server));
    McpClient& client = *clients.front();
    client.start();
    waitConnected(clients);
    if (client.state() != McpClient::State::Ready) {
        printLine(stderr, client.lastError());
        return kExitRuntime;
    }
    if (!client.tool(toolName)) {
        printLine(stderr,
                  QStringLiteral("The MCP server “%1” has no tool named “%2”.").arg(serverName, toolName));
        client.stop();
        return kExitRuntime;
    }
    const mcp::McpToolResult result = callToolAndWait(client, toolName, arguments);
    client.stop();
    if (!result.completed()) {
        printLine(stderr, result.failure);
        return kExitRuntime;
    }
    if (result.isError) {
        printLine(stderr, QStringLiteral("The tool “%1” on “%2” reported an error: %3")
                              .arg(toolName, serverName, result.text().simplified()));
        return kExitRuntime;
    }
    printLine(stdout, result.text());
    return kExitOk;
}

} // namespace

int cmdMcp(Args& args) {
    const Common common = readCommon(args);
    auto rest = args.positionals();
    const std::string sub = rest.empty() ? std::string() : rest.front();
    if (!rest.empty()) rest.erase(rest.begin());
    if (sub == "list") return list(common, rest);
    if (sub == "call") return call(common, rest);
    throw UsageError(sub.empty() ? "mcp needs a subcommand: list or call."
                                 : "Unknown mcp subcommand '" + sub + "' (list or call).");
}

} // namespace smoldesk::cli
