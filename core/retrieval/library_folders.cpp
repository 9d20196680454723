// The library's folders (see library_index.h): the list the app's Settings ▸ Documents shows, kept
// in the index file so the library and its folders travel together, with what the index holds
// under each folder.
#include "library_index.h"

#include "retrieval/sqlite_db.h"

#include <filesystem>

namespace smoldesk::retrieval {

namespace {

std::string normalFolder(const std::string& path) {
    std::error_code ec;
    std::string p = std::filesystem::absolute(path, ec).lexically_normal().string();
    while (p.size() > 1 && p.back() == '/') p.pop_back();
    return p;
}

// The SQL condition "path is the folder or under it", with the folder bound twice (?1 and ?2: the
// folder and the folder with its slash).
constexpr const char* kUnder = "(path = ?1 OR substr(path, 1, length(?2)) = ?2)";

std::string withSlash(const std::string& folder) {
    return folder == "/" ? folder : folder + "/";
}

} // namespace

void LibraryIndex::addFolder(const std::string& path) {
    Stmt(*db_, "INSERT OR IGNORE INTO folders(path) VALUES(?)").bind(1, normalFolder(path)).run();
}

void LibraryIndex::removeFolder(const std::string& path) {
    const std::string folder = normalFolder(path);
    std::vector<std::string> others;
    {
        Stmt s(*db_, "SELECT path FROM folders WHERE path <> ?");
        s.bind(1, folder);
        while (s.step()) others.push_back(s.text(0));
    }
    std::vector<std::pair<int64_t, std::string>> rows;
    {
        Stmt s(*db_, (std::string("SELECT id, path FROM files WHERE ") + kUnder).c_str());
        s.bind(1, folder).bind(2, withSlash(folder));
        while (s.step()) rows.emplace_back(s.integer(0), s.text(1));
    }
    Transaction t(*db_);
    for (const auto& [id, file] : rows) {
        bool kept = false;
        for (const std::string& o : others)
            kept = kept || file == o || file.compare(0, withSlash(o).size(), withSlash(o)) == 0;
        if (kept) continue;
        removeFile(id);
        Stmt(*db_, "DELETE FROM files WHERE id = ?").bind(1, id).run();
    }
    Stmt(*db_, "DELETE FROM folders WHERE path = ?").bind(1, folder).run();
    t.commit();
}

std::vector<FolderEntry> LibraryIndex::folders() {
    std::vector<FolderEntry> out;
    {
        Stmt s(*db_, "SELECT path FROM folders ORDER BY path");
        while (s.step()) out.push_back({s.text(0)});
    }
    const std::string counts =
        std::string(
            "SELECT COUNT(*), COALESCE(SUM(state = 'indexed'), 0), COALESCE(SUM(state = 'failed'), 0), "
            "COALESCE(SUM(EXISTS(SELECT 1 FROM pages_without_text p WHERE p.file_id = files.id)), 0) "
            "FROM files WHERE ") +
        kUnder;
    for (FolderEntry& f : out) {
        Stmt s(*db_, counts.c_str());
        s.bind(1, f.path).bind(2, withSlash(f.path));
        if (!s.step()) continue;
        f.files = static_cast<int>(s.integer(0));
        f.indexed = static_cast<int>(s.integer(1));
        f.failed = static_cast<int>(s.integer(2));
        f.filesWithoutTextPages = static_cast<int>(s.integer(3));
    }
    return out;
}

} // namespace smoldesk::retrieval
