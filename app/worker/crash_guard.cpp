#include "worker/crash_guard.h"

#include <QFile>

namespace smoldesk::app {

CrashGuard::CrashGuard(const QString& markerPath) : path_(markerPath) {
    if (path_.isEmpty()) return;
    QFile f(path_);
    if (f.open(QIODevice::WriteOnly | QIODevice::Truncate)) {
        f.write("gpu-in-use\n");
        f.flush();
    }
}

CrashGuard::~CrashGuard() {
    if (!path_.isEmpty()) QFile::remove(path_);
}

bool CrashGuard::consumeCrashMarker(const QString& markerPath) {
    if (markerPath.isEmpty() || !QFile::exists(markerPath)) return false;
    QFile::remove(markerPath);
    return true;
}

} // namespace smoldesk::app
