#include "message_list_model.h"

#include "answer_stats.h"
#include "chat_images.h"

#include <algorithm>

#include <QJsonDocument>
#include <QJsonObject>

namespace smoldesk::app {

MessageListModel::MessageListModel(QObject* parent) : QAbstractListModel(parent) {}

int MessageListModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(rows_.size());
}

QVariant MessageListModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) return {};
    const int r = index.row();
    const MessageRecord& m = rows_.at(r);
    switch (role) {
    case Qt::DisplayRole:
    case ContentRole:
        return m.content;
    case IdRole:
        return m.id;
    case RoleRole:
        return m.role;
    case ThoughtRole:
        return m.thought;
    case ThinkingRole:
        return thinking_.at(r);
    case ThoughtSecondsRole:
        return m.thoughtSeconds;
    case StreamingRole:
        return streaming_.at(r);
    case StatsRole:
        return AnswerStats::display(m.statsText); // in the language shown now
    case InContextRole:
        return m.inContext;
    case InterruptedRole:
        return m.state == MessageState::Interrupted;
    case AlternativeRole:
        return alternatives_.at(r).first;
    case AlternativesRole:
        return alternatives_.at(r).second;
    case ImagesRole:
        return ChatImages::dataUrls(m.images);
    case ToolRole:
        return m.toolJson.isEmpty() ? QVariantMap()
                                    : QJsonDocument::fromJson(m.toolJson.toUtf8()).object().toVariantMap();
    default:
        return {};
    }
}

QHash<int, QByteArray> MessageListModel::roleNames() const {
    return {{IdRole, "messageId"},
            {RoleRole, "role"},
            {ContentRole, "content"},
            {ThoughtRole, "thought"},
            {ThinkingRole, "thinking"},
            {ThoughtSecondsRole, "thoughtSeconds"},
            {StreamingRole, "streaming"},
            {StatsRole, "stats"},
            {InContextRole, "inContext"},
            {InterruptedRole, "interrupted"},
            {ToolRole, "tool"},
            {AlternativeRole, "alternative"},
            {AlternativesRole, "alternatives"},
            {ImagesRole, "images"}};
}

void MessageListModel::changed(int row, int role) {
    const QModelIndex i = index(row);
    emit dataChanged(i, i, {role});
}

void MessageListModel::setMessages(const QList<MessageRecord>& messages) {
    beginResetModel();
    rows_ = messages;
    thinking_ = QList<bool>(rows_.size(), false);
    streaming_ = QList<bool>(rows_.size(), false);
    alternatives_ = QList<QPair<int, int>>(rows_.size(), {1, 1});
    endResetModel();
    emit countChanged();
}

void MessageListModel::append(const MessageRecord& m) {
    const int row = static_cast<int>(rows_.size());
    beginInsertRows({}, row, row);
    rows_.append(m);
    thinking_.append(false);
    streaming_.append(false);
    alternatives_.append({1, 1});
    endInsertRows();
    emit countChanged();
}

void MessageListModel::setToolJson(int row, const QString& json) {
    if (row < 0 || row >= rows_.size() || rows_[row].toolJson == json) return;
    rows_[row].toolJson = json;
    changed(row, ToolRole);
}

void MessageListModel::appendContent(int row, const QString& text) {
    if (row < 0 || row >= rows_.size() || text.isEmpty()) return;
    rows_[row].content += text;
    changed(row, ContentRole);
}

void MessageListModel::appendThought(int row, const QString& text) {
    if (row < 0 || row >= rows_.size() || text.isEmpty()) return;
    rows_[row].thought += text;
    changed(row, ThoughtRole);
}

void MessageListModel::setThinking(int row, bool thinking, double seconds) {
    if (row < 0 || row >= rows_.size()) return;
    if (thinking_[row] != thinking) {
        thinking_[row] = thinking;
        changed(row, ThinkingRole);
    }
    if (rows_[row].thoughtSeconds != seconds) {
        rows_[row].thoughtSeconds = seconds;
        changed(row, ThoughtSecondsRole);
    }
}

void MessageListModel::setStreaming(int row, bool streaming) {
    if (row < 0 || row >= rows_.size() || streaming_[row] == streaming) return;
    streaming_[row] = streaming;
    changed(row, StreamingRole);
}

void MessageListModel::setStats(int row, const QString& stats) {
    if (row < 0 || row >= rows_.size()) return;
    rows_[row].statsText = stats;
    changed(row, StatsRole);
}

void MessageListModel::setContent(int row, const QString& text) {
    if (row < 0 || row >= rows_.size()) return;
    rows_[row].content = text;
    changed(row, ContentRole);
}

void MessageListModel::setState(int row, MessageState state) {
    if (row < 0 || row >= rows_.size() || rows_[row].state == state) return;
    const bool wasInterrupted = rows_[row].state == MessageState::Interrupted;
    rows_[row].state = state;
    if (wasInterrupted != (state == MessageState::Interrupted)) changed(row, InterruptedRole);
}

void MessageListModel::setThought(int row, const QString& text) {
    if (row < 0 || row >= rows_.size() || rows_[row].thought == text) return;
    rows_[row].thought = text;
    changed(row, ThoughtRole);
}

void MessageListModel::setInContextBefore(int position) {
    for (int r = 0; r < rows_.size(); ++r) {
        const bool in = rows_[r].position >= position || rows_[r].role == QLatin1String("system");
        if (rows_[r].inContext != in) {
            rows_[r].inContext = in;
            changed(r, InContextRole);
        }
    }
}

void MessageListModel::removeFrom(int row) {
    if (row < 0 || row >= rows_.size()) return;
    beginRemoveRows({}, row, static_cast<int>(rows_.size()) - 1);
    rows_.resize(row);
    thinking_.resize(row);
    streaming_.resize(row);
    alternatives_.resize(row);
    endRemoveRows();
    emit countChanged();
}

void MessageListModel::replaceFrom(int row, const QList<MessageRecord>& rows) {
    row = std::clamp(row, 0, count());
    const int kept = std::min(count() - row, static_cast<int>(rows.size()));
    for (int i = 0; i < kept; ++i) {
        const int r = row + i;
        rows_[r] = rows.at(i);
        thinking_[r] = false;
        streaming_[r] = false;
    }
    if (kept > 0) emit dataChanged(index(row), index(row + kept - 1));
    if (row + kept < count()) removeFrom(row + kept);
    for (int i = kept; i < rows.size(); ++i) append(rows.at(i));
}

void MessageListModel::setAlternatives(int row, int index, int count) {
    if (row < 0 || row >= rows_.size() || alternatives_[row] == qMakePair(index, count)) return;
    alternatives_[row] = {index, count};
    emit dataChanged(this->index(row), this->index(row), {AlternativeRole, AlternativesRole});
}

void MessageListModel::clear() {
    setMessages({});
}

int MessageListModel::rowOf(qint64 id) const {
    for (int r = 0; r < rows_.size(); ++r)
        if (rows_[r].id == id) return r;
    return -1;
}

QString MessageListModel::contentAt(int row) const {
    return row >= 0 && row < count() ? rows_.at(row).content : QString();
}

void MessageListModel::retranslate() {
    if (!rows_.isEmpty()) emit dataChanged(index(0), index(count() - 1), {StatsRole});
}

} // namespace smoldesk::app
