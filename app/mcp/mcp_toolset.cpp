#include "mcp_toolset.h"

#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>

namespace smoldesk::mcp {

std::vector<OfferedTool> offeredTools(const QList<ServerTools>& servers) {
    std::vector<OfferedTool> out;
    QHash<QString, int> uses;
    for (const ServerTools& s : servers)
        for (const McpTool& t : s.tools) {
            ++uses[t.name];
            out.push_back(OfferedTool{t.name, s.server, t.name, t.description, t.inputSchema});
        }
    for (OfferedTool& o : out)
        if (uses.value(o.tool) > 1) o.name = o.server + QLatin1Char('_') + o.tool;
    return out;
}

QString openAiToolsJson(const std::vector<OfferedTool>& tools, const QString& only) {
    QJsonArray array;
    for (const OfferedTool& o : tools) {
        if (!only.isEmpty() && o.name != only) continue;
        QJsonObject schema = o.inputSchema;
        if (schema.isEmpty()) schema = QJsonObject{{"type", "object"}, {"properties", QJsonObject()}};
        if (!only.isEmpty()) schema.insert(QStringLiteral("additionalProperties"), false);
        array.append(QJsonObject{
            {"type", "function"},
            {"function",
             QJsonObject{{"name", o.name}, {"description", o.description}, {"parameters", schema}}}});
    }
    return QString::fromUtf8(QJsonDocument(array).toJson(QJsonDocument::Compact));
}

} // namespace smoldesk::mcp
