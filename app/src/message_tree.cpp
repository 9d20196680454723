#include "message_tree.h"

#include <QSet>

#include <algorithm>

namespace smoldesk::app {

void MessageTree::clear() {
    nodes_.clear();
    children_.clear();
    selected_.clear();
}

void MessageTree::setMessages(const QList<MessageRecord>& rows) {
    clear();
    QList<MessageRecord> sorted = rows;
    std::stable_sort(sorted.begin(), sorted.end(), [](const MessageRecord& a, const MessageRecord& b) {
        return a.position != b.position ? a.position < b.position : a.id < b.id;
    });
    qint64 previous = 0;
    for (MessageRecord m : sorted) {
        if (m.id == 0 || nodes_.contains(m.id)) continue;
        // Unknown (-1) or dangling parents: the row continues the one before it; a damaged
        // database never makes a node its own ancestor, so every path ends.
        if (m.parentId < 0) m.parentId = previous;
        if (m.parentId != 0 && !nodes_.contains(m.parentId)) m.parentId = previous;
        nodes_.insert(m.id, m);
        children_[m.parentId].append(m.id);
        if (m.selected) selected_.insert(m.parentId, m.id);
        previous = m.id;
    }
    for (auto& list : children_) std::sort(list.begin(), list.end());
}

const MessageRecord* MessageTree::find(qint64 id) const {
    auto it = nodes_.constFind(id);
    return it == nodes_.constEnd() ? nullptr : &it.value();
}

bool MessageTree::upsert(const MessageRecord& m) {
    auto it = nodes_.find(m.id);
    if (it != nodes_.end()) {
        const qint64 parent = it->parentId; // a node never moves; selection is the tree's
        const bool selected = it->selected;
        *it = m;
        it->parentId = parent;
        it->selected = selected;
        return false;
    }
    MessageRecord n = m;
    if (n.parentId < 0 || (n.parentId != 0 && !nodes_.contains(n.parentId))) n.parentId = 0;
    n.selected = true;
    nodes_.insert(n.id, n);
    children_[n.parentId].append(n.id);
    select(n.id);
    return true;
}

void MessageTree::select(qint64 id) {
    auto it = nodes_.find(id);
    if (it == nodes_.end()) return;
    const qint64 parent = it->parentId;
    for (qint64 sibling : children_.value(parent)) nodes_[sibling].selected = sibling == id;
    selected_.insert(parent, id);
}

qint64 MessageTree::remove(qint64 id) {
    auto it = nodes_.find(id);
    if (it == nodes_.end()) return 0;
    const qint64 parent = it->parentId;
    QList<qint64> todo{id};
    while (!todo.isEmpty()) {
        const qint64 n = todo.takeLast();
        todo += children_.take(n);
        selected_.remove(n);
        nodes_.remove(n);
    }
    QList<qint64>& siblings = children_[parent];
    siblings.removeAll(id);
    if (siblings.isEmpty()) {
        children_.remove(parent);
        selected_.remove(parent);
        return 0;
    }
    if (selected_.value(parent) == id || !siblings.contains(selected_.value(parent))) select(siblings.last());
    return selected_.value(parent);
}

qint64 MessageTree::selectedChild(qint64 parent) const {
    const QList<qint64> kids = children_.value(parent);
    if (kids.isEmpty()) return 0;
    const qint64 chosen = selected_.value(parent);
    return kids.contains(chosen) ? chosen : kids.last(); // none chosen: the newest
}

QList<MessageRecord> MessageTree::below(qint64 id) const {
    QList<MessageRecord> out;
    QSet<qint64> seen{id};
    for (qint64 n = selectedChild(id); n != 0 && !seen.contains(n); n = selectedChild(n)) {
        seen.insert(n);
        out.append(nodes_.value(n));
    }
    return out;
}

QList<MessageRecord> MessageTree::path() const {
    return below(0);
}

QList<qint64> MessageTree::siblings(qint64 id) const {
    const MessageRecord* m = find(id);
    return m ? children_.value(m->parentId) : QList<qint64>();
}

int MessageTree::alternativeIndex(qint64 id) const {
    return static_cast<int>(siblings(id).indexOf(id)) + 1;
}

QList<MessageRecord> MessageTree::all() const {
    QList<MessageRecord> out;
    QList<qint64> todo = children_.value(0);
    QSet<qint64> seen;
    // Breadth first: a parent is always listed before its children.
    for (int i = 0; i < todo.size(); ++i) {
        const qint64 n = todo.at(i);
        if (seen.contains(n)) continue;
        seen.insert(n);
        out.append(nodes_.value(n));
        todo += children_.value(n);
    }
    return out;
}

} // namespace smoldesk::app
