#pragma once
// What MCP's tools/list and tools/call return, read from their JSON once.
#include <QJsonObject>
#include <QList>
#include <QMetaType>
#include <QString>

namespace smoldesk::mcp {

struct McpTool {
    QString name;
    QString title; // optional human-friendly name (2025-06-18)
    QString description;
    QJsonObject inputSchema;
    bool readOnlyHint = false;
};

// Reads one entry of tools/list's "tools"; false (and a reason) when it has no name.
bool readTool(const QJsonObject& json, McpTool& out, QString* why = nullptr);

struct McpContent {
    enum class Type { Text, Image, Audio, Resource, ResourceLink, Unknown };
    Type type = Type::Unknown;
    QString text; // text, or an embedded text resource
    QString mimeType;
    QByteArray data; // base64, as sent (image, audio, embedded blob resource)
    QString uri;     // resources and resource links
};

struct McpToolResult {
    // The call did not complete (dead server, timeout, protocol error, cancelled): failure says why
    // in one sentence and content is empty.
    QString failure;
    bool cancelled = false;
    // The tool ran and reported an error itself (isError): content says what.
    bool isError = false;
    QList<McpContent> content;
    QJsonObject structuredContent;

    bool completed() const { return failure.isEmpty(); }
    // All content as text, for a terminal or for the model: text as is, images and other binary
    // content as a short bracketed note, structuredContent as JSON when there is nothing else.
    QString text() const;
    qsizetype images() const;
};

McpToolResult readToolResult(const QJsonObject& result);

} // namespace smoldesk::mcp

Q_DECLARE_METATYPE(smoldesk::mcp::McpToolResult)
