#pragma once
// The library's folders for Settings ▸ Documents: one row per folder with its file counts, its
// state and what to tell about its files (failed ones, pages without text), in sentences ready to
// show. Only the GUI thread touches it; the Library fills it from the indexer's reports.
#include "library/library_worker.h"

#include <QAbstractListModel>

namespace smoldesk::library {

class FolderListModel : public QAbstractListModel {
    Q_OBJECT
    Q_PROPERTY(int count READ rowCount NOTIFY countChanged)
  public:
    enum class FolderState { Ready, Queued, Indexing, Missing };
    Q_ENUM(FolderState)
    enum Role {
        PathRole = Qt::UserRole + 1,
        NameRole,
        FilesRole,
        IndexedRole,
        FailedRole,
        NoTextFilesRole,
        StateRole,
        NotesRole,
    };

    explicit FolderListModel(QObject* parent = nullptr);
    int rowCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QHash<int, QByteArray> roleNames() const override;

    void setFolders(const QList<FolderStatus>& folders);
    // The folder now being indexed (empty: none) and whether a run is going on.
    void setActivity(const QString& currentFile, bool running);
    QStringList paths() const;
    bool anyMissing() const;
    // The sentence for a file's pages without text, translated: "page 3 has no text — scanned?"
    static QString pagesNote(const QList<int>& pages);
    // A file's failure in the user's language, from core's reason code (retrieval::IndexFailure).
    static QString failureNote(const FileNote& note);
    void retranslate();

  signals:
    void countChanged();

  private:
    FolderState stateOf(const FolderStatus& f) const;
    QList<FolderStatus> folders_;
    QString currentFile_;
    bool running_ = false;
};

} // namespace smoldesk::library
