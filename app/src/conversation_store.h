#pragma once
// ConversationStore: SQLite (WAL) persistence of conversations and their messages, a tree per
// conversation (each row's parent_id, and which of a parent's children is selected). The object lives in
// its own thread; every call is a queued slot, executed in order, so no write is lost and the GUI
// never waits on the disk. Results come back as signals.
#include "store_types.h"

#include <QObject>

namespace smoldesk::app {

class ConversationStore : public QObject {
    Q_OBJECT
  public:
    explicit ConversationStore(QObject* parent = nullptr);
    ~ConversationStore() override;
    static void registerTypes();

  public slots:
    void open(const QString& path);
    void close();
    void loadConversations();
    void loadMessages(qint64 conversationId);
    void saveConversation(const smoldesk::app::ConversationRecord& c);
    void deleteConversation(qint64 conversationId);
    void saveMessage(const smoldesk::app::MessageRecord& m);
    // Makes `messageId` the alternative its parent shows (its siblings are deselected).
    void selectMessage(qint64 conversationId, qint64 parentId, qint64 messageId);
    // Deletes a message and every message below it in the tree (its branches).
    void deleteMessage(qint64 conversationId, qint64 messageId);
    void search(quint64 token, const QString& text);

  signals:
    void opened(bool ok, const QString& error);
    void conversationsLoaded(const QList<smoldesk::app::ConversationRecord>& conversations);
    void messagesLoaded(qint64 conversationId, const QList<smoldesk::app::MessageRecord>& messages);
    void searchFinished(quint64 token, const QList<qint64>& conversationIds);
    void writeFailed(const QString& error);

  private:
    bool exec(const QString& sql);
    bool addColumn(const QString& name, const QString& definition,
                   const QString& table = QStringLiteral("messages"));
    // Schema 2 (message trees): rows of the linear schema get the row before them as parent.
    bool linkLinearRows();
    bool markInterrupted();
    QString connection_;
    bool open_ = false;
};

} // namespace smoldesk::app
