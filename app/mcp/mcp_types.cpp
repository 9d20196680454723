#include "mcp_types.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace smoldesk::mcp {

bool readTool(const QJsonObject& json, McpTool& out, QString* why) {
    out.name = json.value(QLatin1String("name")).toString();
    if (out.name.isEmpty()) {
        if (why) *why = QStringLiteral("a tool without a name");
        return false;
    }
    out.title = json.value(QLatin1String("title")).toString();
    const QJsonObject annotations = json.value(QLatin1String("annotations")).toObject();
    if (out.title.isEmpty()) out.title = annotations.value(QLatin1String("title")).toString();
    out.description = json.value(QLatin1String("description")).toString();
    out.inputSchema = json.value(QLatin1String("inputSchema")).toObject();
    if (out.inputSchema.isEmpty())
        out.inputSchema = QJsonObject{{QStringLiteral("type"), QStringLiteral("object")}};
    out.readOnlyHint = annotations.value(QLatin1String("readOnlyHint")).toBool();
    return true;
}

namespace {

McpContent readContent(const QJsonObject& o) {
    McpContent c;
    const QString type = o.value(QLatin1String("type")).toString();
    c.mimeType = o.value(QLatin1String("mimeType")).toString();
    if (type == QLatin1String("text")) {
        c.type = McpContent::Type::Text;
        c.text = o.value(QLatin1String("text")).toString();
    } else if (type == QLatin1String("image") || type == QLatin1String("audio")) {
        c.type = type == QLatin1String("image") ? McpContent::Type::Image : McpContent::Type::Audio;
        c.data = o.value(QLatin1String("data")).toString().toLatin1();
    } else if (type == QLatin1String("resource")) {
        c.type = McpContent::Type::Resource;
        const QJsonObject r = o.value(QLatin1String("resource")).toObject();
        c.uri = r.value(QLatin1String("uri")).toString();
        c.mimeType = r.value(QLatin1String("mimeType")).toString();
        c.text = r.value(QLatin1String("text")).toString();
        c.data = r.value(QLatin1String("blob")).toString().toLatin1();
    } else if (type == QLatin1String("resource_link")) {
        c.type = McpContent::Type::ResourceLink;
        c.uri = o.value(QLatin1String("uri")).toString();
        c.text = o.value(QLatin1String("name")).toString();
    } else {
        c.text = type;
    }
    return c;
}

// Bytes a base64 text decodes to, without decoding it.
qsizetype decodedSize(const QByteArray& base64) {
    qsizetype pad = base64.endsWith("==") ? 2 : base64.endsWith('=') ? 1 : 0;
    return base64.size() / 4 * 3 - pad;
}

} // namespace

McpToolResult readToolResult(const QJsonObject& result) {
    McpToolResult r;
    r.isError = result.value(QLatin1String("isError")).toBool();
    for (const QJsonValue& v : result.value(QLatin1String("content")).toArray())
        if (v.isObject()) r.content.append(readContent(v.toObject()));
    r.structuredContent = result.value(QLatin1String("structuredContent")).toObject();
    return r;
}

QString McpToolResult::text() const {
    if (!completed()) return failure;
    QStringList parts;
    for (const McpContent& c : content) {
        switch (c.type) {
        case McpContent::Type::Text:
            parts << c.text;
            break;
        case McpContent::Type::Image:
        case McpContent::Type::Audio:
            parts << QStringLiteral("[%1: %2, %3 bytes]")
                         .arg(c.type == McpContent::Type::Image ? QStringLiteral("image")
                                                                : QStringLiteral("audio"),
                              c.mimeType)
                         .arg(decodedSize(c.data));
            break;
        case McpContent::Type::Resource:
            if (!c.text.isEmpty())
                parts << c.text;
            else
                parts << QStringLiteral("[resource: %1, %2, %3 bytes]")
                             .arg(c.uri, c.mimeType)
                             .arg(decodedSize(c.data));
            break;
        case McpContent::Type::ResourceLink:
            parts << QStringLiteral("[resource link: %1%2]")
                         .arg(c.uri, c.text.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(c.text));
            break;
        case McpContent::Type::Unknown:
            parts << QStringLiteral("[%1 content]").arg(c.text);
            break;
        }
    }
    if (parts.isEmpty() && !structuredContent.isEmpty())
        parts << QString::fromUtf8(QJsonDocument(structuredContent).toJson(QJsonDocument::Compact));
    return parts.join(QLatin1Char('\n'));
}

qsizetype McpToolResult::images() const {
    qsizetype n = 0;
    for (const McpContent& c : content) n += c.type == McpContent::Type::Image;
    return n;
}

} // namespace smoldesk::mcp
