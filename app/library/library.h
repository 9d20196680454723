#pragma once
// Library: the app's document library (issue 36) on the GUI thread — the folders the user added,
// watched with QFileSystemWatcher, indexed in the background by a LibraryWorker on a low-priority
// thread, with progress (files done of total, the current file), pause and resume, and errors in
// one sentence. A rescan runs at start, when a watched folder changes (debounced), when a watch is
// lost (the folder went away) and when a missing folder comes back. QML reaches it as
// App.library; the embedding model (a GGUF path, empty for keyword only) is kept in the settings.
#include "library/folder_list_model.h"

#include <QFileSystemWatcher>
#include <QObject>
#include <QThread>
#include <QTimer>

class QSettings;

namespace smoldesk::library {

class LibraryWorker;

class Library : public QObject {
    Q_OBJECT
    Q_PROPERTY(State state READ state NOTIFY stateChanged)
    Q_PROPERTY(smoldesk::library::FolderListModel* folders READ folders CONSTANT)
    Q_PROPERTY(int filesDone READ filesDone NOTIFY progressChanged)
    Q_PROPERTY(int filesTotal READ filesTotal NOTIFY progressChanged)
    Q_PROPERTY(QString currentFile READ currentFile NOTIFY progressChanged)
    Q_PROPERTY(int chunksEmbedded READ chunksEmbedded NOTIFY progressChanged)
    Q_PROPERTY(
        QString embeddingModel READ embeddingModel WRITE setEmbeddingModel NOTIFY embeddingModelChanged)
    Q_PROPERTY(QString error READ error NOTIFY errorChanged)
    Q_PROPERTY(bool paused READ paused NOTIFY stateChanged)
  public:
    enum class State { Idle, Indexing, Paused, Failed };
    Q_ENUM(State)

    // settings may be null (tests): the model is then not remembered.
    Library(const QString& databasePath, QSettings* settings, QObject* parent = nullptr);
    ~Library() override;

    // The rescan at start (and the first watches).
    void start();

    State state() const;
    FolderListModel* folders() { return &folders_; }
    int filesDone() const { return filesDone_; }
    int filesTotal() const { return filesTotal_; }
    QString currentFile() const { return currentFile_; }
    // Chunks embedded (vectors made) since this object started: what a restart re-did.
    int chunksEmbedded() const { return chunksEmbedded_; }
    QString embeddingModel() const { return model_; }
    void setEmbeddingModel(const QString& pathOrUrl);
    QString error() const { return error_; }
    bool paused() const { return paused_; }
    QString databasePath() const { return databasePath_; }

    // A folder path or a file:// URL (a folder dropped on the window, the folder dialog).
    Q_INVOKABLE void addFolder(const QString& pathOrUrl);
    Q_INVOKABLE void removeFolder(const QString& path);
    Q_INVOKABLE void pause();
    Q_INVOKABLE void resume();
    Q_INVOKABLE void rescan();
    // True when the URL or path names a folder (QML's drop area asks before it accepts).
    Q_INVOKABLE bool isFolder(const QString& pathOrUrl) const;

    // Tests: a pause before each file, so a run can be caught mid-way.
    void setFileDelayMs(int ms);
    // Tests and shutdown: ends a running index after the current file, and waits for the thread.
    void stopAndWait();

  signals:
    void stateChanged();
    void progressChanged();
    void embeddingModelChanged();
    void errorChanged();
    // A run ended and none is waiting.
    void idle();
    // One file was handled (tests, logs): outcome as retrieval::IndexProgress::Outcome.
    void fileIndexed(const QString& path, int outcome, int vectors);

  private:
    void requestRun();
    void onRunFinished(bool stopped, const QString& error);
    void onFolders(const QList<FolderStatus>& folders, const QStringList& watchDirs);
    void setError(const QString& error);
    void applyModel();

    QString databasePath_;
    QSettings* settings_;
    QThread thread_;
    LibraryWorker* worker_;
    FolderListModel folders_;
    QFileSystemWatcher watcher_;
    QTimer debounce_, missingCheck_;
    QString model_, error_, currentFile_;
    int filesDone_ = 0, filesTotal_ = 0, chunksEmbedded_ = 0;
    bool running_ = false, pending_ = false, paused_ = false, started_ = false;
};

} // namespace smoldesk::library
