#pragma once
// The sidebar's conversations, most recently updated first, optionally filtered by a search.
#include "store_types.h"

#include <QAbstractListModel>
#include <QSet>
#include <QtQml/qqmlregistration.h>

#include <optional>

namespace smoldesk::app {

class ConversationListModel : public QAbstractListModel {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("Owned by the chat controller")
    Q_PROPERTY(int count READ rowCount NOTIFY countChanged)
  public:
    enum Roles { IdRole = Qt::UserRole + 1, TitleRole, UpdatedRole, ThinkingRole };
    explicit ConversationListModel(QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QHash<int, QByteArray> roleNames() const override;

    void setConversations(const QList<ConversationRecord>& all);
    // Inserts or updates; an update that changes `updated` moves the row to the top.
    void upsert(const ConversationRecord& c);
    void remove(qint64 id);
    const ConversationRecord* find(qint64 id) const;
    Q_INVOKABLE int indexOf(qint64 id) const;
    Q_INVOKABLE qint64 idAt(int row) const;
    // nullopt shows everything; otherwise only these ids (in the model's order).
    void setFilter(const std::optional<QSet<qint64>>& ids);
    const QList<ConversationRecord>& all() const { return all_; }

  signals:
    void countChanged();

  private:
    void rebuild();
    QList<ConversationRecord> all_;
    QList<int> visible_; // indices into all_
    std::optional<QSet<qint64>> filter_;
};

} // namespace smoldesk::app
