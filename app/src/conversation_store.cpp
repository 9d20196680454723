#include "conversation_store.h"

#include "chat_images.h"

#include <QAtomicInteger>
#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QVariant>

namespace smoldesk::app {

qint64 newRecordId() {
    static QAtomicInteger<qint64> last{0};
    const qint64 now = QDateTime::currentMSecsSinceEpoch() * 1000;
    for (;;) {
        qint64 prev = last.loadRelaxed();
        qint64 next = std::max(now, prev + 1);
        if (last.testAndSetRelaxed(prev, next)) return next;
    }
}

namespace {
QAtomicInteger<int> connectionCounter{0};

// A null QString binds as SQL NULL; text columns are NOT NULL.
QString text(const QString& s) {
    return s.isNull() ? QStringLiteral("") : s;
}

const char* const kSchema[] = {
    "CREATE TABLE IF NOT EXISTS conversations (id INTEGER PRIMARY KEY, title TEXT NOT NULL, created INTEGER, "
    "updated INTEGER, thinking INTEGER NOT NULL DEFAULT 0, system_prompt TEXT NOT NULL DEFAULT '')",
    "CREATE TABLE IF NOT EXISTS messages (id INTEGER PRIMARY KEY, conversation_id INTEGER NOT NULL, "
    "position INTEGER NOT NULL, role TEXT NOT NULL, content TEXT NOT NULL, thought TEXT NOT NULL DEFAULT '', "
    "thought_seconds REAL NOT NULL DEFAULT 0, stats TEXT NOT NULL DEFAULT '', in_context INTEGER NOT NULL "
    "DEFAULT 1, created INTEGER, state INTEGER NOT NULL DEFAULT 0, tool TEXT NOT NULL DEFAULT '', "
    "parent_id INTEGER, selected INTEGER NOT NULL DEFAULT 1)",
    "CREATE INDEX IF NOT EXISTS messages_by_conversation ON messages(conversation_id, position)",
};

// PRAGMA user_version: 0 linear messages (a row follows the one before it by position),
// 2 message trees. (1 was never written.)
constexpr int kSchemaVersion = 2;
} // namespace

ConversationStore::ConversationStore(QObject* parent)
    : QObject(parent),
      connection_(QStringLiteral("smoldesk-store-%1").arg(connectionCounter.fetchAndAddRelaxed(1))) {}

ConversationStore::~ConversationStore() {
    close();
}

void ConversationStore::registerTypes() {
    qRegisterMetaType<ConversationRecord>();
    qRegisterMetaType<MessageRecord>();
    qRegisterMetaType<QList<ConversationRecord>>();
    qRegisterMetaType<QList<MessageRecord>>();
    qRegisterMetaType<QList<qint64>>();
}

bool ConversationStore::exec(const QString& sql) {
    QSqlQuery q(QSqlDatabase::database(connection_));
    if (q.exec(sql)) return true;
    emit writeFailed(q.lastError().text());
    return false;
}

void ConversationStore::open(const QString& path) {
    QDir().mkpath(QFileInfo(path).absolutePath());
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), connection_);
        db.setDatabaseName(path);
        if (!db.open()) {
            emit opened(false, db.lastError().text());
            return;
        }
    }
    open_ = true;
    bool ok =
        exec(QStringLiteral("PRAGMA journal_mode=WAL")) && exec(QStringLiteral("PRAGMA synchronous=NORMAL"));
    for (const char* sql : kSchema) ok = ok && exec(QString::fromLatin1(sql));
    ok = ok && addColumn(QStringLiteral("state"), QStringLiteral("INTEGER NOT NULL DEFAULT 0")) &&
         addColumn(QStringLiteral("tool"), QStringLiteral("TEXT NOT NULL DEFAULT ''")) &&
         addColumn(QStringLiteral("parent_id"), QStringLiteral("INTEGER")) &&
         addColumn(QStringLiteral("selected"), QStringLiteral("INTEGER NOT NULL DEFAULT 1")) &&
         addColumn(QStringLiteral("images"), QStringLiteral("TEXT NOT NULL DEFAULT ''")) &&
         addColumn(QStringLiteral("documents"), QStringLiteral("TEXT NOT NULL DEFAULT ''"),
                   QStringLiteral("conversations")) &&
         exec(QStringLiteral("CREATE INDEX IF NOT EXISTS messages_by_parent ON messages(conversation_id, "
                             "parent_id)")) &&
         linkLinearRows() && markInterrupted();
    emit opened(ok, ok ? QString() : QStringLiteral("Cannot create the conversation tables."));
}

bool ConversationStore::addColumn(const QString& name, const QString& definition, const QString& table) {
    // Databases from before a column was added lack it: `state` (answers written while they
    // stream), `tool` (MCP tool calls and results), `images` (a prompt's images, issue 37), a
    // conversation's `documents` (its attached files as a JSON array, issue 36).
    QSqlQuery q(QSqlDatabase::database(connection_));
    if (!q.exec(QStringLiteral("PRAGMA table_info(%1)").arg(table))) return false;
    while (q.next())
        if (q.value(1).toString() == name) return true;
    return exec(QStringLiteral("ALTER TABLE %1 ADD COLUMN %2 %3").arg(table, name, definition));
}

bool ConversationStore::linkLinearRows() {
    // Every row without a parent (all rows of a database of the linear schema; a row an older
    // SmolDesk wrote after the upgrade) follows the row before it in its conversation, and is
    // the alternative shown. One transaction: a crash leaves the old or the new schema, never half.
    QSqlDatabase db = QSqlDatabase::database(connection_);
    QSqlQuery q(db);
    if (!q.exec(QStringLiteral("SELECT COUNT(*) FROM messages WHERE parent_id IS NULL")) || !q.next())
        return false;
    const bool unlinked = q.value(0).toLongLong() > 0;
    q.finish();
    if (!q.exec(QStringLiteral("PRAGMA user_version")) || !q.next()) return false;
    const int version = q.value(0).toInt();
    q.finish();
    if (!unlinked && version >= kSchemaVersion) return true;
    if (!db.transaction()) return false;
    const bool ok =
        exec(QStringLiteral(
            "UPDATE messages SET selected = 1, parent_id = COALESCE((SELECT p.id FROM messages p WHERE "
            "p.conversation_id = messages.conversation_id AND (p.position < messages.position OR "
            "(p.position = messages.position AND p.id < messages.id)) ORDER BY p.position DESC, p.id DESC "
            "LIMIT 1), 0) WHERE parent_id IS NULL")) &&
        exec(QStringLiteral("PRAGMA user_version = %1").arg(kSchemaVersion));
    if (!ok) {
        db.rollback();
        return false;
    }
    return db.commit();
}

bool ConversationStore::markInterrupted() {
    // An answer still marked as streaming belonged to a process that died while writing it.
    return exec(QStringLiteral("UPDATE messages SET state = %1 WHERE state = %2")
                    .arg(int(MessageState::Interrupted))
                    .arg(int(MessageState::Streaming)));
}

void ConversationStore::close() {
    if (!open_) return;
    open_ = false;
    QSqlDatabase::database(connection_).close();
    QSqlDatabase::removeDatabase(connection_);
}

void ConversationStore::loadConversations() {
    QList<ConversationRecord> out;
    if (open_) {
        QSqlQuery q(QSqlDatabase::database(connection_));
        q.exec(QStringLiteral("SELECT id, title, created, updated, thinking, system_prompt, documents FROM "
                              "conversations ORDER BY updated DESC"));
        while (q.next()) {
            ConversationRecord c;
            c.id = q.value(0).toLongLong();
            c.title = q.value(1).toString();
            c.created = QDateTime::fromMSecsSinceEpoch(q.value(2).toLongLong());
            c.updated = QDateTime::fromMSecsSinceEpoch(q.value(3).toLongLong());
            c.thinking = q.value(4).toBool();
            c.systemPrompt = q.value(5).toString();
            for (const QJsonValue& f : QJsonDocument::fromJson(q.value(6).toString().toUtf8()).array())
                if (f.isString()) c.documents << f.toString();
            out.append(c);
        }
    }
    emit conversationsLoaded(out);
}

void ConversationStore::loadMessages(qint64 conversationId) {
    QList<MessageRecord> out;
    if (open_) {
        QSqlQuery q(QSqlDatabase::database(connection_));
        q.prepare(QStringLiteral(
            "SELECT id, position, role, content, thought, thought_seconds, stats, in_context, "
            "created, state, tool, parent_id, selected, images FROM messages WHERE conversation_id = ? "
            "ORDER BY position, id"));
        q.addBindValue(conversationId);
        q.exec();
        while (q.next()) {
            MessageRecord m;
            m.id = q.value(0).toLongLong();
            m.conversationId = conversationId;
            m.position = q.value(1).toInt();
            m.role = q.value(2).toString();
            m.content = q.value(3).toString();
            m.thought = q.value(4).toString();
            m.thoughtSeconds = q.value(5).toDouble();
            m.statsText = q.value(6).toString();
            m.inContext = q.value(7).toBool();
            m.created = QDateTime::fromMSecsSinceEpoch(q.value(8).toLongLong());
            const int state = q.value(9).toInt();
            m.state = state == int(MessageState::Streaming) || state == int(MessageState::Interrupted)
                          ? MessageState(state)
                          : MessageState::Complete;
            m.toolJson = q.value(10).toString();
            m.parentId = q.value(11).isNull() ? -1 : q.value(11).toLongLong();
            m.selected = q.value(12).toBool();
            m.images = ChatImages::fromStored(q.value(13).toString());
            out.append(m);
        }
    }
    emit messagesLoaded(conversationId, out);
}

void ConversationStore::saveConversation(const ConversationRecord& c) {
    if (!open_) return;
    QSqlQuery q(QSqlDatabase::database(connection_));
    q.prepare(
        QStringLiteral("INSERT INTO conversations (id, title, created, updated, thinking, system_prompt, "
                       "documents) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT(id) DO UPDATE SET title = "
                       "excluded.title, updated = excluded.updated, thinking = excluded.thinking, "
                       "system_prompt = excluded.system_prompt, documents = excluded.documents"));
    q.addBindValue(c.id);
    q.addBindValue(text(c.title));
    q.addBindValue(c.created.toMSecsSinceEpoch());
    q.addBindValue(c.updated.toMSecsSinceEpoch());
    q.addBindValue(c.thinking ? 1 : 0);
    q.addBindValue(text(c.systemPrompt));
    q.addBindValue(
        c.documents.isEmpty()
            ? QStringLiteral("")
            : QString::fromUtf8(
                  QJsonDocument(QJsonArray::fromStringList(c.documents)).toJson(QJsonDocument::Compact)));
    if (!q.exec()) emit writeFailed(q.lastError().text());
}

void ConversationStore::deleteConversation(qint64 conversationId) {
    if (!open_) return;
    QSqlDatabase db = QSqlDatabase::database(connection_);
    db.transaction();
    QSqlQuery q(db);
    q.prepare(QStringLiteral("DELETE FROM messages WHERE conversation_id = ?"));
    q.addBindValue(conversationId);
    q.exec();
    q.prepare(QStringLiteral("DELETE FROM conversations WHERE id = ?"));
    q.addBindValue(conversationId);
    q.exec();
    if (!db.commit()) emit writeFailed(db.lastError().text());
}

void ConversationStore::saveMessage(const MessageRecord& m) {
    if (!open_) return;
    QSqlQuery q(QSqlDatabase::database(connection_));
    q.prepare(QStringLiteral(
        "INSERT INTO messages (id, conversation_id, position, role, content, thought, thought_seconds, "
        "stats, in_context, created, state, tool, parent_id, selected, images) VALUES (?, ?, ?, ?, ?, ?, ?, "
        "?, "
        "?, ?, ?, ?, ?, ?, ?) ON CONFLICT(id) "
        "DO UPDATE SET position = excluded.position, content = excluded.content, thought = excluded.thought, "
        "thought_seconds = excluded.thought_seconds, stats = excluded.stats, in_context = "
        "excluded.in_context, state = excluded.state, tool = excluded.tool"));
    q.addBindValue(m.id);
    q.addBindValue(m.conversationId);
    q.addBindValue(m.position);
    q.addBindValue(text(m.role));
    q.addBindValue(text(m.content));
    q.addBindValue(text(m.thought));
    q.addBindValue(m.thoughtSeconds);
    q.addBindValue(text(m.statsText));
    q.addBindValue(m.inContext ? 1 : 0);
    q.addBindValue(m.created.toMSecsSinceEpoch());
    q.addBindValue(int(m.state));
    q.addBindValue(text(m.toolJson));
    // Unknown (-1): NULL, linked by position when the store opens next.
    q.addBindValue(m.parentId >= 0 ? QVariant(m.parentId) : QVariant(QMetaType::fromType<qint64>()));
    q.addBindValue(m.selected ? 1 : 0);
    q.addBindValue(ChatImages::toStored(m.images)); // written with the row; a prompt's images never change
    if (!q.exec()) emit writeFailed(q.lastError().text());
}

void ConversationStore::selectMessage(qint64 conversationId, qint64 parentId, qint64 messageId) {
    if (!open_) return;
    QSqlQuery q(QSqlDatabase::database(connection_));
    q.prepare(QStringLiteral(
        "UPDATE messages SET selected = (id = ?) WHERE conversation_id = ? AND parent_id = ?"));
    q.addBindValue(messageId);
    q.addBindValue(conversationId);
    q.addBindValue(parentId);
    if (!q.exec()) emit writeFailed(q.lastError().text());
}

void ConversationStore::deleteMessage(qint64 conversationId, qint64 messageId) {
    if (!open_) return;
    QSqlQuery q(QSqlDatabase::database(connection_));
    q.prepare(QStringLiteral(
        "WITH RECURSIVE doomed(id) AS (SELECT ? UNION SELECT m.id FROM messages m JOIN doomed d ON "
        "m.parent_id = d.id WHERE m.conversation_id = ?) DELETE FROM messages WHERE conversation_id = ? AND "
        "id IN (SELECT id FROM doomed)"));
    q.addBindValue(messageId);
    q.addBindValue(conversationId);
    q.addBindValue(conversationId);
    if (!q.exec()) emit writeFailed(q.lastError().text());
}

void ConversationStore::search(quint64 token, const QString& text) {
    QList<qint64> ids;
    if (open_) {
        QString pattern = text;
        pattern.replace(QLatin1Char('\\'), QLatin1String("\\\\"))
            .replace(QLatin1Char('%'), QLatin1String("\\%"))
            .replace(QLatin1Char('_'), QLatin1String("\\_"));
        pattern = QLatin1Char('%') + pattern + QLatin1Char('%');
        QSqlQuery q(QSqlDatabase::database(connection_));
        q.prepare(
            QStringLiteral("SELECT c.id FROM conversations c WHERE c.title LIKE ? ESCAPE '\\' OR EXISTS "
                           "(SELECT 1 FROM messages m WHERE m.conversation_id = c.id AND m.content LIKE ? "
                           "ESCAPE '\\') ORDER BY c.updated DESC"));
        q.addBindValue(pattern);
        q.addBindValue(pattern);
        q.exec();
        while (q.next()) ids.append(q.value(0).toLongLong());
    }
    emit searchFinished(token, ids);
}

} // namespace smoldesk::app
