#pragma once
// ConversationStore: SQLite (WAL) persistence of conversations and messages. The object lives in
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
    void deleteMessagesFrom(qint64 conversationId, int position);
    void setContextStart(qint64 conversationId, int position);
    void search(quint64 token, const QString& text);

  signals:
    void opened(bool ok, const QString& error);
    void conversationsLoaded(const QList<smoldesk::app::ConversationRecord>& conversations);
    void messagesLoaded(qint64 conversationId, const QList<smoldesk::app::MessageRecord>& messages);
    void searchFinished(quint64 token, const QList<qint64>& conversationIds);
    void writeFailed(const QString& error);

  private:
    bool exec(const QString& sql);
    bool addColumn(const QString& name, const QString& definition);
    bool markInterrupted();
    QString connection_;
    bool open_ = false;
};

} // namespace smoldesk::app
