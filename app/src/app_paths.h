#pragma once
// Where SmolDesk keeps its files: user data in the standard per-user location, never next to
// the binary; the bundled demo model next to an installed binary or in the source tree.
#include <QString>

namespace smoldesk::app::paths {

// QStandardPaths::AppDataLocation (created on demand): ~/.local/share/SmolDesk on Linux, as the
// application sets no organization name (with one, Qt nests SmolDesk/SmolDesk).
QString dataDir();
// Moves what an earlier version left in <data>/SmolDesk/SmolDesk up into dataDir().
void migrateNestedDataDir();
QString databasePath();
QString logDir();
QString modelsDir(); // downloaded models
QString crashMarkerPath();
// The bundled stories260K demo model: ../share/smoldesk/models next to the binary, else the
// source tree's resources/ (for build trees). Empty when neither exists.
QString demoModelPath();
QString cataloguePath(); // the built-in model catalogue (a Qt resource)

} // namespace smoldesk::app::paths
