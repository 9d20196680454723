// The library index (see library_index.h): schema, the indexing walk, file by file.
#include "library_index.h"

#include "common/error.h"
#include "retrieval/embedder.h"
#include "retrieval/sqlite_db.h"

#include <sqlite3.h>

#include <algorithm>
#include <filesystem>

namespace smoldesk::retrieval {

namespace fs = std::filesystem;

namespace {

constexpr const char* kSchema = R"sql(
CREATE TABLE IF NOT EXISTS files(
    id INTEGER PRIMARY KEY, path TEXT UNIQUE NOT NULL, size INTEGER NOT NULL, mtime INTEGER NOT NULL,
    sha256 TEXT NOT NULL, state TEXT NOT NULL, error TEXT, model TEXT NOT NULL, reason TEXT);
CREATE INDEX IF NOT EXISTS files_sha ON files(sha256);
CREATE TABLE IF NOT EXISTS chunks(
    id INTEGER PRIMARY KEY, file_id INTEGER NOT NULL REFERENCES files(id) ON DELETE CASCADE,
    ordinal INTEGER NOT NULL, page INTEGER NOT NULL, line_begin INTEGER NOT NULL, line_end INTEGER NOT NULL,
    heading TEXT NOT NULL, text TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS chunks_file ON chunks(file_id);
CREATE TABLE IF NOT EXISTS vectors(
    chunk_id INTEGER PRIMARY KEY REFERENCES chunks(id) ON DELETE CASCADE, model TEXT NOT NULL,
    dim INTEGER NOT NULL, data BLOB NOT NULL);
CREATE VIRTUAL TABLE IF NOT EXISTS chunks_fts USING fts5(body, tokenize = 'unicode61 remove_diacritics 2');
CREATE TABLE IF NOT EXISTS pages_without_text(
    file_id INTEGER NOT NULL REFERENCES files(id) ON DELETE CASCADE, page INTEGER NOT NULL);
CREATE INDEX IF NOT EXISTS pages_without_text_file ON pages_without_text(file_id);
CREATE TABLE IF NOT EXISTS folders(path TEXT PRIMARY KEY);
)sql";

bool skippedName(const std::string& name) {
    return name.empty() || name[0] == '.' || name == "node_modules" || name == "__pycache__";
}

// The files under each root (a folder, walked without following links, or a single file).
std::vector<std::string> listFiles(const std::vector<std::string>& roots, std::vector<std::string>& rootPaths,
                                   bool skipMissing) {
    std::vector<std::string> out;
    for (const std::string& root : roots) {
        std::error_code ec;
        const fs::path p = fs::absolute(root, ec).lexically_normal();
        std::string rp = p.string();
        while (rp.size() > 1 && rp.back() == '/') rp.pop_back();
        if (ec || !fs::exists(p, ec)) {
            if (skipMissing) continue; // not in rootPaths: its rows are not taken for deleted
            throw Error(ErrorCode::Io, root + " does not exist.");
        }
        rootPaths.push_back(rp);
        if (fs::is_regular_file(p, ec)) {
            out.push_back(rp);
            continue;
        }
        if (!fs::is_directory(p, ec)) throw Error(ErrorCode::Io, root + " is neither a folder nor a file.");
        fs::recursive_directory_iterator it(p, fs::directory_options::skip_permission_denied, ec), end;
        if (ec) throw Error(ErrorCode::Io, "Cannot read the folder " + root + ": " + ec.message() + ".");
        for (; it != end; it.increment(ec)) {
            // A walk cut short would read as files deleted, and their chunks would go: stop instead.
            if (ec) throw Error(ErrorCode::Io, "Cannot read the folder " + root + ": " + ec.message() + ".");
            if (skippedName(it->path().filename().string())) {
                if (it->is_directory(ec)) it.disable_recursion_pending();
                continue;
            }
            if (it->is_regular_file(ec)) out.push_back(it->path().lexically_normal().string());
        }
    }
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

bool under(const std::string& path, const std::vector<std::string>& roots) {
    for (const std::string& r : roots)
        if (path == r || (path.size() > r.size() && path.compare(0, r.size(), r) == 0 &&
                          (path[r.size()] == '/' || r == "/")))
            return true;
    return false;
}

} // namespace

std::string ftsQuery(std::string_view text) {
    std::string q, word;
    auto flush = [&] {
        if (word.empty()) return;
        q += (q.empty() ? "\"" : " OR \"") + word + "\"";
        word.clear();
    };
    for (char c : text) {
        const auto u = static_cast<unsigned char>(c);
        if (std::isalnum(u) || u >= 0x80 || c == '_')
            word += c;
        else
            flush();
    }
    flush();
    return q;
}

LibraryIndex::LibraryIndex(const std::string& path) : db_(std::make_unique<Db>(path)) {
    std::error_code ec;
    dbPath_ = std::filesystem::absolute(path, ec).lexically_normal().string();
    db_->exec("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON;");
    db_->exec(kSchema);
    // Libraries made before failures kept their reason code (index_failure.h) get the column.
    bool hasReason = false;
    for (Stmt s(*db_, "PRAGMA table_info(files)"); s.step();) hasReason = hasReason || s.text(1) == "reason";
    if (!hasReason) db_->exec("ALTER TABLE files ADD COLUMN reason TEXT");
}

LibraryIndex::~LibraryIndex() = default;

bool LibraryIndex::isLibrary(const std::string& path) {
    std::error_code ec;
    if (!std::filesystem::is_regular_file(path, ec)) return false;
    sqlite3* db = nullptr;
    bool found = false;
    if (sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READONLY, nullptr) == SQLITE_OK) {
        sqlite3_stmt* st = nullptr;
        const char* sql =
            "SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name IN ('files', 'chunks')";
        // A file that is not SQLite fails here ("file is not a database"): not a library either.
        if (sqlite3_prepare_v2(db, sql, -1, &st, nullptr) == SQLITE_OK && sqlite3_step(st) == SQLITE_ROW)
            found = sqlite3_column_int(st, 0) == 2;
        sqlite3_finalize(st);
    }
    sqlite3_close(db);
    return found;
}

void LibraryIndex::removeFile(int64_t fileId) {
    Stmt(*db_, "DELETE FROM chunks_fts WHERE rowid IN (SELECT id FROM chunks WHERE file_id = ?)")
        .bind(1, fileId)
        .run();
    Stmt(*db_, "DELETE FROM chunks WHERE file_id = ?").bind(1, fileId).run(); // vectors cascade
    Stmt(*db_, "DELETE FROM pages_without_text WHERE file_id = ?").bind(1, fileId).run();
}

IndexStats LibraryIndex::index(const std::vector<std::string>& roots, Embedder& embedder,
                               const std::string& modelId,
                               const std::function<void(const IndexProgress&)>& progress,
                               const ChunkOptions& chunking) {
    IndexRun run;
    run.progress = progress;
    run.chunking = chunking;
    return index(roots, &embedder, modelId, run);
}

IndexStats LibraryIndex::index(const std::vector<std::string>& roots, Embedder* embedder,
                               const std::string& modelId, const IndexRun& run) {
    std::vector<std::string> rootPaths;
    std::vector<std::string> paths = listFiles(roots, rootPaths, run.skipMissingRoots);
    // A library kept inside a folder it indexes would read its own database (and fail on it).
    std::erase_if(paths, [this](const std::string& p) { return p.compare(0, dbPath_.size(), dbPath_) == 0; });
    std::vector<Found> missing; // rows under the roots whose file is gone: moved or deleted
    {
        Stmt s(*db_, "SELECT id, path, sha256, state, model FROM files");
        while (s.step()) {
            std::string path = s.text(1);
            if (under(path, rootPaths) && !std::binary_search(paths.begin(), paths.end(), path))
                missing.push_back({s.integer(0), std::move(path), s.text(2),
                                   s.text(3) == "indexed" && s.text(4) == modelId});
        }
    }
    IndexStats stats;
    stats.files = static_cast<int>(paths.size());
    for (size_t i = 0; i < paths.size(); ++i) {
        if (run.starting) run.starting(i, paths.size(), paths[i]);
        IndexProgress p = indexFile(paths[i], embedder, modelId, run, missing, stats);
        p.done = i + 1;
        p.total = paths.size();
        if (run.progress) run.progress(p);
    }
    for (const Found& m : missing) {
        Transaction t(*db_);
        removeFile(m.id);
        Stmt(*db_, "DELETE FROM files WHERE id = ?").bind(1, m.id).run();
        t.commit();
        ++stats.removed;
    }
    return stats;
}

} // namespace smoldesk::retrieval
