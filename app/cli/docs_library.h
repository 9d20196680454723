#pragma once
// smoldesk-cli docs add / list / remove: the folders of a document library (the same library file
// and folders the app's Settings ▸ Documents shows), and where the app keeps that file.
#include <string>
#include <vector>

namespace smoldesk::cli {

// The app's library: library.sqlite in SmolDesk's data folder (what Qt's AppDataLocation gives
// the app: $XDG_DATA_HOME/SmolDesk or ~/.local/share/SmolDesk on Linux, ~/Library/Application
// Support/SmolDesk on macOS, %APPDATA%\SmolDesk on Windows).
std::string defaultLibraryPath();

int docsAdd(const std::string& library, const std::vector<std::string>& paths);
int docsList(const std::string& library, bool json);
int docsRemove(const std::string& library, const std::vector<std::string>& paths);

} // namespace smoldesk::cli
