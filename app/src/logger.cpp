#include "logger.h"

#include <QDateTime>
#include <QFile>
#include <QMutex>

#include <cstdio>

namespace smoldesk::app::logger {
namespace {

constexpr qint64 kMaxBytes = 1024 * 1024;
constexpr int kKeep = 3;

QMutex mutex;
QFile* file = nullptr;
QString path;
QtMessageHandler previous = nullptr;

void rotate() {
    file->close();
    for (int i = kKeep - 1; i >= 1; --i) {
        QFile::remove(QStringLiteral("%1.%2").arg(path).arg(i + 1));
        QFile::rename(QStringLiteral("%1.%2").arg(path).arg(i), QStringLiteral("%1.%2").arg(path).arg(i + 1));
    }
    QFile::remove(path + QStringLiteral(".1"));
    QFile::rename(path, path + QStringLiteral(".1"));
    file->open(QIODevice::WriteOnly | QIODevice::Append | QIODevice::Text);
}

void handler(QtMsgType type, const QMessageLogContext& ctx, const QString& msg) {
    static const char* const names[] = {"debug", "warning", "critical", "fatal", "info"};
    const char* level = (type >= 0 && type <= QtInfoMsg) ? names[type] : "log";
    const QByteArray line =
        QStringLiteral("%1 %2 %3: %4\n")
            .arg(QDateTime::currentDateTime().toString(Qt::ISODateWithMs), QLatin1String(level),
                 QLatin1String(ctx.category ? ctx.category : "default"), msg)
            .toUtf8();
    {
        QMutexLocker lock(&mutex);
        if (file && file->isOpen()) {
            if (file->size() + line.size() > kMaxBytes) rotate();
            file->write(line);
            file->flush();
        }
    }
    if (type != QtDebugMsg) std::fputs(line.constData(), stderr);
}

} // namespace

void install(const QString& dir) {
    QMutexLocker lock(&mutex);
    if (file) return;
    path = dir + QStringLiteral("/smoldesk.log");
    file = new QFile(path);
    file->open(QIODevice::WriteOnly | QIODevice::Append | QIODevice::Text);
    previous = qInstallMessageHandler(handler);
}

QString logFilePath() {
    return path;
}

void uninstall() {
    QMutexLocker lock(&mutex);
    if (!file) return;
    qInstallMessageHandler(previous);
    delete file;
    file = nullptr;
}

} // namespace smoldesk::app::logger
