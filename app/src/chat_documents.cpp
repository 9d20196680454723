// The open chat's use of the document library (see chat_documents.h).
#include "chat_documents.h"

#include "library/library.h"
#include "retrieval/library_index.h"

#include <QDesktopServices>
#include <QFileInfo>
#include <QLocale>
#include <QSettings>

namespace smoldesk::app {

namespace {
const char* const kOffKey = "documents/chatsOff";
}

ChatDocuments::ChatDocuments(library::Library* library, QObject* parent)
    : QObject(parent), library_(library) {
    for (const QString& id : QSettings().value(QLatin1String(kOffKey)).toStringList())
        off_.insert(id.toLongLong());
    if (library_) connect(library_, &library::Library::idle, this, &ChatDocuments::refresh);
    refresh();
}

QString ChatDocuments::chipText() const {
    // Two sentences, not a %n plural: without a translator (the C locale) "(s)" would show.
    const QString files = fileCount_ == 1 ? tr("1 file") : tr("%1 files").arg(QLocale().toString(fileCount_));
    return active() ? tr("Using: Documents — %1").arg(files) : tr("Documents off");
}

void ChatDocuments::refresh() {
    int count = 0;
    if (library_ && QFileInfo(library_->databasePath()).isFile()) {
        try {
            retrieval::LibraryIndex index(library_->databasePath().toStdString());
            for (const retrieval::FileEntry& f : index.files()) count += f.state == "indexed" ? 1 : 0;
        } catch (const std::exception&) {
            count = 0; // a library that cannot be read is not offered
        }
    }
    if (count == fileCount_) return;
    fileCount_ = count;
    emit changed();
}

void ChatDocuments::setCurrentChat(qint64 id) {
    if (id == chat_) return;
    // A new chat that got its id keeps the choice made while it was new.
    if (chat_ == 0 && off_.contains(0)) off_.insert(id);
    chat_ = id;
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

bool ChatDocuments::openSource(const QString& file, int page) const {
    return QDesktopServices::openUrl(sourceUrl(file, page));
}

} // namespace smoldesk::app
