#pragma once
// Rows of the conversation store. Ids are made on the GUI side (newRecordId) so that writes can
// be queued to the store thread without waiting for the database to answer.
#include <QDateTime>
#include <QList>
#include <QMetaType>
#include <QString>

namespace smoldesk::app {

struct ConversationRecord {
    qint64 id = 0;
    QString title;
    QDateTime created;
    QDateTime updated;
    bool thinking = false;
    QString systemPrompt;
};

struct MessageRecord {
    qint64 id = 0;
    qint64 conversationId = 0;
    int position = 0;
    QString role; // "system", "user", "assistant"
    QString content;
    QString thought;
    double thoughtSeconds = 0.0;
    QString statsText;
    bool inContext = true;
    QDateTime created;
};

qint64 newRecordId();

} // namespace smoldesk::app

Q_DECLARE_METATYPE(smoldesk::app::ConversationRecord)
Q_DECLARE_METATYPE(smoldesk::app::MessageRecord)
