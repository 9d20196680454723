// One file into the library index: unchanged files are skipped by size and mtime (then by hash),
// moved files take over their old row, anything else is read, chunked, embedded and written in
// one transaction, so that a crash leaves either the whole file or none of it.
#include "library_index.h"

#include "common/error.h"
#include "retrieval/document_file.h"
#include "retrieval/embedder.h"
#include "retrieval/pdf_text.h"
#include "retrieval/sha256.h"
#include "retrieval/sqlite_db.h"

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <iterator>

namespace smoldesk::retrieval {

namespace fs = std::filesystem;

namespace {

constexpr uintmax_t kMaxFileBytes = kMaxDocumentBytes;

struct Embedded {
    std::vector<Chunk> chunks;
    std::vector<std::vector<float>> vectors;
};

// Without a model (keyword-only), a chunk is sized by words: about 4 tokens for 3 words.
int wordTokens(std::string_view s) {
    int words = 0;
    bool in = false;
    for (char c : s) {
        const bool space = c == ' ' || c == '\n' || c == '\t' || c == '\r';
        if (!space && !in) ++words;
        in = !space;
    }
    return (words * 4 + 2) / 3;
}

Embedded chunkAndEmbed(const std::vector<Block>& blocks, Embedder* embedder, const IndexRun& run) {
    const ChunkOptions& chunking = run.chunking;
    Embedded e;
    if (!embedder) {
        e.chunks = packChunks(blocks, wordTokens, chunking);
        return e;
    }
    // The special tokens the model adds to every text ([CLS] and [SEP], an EOS) are not the text's.
    const int overhead = std::max<int>(0, static_cast<int>(embedder->tokenize("a").size()) - 1);
    const TokenCounter count = [&](std::string_view s) {
        return std::max(0, static_cast<int>(embedder->tokenize(s).size()) - overhead);
    };
    ChunkOptions o = chunking;
    o.targetTokens = std::min(o.targetTokens, std::max(16, embedder->maxTokens() / 2));
    e.chunks = packChunks(blocks, count, o);
    // Chunks are embedded several at a time (one pass of the model over up to kBatchTokens tokens:
    // its matrix products run over all of them together), with a checkpoint between batches.
    const size_t limit = static_cast<size_t>(std::min(Embedder::kBatchTokens, embedder->maxTokens()));
    std::vector<std::vector<int32_t>> batch;
    size_t tokens = 0;
    auto flush = [&] {
        if (batch.empty()) return;
        if (run.checkpoint) run.checkpoint();
        for (std::vector<float>& v : embedder->embedBatch(batch, true)) e.vectors.push_back(std::move(v));
        batch.clear();
        tokens = 0;
    };
    for (const Chunk& c : e.chunks) {
        std::vector<int32_t> ids = embedder->tokenize(c.embedText());
        if (static_cast<int>(ids.size()) > embedder->maxTokens())
            ids.resize(static_cast<size_t>(embedder->maxTokens()));
        if (tokens + ids.size() > limit || batch.size() >= Embedder::kBatchSequences) flush();
        tokens += ids.size();
        batch.push_back(std::move(ids));
    }
    flush();
    return e;
}

bool isPdf(const std::string& path) {
    std::string ext = fs::path(path).extension().string();
    for (char& c : ext) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return ext == ".pdf";
}

} // namespace

IndexProgress LibraryIndex::indexFile(const std::string& path, Embedder* embedder, const std::string& modelId,
                                      const IndexRun& run, std::vector<Found>& missing, IndexStats& stats) {
    IndexProgress p;
    p.path = path;
    std::error_code ec;
    const auto size = static_cast<int64_t>(fs::file_size(path, ec));
    const int64_t mtime = ec ? 0 : fs::last_write_time(path, ec).time_since_epoch().count();
    int64_t id = 0;
    std::string oldSha, oldState, oldModel;
    int64_t oldSize = -1, oldMtime = -1;
    {
        Stmt s(*db_, "SELECT id, size, mtime, sha256, state, model FROM files WHERE path = ?");
        s.bind(1, path);
        if (s.step())
            id = s.integer(0), oldSize = s.integer(1), oldMtime = s.integer(2), oldSha = s.text(3),
            oldState = s.text(4), oldModel = s.text(5);
    }
    if (id && oldSize == size && oldMtime == mtime && oldModel == modelId && oldState != "pending") {
        ++stats.unchanged;
        p.outcome = IndexProgress::Outcome::Unchanged;
        return p;
    }
    // The sentence and its reason code go into the index together (the app translates the code).
    auto fail = [&](const IndexFailure& failure, const std::string& sha) {
        const std::string why = failure.sentence();
        Transaction t(*db_);
        if (id) removeFile(id);
        Stmt(*db_,
             "INSERT INTO files(path, size, mtime, sha256, state, error, reason, model) VALUES(?, ?, ?, "
             "?, 'failed', ?, ?, ?) ON CONFLICT(path) DO UPDATE SET size = excluded.size, mtime = "
             "excluded.mtime, sha256 = excluded.sha256, state = 'failed', error = excluded.error, reason = "
             "excluded.reason, model = excluded.model")
            .bind(1, path)
            .bind(2, size)
            .bind(3, mtime)
            .bind(4, sha)
            .bind(5, why)
            .bind(6, failure.encode())
            .bind(7, modelId)
            .run();
        t.commit();
        ++stats.failed;
        p.outcome = IndexProgress::Outcome::Failed;
        p.error = why;
        p.failure = failure;
        return p;
    };
    const std::string name = fs::path(path).filename().string();
    if (ec) return fail({IndexFailure::kCannotRead, {name, ec.message()}}, "");
    if (static_cast<uintmax_t>(size) > kMaxFileBytes) return fail({IndexFailure::kTooLarge, {name}}, "");
    std::ifstream in(path, std::ios::binary);
    std::string content((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (!in.good() && !in.eof()) return fail({IndexFailure::kCannotRead, {name, ""}}, "");
    const std::string sha = sha256Hex(content);
    if (id && oldSha == sha && oldModel == modelId && oldState == "indexed") { // touched, not changed
        Stmt(*db_, "UPDATE files SET size = ?, mtime = ? WHERE id = ?")
            .bind(1, size)
            .bind(2, mtime)
            .bind(3, id)
            .run();
        ++stats.unchanged;
        p.outcome = IndexProgress::Outcome::Unchanged;
        return p;
    }
    if (!id) { // a file that moved here keeps its chunks and vectors
        auto m = std::find_if(missing.begin(), missing.end(),
                              [&](const Found& f) { return f.reusable && f.sha == sha; });
        if (m != missing.end()) {
            Stmt(*db_, "UPDATE files SET path = ?, size = ?, mtime = ? WHERE id = ?")
                .bind(1, path)
                .bind(2, size)
                .bind(3, mtime)
                .bind(4, m->id)
                .run();
            missing.erase(m);
            ++stats.moved;
            p.outcome = IndexProgress::Outcome::Moved;
            return p;
        }
    }
    std::string why;
    IndexFailure failure;
    std::vector<Block> blocks;
    if (isPdf(path)) { // read here, not by documentFileBlocks: the pages without text are kept
        PdfText pdf = pdfFileText(name, content, why, &failure);
        blocks = std::move(pdf.blocks);
        p.pagesWithoutText = std::move(pdf.pagesWithoutText);
    } else {
        blocks = documentFileBlocks(path, content, why, &failure);
    }
    if (!why.empty()) return fail(failure, sha);
    Embedded e;
    try {
        e = chunkAndEmbed(blocks, embedder, run);
    } catch (const Error& err) {
        if (err.code() == ErrorCode::Cancelled) throw; // a stop from the checkpoint is not the file's fault
        return fail({IndexFailure::kNotEmbedded, {name, err.what()}}, sha);
    }
    Transaction t(*db_);
    if (id) removeFile(id);
    Stmt(*db_, "INSERT INTO files(path, size, mtime, sha256, state, error, model) VALUES(?, ?, ?, ?, "
               "'indexed', NULL, "
               "?) ON CONFLICT(path) DO UPDATE SET size = excluded.size, mtime = excluded.mtime, sha256 = "
               "excluded.sha256, state = 'indexed', error = NULL, reason = NULL, model = excluded.model")
        .bind(1, path)
        .bind(2, size)
        .bind(3, mtime)
        .bind(4, sha)
        .bind(5, modelId)
        .run();
    if (!id) {
        Stmt s(*db_, "SELECT id FROM files WHERE path = ?");
        s.bind(1, path);
        if (s.step()) id = s.integer(0);
    }
    Stmt chunk(*db_, "INSERT INTO chunks(file_id, ordinal, page, line_begin, line_end, heading, text) "
                     "VALUES(?, ?, ?, ?, ?, ?, ?)");
    Stmt fts(*db_, "INSERT INTO chunks_fts(rowid, body) VALUES(?, ?)");
    Stmt vec(*db_, "INSERT INTO vectors(chunk_id, model, dim, data) VALUES(?, ?, ?, ?)");
    for (size_t i = 0; i < e.chunks.size(); ++i) {
        const Chunk& c = e.chunks[i];
        chunk.bind(1, id)
            .bind(2, static_cast<int64_t>(i))
            .bind(3, int64_t{c.page})
            .bind(4, int64_t{c.lineBegin});
        chunk.bind(5, int64_t{c.lineEnd}).bind(6, c.headingPath).bind(7, c.text).run();
        const int64_t cid = db_->lastInsertId();
        fts.bind(1, cid).bind(2, c.embedText()).run();
        if (i < e.vectors.size())
            vec.bind(1, cid)
                .bind(2, modelId)
                .bind(3, static_cast<int64_t>(e.vectors[i].size()))
                .bindBlob(4, e.vectors[i])
                .run();
    }
    Stmt noText(*db_, "INSERT INTO pages_without_text(file_id, page) VALUES(?, ?)");
    for (int page : p.pagesWithoutText) noText.bind(1, id).bind(2, int64_t{page}).run();
    t.commit();
    ++stats.indexed;
    stats.chunksEmbedded += static_cast<int>(e.chunks.size());
    p.chunks = static_cast<int>(e.chunks.size());
    return p;
}

} // namespace smoldesk::retrieval
