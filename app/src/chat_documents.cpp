// The open chat's use of the document library (see chat_documents.h).
#include "chat_documents.h"

#include "library/library.h"
#include "retrieval/chunker.h"
#include "retrieval/library_index.h"

#include <QFileInfo>
#include <QLocale>
#include <QSettings>

namespace smoldesk::app {

namespace {
const char* const kOffKey = "documents/chatsOff";
}

ChatDocuments::ChatDocuments(library::Library* library, QObject* parent)
    : QObject(parent), library_(library), viewer_(new SourceViewer(this)) {
    for (const QString& id : QSettings().value(QLatin1String(kOffKey)).toStringList())
        off_.insert(id.toLongLong());
    if (library_) connect(library_, &library::Library::idle, this, &ChatDocuments::refresh);
    refresh();
}

QString ChatDocuments::chipText() const {
    // Two sentences, not a %n plural: without a translator (the C locale) "(s)" would show.
    const QString files = fileCount_ == 1 ? tr("1 file") : tr("%1 files").arg(QLocale().toString(fileCount_));
    if (!active()) return tr("Documents off");
    // Named after what the user added: "Using: Manuals — 1,204 files", "Using: 3 folders — …".
    if (folders_.size() == 1) return tr("Using: %1 — %2").arg(folderName(folders_.first()), files);
    if (folders_.size() > 1)
        return tr("Using: %1 folders — %2").arg(QLocale().toString(int(folders_.size())), files);
    return tr("Using: Documents — %1").arg(files); // files indexed without a folder (docs index)
}

QString ChatDocuments::folderName(const QString& path) {
    const QString name = QFileInfo(path).fileName();
    return name.isEmpty() ? path : name; // "/" or a drive root
}

void ChatDocuments::refresh() {
    int count = 0;
    QStringList folders;
    if (library_ && QFileInfo(library_->databasePath()).isFile()) {
        try {
            retrieval::LibraryIndex index(library_->databasePath().toStdString());
            for (const retrieval::FileEntry& f : index.files()) count += f.state == "indexed" ? 1 : 0;
            for (const retrieval::FolderEntry& f : index.folders()) folders << QString::fromStdString(f.path);
        } catch (const std::exception&) {
            count = 0; // a library that cannot be read is not offered
            folders.clear();
        }
    }
    if (count == fileCount_ && folders == folders_) return;
    fileCount_ = count;
    folders_ = folders;
    emit changed();
}

void ChatDocuments::setCurrentChat(qint64 id, const QStringList& attached) {
    if (id == chat_ && attached == attached_) return;
    // A new chat that got its id keeps the choice made while it was new.
    if (id != chat_ && chat_ == 0 && off_.contains(0)) off_.insert(id);
    chat_ = id;
    attached_ = attached;
    emit changed();
}

QString ChatDocuments::attachedText() const {
    if (attached_.isEmpty()) return {};
    if (attached_.size() == 1) return tr("Using: %1").arg(QFileInfo(attached_.first()).fileName());
    return tr("Using: %1 files").arg(QLocale().toString(attached_.size()));
}

bool ChatDocuments::isDocumentUrl(const QUrl& url) {
    if (!url.isLocalFile()) return false;
    const QString path = url.toLocalFile();
    const QString suffix = QFileInfo(path).suffix().toLower();
    static const QStringList kPaged = {QStringLiteral("pdf"), QStringLiteral("docx"), QStringLiteral("odt")};
    return QFileInfo(path).isFile() &&
           (kPaged.contains(suffix) || retrieval::formatForPath(path.toStdString()).has_value());
}

int ChatDocuments::attach(const QList<QUrl>& urls) {
    int added = 0;
    for (const QUrl& url : urls) {
        if (!isDocumentUrl(url) || attached_.size() >= kMaxAttached) continue;
        const QString path = QFileInfo(url.toLocalFile()).absoluteFilePath();
        if (attached_.contains(path)) continue;
        attached_ << path;
        ++added;
    }
    if (added > 0) {
        emit attachedChanged(attached_);
        emit changed();
    }
    return added;
}

void ChatDocuments::detach(const QString& file) {
    if (attached_.removeAll(file) == 0) return;
    emit attachedChanged(attached_);
    emit changed();
}

void ChatDocuments::detachAll() {
    if (attached_.isEmpty()) return;
    attached_.clear();
    emit attachedChanged(attached_);
    emit changed();
}

void ChatDocuments::toggle() {
    if (off_.contains(chat_))
        off_.remove(chat_);
    else
        off_.insert(chat_);
    save();
    emit changed();
}

void ChatDocuments::save() const {
    QStringList ids;
    for (qint64 id : off_) ids << QString::number(id);
    ids.sort();
    QSettings().setValue(QLatin1String(kOffKey), ids);
}

void ChatDocuments::apply(GenerationRequest& request) const {
    request.documentFiles = attached_;
    if (!active() || !library_) return;
    request.libraryPath = library_->databasePath();
    request.embeddingModel = library_->embeddingModel();
}

QUrl ChatDocuments::sourceUrl(const QString& file, int page) {
    QUrl url = QUrl::fromLocalFile(file);
    if (page > 0 && file.endsWith(QLatin1String(".pdf"), Qt::CaseInsensitive))
        url.setFragment(QStringLiteral("page=%1").arg(page));
    return url;
}

void ChatDocuments::openSource(const QString& file, int page, int line, int lineEnd, const QString& snippet) {
    viewer_->show(file, page, line, lineEnd, snippet);
}

} // namespace smoldesk::app
