#pragma once
// A conversation as Markdown (for people) or JSON (for programs). Thoughts are included in the
// JSON only. The documents an answer drew on are listed under it (file, page, lines, heading and
// the passage's first words); the JSON also keeps the passages each question was sent with. `messages` is the branch shown; with the conversation's tree, Markdown marks a
// message that has alternatives ("answer 2 of 3") and JSON adds every branch ("tree").
#include "message_tree.h"
#include "store_types.h"

#include <QByteArray>
#include <QString>

namespace smoldesk::app::Exporter {

QString toMarkdown(const ConversationRecord& c, const QList<MessageRecord>& messages,
                   const MessageTree* tree = nullptr);
QByteArray toJson(const ConversationRecord& c, const QList<MessageRecord>& messages,
                  const MessageTree* tree = nullptr);
bool writeFile(const QString& path, const QByteArray& data, QString* error);
// A file name for the export dialog: the title without characters that file systems refuse,
// at most 60 characters, with the format's suffix ("md" or "json").
QString suggestedFileName(const QString& title, const QString& format);

} // namespace smoldesk::app::Exporter
