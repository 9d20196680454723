#include "worker/chat_state_store.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>

namespace smoldesk::app {

ChatStateStore::ChatStateStore(const QString& dir, qint64 capBytes, int maxFiles)
    : dir_(dir), capBytes_(capBytes), maxFiles_(maxFiles) {}

QString ChatStateStore::pathFor(qint64 conversationId) const {
    return enabled() ? QDir(dir_).filePath(QStringLiteral("%1.kvstate").arg(conversationId)) : QString();
}

bool ChatStateStore::has(qint64 conversationId) const {
    return enabled() && QFileInfo::exists(pathFor(conversationId));
}

void ChatStateStore::remove(qint64 conversationId) const {
    if (enabled()) QFile::remove(pathFor(conversationId));
}

void ChatStateStore::touch(qint64 conversationId) const {
    if (!enabled()) return;
    QFile f(pathFor(conversationId));
    if (f.open(QIODevice::ReadWrite))
        f.setFileTime(QDateTime::currentDateTimeUtc(), QFileDevice::FileModificationTime);
}

bool ChatStateStore::ensureDir() const {
    return enabled() && QDir().mkpath(dir_);
}

void ChatStateStore::removeAll() const {
    if (!enabled()) return;
    QDir dir(dir_);
    for (const QString& name :
         dir.entryList({QStringLiteral("*.kvstate"), QStringLiteral("*.kvstate.part")}, QDir::Files))
        dir.remove(name);
}

qint64 ChatStateStore::prune() const {
    if (!enabled()) return 0;
    // Newest first; a ".part" left by a crash is stale by definition.
    QDir dir(dir_);
    for (const QFileInfo& part : dir.entryInfoList({QStringLiteral("*.kvstate.part")}, QDir::Files))
        if (part.lastModified().secsTo(QDateTime::currentDateTime()) > 60) QFile::remove(part.filePath());
    const QFileInfoList states = dir.entryInfoList({QStringLiteral("*.kvstate")}, QDir::Files, QDir::Time);
    qint64 total = 0;
    int kept = 0;
    for (const QFileInfo& f : states) {
        if (kept >= maxFiles_ || total + f.size() > capBytes_) {
            QFile::remove(f.filePath());
            continue;
        }
        total += f.size();
        ++kept;
    }
    return total;
}

} // namespace smoldesk::app
