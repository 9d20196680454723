#pragma once
// A marker file that exists only while the GPU is in use: while a backend starts, while the
// devices are listed and while the GPU computes an answer. If the process dies there, the marker
// survives and the next start runs in CPU-only safe mode.
#include <QString>

namespace smoldesk::app {

class CrashGuard {
  public:
    explicit CrashGuard(const QString& markerPath); // empty path: does nothing
    ~CrashGuard();
    CrashGuard(const CrashGuard&) = delete;
    CrashGuard& operator=(const CrashGuard&) = delete;

    // True when a previous start left the marker behind (and removes it).
    static bool consumeCrashMarker(const QString& markerPath);

  private:
    QString path_;
};

} // namespace smoldesk::app
