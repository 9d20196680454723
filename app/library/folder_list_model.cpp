// The library's folder list (see folder_list_model.h).
#include "library/folder_list_model.h"

#include "retrieval/index_failure.h"

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

QString FolderListModel::failureNote(const FileNote& n) {
    // core's reason codes (retrieval/index_failure.h); an unknown or missing code (a library
    // indexed before codes were kept) shows core's English sentence.
    using F = retrieval::IndexFailure;
    const QString reason = n.reason;
    const QStringList& a = n.reasonArgs;
    const QString name = a.value(0, n.name), arg = a.value(1);
    if (reason == QLatin1String(F::kNotText))
        return tr("%1 is not a text file (it contains NUL bytes), so it was not indexed.").arg(name);
    if (reason == QLatin1String(F::kNoTextPage))
        return tr("%1 has no text on its page (scanned? text in pictures cannot be read yet), so it was not "
                  "indexed.")
            .arg(name);
    if (reason == QLatin1String(F::kNoTextPages))
        return tr("%1 has no text on any of its %2 pages (scanned? text in pictures cannot be read yet), so "
                  "it "
                  "was not indexed.")
            .arg(name, QLocale().toString(arg.toInt()));
    if (reason == QLatin1String(F::kNoPages)) return tr("%1 has no pages.").arg(name);
    if (reason == QLatin1String(F::kNoPdfReader))
        return tr("%1 is a PDF; PDF text extraction is not in this build yet.").arg(name);
    if (reason == QLatin1String(F::kTooLarge))
        return tr("%1 is larger than 32 MiB; it was not indexed.").arg(name);
    // The details below come from a library or the system, in English.
    if (reason == QLatin1String(F::kCannotRead))
        return arg.isEmpty() ? tr("Cannot read %1.").arg(name) : tr("Cannot read %1: %2.").arg(name, arg);
    if (reason == QLatin1String(F::kUnreadable)) return tr("%1 could not be read: %2").arg(name, arg);
    if (reason == QLatin1String(F::kNotEmbedded)) return tr("%1 could not be embedded: %2").arg(name, arg);
    return n.error;
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
            notes << (!n.error.isEmpty() ? failureNote(n)
                                         : tr("%1: %2").arg(n.name, pagesNote(n.pagesWithoutText)));
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
