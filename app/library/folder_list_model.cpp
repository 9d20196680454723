// The library's folder list (see folder_list_model.h).
#include "library/folder_list_model.h"

#include <QDir>
#include <QFileInfo>
#include <QLocale>

namespace smoldesk::library {

FolderListModel::FolderListModel(QObject* parent) : QAbstractListModel(parent) {}

int FolderListModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(folders_.size());
}

QHash<int, QByteArray> FolderListModel::roleNames() const {
    return {{PathRole, "path"},         {NameRole, "name"},     {FilesRole, "files"},
            {IndexedRole, "indexed"},   {FailedRole, "failed"}, {NoTextFilesRole, "noTextFiles"},
            {StateRole, "folderState"}, {NotesRole, "notes"}};
}

FolderListModel::FolderState FolderListModel::stateOf(const FolderStatus& f) const {
    if (!f.present) return FolderState::Missing;
    if (!running_) return FolderState::Ready;
    if (currentFile_ == f.path || currentFile_.startsWith(f.path + QLatin1Char('/')))
        return FolderState::Indexing;
    return FolderState::Queued;
}

QString FolderListModel::pagesNote(const QList<int>& pages) {
    if (pages.isEmpty()) return {};
    if (pages.size() == 1) return tr("page %1 has no text — scanned?").arg(pages[0]);
    constexpr qsizetype kNamed = 10;
    QStringList named;
    for (qsizetype i = 0; i < std::min(pages.size(), kNamed); ++i) named << QString::number(pages[i]);
    if (pages.size() > kNamed)
        return tr("pages %1 and %n more have no text — scanned?", "", static_cast<int>(pages.size() - kNamed))
            .arg(named.join(QStringLiteral(", ")));
    const QString last = named.takeLast();
    return tr("pages %1 and %2 have no text — scanned?").arg(named.join(QStringLiteral(", ")), last);
}

QVariant FolderListModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= folders_.size()) return {};
    const FolderStatus& f = folders_[index.row()];
    switch (role) {
    case PathRole:
        return f.path;
    case NameRole:
    case Qt::DisplayRole: {
        const QString name = QFileInfo(f.path).fileName();
        return name.isEmpty() ? QDir::toNativeSeparators(f.path) : name;
    }
    case FilesRole:
        return f.files;
    case IndexedRole:
        return f.indexed;
    case FailedRole:
        return f.failed;
    case NoTextFilesRole:
        return f.filesWithoutTextPages;
    case StateRole:
        return static_cast<int>(stateOf(f));
    case NotesRole: {
        QStringList notes;
        for (const FileNote& n : f.notes)
            notes << (!n.error.isEmpty() ? n.error : tr("%1: %2").arg(n.name, pagesNote(n.pagesWithoutText)));
        return notes;
    }
    default:
        return {};
    }
}

void FolderListModel::setFolders(const QList<FolderStatus>& folders) {
    const bool sameRows =
        folders.size() == folders_.size() &&
        std::equal(folders.begin(), folders.end(), folders_.begin(),
                   [](const FolderStatus& a, const FolderStatus& b) { return a.path == b.path; });
    if (sameRows) {
        folders_ = folders;
        if (!folders_.isEmpty()) emit dataChanged(index(0), index(static_cast<int>(folders_.size()) - 1));
        return;
    }
    beginResetModel();
    folders_ = folders;
    endResetModel();
    emit countChanged();
}

void FolderListModel::setActivity(const QString& currentFile, bool running) {
    if (currentFile == currentFile_ && running == running_) return;
    currentFile_ = currentFile;
    running_ = running;
    if (!folders_.isEmpty())
        emit dataChanged(index(0), index(static_cast<int>(folders_.size()) - 1), {StateRole});
}

QStringList FolderListModel::paths() const {
    QStringList out;
    for (const FolderStatus& f : folders_) out << f.path;
    return out;
}

bool FolderListModel::anyMissing() const {
    return std::any_of(folders_.begin(), folders_.end(), [](const FolderStatus& f) { return !f.present; });
}

void FolderListModel::retranslate() {
    if (!folders_.isEmpty())
        emit dataChanged(index(0), index(static_cast<int>(folders_.size()) - 1), {NotesRole});
}

} // namespace smoldesk::library
