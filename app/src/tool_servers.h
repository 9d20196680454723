#pragma once
// Settings ▸ Tools: the MCP servers the user configured, each with its client (app/mcp), its state
// and its tools; the tools the user allowed for good ("Always allow", per server, revocable); the
// per-chat choice of servers; the cap on tool rounds per answer. Saved in the app's QSettings as
// an mcp.json text (mcp/servers), so what Claude Desktop or Cursor wrote can be imported as is.
// Lives on the GUI thread; the clients never block it.
#include "mcp_client.h"
#include "mcp_config.h"
#include "mcp_toolset.h"

#include <QAbstractListModel>
#include <QSettings>
#include <QUrl>
#include <QtQml/qqmlregistration.h>

#include <memory>
#include <vector>

namespace smoldesk::app {

class ToolServers : public QAbstractListModel {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("Use App.tools")
    Q_PROPERTY(int maxRounds READ maxRounds WRITE setMaxRounds NOTIFY maxRoundsChanged)
    Q_PROPERTY(int count READ rowCount NOTIFY countChanged)
    Q_PROPERTY(int readyToolCount READ readyToolCount NOTIFY toolsChanged)
  public:
    enum Role {
        NameRole = Qt::UserRole + 1,
        TransportRole,
        CommandRole,
        ArgsRole,
        EnvRole,
        UrlRole,
        BearerRole,
        TimeoutRole,
        EnabledRole,
        StateRole,
        StatusRole,
        LastErrorRole,
        ToolCountRole,
        ToolsRole,
    };

    explicit ToolServers(QSettings& settings, QObject* parent = nullptr);
    ~ToolServers() override;

    int rowCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QHash<int, QByteArray> roleNames() const override;

    // Connects every enabled server (after the window shows: servers may take a while to start).
    void startAll();

    // fields: name, transport ("stdio"/"http"), command, args (one per line), env ("KEY=value"
    // lines), url, bearer, timeout (seconds). Returns an error sentence, or empty when saved.
    Q_INVOKABLE QString addServer(const QVariantMap& fields);
    Q_INVOKABLE QString updateServer(int row, const QVariantMap& fields);
    Q_INVOKABLE void removeServer(int row);
    Q_INVOKABLE void setServerEnabled(int row, bool enabled);
    Q_INVOKABLE void reconnect(int row);
    // The status lines are built here, not in QML: says them again after a language switch.
    void retranslate();
    // Adds the servers of an mcp.json (replacing those with the same name); returns a sentence
    // saying what was imported, or why nothing was.
    Q_INVOKABLE QString importConfig(const QUrl& file);
    Q_INVOKABLE QString importConfigText(const QByteArray& json);

    Q_INVOKABLE bool isAlwaysAllowed(const QString& server, const QString& tool) const;
    Q_INVOKABLE void setAlwaysAllowed(const QString& server, const QString& tool, bool allowed);
    Q_INVOKABLE QStringList alwaysAllowed(const QString& server) const;

    // Per chat: the servers whose tools the model sees (by default every enabled one).
    Q_INVOKABLE QStringList chatServers(const QString& conversationId) const;
    Q_INVOKABLE bool chatUsesServer(const QString& conversationId, const QString& server) const;
    Q_INVOKABLE void setChatUsesServer(const QString& conversationId, const QString& server, bool on);
    // Enabled servers, for the composer's menu: [{name, ready, toolCount}].
    Q_INVOKABLE QVariantList enabledServers() const;

    int maxRounds() const;
    void setMaxRounds(int n);
    int readyToolCount() const;

    // The client of a server by name (nullptr when unknown or off).
    mcp::McpClient* client(const QString& server) const;
    // The tools of those of `servers` that are connected now, in that order.
    QList<mcp::ServerTools> readyTools(const QStringList& servers) const;
    QList<mcp::ServerConfig> configs() const;

  signals:
    void maxRoundsChanged();
    void countChanged();
    // Any server's tools or state changed (the chat re-offers tools on its next turn).
    void toolsChanged();

  private:
    struct Entry {
        mcp::ServerConfig config;
        std::unique_ptr<mcp::McpClient> client;
    };
    QString validate(const mcp::ServerConfig& config, int exceptRow) const;
    static mcp::ServerConfig fromFields(const QVariantMap& fields, QString* why);
    void startClient(Entry& e);
    void save();
    int rowOf(const mcp::McpClient* client) const;
    QString statusText(const Entry& e) const;

    QSettings& settings_;
    std::vector<Entry> entries_;
};

} // namespace smoldesk::app
