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

} // namespace smoldesk::app::Exporter
