#include "exporter.h"

#include "answer_stats.h"
#include "chat_images.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>

namespace smoldesk::app::Exporter {

namespace {
QJsonObject toolOf(const MessageRecord& m) {
    return m.toolJson.isEmpty() ? QJsonObject() : QJsonDocument::fromJson(m.toolJson.toUtf8()).object();
}

// A card's state as the Markdown export says it, in the interface's language (the JSON export
// keeps the stored word).
QString toolStateText(const QString& state) {
    if (state == QLatin1String("done")) return QCoreApplication::translate("Exporter", "done");
    if (state == QLatin1String("failed")) return QCoreApplication::translate("Exporter", "failed");
    if (state == QLatin1String("denied")) return QCoreApplication::translate("Exporter", "denied");
    if (state == QLatin1String("stopped")) return QCoreApplication::translate("Exporter", "stopped");
    if (state == QLatin1String("waiting") || state == QLatin1String("running") ||
        state == QLatin1String("interrupted"))
        return QCoreApplication::translate("Exporter", "interrupted");
    return state;
}

// The documents an answer drew on ({"sources": …} of its row, document_sources.h), as a list under
// it: "[1] /home/me/manuals/boiler.md, lines 11–15 (Boiler manual > Resetting): “When the …”".
QString sourcesMarkdown(const QJsonArray& sources) {
    if (sources.isEmpty()) return {};
    QString out = QCoreApplication::translate("Exporter", "Sources:") + QStringLiteral("\n\n");
    for (const QJsonValue& v : sources) {
        const QJsonObject s = v.toObject();
        QString where = QStringLiteral("[%1] ").arg(s.value("number").toInt()) + s.value("file").toString();
        const int page = s.value("page").toInt(), line = s.value("line").toInt(),
                  end = s.value("line_end").toInt();
        if (page > 0)
            where += QStringLiteral(", ") + QCoreApplication::translate("Exporter", "page %1").arg(page);
        if (s.value("whole").toBool())
            where += QStringLiteral(", ") + QCoreApplication::translate("Exporter", "read whole");
        else if (line > 0 && end > line)
            where += QStringLiteral(", ") +
                     QCoreApplication::translate("Exporter", "lines %1–%2").arg(line).arg(end);
        else if (line > 0)
            where += QStringLiteral(", ") + QCoreApplication::translate("Exporter", "line %1").arg(line);
        if (const QString heading = s.value("heading").toString(); !heading.isEmpty())
            where += QStringLiteral(" (") + heading + QLatin1Char(')');
        if (const QString snippet = s.value("snippet").toString().simplified(); !snippet.isEmpty())
            where += QStringLiteral(": “") + snippet + QStringLiteral("”");
        out += QStringLiteral("- ") + where + QLatin1Char('\n');
    }
    return out + QLatin1Char('\n');
}
} // namespace

QString toMarkdown(const ConversationRecord& c, const QList<MessageRecord>& messages,
                   const MessageTree* tree) {
    QString out = QStringLiteral("# ") +
                  (c.title.isEmpty() ? QCoreApplication::translate("Exporter", "Chat") : c.title) +
                  QStringLiteral("\n\n");
    if (!c.systemPrompt.isEmpty())
        out += QStringLiteral("> ") + QCoreApplication::translate("Exporter", "System prompt:") +
               QLatin1Char(' ') + c.systemPrompt + QStringLiteral("\n\n");
    for (const MessageRecord& m : messages) {
        if (m.role == QLatin1String("tool")) { // a tool call's card: what ran, with what, and what came back
            const QJsonObject t = toolOf(m);
            out += QStringLiteral("**") +
                   QCoreApplication::translate("Exporter", "Tool %1 (%2): %3")
                       .arg(t.value("name").toString(), t.value("server").toString(),
                            toolStateText(t.value("state").toString())) +
                   QStringLiteral("**\n\n```json\n") + t.value("arguments").toString() +
                   QStringLiteral("\n```\n\n```\n") + m.content + QStringLiteral("\n```\n\n");
            continue;
        }
        const QString who = m.role == QLatin1String("user")
                                ? QCoreApplication::translate("Exporter", "You")
                                : QCoreApplication::translate("Exporter", "Assistant");
        const int alternatives = tree ? tree->alternativeCount(m.id) : 1;
        QString heading = QStringLiteral("**") + who + QStringLiteral("**");
        if (alternatives > 1) // the reader learns that other versions exist (the JSON export has them)
            heading += QLatin1Char(' ') + (m.role == QLatin1String("user")
                                               ? QCoreApplication::translate("Exporter", "(version %1 of %2)")
                                               : QCoreApplication::translate("Exporter", "(answer %1 of %2)"))
                                              .arg(tree->alternativeIndex(m.id))
                                              .arg(alternatives);
        if (m.content.isEmpty() && !m.toolJson.isEmpty() && alternatives == 1)
            continue;            // only calls: their cards follow
        if (!m.images.isEmpty()) // the Markdown names them; the JSON export carries them
            heading +=
                QLatin1Char(' ') +
                (m.images.size() == 1
                     ? QCoreApplication::translate("Exporter", "(1 image attached)")
                     : QCoreApplication::translate("Exporter", "(%1 images attached)").arg(m.images.size()));
        out += heading + QStringLiteral("\n\n") + m.content + QStringLiteral("\n\n");
        if (m.role != QLatin1String("user")) out += sourcesMarkdown(toolOf(m).value("sources").toArray());
    }
    return out;
}

namespace {
QJsonObject messageObject(const MessageRecord& m) {
    QJsonObject o{{"role", m.role}, {"content", m.content}, {"created", m.created.toString(Qt::ISODate)}};
    if (!m.thought.isEmpty()) {
        o.insert("thought", m.thought);
        o.insert("thought_seconds", m.thoughtSeconds);
    }
    if (const auto stats = AnswerStats::fromStored(m.statsText))
        o.insert("stats", stats->toJson());
    else if (!m.statsText.isEmpty())
        o.insert("stats", m.statsText); // stored as text before the figures were
    if (!m.images.isEmpty()) o.insert("images", QJsonArray::fromStringList(ChatImages::dataUrls(m.images)));
    const QJsonObject tool = toolOf(m);
    if (m.role == QLatin1String("tool")) {
        o.insert("tool",
                 tool); // callId, name, server, tool, arguments, state (and a document tool's sources)
    } else if (tool.contains("calls")) {
        o.insert("tool_calls", tool.value("calls"));
    }
    // The documents: an answer's sources (file, page, lines, heading, snippet, as the API gives
    // them), and the passages put in front of a question (the text the model read).
    if (m.role != QLatin1String("tool") && tool.contains("sources"))
        o.insert("sources", tool.value("sources"));
    if (tool.contains("passages")) o.insert("passages", tool.value("passages"));
    return o;
}

// A message's id (microseconds since 1970: below 2^53, exact in every JSON reader); null: none.
QJsonValue idValue(qint64 id) {
    return id > 0 ? QJsonValue(id) : QJsonValue(QJsonValue::Null);
}
} // namespace

QByteArray toJson(const ConversationRecord& c, const QList<MessageRecord>& messages,
                  const MessageTree* tree) {
    QJsonArray arr;
    for (const MessageRecord& m : messages) {
        QJsonObject o = messageObject(m);
        if (tree && tree->contains(m.id)) o.insert("id", idValue(m.id));
        arr.append(o);
    }
    QJsonObject root{{"title", c.title},
                     {"created", c.created.toString(Qt::ISODate)},
                     {"thinking", c.thinking},
                     {"system_prompt", c.systemPrompt},
                     {"messages", arr}};
    if (tree) { // every branch: each message with its parent and whether it is the one shown
        QJsonArray all;
        for (const MessageRecord& m : tree->all()) {
            QJsonObject o = messageObject(m);
            o.insert("id", idValue(m.id));
            o.insert("parent", idValue(m.parentId));
            o.insert("selected", tree->selectedChild(m.parentId) == m.id);
            all.append(o);
        }
        root.insert("tree", all);
    }
    return QJsonDocument(root).toJson(QJsonDocument::Indented);
}

bool writeFile(const QString& path, const QByteArray& data, QString* error) {
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(data) != data.size() || !f.commit()) {
        if (error) *error = f.errorString();
        return false;
    }
    return true;
}

QString suggestedFileName(const QString& title, const QString& format) {
    QString name;
    for (const QChar c : title.simplified()) {
        // Refused or special on Windows, macOS or Linux file systems.
        const bool bad = c.unicode() < 0x20 || QStringLiteral("/\\:*?\"<>|").contains(c);
        name += bad ? QLatin1Char('-') : c;
    }
    name = name.left(60).trimmed();
    while (name.startsWith(QLatin1Char('.')) || name.startsWith(QLatin1Char('-'))) name.remove(0, 1);
    while (name.endsWith(QLatin1Char('.'))) name.chop(1);
    if (name.isEmpty()) name = QStringLiteral("conversation");
    return name + QLatin1Char('.') +
           (format == QLatin1String("json") ? QStringLiteral("json") : QStringLiteral("md"));
}

} // namespace smoldesk::app::Exporter
