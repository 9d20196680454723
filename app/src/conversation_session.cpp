#include "conversation_session.h"

#include "conversation_store.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QLoggingCategory>

Q_LOGGING_CATEGORY(lcSession, "smoldesk.chat.store")

namespace smoldesk::app {

ConversationSession::ConversationSession(const QString& databasePath, QObject* parent)
    : QObject(parent), conversations_(new ConversationListModel(this)), messages_(new MessageListModel(this)),
      store_(new ConversationStore) {
    ConversationStore::registerTypes();
    storeThread_.setObjectName(QStringLiteral("ConversationStore"));
    store_->moveToThread(&storeThread_);
    connect(&storeThread_, &QThread::finished, store_, &QObject::deleteLater);
    connect(store_, &ConversationStore::conversationsLoaded, this,
            [this](const QList<ConversationRecord>& all) {
                conversations_->setConversations(all);
                emit conversationsLoaded(all);
            });
    connect(store_, &ConversationStore::messagesLoaded, this, &ConversationSession::onMessagesLoaded);
    connect(store_, &ConversationStore::opened, this, [this](bool ok, const QString& error) {
        if (!ok) emit failed(error);
    });
    connect(store_, &ConversationStore::writeFailed, this,
            [](const QString& error) { qCWarning(lcSession) << "store write failed:" << error; });
    connect(store_, &ConversationStore::searchFinished, this,
            [this](quint64 token, const QList<qint64>& ids) {
                if (token != searchToken_) return;
                conversations_->setFilter(QSet<qint64>(ids.begin(), ids.end()));
            });
    storeThread_.start();
    QMetaObject::invokeMethod(
        store_,
        [s = store_, databasePath] {
            s->open(databasePath);
            s->loadConversations();
        },
        Qt::QueuedConnection);
}

ConversationSession::~ConversationSession() {
    flush();
    storeThread_.quit();
    storeThread_.wait();
}

void ConversationSession::flush() {
    if (!storeThread_.isRunning()) return;
    QMetaObject::invokeMethod(
        store_, [] {}, Qt::BlockingQueuedConnection);
}

void ConversationSession::open(const ConversationRecord& record) {
    current_ = record;
    messages_->clear();
    tree_.clear();
    if (record.id == 0) return;
    QMetaObject::invokeMethod(
        store_, [s = store_, id = record.id] { s->loadMessages(id); }, Qt::QueuedConnection);
}

void ConversationSession::beginRecord(qint64 id, const QString& title) {
    current_.id = id;
    current_.title = title;
    current_.created = QDateTime::currentDateTime();
}

void ConversationSession::forgetRecord() {
    current_.id = 0;
    current_.title.clear();
    current_.created = {};
    current_.updated = {};
}

void ConversationSession::saveRecord() {
    if (current_.id == 0) return; // a new chat is written with its first prompt
    QMetaObject::invokeMethod(
        store_, [s = store_, c = current_] { s->saveConversation(c); }, Qt::QueuedConnection);
    conversations_->upsert(current_);
}

void ConversationSession::setThinking(bool on) {
    current_.thinking = on;
    saveRecord();
}

void ConversationSession::setSystemPrompt(const QString& prompt) {
    current_.systemPrompt = prompt;
    saveRecord();
}

void ConversationSession::setDocuments(const QStringList& files) {
    current_.documents = files;
    saveRecord();
}

void ConversationSession::touch() {
    current_.updated = QDateTime::currentDateTime();
    conversations_->upsert(current_);
    QMetaObject::invokeMethod(
        store_, [s = store_, c = current_] { s->saveConversation(c); }, Qt::QueuedConnection);
}

bool ConversationSession::rename(qint64 id, const QString& title) {
    const ConversationRecord* c = conversations_->find(id);
    if (!c || title.trimmed().isEmpty()) return false;
    ConversationRecord r = *c;
    r.title = title.trimmed();
    conversations_->upsert(r);
    if (id == current_.id) current_.title = r.title;
    QMetaObject::invokeMethod(
        store_, [s = store_, r] { s->saveConversation(r); }, Qt::QueuedConnection);
    return true;
}

void ConversationSession::remove(qint64 id) {
    conversations_->remove(id);
    QMetaObject::invokeMethod(
        store_, [s = store_, id] { s->deleteConversation(id); }, Qt::QueuedConnection);
}

void ConversationSession::search(const QString& text) {
    const quint64 token = ++searchToken_;
    if (text.trimmed().isEmpty()) {
        conversations_->setFilter(std::nullopt);
        return;
    }
    QMetaObject::invokeMethod(
        store_, [s = store_, token, t = text.trimmed()] { s->search(token, t); }, Qt::QueuedConnection);
}

void ConversationSession::onMessagesLoaded(qint64 id, const QList<MessageRecord>& messages) {
    if (id != current_.id) return;
    // A card that waited or ran when the app ended cannot be answered any more.
    QList<MessageRecord> rows = messages;
    for (MessageRecord& m : rows) {
        if (m.role != QLatin1String("tool") || m.toolJson.isEmpty()) continue;
        QJsonObject tool = QJsonDocument::fromJson(m.toolJson.toUtf8()).object();
        const QString state = tool.value(QLatin1String("state")).toString();
        if (state != QLatin1String("waiting") && state != QLatin1String("running")) continue;
        tool.insert(QStringLiteral("state"), QStringLiteral("interrupted"));
        m.toolJson = QString::fromUtf8(QJsonDocument(tool).toJson(QJsonDocument::Compact));
    }
    tree_.setMessages(rows);
    messages_->setMessages(tree_.path()); // the branch the user chose last
    refreshAlternatives(0);
    emit messagesLoaded();
}

MessageRecord ConversationSession::nextMessage(const QString& role) const {
    MessageRecord m;
    m.id = newRecordId();
    m.conversationId = current_.id;
    const int last = messages_->count() - 1;
    m.position = last >= 0 ? messages_->at(last).position + 1 : 0;
    m.parentId = last >= 0 ? messages_->at(last).id : 0;
    m.role = role;
    m.created = QDateTime::currentDateTime();
    return m;
}

void ConversationSession::saveRow(int row) {
    if (row < 0 || row >= messages_->count()) return;
    const bool added = tree_.upsert(messages_->at(row));
    QMetaObject::invokeMethod(
        store_, [s = store_, m = messages_->at(row)] { s->saveMessage(m); }, Qt::QueuedConnection);
    if (!added) return;
    // A new alternative is the one shown: its siblings are not any more.
    const MessageRecord* m = tree_.find(messages_->at(row).id);
    QMetaObject::invokeMethod(
        store_, [s = store_, c = current_.id, p = m->parentId, id = m->id] { s->selectMessage(c, p, id); },
        Qt::QueuedConnection);
    refreshAlternatives(row);
}

void ConversationSession::refreshAlternatives(int from) {
    for (int r = std::max(0, from); r < messages_->count(); ++r) {
        const qint64 id = messages_->at(r).id;
        messages_->setAlternatives(r, std::max(1, tree_.alternativeIndex(id)),
                                   std::max(1, tree_.alternativeCount(id)));
    }
}

void ConversationSession::removeRowsFrom(int row, bool showAlternative) {
    if (row < 0 || row >= messages_->count()) return;
    const qint64 id = messages_->at(row).id;
    const MessageRecord* node = tree_.find(id);
    const qint64 parent = node ? node->parentId : 0;
    messages_->removeFrom(row);
    const qint64 shown = node ? tree_.remove(id) : 0;
    QMetaObject::invokeMethod(
        store_,
        [s = store_, c = current_.id, id, parent, shown] {
            s->deleteMessage(c, id);
            if (shown) s->selectMessage(c, parent, shown);
        },
        Qt::QueuedConnection);
    if (showAlternative && shown) {
        messages_->replaceFrom(row, QList<MessageRecord>{*tree_.find(shown)} + tree_.below(shown));
    }
    refreshAlternatives(std::max(0, row - 1));
}

void ConversationSession::showAlternative(int row, qint64 chosen) {
    tree_.select(chosen);
    const MessageRecord m = *tree_.find(chosen);
    QMetaObject::invokeMethod(
        store_, [s = store_, c = current_.id, p = m.parentId, chosen] { s->selectMessage(c, p, chosen); },
        Qt::QueuedConnection);
    messages_->replaceFrom(row, QList<MessageRecord>{m} + tree_.below(chosen));
    refreshAlternatives(row);
}

void ConversationSession::restoreBelow(int row, qint64 messageId) {
    messages_->replaceFrom(row, tree_.below(messageId));
    refreshAlternatives(row - 1);
}

} // namespace smoldesk::app
