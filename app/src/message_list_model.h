#pragma once
// The messages of the open conversation. Streaming appends change one row and announce only
// the role that changed (content or thought), so QML re-lays out one delegate.
#include "store_types.h"

#include <QAbstractListModel>
#include <QtQml/qqmlregistration.h>

namespace smoldesk::app {

class MessageListModel : public QAbstractListModel {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("Owned by the chat controller")
    Q_PROPERTY(int count READ rowCount NOTIFY countChanged)
  public:
    enum Roles {
        IdRole = Qt::UserRole + 1,
        RoleRole,
        ContentRole,
        ThoughtRole,
        ThinkingRole, // the thought is still streaming
        ThoughtSecondsRole,
        StreamingRole,
        StatsRole,
        InContextRole,
        InterruptedRole,  // the app ended while this answer streamed: it is incomplete
        ToolRole,         // MCP tool use (store_types.h) as a map; empty when none
        AlternativeRole,  // 1-based: which of the message's alternatives this is (‹ 2/3 ›)
        AlternativesRole, // how many alternatives it has (1: none to switch to)
        ImagesRole,       // a prompt's images as data URLs (thumbnails)
    };
    explicit MessageListModel(QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QHash<int, QByteArray> roleNames() const override;

    void setMessages(const QList<MessageRecord>& messages);
    void append(const MessageRecord& m);
    void appendContent(int row, const QString& text);
    void appendThought(int row, const QString& text);
    void setThinking(int row, bool thinking, double seconds);
    void setStreaming(int row, bool streaming);
    void setStats(int row, const QString& stats);
    void setContent(int row, const QString& text);
    void setThought(int row, const QString& text);
    void setInContextBefore(int position);
    void setState(int row, MessageState state);
    void setToolJson(int row, const QString& json);
    void removeFrom(int row);
    // Shows `rows` from `row` on (another branch): rows that stay change in place, so their
    // delegates, scroll position and keyboard focus stay.
    void replaceFrom(int row, const QList<MessageRecord>& rows);
    void setAlternatives(int row, int index, int count);
    void clear();
    // The language changed: the stats lines are said again (they are stored as figures).
    void retranslate();

    int count() const { return static_cast<int>(rows_.size()); }
    const MessageRecord& at(int row) const { return rows_.at(row); }
    const QList<MessageRecord>& messages() const { return rows_; }
    Q_INVOKABLE int rowOf(qint64 id) const;
    // The text of a row (empty outside the list), for a delegate that shows its neighbour's.
    Q_INVOKABLE QString contentAt(int row) const;

  signals:
    void countChanged();

  private:
    void changed(int row, int role);
    QList<MessageRecord> rows_;
    QList<bool> thinking_;
    QList<bool> streaming_;
    QList<QPair<int, int>> alternatives_; // (index, count) per row
};

} // namespace smoldesk::app
