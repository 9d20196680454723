// The library's folders from the command line (see docs_library.h).
#include "docs_library.h"

#include "commands.h"
#include "common/error.h"
#include "jinja/template.h"
#include "retrieval/library_index.h"
#include "retrieval/pdf_text.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>

namespace smoldesk::cli {

namespace fs = std::filesystem;

namespace {

std::string env(const char* name) {
    const char* v = std::getenv(name);
    return v ? v : "";
}

std::string normal(const std::string& path) {
    std::error_code ec;
    std::string p = fs::absolute(path, ec).lexically_normal().string();
    while (p.size() > 1 && p.back() == '/') p.pop_back();
    return p;
}

bool under(const std::string& path, const std::string& folder) {
    return path == folder || (path.size() > folder.size() && path.compare(0, folder.size(), folder) == 0 &&
                              path[folder.size()] == '/');
}

} // namespace

std::string defaultLibraryPath() {
#if defined(_WIN32)
    const std::string base = env("APPDATA");
#elif defined(__APPLE__)
    const std::string base = env("HOME") + "/Library/Application Support";
#else
    const std::string base =
        !env("XDG_DATA_HOME").empty() ? env("XDG_DATA_HOME") : env("HOME") + "/.local/share";
#endif
    return base + "/SmolDesk/library.sqlite";
}

int docsAdd(const std::string& library, const std::vector<std::string>& paths) {
    if (paths.empty()) throw UsageError("docs add needs at least one folder or file.");
    for (const std::string& p : paths)
        if (!fs::exists(p)) throw Error(ErrorCode::Io, p + " does not exist.");
    std::error_code ec;
    fs::create_directories(fs::path(library).parent_path(), ec);
    retrieval::LibraryIndex index(library);
    for (const std::string& p : paths) {
        index.addFolder(p);
        std::printf("added %s\n", normal(p).c_str());
    }
    std::fprintf(
        stderr,
        "Index the library with: smoldesk-cli docs index --library %s (-m EMBED.gguf | --keyword-only)\n",
        library.c_str());
    return kExitOk;
}

int docsRemove(const std::string& library, const std::vector<std::string>& paths) {
    if (paths.empty())
        throw UsageError("docs remove needs at least one folder of the library (see docs list).");
    if (!fs::is_regular_file(library))
        throw Error(ErrorCode::Io,
                    "There is no library database at " + library + "; make one with docs add.");
    retrieval::LibraryIndex index(library);
    const auto folders = index.folders();
    for (const std::string& p : paths) {
        const std::string folder = normal(p);
        if (std::none_of(folders.begin(), folders.end(), [&](const auto& f) { return f.path == folder; }))
            throw Error(ErrorCode::Io, folder + " is not a folder of the library (see docs list).");
    }
    for (const std::string& p : paths) {
        index.removeFolder(p);
        std::printf("removed %s\n", normal(p).c_str());
    }
    return kExitOk;
}

int docsList(const std::string& library, bool json) {
    if (!fs::is_regular_file(library))
        throw Error(ErrorCode::Io,
                    "There is no library database at " + library + "; make one with docs add.");
    retrieval::LibraryIndex index(library);
    const auto folders = index.folders();
    const auto files = index.files();
    std::string out = json ? "[" : "";
    for (size_t i = 0; i < folders.size(); ++i) {
        const retrieval::FolderEntry& f = folders[i];
        const bool present = fs::exists(f.path);
        if (json) {
            out += std::string(i ? ",\n " : "") + "{\"folder\": " + jinja::jsonQuote(f.path) +
                   ", \"present\": " + (present ? "true" : "false") +
                   ", \"files\": " + std::to_string(f.files) + ", \"indexed\": " + std::to_string(f.indexed) +
                   ", \"failed\": " + std::to_string(f.failed) +
                   ", \"files_with_pages_without_text\": " + std::to_string(f.filesWithoutTextPages) + "}";
            continue;
        }
        out += f.path + (present ? "" : " (not found)") + ": " + std::to_string(f.files) +
               (f.files == 1 ? " file, " : " files, ") + std::to_string(f.indexed) + " indexed, " +
               std::to_string(f.failed) + " failed\n";
        for (const retrieval::FileEntry& e : files) {
            if (!under(e.path, f.path)) continue;
            if (e.state == "failed")
                out += "  " + e.error + "\n";
            else if (!e.pagesWithoutText.empty())
                out += "  " + fs::path(e.path).filename().string() + ": " +
                       retrieval::pagesWithoutTextNote(e.pagesWithoutText) + "\n";
        }
    }
    if (json)
        out += "]\n";
    else if (folders.empty())
        out = "The library has no folders; add one with docs add FOLDER.\n";
    std::fwrite(out.data(), 1, out.size(), stdout);
    return kExitOk;
}

} // namespace smoldesk::cli
