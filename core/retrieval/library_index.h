#pragma once
// The document library's index in one SQLite file: the files of the folders it was given (path,
// size, mtime, content SHA-256, state, an error sentence), their chunks (page, line range,
// heading path, text), one float32 vector per chunk with the identity of the model that made it,
// and an FTS5 table for keyword (BM25) search. Indexing commits file by file, so an interrupted
// run resumes where it stopped; a moved or renamed file is found by its hash and keeps its
// vectors; a deleted file leaves the index; a model change re-embeds. Search fuses BM25 and
// cosine ranks by reciprocal rank fusion.
#include "retrieval/chunker.h"
#include "retrieval/index_failure.h"
#include "retrieval/vector_scan.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace smoldesk::retrieval {

class Embedder;
class Db;

struct IndexProgress {
    enum class Outcome { Indexed, Unchanged, Moved, Failed };
    size_t done = 0, total = 0; // files handled so far (this one included), files found
    std::string path;
    Outcome outcome = Outcome::Indexed;
    int chunks = 0;                    // chunks embedded for this file (Indexed)
    std::string error;                 // the sentence (Failed)
    IndexFailure failure;              // …and its reason code, for a translation
    std::vector<int> pagesWithoutText; // a PDF's pages that have no text (scanned?), 1-based
};

// How one index() run reports and what it does with a folder that is not there.
struct IndexRun {
    std::function<void(const IndexProgress&)> progress; // after each file is committed
    // Before each file is read (index 0-based); an exception from either stops the run.
    std::function<void(size_t index, size_t total, const std::string& path)> starting;
    // Between the chunks of a file while they are embedded (a large PDF takes minutes with a real
    // model): may block (pause) or throw to stop, and then nothing of that file is written.
    std::function<void()> checkpoint;
    // A missing root (an unmounted drive) keeps its files in the index instead of failing the run.
    bool skipMissingRoots = false;
    ChunkOptions chunking;
};

// A folder of the library (the app's Settings ▸ Documents) and what the index holds under it.
struct FolderEntry {
    std::string path;
    int files = 0, indexed = 0, failed = 0;
    int filesWithoutTextPages = 0; // files with at least one page without text
};

struct IndexStats {
    int files = 0, indexed = 0, unchanged = 0, moved = 0, failed = 0, removed = 0;
    int chunksEmbedded = 0;
};

struct SearchHit {
    int64_t chunkId = 0;
    std::string file;
    int page = 0, lineBegin = 0, lineEnd = 0;
    std::string heading, text;
    double score = 0;                    // the fused score (or the single list's, see search())
    int keywordRank = 0, vectorRank = 0; // 1-based ranks in each list, 0 when absent
};

struct FileEntry {
    std::string path, state, error;
    IndexFailure failure; // the error's reason code (empty for files failed before codes were kept)
    int64_t size = 0;
    int chunks = 0;
    std::vector<int> pagesWithoutText; // 1-based (PDF pages that have no text: scanned?)
};

class LibraryIndex {
  public:
    static constexpr int kRrfK = 60; // reciprocal rank fusion: score = sum 1 / (kRrfK + rank)
    // The model id of chunks indexed without an embedding model (keyword search only); choosing a
    // model later re-indexes them with vectors.
    static constexpr const char* kKeywordOnlyModel = "keyword-only";

    // Opens or creates the database. Error(Io) in one sentence when it cannot.
    explicit LibraryIndex(const std::string& path);
    // Whether `path` is an existing library database (its files and chunks tables), looked at
    // read-only: a reader given a path from outside (a chat request) checks this first, because
    // opening a LibraryIndex writes its tables into any SQLite file and switches it to WAL.
    static bool isLibrary(const std::string& path);
    ~LibraryIndex();

    // Brings the index up to date with the files under `roots` (folders or single files):
    // hidden entries, node_modules and __pycache__ are skipped. `modelId` names the embedder (a
    // vector made by another model is re-made). `progress` is called after each file is
    // committed; an exception from it stops indexing with every finished file kept.
    IndexStats index(const std::vector<std::string>& roots, Embedder& embedder, const std::string& modelId,
                     const std::function<void(const IndexProgress&)>& progress = {},
                     const ChunkOptions& chunking = {});
    // The same with a null embedder allowed (keyword only: chunks sized by a word count, no
    // vectors; use kKeywordOnlyModel as modelId) and a start-of-file hook.
    IndexStats index(const std::vector<std::string>& roots, Embedder* embedder, const std::string& modelId,
                     const IndexRun& run);

    // The library's folders, kept in the index file (library_folders.cpp). Removing one takes
    // its files out of the index unless another folder holds them.
    void addFolder(const std::string& path);
    void removeFolder(const std::string& path);
    std::vector<FolderEntry> folders();

    // Hybrid search: BM25 over the chunks and cosine over the vectors of `modelId` (skipped
    // when embedder is null: keyword only), fused by reciprocal rank.
    std::vector<SearchHit> search(std::string_view query, Embedder* embedder, const std::string& modelId,
                                  int top);
    // The lists search() fuses, best first: (chunk id, BM25 as FTS5 gives it, lower is better)
    // and (chunk id, cosine) for a query vector.
    std::vector<std::pair<int64_t, double>> keywordSearch(std::string_view query, int limit);
    std::vector<std::pair<int64_t, double>> vectorSearch(std::span<const float> query,
                                                         const std::string& modelId, int limit);

    SearchHit chunk(int64_t chunkId);
    std::vector<int64_t> chunkIds();
    std::vector<float> vectorOf(int64_t chunkId);
    int64_t vectorCount(const std::string& modelId); // vectors made by that model
    std::vector<FileEntry> files();
    // Every chunk of one file (as stored: its path), in document order; empty for a path not indexed.
    std::vector<SearchHit> fileChunks(const std::string& path);
    // The bytes of all chunk texts: a cheap bound on what the whole library would cost in a prompt.
    int64_t textBytes();

  private:
    struct Found { // a row whose file is gone from its path: moved or deleted
        int64_t id = 0;
        std::string path, sha;
        bool reusable = false; // indexed by the current model: its chunks and vectors can move
    };
    void removeFile(int64_t fileId);
    IndexProgress indexFile(const std::string& path, Embedder* embedder, const std::string& modelId,
                            const IndexRun& run, std::vector<Found>& missing, IndexStats& stats);

    std::unique_ptr<Db> db_;
    VectorScan scan_;    // the vectors in memory for vectorSearch
    std::string dbPath_; // absolute: the database and its -wal/-shm files are never indexed
};

// The FTS5 query for free text: each word quoted (so no word is read as an operator), OR-ed.
std::string ftsQuery(std::string_view text);

} // namespace smoldesk::retrieval
