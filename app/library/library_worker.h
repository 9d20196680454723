#pragma once
// LibraryWorker: the document library's indexer, a QObject on its own low-priority QThread (the
// GUI never waits on it: UX.md's threading contract). It owns the library's SQLite index and the
// embedding model, and brings the index up to date with the folders file by file: each file is
// committed on its own, so a stop, a quit or a crash keeps every finished file and the next run
// skips them (unchanged by size and mtime, moved by content hash). Requests are queued slot
// calls; pause and stop are atomics the run checks between files. Results leave as signals.
#include <QList>
#include <QObject>
#include <QString>
#include <QStringList>

#include <atomic>
#include <condition_variable>
#include <memory>
#include <mutex>

namespace smoldesk::retrieval {
class Embedder;
class LibraryIndex;
} // namespace smoldesk::retrieval

namespace smoldesk::library {

// A file the library view tells about: it failed (error), or some of its pages have no text.
struct FileNote {
    QString name, error; // error: core's English sentence
    // Its reason code and arguments (retrieval::IndexFailure), which the folder list translates.
    QString reason;
    QStringList reasonArgs;
    QList<int> pagesWithoutText;
};

// A folder as the index sees it (what Settings ▸ Documents shows).
struct FolderStatus {
    QString path;
    bool present = true; // false: not there now (an unplugged drive); its files stay indexed
    int files = 0, indexed = 0, failed = 0, filesWithoutTextPages = 0;
    QList<FileNote> notes; // the first few
};

class LibraryWorker : public QObject {
    Q_OBJECT
  public:
    explicit LibraryWorker(QString databasePath, QObject* parent = nullptr);
    ~LibraryWorker() override;

    // Thread-safe: between files the run waits while paused, and ends when stopped.
    void setPaused(bool paused);
    void requestStop();
    // A new run is queued: stops asked for before it do not concern it (any thread).
    void clearStop();
    // Thread-safe. Tests: sleep this long before each file (so a run can be caught mid-way).
    void setFileDelayMs(int ms) { fileDelayMs_.store(ms); }

  public slots:
    // The embedding model (a GGUF path; empty: keyword only). Loaded on the next run.
    void setModel(const QString& path, int threads);
    void addFolder(const QString& path);
    void removeFolder(const QString& path);
    // Indexes every folder of the library, then reports the folders and what to watch.
    void run();
    // Only reports the folders (no indexing).
    void refresh();

  signals:
    void runStarted();
    void fileStarted(int index, int total, const QString& path);
    // outcome: retrieval::IndexProgress::Outcome as an int; chunks embedded for this file.
    void fileDone(int done, int total, const QString& path, int outcome, int chunks, int vectors,
                  const QString& error, const QList<int>& pagesWithoutText);
    // stopped: ended by requestStop(); error: the sentence when the run could not go on.
    void runFinished(bool stopped, const QString& error);
    void foldersReported(const QList<smoldesk::library::FolderStatus>& folders, const QStringList& watchDirs);
    void modelFailed(const QString& error);

  private:
    bool open(QString& error);
    bool loadModel(QString& error);
    void waitWhilePaused();
    QStringList folderPaths();

    QString databasePath_;
    std::unique_ptr<retrieval::LibraryIndex> index_;
    struct Model;
    std::unique_ptr<Model> model_;
    QString modelPath_;
    int threads_ = 1;
    bool modelDirty_ = true;
    bool niced_ = false;
    std::atomic<bool> paused_{false}, stop_{false};
    std::atomic<int> fileDelayMs_{0};
    std::mutex pauseMutex_;
    std::condition_variable pauseWake_;
};

} // namespace smoldesk::library

Q_DECLARE_METATYPE(smoldesk::library::FolderStatus)
