#pragma once
// MessageTree: every message of one conversation as a tree. A regenerated answer is a new child
// of its prompt, an edited prompt a new child of the prompt's parent; each node remembers which
// of its children is selected, and the chat shows the branch those choices make (the path).
// Pure data, no I/O: the chat controller keeps it and writes the changes to the store.
#include "store_types.h"

#include <QHash>
#include <QList>

namespace smoldesk::app {

class MessageTree {
  public:
    // Rows as the store loads them (parentId, selected). A row without a known parent (written by
    // an older version after the migration ran) hangs below the previous row of the same depth.
    void setMessages(const QList<MessageRecord>& rows);
    void clear();

    bool contains(qint64 id) const { return nodes_.contains(id); }
    const MessageRecord* find(qint64 id) const;
    // Inserts a new node, which becomes its parent's selected child, or updates a known one.
    // Returns true when the node was new.
    bool upsert(const MessageRecord& m);
    // Makes `id` the selected child of its parent (the path then follows it).
    void select(qint64 id);
    // Removes `id` and everything below it. The parent then selects its newest remaining child,
    // whose id is returned (0: none left).
    qint64 remove(qint64 id);

    // The branch the selections make, from the first message down to a leaf.
    QList<MessageRecord> path() const;
    // The selected chain below `id` (its selected child, that one's, …), `id` itself excluded.
    QList<MessageRecord> below(qint64 id) const;
    // The node and its alternatives (children of the same parent), oldest first.
    QList<qint64> siblings(qint64 id) const;
    // 1-based place of `id` among its siblings, and their count.
    int alternativeIndex(qint64 id) const;
    int alternativeCount(qint64 id) const { return static_cast<int>(siblings(id).size()); }
    qint64 selectedChild(qint64 parent) const;
    // Every node, parents before children, siblings oldest first (the JSON export).
    QList<MessageRecord> all() const;
    int size() const { return static_cast<int>(nodes_.size()); }

  private:
    QHash<qint64, MessageRecord> nodes_;
    QHash<qint64, QList<qint64>> children_; // parent id (0: the conversation) → children, oldest first
    QHash<qint64, qint64> selected_;        // parent id → selected child
};

} // namespace smoldesk::app
