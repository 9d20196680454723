#pragma once
// One MCP server, from the client side: starts its transport, initializes (protocol 2025-06-18,
// 2025-03-26 and 2024-11-05 servers accepted), lists its tools (all pages, again on
// notifications/tools/list_changed), calls them, answers its pings and cancels calls. Every request
// has a timer: a hung, dead or garbling server ends each waiting request with one sentence.
// Lives on the thread that created it (the GUI thread in the app); nothing here blocks.
#include "jsonrpc_message.h"
#include "mcp_config.h"
#include "mcp_transport.h"
#include "mcp_types.h"

#include <QHash>
#include <QObject>
#include <QPointer>
#include <QTimer>

#include <functional>

namespace smoldesk::mcp {

inline constexpr auto kProtocolVersion = "2025-06-18";

class McpClient : public QObject {
    Q_OBJECT
  public:
    enum class State { Stopped, Connecting, Ready, Failed };
    Q_ENUM(State)

    explicit McpClient(const ServerConfig& config, QObject* parent = nullptr);
    ~McpClient() override;

    const ServerConfig& config() const { return config_; }
    State state() const { return state_; }
    QString lastError() const { return lastError_; }
    const QList<McpTool>& tools() const { return tools_; }
    const McpTool* tool(const QString& name) const;
    QString serverName() const { return serverName_; }
    QString serverVersion() const { return serverVersion_; }
    QString protocolVersion() const { return protocolVersion_; }
    QString instructions() const { return instructions_; }

    void start();
    void stop();

    // Calls a tool; callFinished(id, …) follows exactly once (also when not connected, timed out,
    // cancelled or the server died). Returns the call's id.
    qint64 callTool(const QString& name, const QJsonObject& arguments);
    // Sends notifications/cancelled and ends the call at once as cancelled.
    void cancelCall(qint64 callId);
    // pingFinished(id, failure) follows; failure is empty when the server answered.
    qint64 ping();

  signals:
    void stateChanged(smoldesk::mcp::McpClient::State state);
    void toolsChanged();
    void callFinished(qint64 callId, const smoldesk::mcp::McpToolResult& result);
    void pingFinished(qint64 id, const QString& failure);

  private:
    using Handler = std::function<void(const JsonRpcMessage* answer, const QString& failure)>;
    struct Pending {
        QString method;
        Handler handler;
        QTimer* timer = nullptr;
        bool cancellable = true;
    };

    qint64 request(const QString& method, const QJsonObject& params, Handler handler,
                   bool cancellable = true);
    void finish(qint64 id, const JsonRpcMessage* answer, const QString& failure);
    void failAll(const QString& sentence);
    void setState(State s);
    void fail(const QString& sentence);
    void onMessage(const QByteArray& json);
    void onServerRequest(const JsonRpcMessage& m);
    void onNotification(const JsonRpcMessage& m);
    void onInitialized(const JsonRpcMessage& answer);
    void listTools(const QString& cursor, QList<McpTool> sofar, int page);
    void postCallFailure(qint64 id, const QString& sentence);

    ServerConfig config_;
    QPointer<McpTransport> transport_;
    State state_ = State::Stopped;
    QString lastError_;
    QList<McpTool> tools_;
    QString serverName_, serverVersion_, protocolVersion_, instructions_;
    bool serverHasTools_ = false;
    bool listing_ = false;
    bool relistWanted_ = false;
    qint64 nextId_ = 1;
    QHash<qint64, Pending> pending_;
    QString lastMalformed_; // the latest message that was not JSON-RPC, for a timeout's sentence
};

} // namespace smoldesk::mcp
