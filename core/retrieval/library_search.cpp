// Searching the library index: BM25 through FTS5, cosine by a scan of the vectors held in memory
// (vector_scan.h), and reciprocal rank fusion of the two lists (ranks, not scores, are fused: BM25 and cosine
// are on scales that cannot be compared).
#include "library_index.h"

#include "retrieval/embedder.h"
#include "retrieval/sqlite_db.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace smoldesk::retrieval {

std::vector<std::pair<int64_t, double>> LibraryIndex::keywordSearch(std::string_view query, int limit) {
    std::vector<std::pair<int64_t, double>> out;
    const std::string q = ftsQuery(query);
    if (q.empty() || limit <= 0) return out;
    Stmt s(*db_, "SELECT rowid, bm25(chunks_fts) FROM chunks_fts WHERE chunks_fts MATCH ? "
                 "ORDER BY bm25(chunks_fts), rowid LIMIT ?");
    s.bind(1, q).bind(2, int64_t{limit});
    while (s.step()) out.emplace_back(s.integer(0), s.real(1));
    return out;
}

std::vector<std::pair<int64_t, double>> LibraryIndex::vectorSearch(std::span<const float> query,
                                                                   const std::string& modelId, int limit) {
    return scan_.search(*db_, modelId, query, limit);
}

std::vector<SearchHit> LibraryIndex::search(std::string_view query, Embedder* embedder,
                                            const std::string& modelId, int top) {
    const int depth = std::max(50, top * 5);
    const auto keyword = keywordSearch(query, depth);
    std::vector<std::pair<int64_t, double>> vector;
    if (embedder) {
        std::vector<int32_t> ids = embedder->tokenize(query);
        if (static_cast<int>(ids.size()) > embedder->maxTokens())
            ids.resize(static_cast<size_t>(embedder->maxTokens()));
        if (!ids.empty()) vector = vectorSearch(embedder->embed(ids, true), modelId, depth);
    }
    std::map<int64_t, SearchHit> fused;
    for (size_t r = 0; r < keyword.size(); ++r) {
        SearchHit& h = fused[keyword[r].first];
        h.keywordRank = static_cast<int>(r + 1);
        h.score += 1.0 / (kRrfK + static_cast<double>(r + 1));
    }
    for (size_t r = 0; r < vector.size(); ++r) {
        SearchHit& h = fused[vector[r].first];
        h.vectorRank = static_cast<int>(r + 1);
        h.score += 1.0 / (kRrfK + static_cast<double>(r + 1));
    }
    std::vector<SearchHit> hits;
    for (auto& [id, h] : fused) {
        h.chunkId = id;
        hits.push_back(h);
    }
    std::sort(hits.begin(), hits.end(), [](const SearchHit& a, const SearchHit& b) {
        return a.score != b.score ? a.score > b.score : a.chunkId < b.chunkId;
    });
    if (static_cast<int>(hits.size()) > top) hits.resize(static_cast<size_t>(std::max(0, top)));
    for (SearchHit& h : hits) {
        SearchHit full = chunk(h.chunkId);
        full.score = h.score, full.keywordRank = h.keywordRank, full.vectorRank = h.vectorRank;
        h = std::move(full);
    }
    return hits;
}

SearchHit LibraryIndex::chunk(int64_t chunkId) {
    Stmt s(*db_, "SELECT f.path, c.page, c.line_begin, c.line_end, c.heading, c.text FROM chunks c "
                 "JOIN files f ON f.id = c.file_id WHERE c.id = ?");
    s.bind(1, chunkId);
    SearchHit h;
    h.chunkId = chunkId;
    if (!s.step()) return h;
    h.file = s.text(0);
    h.page = static_cast<int>(s.integer(1));
    h.lineBegin = static_cast<int>(s.integer(2));
    h.lineEnd = static_cast<int>(s.integer(3));
    h.heading = s.text(4);
    h.text = s.text(5);
    return h;
}

std::vector<int64_t> LibraryIndex::chunkIds() {
    std::vector<int64_t> ids;
    Stmt s(*db_, "SELECT id FROM chunks ORDER BY id");
    while (s.step()) ids.push_back(s.integer(0));
    return ids;
}

std::vector<float> LibraryIndex::vectorOf(int64_t chunkId) {
    Stmt s(*db_, "SELECT data FROM vectors WHERE chunk_id = ?");
    s.bind(1, chunkId);
    return s.step() ? s.floats(0) : std::vector<float>{};
}

int64_t LibraryIndex::vectorCount(const std::string& modelId) {
    Stmt s(*db_, "SELECT COUNT(*) FROM vectors WHERE model = ?");
    s.bind(1, modelId);
    return s.step() ? s.integer(0) : 0;
}

std::vector<FileEntry> LibraryIndex::files() {
    std::vector<FileEntry> out;
    Stmt s(*db_,
           "SELECT f.path, f.state, COALESCE(f.error, ''), f.size, "
           "(SELECT COUNT(*) FROM chunks c WHERE c.file_id = f.id), COALESCE(f.reason, '') FROM files f "
           "ORDER BY f.path");
    while (s.step())
        out.push_back({s.text(0),
                       s.text(1),
                       s.text(2),
                       IndexFailure::decode(s.text(5)).value_or(IndexFailure{}),
                       s.integer(3),
                       static_cast<int>(s.integer(4)),
                       {}});
    Stmt pages(*db_, "SELECT f.path, p.page FROM pages_without_text p JOIN files f ON f.id = p.file_id "
                     "ORDER BY f.path, p.page");
    while (pages.step()) {
        const std::string path = pages.text(0);
        auto it = std::lower_bound(out.begin(), out.end(), path,
                                   [](const FileEntry& f, const std::string& p) { return f.path < p; });
        if (it != out.end() && it->path == path)
            it->pagesWithoutText.push_back(static_cast<int>(pages.integer(1)));
    }
    return out;
}

std::vector<SearchHit> LibraryIndex::fileChunks(const std::string& path) {
    std::vector<SearchHit> out;
    Stmt s(*db_, "SELECT c.id, c.page, c.line_begin, c.line_end, c.heading, c.text FROM chunks c "
                 "JOIN files f ON f.id = c.file_id WHERE f.path = ? ORDER BY c.ordinal");
    s.bind(1, path);
    while (s.step()) {
        SearchHit h;
        h.chunkId = s.integer(0);
        h.file = path;
        h.page = static_cast<int>(s.integer(1));
        h.lineBegin = static_cast<int>(s.integer(2));
        h.lineEnd = static_cast<int>(s.integer(3));
        h.heading = s.text(4);
        h.text = s.text(5);
        out.push_back(std::move(h));
    }
    return out;
}

int64_t LibraryIndex::textBytes() {
    Stmt s(*db_, "SELECT COALESCE(SUM(LENGTH(CAST(text AS BLOB))), 0) FROM chunks");
    return s.step() ? s.integer(0) : 0;
}

} // namespace smoldesk::retrieval
