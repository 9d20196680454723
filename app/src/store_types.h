#pragma once
// Rows of the conversation store. Ids are made on the GUI side (newRecordId) so that writes can
// be queued to the store thread without waiting for the database to answer.
#include <QByteArray>
#include <QDateTime>
#include <QList>
#include <QMetaType>
#include <QString>
#include <QStringList>

namespace smoldesk::app {

struct ConversationRecord {
    qint64 id = 0;
    QString title;
    QDateTime created;
    QDateTime updated;
    bool thinking = false;
    QString systemPrompt;
    QStringList documents; // files attached to the chat (its answers draw on them, issue 36)
};

// How far an answer got. Streaming rows are written while the answer streams; a row still
// Streaming when the store opens belonged to a process that died: it becomes Interrupted.
enum class MessageState : int { Complete = 0, Streaming = 1, Interrupted = 2 };

struct MessageRecord {
    qint64 id = 0;
    qint64 conversationId = 0;
    // The message's depth in its conversation's tree (0: a first prompt).
    int position = 0;
    // The message this one follows (0: none, it starts the conversation; -1: not known, a row of
    // an older writer, linked to the previous row by position when the store opens). Siblings
    // (children of one parent) are alternatives: regenerated answers, edited prompts.
    qint64 parentId = -1;
    // The alternative its parent shows. Read when loaded and written when a row is inserted; a
    // later choice is written with ConversationStore::selectMessage.
    bool selected = true;
    QString role;    // "system", "user", "assistant", "tool"
    QString content; // a tool row: the text the model was sent back
    // MCP tool use, as JSON text (empty: none). An assistant row: {"calls": [{id, name, arguments}]},
    // the calls the model made. A tool row (one card): {callId, name, server, tool, arguments, state}
    // with state "waiting", "running", "done", "failed", "denied", "stopped" or "interrupted".
    QString toolJson;
    // A prompt's images (PNG, JPEG or WebP bytes as the user gave them), in the order they go
    // before its text; stored in the row's `images` column (chat_images.h).
    QList<QByteArray> images;
    QString thought;
    double thoughtSeconds = 0.0;
    QString statsText;
    bool inContext = true;
    QDateTime created;
    MessageState state = MessageState::Complete;
};

qint64 newRecordId();

} // namespace smoldesk::app

Q_DECLARE_METATYPE(smoldesk::app::ConversationRecord)
Q_DECLARE_METATYPE(smoldesk::app::MessageRecord)
