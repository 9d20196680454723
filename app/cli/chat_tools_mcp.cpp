#include "chat_tools.h"

#include "commands.h"
#include "mcp_servers.h"
#include "mcp_toolset.h"

#include <QJsonDocument>
#include <QJsonObject>

#include <cstdio>

namespace smoldesk::cli {
namespace {

class McpChatTools : public ChatTools {
  public:
    explicit McpChatTools(const QList<mcp::ServerConfig>& servers) {
        ensureQtApp();
        for (const auto& s : servers)
            if (s.enabled) clients_.push_back(std::make_unique<mcp::McpClient>(s));
        if (clients_.empty()) throw UsageError("Every server in the MCP configuration is disabled.");
        for (auto& c : clients_) c->start();
        waitConnected(clients_);
        QList<mcp::ServerTools> ready;
        for (const auto& c : clients_) {
            if (c->state() == mcp::McpClient::State::Ready)
                ready.append({c->config().name, c->tools()});
            else
                std::fprintf(stderr, "%s\n", c->lastError().toUtf8().constData());
        }
        offered_ = mcp::offeredTools(ready);
        json_ = mcp::openAiToolsJson(offered_).toStdString();
    }
    ~McpChatTools() override {
        for (auto& c : clients_) c->stop();
    }

    std::string toolsJson() const override { return json_; }

    std::string describe(const std::string& name) const override {
        const mcp::OfferedTool* o = find(name);
        return o ? (o->server + QLatin1Char('/') + o->tool).toStdString() : std::string();
    }

    std::string run(const chat::ToolCall& call) override {
        const mcp::OfferedTool* o = find(call.name);
        if (!o) return "There is no tool named '" + call.name + "'.";
        mcp::McpClient* client = nullptr;
        for (const auto& c : clients_)
            if (c->config().name == o->server) client = c.get();
        const QJsonDocument args = QJsonDocument::fromJson(QByteArray::fromStdString(call.arguments));
        const mcp::McpToolResult r = callToolAndWait(*client, o->tool, args.object());
        if (!r.completed()) return r.failure.toStdString();
        if (r.isError) return "The tool reported an error: " + r.text().toStdString();
        return r.text().toStdString();
    }

  private:
    const mcp::OfferedTool* find(const std::string& name) const {
        for (const mcp::OfferedTool& o : offered_)
            if (o.name.toStdString() == name) return &o;
        return nullptr;
    }

    std::vector<std::unique_ptr<mcp::McpClient>> clients_;
    std::vector<mcp::OfferedTool> offered_;
    std::string json_;
};

} // namespace

std::unique_ptr<ChatTools> openChatTools(const std::string& configPath) {
    return std::make_unique<McpChatTools>(readMcpServers(configPath, 0, false));
}

} // namespace smoldesk::cli
