#include "conversation_list_model.h"

#include <algorithm>

namespace smoldesk::app {

ConversationListModel::ConversationListModel(QObject* parent) : QAbstractListModel(parent) {}

int ConversationListModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(visible_.size());
}

QVariant ConversationListModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) return {};
    const ConversationRecord& c = all_.at(visible_.at(index.row()));
    switch (role) {
    case Qt::DisplayRole:
    case TitleRole:
        return c.title;
    case IdRole:
        return c.id;
    case UpdatedRole:
        return c.updated;
    case ThinkingRole:
        return c.thinking;
    default:
        return {};
    }
}

QHash<int, QByteArray> ConversationListModel::roleNames() const {
    return {{IdRole, "conversationId"},
            {TitleRole, "title"},
            {UpdatedRole, "updated"},
            {ThinkingRole, "thinking"}};
}

void ConversationListModel::rebuild() {
    visible_.clear();
    for (int i = 0; i < all_.size(); ++i)
        if (!filter_ || filter_->contains(all_[i].id)) visible_.append(i);
}

void ConversationListModel::setConversations(const QList<ConversationRecord>& all) {
    beginResetModel();
    all_ = all;
    std::stable_sort(all_.begin(), all_.end(),
                     [](const auto& a, const auto& b) { return a.updated > b.updated; });
    rebuild();
    endResetModel();
    emit countChanged();
}

void ConversationListModel::upsert(const ConversationRecord& c) {
    auto it = std::find_if(all_.begin(), all_.end(), [&](const auto& x) { return x.id == c.id; });
    if (it != all_.end() && it == all_.begin()) {
        *it = c; // already on top: plain change
        const int row = indexOf(c.id);
        if (row >= 0) emit dataChanged(index(row), index(row));
        return;
    }
    if (it != all_.end() && it->updated == c.updated) {
        *it = c;
        const int row = indexOf(c.id);
        if (row >= 0) emit dataChanged(index(row), index(row));
        return;
    }
    if (filter_) {
        beginResetModel();
        if (it != all_.end()) all_.erase(it);
        all_.prepend(c);
        rebuild();
        endResetModel();
        emit countChanged();
        return;
    }
    if (it != all_.end()) {
        const int from = static_cast<int>(it - all_.begin());
        beginMoveRows({}, from, from, {}, 0);
        all_.move(from, 0);
        all_[0] = c;
        rebuild();
        endMoveRows();
        emit dataChanged(index(0), index(0));
    } else {
        beginInsertRows({}, 0, 0);
        all_.prepend(c);
        rebuild();
        endInsertRows();
        emit countChanged();
    }
}

void ConversationListModel::remove(qint64 id) {
    const int idx = static_cast<int>(
        std::find_if(all_.begin(), all_.end(), [&](const auto& x) { return x.id == id; }) - all_.begin());
    if (idx >= all_.size()) return;
    const int row = indexOf(id);
    if (row >= 0) beginRemoveRows({}, row, row);
    all_.removeAt(idx);
    rebuild();
    if (row >= 0) {
        endRemoveRows();
        emit countChanged();
    }
}

const ConversationRecord* ConversationListModel::find(qint64 id) const {
    for (const auto& c : all_)
        if (c.id == id) return &c;
    return nullptr;
}

int ConversationListModel::indexOf(qint64 id) const {
    for (int r = 0; r < visible_.size(); ++r)
        if (all_.at(visible_[r]).id == id) return r;
    return -1;
}

qint64 ConversationListModel::idAt(int row) const {
    return row >= 0 && row < visible_.size() ? all_.at(visible_[row]).id : 0;
}

void ConversationListModel::setFilter(const std::optional<QSet<qint64>>& ids) {
    beginResetModel();
    filter_ = ids;
    rebuild();
    endResetModel();
    emit countChanged();
}

} // namespace smoldesk::app
