// The library's indexer thread (see library_worker.h).
#include "library/library_worker.h"

#include "common/error.h"
#include "compute/cpu/cpu_backend.h"
#include "gguf/file.h"
#include "retrieval/embedder.h"
#include "retrieval/library_index.h"
#include "retrieval/model_identity.h"
#include "retrieval/pdf_text.h"

#include <QDirIterator>
#include <QFileInfo>
#include <QThread>

#include <chrono>
#include <thread>

#ifdef __linux__
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

namespace smoldesk::library {

namespace {

struct Stopped {}; // thrown from the index's callbacks to end a run between files

constexpr int kNotesPerFolder = 20;

bool skippedName(const QString& name) {
    return name.startsWith(QLatin1Char('.')) || name == QLatin1String("node_modules") ||
           name == QLatin1String("__pycache__");
}

// The folders under `root` that the index walks (QFileSystemWatcher watches each one).
void collectDirs(const QString& root, QStringList& out) {
    if (!QFileInfo(root).isDir()) return;
    out << root;
    QDirIterator it(root, QDir::Dirs | QDir::NoDotAndDotDot | QDir::NoSymLinks);
    while (it.hasNext()) {
        const QString dir = it.next();
        if (!skippedName(it.fileName())) collectDirs(dir, out);
    }
}

bool under(const std::string& path, const std::string& folder) {
    return path == folder || (path.size() > folder.size() && path.compare(0, folder.size(), folder) == 0 &&
                              path[folder.size()] == '/');
}

} // namespace

struct LibraryWorker::Model {
    std::unique_ptr<gguf::File> file;
    std::unique_ptr<compute::CpuBackend> cpu;
    std::unique_ptr<retrieval::Embedder> embedder;
    std::string id;
};

LibraryWorker::LibraryWorker(QString databasePath, QObject* parent)
    : QObject(parent), databasePath_(std::move(databasePath)) {}

LibraryWorker::~LibraryWorker() = default;

void LibraryWorker::setPaused(bool paused) {
    {
        std::lock_guard lock(pauseMutex_);
        paused_.store(paused);
    }
    pauseWake_.notify_all();
}

void LibraryWorker::clearStop() {
    std::lock_guard lock(pauseMutex_);
    stop_.store(false);
}

void LibraryWorker::requestStop() {
    {
        std::lock_guard lock(pauseMutex_);
        stop_.store(true);
    }
    pauseWake_.notify_all();
}

void LibraryWorker::waitWhilePaused() {
    std::unique_lock lock(pauseMutex_);
    pauseWake_.wait(lock, [this] { return !paused_.load() || stop_.load(); });
    if (stop_.load()) throw Stopped{};
}

bool LibraryWorker::open(QString& error) {
    if (index_) return true;
    try {
        index_ = std::make_unique<retrieval::LibraryIndex>(databasePath_.toStdString());
        return true;
    } catch (const Error& e) {
        error = QString::fromUtf8(e.what());
        return false;
    }
}

void LibraryWorker::setModel(const QString& path, int threads) {
    if (path == modelPath_ && threads == threads_) return;
    modelPath_ = path;
    threads_ = std::max(1, threads);
    modelDirty_ = true;
}

bool LibraryWorker::loadModel(QString& error) {
    if (!modelDirty_) return true;
    model_.reset();
    modelDirty_ = false;
    if (modelPath_.isEmpty()) return true; // keyword only
    try {
        auto m = std::make_unique<Model>();
        m->file = gguf::File::open(modelPath_.toStdString());
        m->cpu = std::make_unique<compute::CpuBackend>(threads_);
        m->embedder = std::make_unique<retrieval::Embedder>(*m->file, *m->cpu);
        m->id = retrieval::embedderModelId(modelPath_.toStdString(), *m->embedder);
        model_ = std::move(m);
        return true;
    } catch (const Error& e) {
        error = QString::fromUtf8(e.what());
        modelDirty_ = true; // try again next run (the file may come back)
        return false;
    }
}

void LibraryWorker::addFolder(const QString& path) {
    QString error;
    if (!open(error)) return emit runFinished(false, error);
    try { // a queued slot: an exception here would end the app
        index_->addFolder(path.toStdString());
    } catch (const Error& e) {
        emit runFinished(false, QString::fromUtf8(e.what()));
    }
}

void LibraryWorker::removeFolder(const QString& path) {
    QString error;
    if (!open(error)) return emit runFinished(false, error);
    try {
        index_->removeFolder(path.toStdString());
    } catch (const Error& e) {
        emit runFinished(false, QString::fromUtf8(e.what()));
    }
}

QStringList LibraryWorker::folderPaths() {
    QStringList out;
    for (const retrieval::FolderEntry& f : index_->folders()) out << QString::fromStdString(f.path);
    return out;
}

void LibraryWorker::run() {
    // stop_ is cleared when a run is queued (clearStop), so a stop asked for while this run
    // waited in the queue (another embedding model, a folder removed) still ends it.
    QString error;
    if (!open(error)) return emit runFinished(false, error);
#ifdef __linux__
    // Below the chat: Qt's thread priorities do nothing under SCHED_OTHER on Linux, a nice value
    // does, and the embedder's pool threads (created below, from this thread) inherit it.
    if (!niced_) setpriority(PRIO_PROCESS, static_cast<id_t>(syscall(SYS_gettid)), 10);
    niced_ = true;
#endif
    if (!loadModel(error)) {
        emit modelFailed(error);
        refresh();
        return emit runFinished(false, error);
    }
    emit runStarted();
    std::vector<std::string> roots;
    try {
        for (const QString& f : folderPaths()) roots.push_back(f.toStdString());
    } catch (const Error& e) {
        refresh();
        return emit runFinished(false, QString::fromUtf8(e.what()));
    }
    retrieval::IndexRun r;
    r.skipMissingRoots = true;
    r.starting = [this](size_t i, size_t total, const std::string& path) {
        waitWhilePaused();
        if (const int ms = fileDelayMs_.load()) std::this_thread::sleep_for(std::chrono::milliseconds(ms));
        if (stop_.load()) throw Stopped{};
        emit fileStarted(static_cast<int>(i), static_cast<int>(total), QString::fromStdString(path));
    };
    r.checkpoint = [this] { waitWhilePaused(); }; // pause and stop inside a long file too
    const bool vectors = model_ != nullptr;
    r.progress = [this, vectors](const retrieval::IndexProgress& p) {
        QList<int> noText(p.pagesWithoutText.begin(), p.pagesWithoutText.end());
        emit fileDone(static_cast<int>(p.done), static_cast<int>(p.total), QString::fromStdString(p.path),
                      static_cast<int>(p.outcome), p.chunks, vectors ? p.chunks : 0,
                      QString::fromStdString(p.error), noText);
    };
    bool stopped = false;
    try {
        index_->index(roots, model_ ? model_->embedder.get() : nullptr,
                      model_ ? model_->id : retrieval::LibraryIndex::kKeywordOnlyModel, r);
    } catch (const Stopped&) {
        stopped = true;
    } catch (const Error& e) {
        error = QString::fromUtf8(e.what());
    }
    refresh();
    emit runFinished(stopped, error);
}

void LibraryWorker::refresh() {
    QString error;
    if (!open(error)) return;
    QList<FolderStatus> out;
    QStringList watch;
    std::vector<retrieval::FileEntry> files;
    try {
        files = index_->files();
        for (const retrieval::FolderEntry& f : index_->folders()) {
            FolderStatus s;
            s.path = QString::fromStdString(f.path);
            s.present = QFileInfo(s.path).exists();
            s.files = f.files, s.indexed = f.indexed, s.failed = f.failed;
            s.filesWithoutTextPages = f.filesWithoutTextPages;
            for (const retrieval::FileEntry& e : files) {
                if (s.notes.size() >= kNotesPerFolder || !under(e.path, f.path)) continue;
                FileNote n;
                n.name = QFileInfo(QString::fromStdString(e.path)).fileName();
                if (e.state == "failed") {
                    n.error = QString::fromStdString(e.error);
                    n.reason = QString::fromStdString(e.failure.code);
                    for (const std::string& a : e.failure.args) n.reasonArgs << QString::fromStdString(a);
                }
                n.pagesWithoutText = QList<int>(e.pagesWithoutText.begin(), e.pagesWithoutText.end());
                if (!n.error.isEmpty() || !n.pagesWithoutText.isEmpty()) s.notes << n;
            }
            collectDirs(s.path, watch);
            out << s;
        }
    } catch (const Error&) {
        return;
    }
    emit foldersReported(out, watch);
}

} // namespace smoldesk::library
