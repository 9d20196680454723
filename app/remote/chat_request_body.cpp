#include "chat_request_body.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QUrl>

namespace smoldesk::remote {

namespace {
// A turn with images (the app's chat, issue 37) as OpenAI content parts: the text between the
// "<__media__>" markers as text parts, each image as an image_url part with a base64 data URL.
QJsonArray contentParts(const app::ChatTurn& t) {
    static const QString marker = QStringLiteral("<__media__>");
    QJsonArray parts;
    const QStringList pieces = t.content.split(marker);
    for (qsizetype i = 0; i < pieces.size(); ++i) {
        const QString text = i == 0 ? pieces[i] : pieces[i].trimmed(); // the marker's line break
        if (!text.trimmed().isEmpty()) parts.append(QJsonObject{{"type", "text"}, {"text", text}});
        if (i + 1 < pieces.size() && i < t.images.size()) {
            const QByteArray& b = t.images[i];
            const char* type = b.startsWith("\xFF\xD8")                        ? "image/jpeg"
                               : b.startsWith("RIFF") && b.mid(8, 4) == "WEBP" ? "image/webp"
                                                                               : "image/png";
            const QString url = QStringLiteral("data:%1;base64,").arg(QLatin1String(type)) +
                                QString::fromLatin1(b.toBase64());
            parts.append(QJsonObject{{"type", "image_url"}, {"image_url", QJsonObject{{"url", url}}}});
        }
    }
    return parts;
}
} // namespace

bool acceptsExtensions(const QUrl& baseUrl) {
    const QString host = baseUrl.host().toLower();
    return host != QLatin1String("api.openai.com") && !host.endsWith(QLatin1String(".openai.com"));
}

QByteArray chatRequestBody(const app::GenerationRequest& request, const ChatBodyOptions& options) {
    QJsonArray messages;
    for (const app::ChatTurn& t : request.turns) {
        QJsonObject m{{"role", t.role}};
        if (t.role == QLatin1String("assistant") && !t.toolCalls.isEmpty()) {
            QJsonArray calls;
            for (const app::ToolCallInfo& c : t.toolCalls)
                calls.append(
                    QJsonObject{{"id", c.id},
                                {"type", "function"},
                                {"function", QJsonObject{{"name", c.name}, {"arguments", c.arguments}}}});
            m.insert(QStringLiteral("tool_calls"), calls);
            m.insert(QStringLiteral("content"), t.content.isEmpty() ? QJsonValue() : QJsonValue(t.content));
        } else if (!t.images.isEmpty()) {
            m.insert(QStringLiteral("content"), contentParts(t));
        } else {
            m.insert(QStringLiteral("content"), t.content);
        }
        if (t.role == QLatin1String("tool")) {
            m.insert(QStringLiteral("tool_call_id"), t.toolCallId);
            if (!t.name.isEmpty() && options.extensions) m.insert(QStringLiteral("name"), t.name);
        }
        messages.append(m);
    }
    QJsonObject o{{"model", options.model}, {"messages", messages}, {"stream", options.stream}};
    if (options.stream) o.insert(QStringLiteral("stream_options"), QJsonObject{{"include_usage", true}});
    const app::SamplingSettings& s = request.sampling;
    if (s.maxTokens > 0) o.insert(QStringLiteral("max_tokens"), s.maxTokens);
    o.insert(QStringLiteral("temperature"), s.temperature);
    if (s.topP > 0.0 && s.topP <= 1.0) o.insert(QStringLiteral("top_p"), s.topP);
    if (s.seed != 0) o.insert(QStringLiteral("seed"), double(s.seed));
    if (options.extensions) {
        if (s.topK > 0) o.insert(QStringLiteral("top_k"), s.topK);
        if (s.minP > 0.0) o.insert(QStringLiteral("min_p"), s.minP);
        if (s.repeatPenalty > 0.0 && s.repeatPenalty != 1.0)
            o.insert(QStringLiteral("repeat_penalty"), s.repeatPenalty);
        o.insert(QStringLiteral("chat_template_kwargs"),
                 QJsonObject{{"enable_thinking", request.enableThinking}});
    }
    if (!request.toolsJson.isEmpty() && request.toolChoice != app::GenerationRequest::ToolChoice::None) {
        const QJsonArray tools = QJsonDocument::fromJson(request.toolsJson.toUtf8()).array();
        if (!tools.isEmpty()) {
            o.insert(QStringLiteral("tools"), tools);
            switch (request.toolChoice) {
            case app::GenerationRequest::ToolChoice::Required:
                o.insert(QStringLiteral("tool_choice"), QStringLiteral("required"));
                break;
            case app::GenerationRequest::ToolChoice::Named:
                o.insert(QStringLiteral("tool_choice"),
                         QJsonObject{{"type", "function"},
                                     {"function", QJsonObject{{"name", request.toolChoiceName}}}});
                break;
            default:
                o.insert(QStringLiteral("tool_choice"), QStringLiteral("auto"));
            }
            if (!request.parallelToolCalls) o.insert(QStringLiteral("parallel_tool_calls"), false);
        }
    }
    return QJsonDocument(o).toJson(QJsonDocument::Compact);
}

} // namespace smoldesk::remote
