#pragma once
// ConversationSession: the open conversation and its persistence, the part of the chat that knows
// the database. It owns the store's thread, the list of conversations, the message tree of the open
// one and the branch the view shows (MessageListModel), and keeps the three in step: a row that
// changes is written (saveRow), a new alternative becomes the one its parent selects, removed rows
// leave the tree and the store. It knows nothing of models, streaming or tools: ChatController
// drives it.
#include "conversation_list_model.h"
#include "message_list_model.h"
#include "message_tree.h"
#include "store_types.h"

#include <QObject>
#include <QThread>

namespace smoldesk::app {

class ConversationStore;

class ConversationSession : public QObject {
    Q_OBJECT
  public:
    explicit ConversationSession(const QString& databasePath, QObject* parent = nullptr);
    ~ConversationSession() override;

    ConversationListModel* conversations() const { return conversations_; }
    MessageListModel* messages() const { return messages_; }
    const MessageTree& tree() const { return tree_; }
    const ConversationRecord& current() const { return current_; }

    // Waits until every queued write reached the database (tests, shutdown).
    void flush();

    // Shows `record` (a new chat when its id is 0) with no messages; a saved chat's messages
    // follow (messagesLoaded).
    void open(const ConversationRecord& record);
    // The open chat gets an id, a title and its creation time (its first prompt).
    void beginRecord(qint64 id, const QString& title);
    // Chat settings of the open chat; saved at once when the chat is.
    void setThinking(bool on);
    void setSystemPrompt(const QString& prompt);
    void setDocuments(const QStringList& files); // the chat's attached files
    // The open chat was used now: it moves to the top of the list and is written.
    void touch();
    // False when the chat is unknown or the title blank.
    bool rename(qint64 id, const QString& title);
    void remove(qint64 id);
    // The open chat loses its id, title and times (its last message went away).
    void forgetRecord();
    void search(const QString& text);

    // A message of `role` after the shown rows: new id, position and parent.
    MessageRecord nextMessage(const QString& role) const;
    // Writes row `row` as shown; a row new to the tree becomes its parent's selected alternative.
    void saveRow(int row);
    // Removes the message of `row` and its branches from the view, the tree and the store; with
    // showAlternative, the alternative its parent selects instead is shown in its place.
    void removeRowsFrom(int row, bool showAlternative);
    // The ‹ n/m › of rows [from, end).
    void refreshAlternatives(int from);
    // Shows alternative `chosen` at `row` and the branch below it (selected in the store).
    void showAlternative(int row, qint64 chosen);
    // Shows the rows below `messageId` in the tree again from `row` on.
    void restoreBelow(int row, qint64 messageId);

  signals:
    void conversationsLoaded(const QList<smoldesk::app::ConversationRecord>& all);
    // The open chat's messages arrived and are shown.
    void messagesLoaded();
    void failed(const QString& sentence);

  private:
    void onMessagesLoaded(qint64 id, const QList<MessageRecord>& messages);
    void saveRecord();

    ConversationListModel* conversations_;
    MessageListModel* messages_;
    QThread storeThread_;
    ConversationStore* store_;
    ConversationRecord current_;
    MessageTree tree_; // the open conversation, every branch; messages_ shows the selected one
    quint64 searchToken_ = 0;
};

} // namespace smoldesk::app
