#include "app_paths.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QStandardPaths>

namespace smoldesk::app::paths {

QString dataDir() {
    const QString dir = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
    QDir().mkpath(dir);
    return dir;
}

void migrateNestedDataDir() {
    const QString dir = dataDir();
    QDir nested(dir + QStringLiteral("/SmolDesk"));
    if (!nested.exists() || !QFileInfo::exists(nested.filePath(QStringLiteral("conversations.sqlite"))))
        return;
    for (const QString& name : nested.entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden))
        if (!QFileInfo::exists(dir + QLatin1Char('/') + name))
            QDir().rename(nested.filePath(name), dir + QLatin1Char('/') + name);
    nested.removeRecursively();
}

QString databasePath() {
    return dataDir() + QStringLiteral("/conversations.sqlite");
}

QString logDir() {
    const QString dir = dataDir() + QStringLiteral("/logs");
    QDir().mkpath(dir);
    return dir;
}

QString modelsDir() {
    const QString dir = dataDir() + QStringLiteral("/models");
    QDir().mkpath(dir);
    return dir;
}

QString crashMarkerPath() {
    return dataDir() + QStringLiteral("/gpu-start.marker");
}

QString demoModelPath() {
    // Relative to the program, so the same rule holds installed (/usr/bin → /usr/share) and in the
    // build folder (bin/ and tests/ beside share/, see app/src/CMakeLists.txt).
    const QString path =
        QCoreApplication::applicationDirPath() + QStringLiteral("/../share/smoldesk/models/stories260K.gguf");
    return QFileInfo::exists(path) ? QFileInfo(path).canonicalFilePath() : QString();
}

QString cataloguePath() {
    return QStringLiteral(":/SmolDesk/models.json");
}

} // namespace smoldesk::app::paths
