#include "mcp_config.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>

namespace smoldesk::mcp {

QString ServerConfig::bearerToken() const {
    for (auto it = headers.begin(); it != headers.end(); ++it)
        if (it.key().compare(QLatin1String("Authorization"), Qt::CaseInsensitive) == 0 &&
            it.value().startsWith(QLatin1String("Bearer "), Qt::CaseInsensitive))
            return it.value().mid(7).trimmed();
    return {};
}

void ServerConfig::setBearerToken(const QString& token) {
    for (auto it = headers.begin(); it != headers.end();) {
        if (it.key().compare(QLatin1String("Authorization"), Qt::CaseInsensitive) == 0)
            it = headers.erase(it);
        else
            ++it;
    }
    if (!token.trimmed().isEmpty())
        headers.insert(QStringLiteral("Authorization"), QStringLiteral("Bearer ") + token.trimmed());
}

QString ServerConfig::describeForLog() const {
    QString s = isHttp() ? url : (QStringList{command} + args).join(QLatin1Char(' '));
    if (!env.isEmpty()) s += QStringLiteral(" (env: %1)").arg(env.keys().join(QStringLiteral(", ")));
    if (!headers.isEmpty())
        s += QStringLiteral(" (headers: %1)").arg(headers.keys().join(QStringLiteral(", ")));
    return s;
}

namespace {

QMap<QString, QString> stringMap(const QJsonObject& o) {
    QMap<QString, QString> m;
    for (auto it = o.begin(); it != o.end(); ++it) {
        const QJsonValue v = it.value();
        m.insert(it.key(), v.isString()   ? v.toString()
                           : v.isDouble() ? QString::number(v.toDouble())
                           : v.isBool()   ? (v.toBool() ? QStringLiteral("true") : QStringLiteral("false"))
                                          : QString());
    }
    return m;
}

QJsonObject jsonMap(const QMap<QString, QString>& m) {
    QJsonObject o;
    for (auto it = m.begin(); it != m.end(); ++it) o.insert(it.key(), it.value());
    return o;
}

} // namespace

bool readServerEntry(const QString& name, const QJsonObject& entry, ServerConfig& out, QString* why) {
    auto fail = [&](const QString& reason) {
        if (why) *why = reason;
        return false;
    };
    if (name.trimmed().isEmpty()) return fail(QStringLiteral("A server has no name."));
    out = ServerConfig{};
    out.name = name;
    out.command = entry.value(QLatin1String("command")).toString();
    for (const QJsonValue& a : entry.value(QLatin1String("args")).toArray()) out.args << a.toString();
    out.env = stringMap(entry.value(QLatin1String("env")).toObject());
    out.cwd = entry.value(QLatin1String("cwd")).toString();
    out.url = entry.value(QLatin1String("url")).toString();
    if (out.url.isEmpty()) out.url = entry.value(QLatin1String("serverUrl")).toString(); // Windsurf
    out.headers = stringMap(entry.value(QLatin1String("headers")).toObject());
    out.enabled = !entry.value(QLatin1String("disabled")).toBool(false);
    const double timeout = entry.value(QLatin1String("timeout")).toDouble(0);
    if (timeout > 0) out.timeoutMs = static_cast<int>(qBound(0.1, timeout, 3600.0) * 1000);
    const QString type = entry.value(QLatin1String("type")).toString();
    if (type == QLatin1String("sse"))
        return fail(QStringLiteral("The server “%1” uses the old HTTP+SSE transport, which SmolDesk does not "
                                   "speak; use its Streamable HTTP address.")
                        .arg(name));
    if (out.command.isEmpty() && out.url.isEmpty())
        return fail(QStringLiteral("The server “%1” has neither a command nor a url.").arg(name));
    if (!out.command.isEmpty() && !out.url.isEmpty())
        return fail(QStringLiteral("The server “%1” has both a command and a url; give one.").arg(name));
    if (!out.url.isEmpty() && !out.url.startsWith(QLatin1String("http://")) &&
        !out.url.startsWith(QLatin1String("https://")))
        return fail(QStringLiteral("The server “%1” has a url that is not http:// or https://.").arg(name));
    return true;
}

QJsonObject serverEntry(const ServerConfig& s) {
    QJsonObject o;
    if (s.isHttp()) {
        o.insert(QStringLiteral("url"), s.url);
        if (!s.headers.isEmpty()) o.insert(QStringLiteral("headers"), jsonMap(s.headers));
    } else {
        o.insert(QStringLiteral("command"), s.command);
        if (!s.args.isEmpty()) o.insert(QStringLiteral("args"), QJsonArray::fromStringList(s.args));
        if (!s.env.isEmpty()) o.insert(QStringLiteral("env"), jsonMap(s.env));
        if (!s.cwd.isEmpty()) o.insert(QStringLiteral("cwd"), s.cwd);
    }
    if (!s.enabled) o.insert(QStringLiteral("disabled"), true);
    if (s.timeoutMs != ServerConfig{}.timeoutMs) o.insert(QStringLiteral("timeout"), s.timeoutMs / 1000.0);
    return o;
}

ParsedConfig parseMcpConfig(const QByteArray& json) {
    ParsedConfig out;
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &error);
    if (error.error != QJsonParseError::NoError || !doc.isObject()) {
        out.error =
            QStringLiteral("The MCP configuration is not a JSON object (%1).")
                .arg(error.error != QJsonParseError::NoError ? error.errorString()
                                                             : QStringLiteral("found another JSON value"));
        return out;
    }
    QJsonObject root = doc.object();
    QJsonObject servers = root.value(QLatin1String("mcpServers")).toObject();
    if (servers.isEmpty() && root.value(QLatin1String("servers")).isObject())
        servers = root.value(QLatin1String("servers")).toObject();
    if (servers.isEmpty() && !root.contains(QLatin1String("mcpServers"))) {
        bool bare = !root.isEmpty();
        for (const QJsonValue& v : root)
            bare = bare && v.isObject() &&
                   (v.toObject().contains(QLatin1String("command")) ||
                    v.toObject().contains(QLatin1String("url")));
        if (bare) servers = root;
    }
    if (servers.isEmpty()) {
        out.error = QStringLiteral("The MCP configuration has no servers (expected {\"mcpServers\": {…}}).");
        return out;
    }
    for (auto it = servers.begin(); it != servers.end(); ++it) {
        ServerConfig s;
        QString why;
        if (!it.value().isObject())
            why = QStringLiteral("The server “%1” is not a JSON object.").arg(it.key());
        else if (readServerEntry(it.key(), it.value().toObject(), s, &why))
            out.servers.append(s);
        if (!why.isEmpty() && out.error.isEmpty()) out.error = why;
    }
    return out;
}

ParsedConfig readMcpConfigFile(const QString& path) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        ParsedConfig out;
        out.error = QStringLiteral("Cannot read the MCP configuration %1: %2.").arg(path, file.errorString());
        return out;
    }
    if (file.size() > 4 * 1024 * 1024) {
        ParsedConfig out;
        out.error = QStringLiteral("The MCP configuration %1 is larger than 4 MB.").arg(path);
        return out;
    }
    return parseMcpConfig(file.readAll());
}

QByteArray writeMcpConfig(const QList<ServerConfig>& servers) {
    QJsonObject map;
    for (const ServerConfig& s : servers) map.insert(s.name, serverEntry(s));
    return QJsonDocument(QJsonObject{{QStringLiteral("mcpServers"), map}}).toJson(QJsonDocument::Indented);
}

} // namespace smoldesk::mcp
