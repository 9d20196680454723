#pragma once
// A conversation as Markdown (for people) or JSON (for programs). Thoughts are included in the
// JSON only.
#include "store_types.h"

#include <QByteArray>
#include <QString>

namespace smoldesk::app::Exporter {

QString toMarkdown(const ConversationRecord& c, const QList<MessageRecord>& messages);
QByteArray toJson(const ConversationRecord& c, const QList<MessageRecord>& messages);
bool writeFile(const QString& path, const QByteArray& data, QString* error);
// A file name for the export dialog: the title without characters that file systems refuse,
// at most 60 characters, with the format's suffix ("md" or "json").
QString suggestedFileName(const QString& title, const QString& format);

} // namespace smoldesk::app::Exporter
