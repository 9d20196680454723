#pragma once
// A rotating log file in the app data location (smoldesk.log, rotated at 1 MB, 3 old files kept).
// Installs a Qt message handler that writes every message there (and to stderr).
#include <QString>

namespace smoldesk::app::logger {

void install(const QString& dir);
QString logFilePath();
void uninstall();

} // namespace smoldesk::app::logger
