// The app's document library (see library.h).
#include "library/library.h"

#include "compute/cpu/thread_pool.h"
#include "library/library_worker.h"
#include "library/pdf_reader.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QSettings>
#include <QUrl>

namespace smoldesk::library {

namespace {

const QString kModelKey = QStringLiteral("documents/embeddingModel");
constexpr int kDebounceMs = 1500;      // a burst of changes (an unpacked archive) becomes one rescan
constexpr int kMissingCheckMs = 30000; // how often a missing folder is looked for

QString localPath(const QString& pathOrUrl) {
    const QUrl url(pathOrUrl);
    const QString path = url.isLocalFile() ? url.toLocalFile() : pathOrUrl;
    if (path.isEmpty()) return {};
    QString clean = QDir::cleanPath(QFileInfo(path).absoluteFilePath());
    return clean;
}

} // namespace

Library::Library(const QString& databasePath, QSettings* settings, QObject* parent)
    : QObject(parent), databasePath_(databasePath), settings_(settings),
      worker_(new LibraryWorker(databasePath)), folders_(this) {
    qRegisterMetaType<QList<smoldesk::library::FolderStatus>>();
    qRegisterMetaType<QList<int>>();
#ifdef SMOLDESK_HAVE_PDF
    // PDFs are read by smoldesk-cli beside the app, in a process of its own that can be ended
    // (pdf_reader.h); in this process when it is not there (tests run from another folder).
    const QString helper = QCoreApplication::applicationDirPath() + QStringLiteral("/smoldesk-cli");
    installPdfReader(QCoreApplication::instance() && QFileInfo(helper).isExecutable() ? helper.toStdString()
                                                                                      : std::string());
#endif
    thread_.setObjectName(QStringLiteral("library"));
    worker_->moveToThread(&thread_);
    connect(&thread_, &QThread::finished, worker_, &QObject::deleteLater);
    connect(worker_, &LibraryWorker::runStarted, this, [this] {
        filesDone_ = filesTotal_ = 0;
        emit progressChanged();
    });
    connect(worker_, &LibraryWorker::fileStarted, this, [this](int index, int total, const QString& path) {
        filesDone_ = index;
        filesTotal_ = total;
        currentFile_ = path;
        folders_.setActivity(currentFile_, true);
        emit progressChanged();
    });
    connect(worker_, &LibraryWorker::fileDone, this,
            [this](int done, int total, const QString& path, int outcome, int, int vectors, const QString&,
                   const QList<int>&) {
                filesDone_ = done;
                filesTotal_ = total;
                chunksEmbedded_ += vectors;
                emit progressChanged();
                emit fileIndexed(path, outcome, vectors);
            });
    connect(worker_, &LibraryWorker::runFinished, this, &Library::onRunFinished);
    connect(worker_, &LibraryWorker::foldersReported, this, &Library::onFolders);
    connect(worker_, &LibraryWorker::modelFailed, this, [this](const QString& e) {
        setError(tr("The embedding model could not be used: %1 Search uses keywords until it can.").arg(e));
    });
    debounce_.setSingleShot(true);
    debounce_.setInterval(kDebounceMs);
    connect(&debounce_, &QTimer::timeout, this, &Library::requestRun);
    missingCheck_.setInterval(kMissingCheckMs);
    connect(&missingCheck_, &QTimer::timeout, this, [this] {
        for (const QString& p : folders_.paths())
            if (!QFileInfo(p).isDir()) return;
        rescan(); // every missing folder is back
    });
    connect(&watcher_, &QFileSystemWatcher::directoryChanged, this, [this](const QString& dir) {
        // A watch is lost when its folder goes away: the rescan sees what is left and watches again.
        if (!QFileInfo(dir).isDir()) watcher_.removePath(dir);
        debounce_.start();
    });
    if (settings_) model_ = settings_->value(kModelKey).toString();
    thread_.start(QThread::LowPriority);
    applyModel();
}

Library::~Library() {
    stopAndWait();
}

void Library::stopAndWait() {
    if (!thread_.isRunning()) return;
    worker_->requestStop();
    worker_->setPaused(false);
    thread_.quit();
    thread_.wait();
}

void Library::start() {
    started_ = true;
    QMetaObject::invokeMethod(worker_, &LibraryWorker::refresh, Qt::QueuedConnection);
    requestRun();
}

Library::State Library::state() const {
    if (running_) return paused_ ? State::Paused : State::Indexing;
    return error_.isEmpty() ? State::Idle : State::Failed;
}

void Library::applyModel() {
    const QString path = model_;
    // Below the chat: half the cores, at least one.
    const int threads = std::max(1, compute::ThreadPool::physicalCores() / 2);
    QMetaObject::invokeMethod(
        worker_, [w = worker_, path, threads] { w->setModel(path, threads); }, Qt::QueuedConnection);
}

void Library::setEmbeddingModel(const QString& pathOrUrl) {
    const QString path = pathOrUrl.isEmpty() ? QString() : localPath(pathOrUrl);
    if (path == model_) return;
    model_ = path;
    if (settings_) settings_->setValue(kModelKey, model_);
    setError({});
    if (running_) worker_->requestStop();
    applyModel();
    emit embeddingModelChanged();
    if (started_) requestRun();
}

bool Library::isFolder(const QString& pathOrUrl) const {
    const QString path = localPath(pathOrUrl);
    return !path.isEmpty() && QFileInfo(path).isDir();
}

void Library::addFolder(const QString& pathOrUrl) {
    const QString path = localPath(pathOrUrl);
    if (!QFileInfo(path).isDir()) {
        setError(tr("%1 is not a folder.").arg(QDir::toNativeSeparators(path)));
        return;
    }
    setError({});
    QMetaObject::invokeMethod(
        worker_, [w = worker_, path] { w->addFolder(path); }, Qt::QueuedConnection);
    requestRun();
}

void Library::removeFolder(const QString& path) {
    if (running_) worker_->requestStop(); // the removal waits for the current file, not the whole run
    QMetaObject::invokeMethod(
        worker_, [w = worker_, path] { w->removeFolder(path); }, Qt::QueuedConnection);
    QMetaObject::invokeMethod(worker_, &LibraryWorker::refresh, Qt::QueuedConnection);
    requestRun();
}

void Library::pause() {
    if (paused_) return;
    paused_ = true;
    worker_->setPaused(true);
    emit stateChanged();
}

void Library::resume() {
    if (!paused_) return;
    paused_ = false;
    worker_->setPaused(false);
    emit stateChanged();
}

void Library::rescan() {
    debounce_.stop();
    requestRun();
}

void Library::setFileDelayMs(int ms) {
    worker_->setFileDelayMs(ms);
}

void Library::requestRun() {
    if (running_) {
        pending_ = true;
        return;
    }
    running_ = true;
    worker_->clearStop();
    QMetaObject::invokeMethod(worker_, &LibraryWorker::run, Qt::QueuedConnection);
    emit stateChanged();
}

void Library::onRunFinished(bool stopped, const QString& error) {
    Q_UNUSED(stopped);
    running_ = false;
    currentFile_.clear();
    folders_.setActivity({}, false);
    if (!error.isEmpty()) setError(error);
    emit progressChanged();
    if (pending_) {
        pending_ = false;
        requestRun();
        return;
    }
    emit stateChanged();
    emit idle();
}

void Library::onFolders(const QList<FolderStatus>& folders, const QStringList& watchDirs) {
    folders_.setFolders(folders);
    folders_.setActivity(currentFile_, running_);
    const QStringList now = watcher_.directories();
    QStringList gone;
    for (const QString& d : now)
        if (!watchDirs.contains(d)) gone << d;
    if (!gone.isEmpty()) watcher_.removePaths(gone);
    QStringList added;
    for (const QString& d : watchDirs)
        if (!now.contains(d)) added << d;
    if (!added.isEmpty()) watcher_.addPaths(added);
    if (folders_.anyMissing())
        missingCheck_.start();
    else
        missingCheck_.stop();
}

void Library::setError(const QString& error) {
    if (error == error_) return;
    error_ = error;
    emit errorChanged();
    emit stateChanged();
}

} // namespace smoldesk::library
