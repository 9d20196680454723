#include "tool_servers.h"

#include <QFile>
#include <QLoggingCategory>

namespace smoldesk::app {

using mcp::McpClient;
using mcp::ServerConfig;

namespace {
const char kServersKey[] = "mcp/servers";
const char kMaxRoundsKey[] = "mcp/maxRounds";
QString allowKey(const QString& server) {
    return QStringLiteral("mcp/alwaysAllow/") + server;
}
QString chatKey(const QString& conversation) {
    return QStringLiteral("mcp/chatOff/") + conversation;
}
} // namespace

ToolServers::ToolServers(QSettings& settings, QObject* parent)
    : QAbstractListModel(parent), settings_(settings) {
    const QByteArray saved = settings_.value(kServersKey).toByteArray();
    if (saved.isEmpty()) return;
    const mcp::ParsedConfig parsed = mcp::parseMcpConfig(saved);
    if (!parsed.error.isEmpty()) qWarning().noquote() << "Settings ▸ Tools:" << parsed.error;
    for (const ServerConfig& c : parsed.servers) entries_.push_back(Entry{c, nullptr});
}

ToolServers::~ToolServers() = default;

int ToolServers::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(entries_.size());
}

QHash<int, QByteArray> ToolServers::roleNames() const {
    return {{NameRole, "name"},
            {TransportRole, "transport"},
            {CommandRole, "command"},
            {ArgsRole, "args"},
            {EnvRole, "env"},
            {UrlRole, "url"},
            {BearerRole, "bearer"},
            {TimeoutRole, "timeout"},
            {EnabledRole, "enabled"},
            {StateRole, "state"},
            {StatusRole, "status"},
            {LastErrorRole, "lastError"},
            {ToolCountRole, "toolCount"},
            {ToolsRole, "tools"}};
}

void ToolServers::retranslate() {
    if (rowCount() > 0) emit dataChanged(index(0), index(rowCount() - 1), {StatusRole});
}

QString ToolServers::statusText(const Entry& e) const {
    if (!e.config.enabled || !e.client) return tr("Off");
    switch (e.client->state()) {
    case McpClient::State::Connecting:
        return tr("Connecting…");
    case McpClient::State::Ready:
        // Two sentences, not a %n plural: without a translator (the C locale) "(s)" would show.
        return e.client->tools().size() == 1 ? tr("Connected, 1 tool")
                                             : tr("Connected, %1 tools").arg(e.client->tools().size());
    case McpClient::State::Failed:
        return tr("Failed: %1").arg(e.client->lastError());
    case McpClient::State::Stopped:
        break;
    }
    return tr("Off");
}

QVariant ToolServers::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= rowCount()) return {};
    const Entry& e = entries_[static_cast<size_t>(index.row())];
    const ServerConfig& c = e.config;
    switch (role) {
    case NameRole:
        return c.name;
    case TransportRole:
        return c.isHttp() ? QStringLiteral("http") : QStringLiteral("stdio");
    case CommandRole:
        return c.command;
    case ArgsRole:
        return c.args.join(QLatin1Char('\n'));
    case EnvRole: {
        QStringList lines;
        for (auto it = c.env.begin(); it != c.env.end(); ++it)
            lines << it.key() + QLatin1Char('=') + it.value();
        return lines.join(QLatin1Char('\n'));
    }
    case UrlRole:
        return c.url;
    case BearerRole:
        return c.bearerToken();
    case TimeoutRole:
        return c.timeoutMs / 1000;
    case EnabledRole:
        return c.enabled;
    case StateRole:
        if (!c.enabled || !e.client) return QStringLiteral("off");
        switch (e.client->state()) {
        case McpClient::State::Connecting:
            return QStringLiteral("connecting");
        case McpClient::State::Ready:
            return QStringLiteral("ready");
        case McpClient::State::Failed:
            return QStringLiteral("failed");
        case McpClient::State::Stopped:
            return QStringLiteral("off");
        }
        return {};
    case StatusRole:
        return statusText(e);
    case LastErrorRole:
        return e.client ? e.client->lastError() : QString();
    case ToolCountRole:
        return e.client ? static_cast<int>(e.client->tools().size()) : 0;
    case ToolsRole: {
        QVariantList tools;
        if (!e.client) return tools;
        const QStringList allowed = alwaysAllowed(c.name);
        for (const mcp::McpTool& t : e.client->tools())
            tools.append(QVariantMap{{QStringLiteral("name"), t.name},
                                     {QStringLiteral("title"), t.title},
                                     {QStringLiteral("description"), t.description},
                                     {QStringLiteral("alwaysAllowed"), allowed.contains(t.name)}});
        return tools;
    }
    }
    return {};
}

void ToolServers::startAll() {
    for (Entry& e : entries_)
        if (e.config.enabled && !e.client) startClient(e);
}

void ToolServers::startClient(Entry& e) {
    e.client = std::make_unique<McpClient>(e.config);
    McpClient* c = e.client.get();
    auto changed = [this, c] {
        const int row = rowOf(c);
        if (row < 0) return;
        emit dataChanged(index(row), index(row));
        emit toolsChanged();
    };
    connect(c, &McpClient::stateChanged, this, changed);
    connect(c, &McpClient::toolsChanged, this, changed);
    c->start();
}

int ToolServers::rowOf(const McpClient* client) const {
    for (size_t i = 0; i < entries_.size(); ++i)
        if (entries_[i].client.get() == client) return static_cast<int>(i);
    return -1;
}

ServerConfig ToolServers::fromFields(const QVariantMap& f, QString* why) {
    ServerConfig c;
    c.name = f.value(QStringLiteral("name")).toString().trimmed();
    const bool http = f.value(QStringLiteral("transport")).toString() == QLatin1String("http");
    if (http) {
        c.url = f.value(QStringLiteral("url")).toString().trimmed();
        c.setBearerToken(f.value(QStringLiteral("bearer")).toString());
    } else {
        c.command = f.value(QStringLiteral("command")).toString().trimmed();
        for (const QString& a : f.value(QStringLiteral("args")).toString().split(QLatin1Char('\n')))
            if (!a.trimmed().isEmpty()) c.args << a.trimmed();
        for (const QString& line : f.value(QStringLiteral("env")).toString().split(QLatin1Char('\n'))) {
            if (line.trimmed().isEmpty()) continue;
            const qsizetype eq = line.indexOf(QLatin1Char('='));
            if (eq <= 0) {
                *why = tr("Each environment line is NAME=value; “%1” is not.").arg(line.trimmed().left(40));
                return c;
            }
            c.env.insert(line.left(eq).trimmed(), line.mid(eq + 1));
        }
    }
    const int timeout = f.value(QStringLiteral("timeout"), 60).toInt();
    c.timeoutMs = std::clamp(timeout, 1, 3600) * 1000;
    if (f.contains(QStringLiteral("enabled"))) c.enabled = f.value(QStringLiteral("enabled")).toBool();
    return c;
}

QString ToolServers::validate(const ServerConfig& c, int exceptRow) const {
    if (c.name.isEmpty()) return tr("Give the server a name.");
    if (c.name.contains(QLatin1Char('/'))) return tr("A server's name cannot contain “/”.");
    for (size_t i = 0; i < entries_.size(); ++i)
        if (static_cast<int>(i) != exceptRow && entries_[i].config.name == c.name)
            return tr("There is already a server named “%1”.").arg(c.name);
    if (c.isHttp()) {
        const QUrl url(c.url);
        if (!url.isValid() ||
            (url.scheme() != QLatin1String("http") && url.scheme() != QLatin1String("https")))
            return tr("The address must start with http:// or https://.");
    } else if (c.command.isEmpty()) {
        return tr("Give the command that starts the server, or choose HTTP and give its address.");
    }
    return {};
}

QString ToolServers::addServer(const QVariantMap& fields) {
    QString why;
    const ServerConfig c = fromFields(fields, &why);
    if (why.isEmpty()) why = validate(c, -1);
    if (!why.isEmpty()) return why;
    const int row = rowCount();
    beginInsertRows({}, row, row);
    entries_.push_back(Entry{c, nullptr});
    endInsertRows();
    save();
    emit countChanged();
    if (c.enabled) startClient(entries_.back());
    return {};
}

QString ToolServers::updateServer(int row, const QVariantMap& fields) {
    if (row < 0 || row >= rowCount()) return tr("This server no longer exists.");
    Entry& e = entries_[static_cast<size_t>(row)];
    QString why;
    ServerConfig c = fromFields(fields, &why);
    if (!fields.contains(QStringLiteral("enabled"))) c.enabled = e.config.enabled;
    if (why.isEmpty()) why = validate(c, row);
    if (!why.isEmpty()) return why;
    if (c.name != e.config.name) { // the always-allowed tools follow the renamed server
        settings_.setValue(allowKey(c.name), settings_.value(allowKey(e.config.name)));
        settings_.remove(allowKey(e.config.name));
    }
    e.config = c;
    e.client.reset();
    if (c.enabled) startClient(e);
    save();
    emit dataChanged(index(row), index(row));
    emit toolsChanged();
    return {};
}

void ToolServers::removeServer(int row) {
    if (row < 0 || row >= rowCount()) return;
    beginRemoveRows({}, row, row);
    settings_.remove(allowKey(entries_[static_cast<size_t>(row)].config.name));
    entries_.erase(entries_.begin() + row);
    endRemoveRows();
    save();
    emit countChanged();
    emit toolsChanged();
}

void ToolServers::setServerEnabled(int row, bool enabled) {
    if (row < 0 || row >= rowCount()) return;
    Entry& e = entries_[static_cast<size_t>(row)];
    if (e.config.enabled == enabled) return;
    e.config.enabled = enabled;
    if (enabled)
        startClient(e);
    else
        e.client.reset();
    save();
    emit dataChanged(index(row), index(row));
    emit toolsChanged();
}

void ToolServers::reconnect(int row) {
    if (row < 0 || row >= rowCount()) return;
    Entry& e = entries_[static_cast<size_t>(row)];
    if (!e.config.enabled) return;
    e.client.reset();
    startClient(e);
    emit dataChanged(index(row), index(row));
}

QString ToolServers::importConfig(const QUrl& file) {
    const QString path = file.isLocalFile() ? file.toLocalFile() : file.toString();
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) return tr("Cannot read %1: %2.").arg(path, f.errorString());
    if (f.size() > 4 * 1024 * 1024)
        return tr("%1 is larger than 4 MB; it is not an MCP configuration.").arg(path);
    return importConfigText(f.readAll());
}

QString ToolServers::importConfigText(const QByteArray& json) {
    const mcp::ParsedConfig parsed = mcp::parseMcpConfig(json);
    QStringList names;
    for (const ServerConfig& c : parsed.servers) {
        names << c.name;
        int existing = -1;
        for (size_t i = 0; i < entries_.size(); ++i)
            if (entries_[i].config.name == c.name) existing = static_cast<int>(i);
        if (existing >= 0) {
            Entry& e = entries_[static_cast<size_t>(existing)];
            e.config = c;
            e.client.reset();
            if (c.enabled) startClient(e);
            emit dataChanged(index(existing), index(existing));
        } else {
            const int row = rowCount();
            beginInsertRows({}, row, row);
            entries_.push_back(Entry{c, nullptr});
            endInsertRows();
            if (c.enabled) startClient(entries_.back());
        }
    }
    if (!names.isEmpty()) {
        save();
        emit countChanged();
        emit toolsChanged();
    }
    if (names.isEmpty()) return parsed.error;
    QString sentence =
        names.size() == 1
            ? tr("Imported 1 server: %1.").arg(names.first())
            : tr("Imported %1 servers: %2.").arg(names.size()).arg(names.join(QStringLiteral(", ")));
    if (!parsed.error.isEmpty()) sentence += QLatin1Char(' ') + parsed.error;
    return sentence;
}

void ToolServers::save() {
    QList<ServerConfig> configs;
    for (const Entry& e : entries_) configs << e.config;
    settings_.setValue(kServersKey, mcp::writeMcpConfig(configs));
}

bool ToolServers::isAlwaysAllowed(const QString& server, const QString& tool) const {
    return alwaysAllowed(server).contains(tool);
}

QStringList ToolServers::alwaysAllowed(const QString& server) const {
    return settings_.value(allowKey(server)).toStringList();
}

void ToolServers::setAlwaysAllowed(const QString& server, const QString& tool, bool allowed) {
    QStringList list = alwaysAllowed(server);
    if (allowed == list.contains(tool)) return;
    if (allowed)
        list << tool;
    else
        list.removeAll(tool);
    if (list.isEmpty())
        settings_.remove(allowKey(server));
    else
        settings_.setValue(allowKey(server), list);
    for (size_t i = 0; i < entries_.size(); ++i)
        if (entries_[i].config.name == server) emit dataChanged(index(int(i)), index(int(i)), {ToolsRole});
}

QStringList ToolServers::chatServers(const QString& conversationId) const {
    const QStringList off = settings_.value(chatKey(conversationId)).toStringList();
    QStringList on;
    for (const Entry& e : entries_)
        if (e.config.enabled && !off.contains(e.config.name)) on << e.config.name;
    return on;
}

bool ToolServers::chatUsesServer(const QString& conversationId, const QString& server) const {
    return !settings_.value(chatKey(conversationId)).toStringList().contains(server);
}

void ToolServers::setChatUsesServer(const QString& conversationId, const QString& server, bool on) {
    QStringList off = settings_.value(chatKey(conversationId)).toStringList();
    if (on == !off.contains(server)) return;
    if (on)
        off.removeAll(server);
    else
        off << server;
    if (off.isEmpty())
        settings_.remove(chatKey(conversationId));
    else
        settings_.setValue(chatKey(conversationId), off);
    emit toolsChanged();
}

QVariantList ToolServers::enabledServers() const {
    QVariantList out;
    for (const Entry& e : entries_)
        if (e.config.enabled)
            out.append(QVariantMap{
                {QStringLiteral("name"), e.config.name},
                {QStringLiteral("ready"), e.client && e.client->state() == McpClient::State::Ready},
                {QStringLiteral("toolCount"), e.client ? int(e.client->tools().size()) : 0}});
    return out;
}

int ToolServers::maxRounds() const {
    return std::clamp(settings_.value(kMaxRoundsKey, 8).toInt(), 1, 50);
}

void ToolServers::setMaxRounds(int n) {
    n = std::clamp(n, 1, 50);
    if (n == maxRounds()) return;
    settings_.setValue(kMaxRoundsKey, n);
    emit maxRoundsChanged();
}

int ToolServers::readyToolCount() const {
    int n = 0;
    for (const Entry& e : entries_)
        if (e.client && e.client->state() == McpClient::State::Ready) n += int(e.client->tools().size());
    return n;
}

McpClient* ToolServers::client(const QString& server) const {
    for (const Entry& e : entries_)
        if (e.config.name == server) return e.client.get();
    return nullptr;
}

QList<mcp::ServerTools> ToolServers::readyTools(const QStringList& servers) const {
    QList<mcp::ServerTools> out;
    for (const QString& s : servers) {
        const McpClient* c = client(s);
        if (c && c->state() == McpClient::State::Ready) out.append({s, c->tools()});
    }
    return out;
}

QList<ServerConfig> ToolServers::configs() const {
    QList<ServerConfig> out;
    for (const Entry& e : entries_) out << e.config;
    return out;
}

} // namespace smoldesk::app
