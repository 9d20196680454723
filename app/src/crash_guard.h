#pragma once
// A marker file that exists only while a GPU backend starts. If the process dies there, the
// marker survives and the next start runs in CPU-only safe mode.
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
