// smoldesk-cli docs: the document library from the command line. `docs index` brings a library
// database up to date with folders (resumable: finished files are kept when it is stopped),
// `docs search` runs a hybrid (BM25 + vector) search over it and prints where each hit is.
#include "commands.h"
#include "docs_library.h"

#include "common/error.h"
#include "compute/cpu/cpu_backend.h"
#include "compute/cpu/thread_pool.h"
#include "gguf/file.h"
#include "jinja/template.h"
#include "retrieval/embedder.h"
#include "retrieval/library_index.h"
#include "retrieval/pdf_text.h"
#ifdef SMOLDESK_HAVE_PDF
#include "library/pdf_reader.h"
#endif
#include "retrieval/model_identity.h"

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <iterator>
#include <memory>
#include <optional>

namespace smoldesk::cli {

namespace {

namespace fs = std::filesystem;

struct LoadedEmbedder {
    std::unique_ptr<gguf::File> file;
    std::unique_ptr<compute::CpuBackend> cpu;
    std::unique_ptr<retrieval::Embedder> embedder;
    std::string id; // the model identity stored with each vector
};

LoadedEmbedder loadEmbedder(const std::string& path, int threads) {
    LoadedEmbedder e;
    e.file = gguf::File::open(path);
    e.cpu =
        std::make_unique<compute::CpuBackend>(threads > 0 ? threads : compute::ThreadPool::physicalCores());
    e.embedder = std::make_unique<retrieval::Embedder>(*e.file, *e.cpu);
    e.id = retrieval::embedderModelId(path, *e.embedder);
    return e;
}

const char* outcomeWord(retrieval::IndexProgress::Outcome o) {
    switch (o) {
    case retrieval::IndexProgress::Outcome::Indexed:
        return "indexed";
    case retrieval::IndexProgress::Outcome::Unchanged:
        return "unchanged";
    case retrieval::IndexProgress::Outcome::Moved:
        return "moved";
    case retrieval::IndexProgress::Outcome::Failed:
        break;
    }
    return "failed";
}

std::string where(const retrieval::SearchHit& h) {
    std::string s = h.file;
    if (h.page > 0) s += ":p" + std::to_string(h.page);
    s += ":" + std::to_string(h.lineBegin);
    if (h.lineEnd != h.lineBegin) s += "-" + std::to_string(h.lineEnd);
    return s;
}

std::string snippet(const std::string& text, size_t max) {
    std::string s;
    for (char c : text) {
        if (c == '\n' || c == '\t') c = ' ';
        if (c == ' ' && !s.empty() && s.back() == ' ') continue;
        s += c;
    }
    if (s.size() > max) {
        size_t cut = max;
        while (cut > 0 && (static_cast<unsigned char>(s[cut]) & 0xC0) == 0x80)
            --cut; // not inside a character
        s = s.substr(0, cut) + "…";
    }
    return s;
}

struct DocsOptions {
    std::optional<std::string> db, model;
    int64_t threads = 0, top = 5;
    bool quiet = false, json = false, keywordOnly = false, topGiven = false;
    std::vector<std::string> rest; // after the subcommand: folders, or the query's words
};

int docsIndex(const DocsOptions& o) {
    if (o.json || o.topGiven) throw UsageError("--json and --top are for docs search.");
    if (!o.model && !o.keywordOnly)
        throw UsageError("docs index needs an embedding model (-m FILE.gguf) or --keyword-only.");
    if (o.model && o.keywordOnly) throw UsageError("docs index takes either -m FILE.gguf or --keyword-only.");
    for (const std::string& f : o.rest)
        if (!fs::exists(f)) throw Error(ErrorCode::Io, f + " does not exist.");
    if (o.rest.empty() && !fs::is_regular_file(*o.db))
        throw Error(ErrorCode::Io, "There is no library database at " + *o.db +
                                       "; add a folder with docs add, or name folders to index.");
    LoadedEmbedder e;
    if (o.model) e = loadEmbedder(*o.model, static_cast<int>(o.threads));
    retrieval::LibraryIndex index(*o.db);
    std::vector<std::string> roots = o.rest; // none named: the library's folders
    if (roots.empty())
        for (const retrieval::FolderEntry& f : index.folders()) {
            if (!fs::exists(f.path))
                std::fprintf(stderr, "note: %s is not there now; its files stay in the library.\n",
                             f.path.c_str());
            roots.push_back(f.path);
        }
    if (roots.empty())
        throw Error(ErrorCode::Io, "The library " + *o.db + " has no folders; add one with docs add FOLDER.");
    const auto start = std::chrono::steady_clock::now();
    retrieval::IndexRun run;
    run.skipMissingRoots = o.rest.empty();
    run.progress = [&](const retrieval::IndexProgress& p) {
        const bool noText = !p.pagesWithoutText.empty();
        if (o.quiet && p.outcome != retrieval::IndexProgress::Outcome::Failed && !noText) return;
        std::string line = "[" + std::to_string(p.done) + "/" + std::to_string(p.total) + "] " +
                           outcomeWord(p.outcome) + " " + p.path;
        if (p.outcome == retrieval::IndexProgress::Outcome::Indexed)
            line += " (" + std::to_string(p.chunks) + (p.chunks == 1 ? " chunk" : " chunks") +
                    (noText ? "; " + retrieval::pagesWithoutTextNote(p.pagesWithoutText) : "") + ")";
        if (!p.error.empty()) line += ": " + p.error;
        std::fprintf(stderr, "%s\n", line.c_str());
    };
    const retrieval::IndexStats s = index.index(
        roots, e.embedder.get(), e.embedder ? e.id : retrieval::LibraryIndex::kKeywordOnlyModel, run);
    const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::printf("%d files: %d indexed, %d unchanged, %d moved, %d failed, %d removed; %d chunks %s in %.1f s "
                "(%.1f chunks/s)\n",
                s.files, s.indexed, s.unchanged, s.moved, s.failed, s.removed, s.chunksEmbedded,
                e.embedder ? "embedded" : "indexed (keywords only)", secs,
                secs > 0 ? s.chunksEmbedded / secs : 0.0);
    return kExitOk;
}

std::string hitJson(const retrieval::SearchHit& h, const char* score) {
    return "{\"file\": " + jinja::jsonQuote(h.file) +
           ", \"page\": " + (h.page > 0 ? std::to_string(h.page) : "null") +
           ", \"line\": " + std::to_string(h.lineBegin) + ", \"line_end\": " + std::to_string(h.lineEnd) +
           ", \"heading\": " + jinja::jsonQuote(h.heading) + ", \"text\": " + jinja::jsonQuote(h.text) +
           ", \"score\": " + score + "}";
}

int docsSearch(const DocsOptions& o) {
    if (o.quiet) throw UsageError("--quiet is for docs index.");
    if (!o.model && !o.keywordOnly)
        throw UsageError("docs search needs the embedding model (-m FILE.gguf) or --keyword-only.");
    if (o.rest.empty()) throw UsageError("docs search needs a query.");
    if (o.top < 1 || o.top > 1000) throw UsageError("--top takes a number from 1 to 1000.");
    if (!fs::is_regular_file(*o.db))
        throw Error(ErrorCode::Io,
                    "There is no library database at " + *o.db + "; make one with docs index.");
    std::string query;
    for (const std::string& w : o.rest) query += (query.empty() ? "" : " ") + w;
    LoadedEmbedder e;
    if (!o.keywordOnly) e = loadEmbedder(*o.model, static_cast<int>(o.threads));
    retrieval::LibraryIndex index(*o.db);
    if (e.embedder && index.vectorCount(e.id) == 0)
        std::fprintf(stderr,
                     "note: nothing in %s was embedded with this model (index it with -m %s first); "
                     "the search uses keywords only.\n",
                     o.db->c_str(), o.model->c_str());
    const auto hits = index.search(query, e.embedder.get(), e.id, static_cast<int>(o.top));
    std::string out = o.json ? "[" : "";
    for (size_t i = 0; i < hits.size(); ++i) {
        const retrieval::SearchHit& h = hits[i];
        char score[32];
        std::snprintf(score, sizeof score, "%.6f", h.score);
        if (o.json) {
            out += std::string(i ? ",\n " : "") + hitJson(h, score);
            continue;
        }
        out += std::to_string(i + 1) + ". " + where(h) + "  (score " + score + ")\n";
        if (!h.heading.empty()) out += "   " + h.heading + "\n";
        out += "   " + snippet(h.text, 200) + "\n";
    }
    if (o.json)
        out += "]\n";
    else if (hits.empty())
        out = "No matches.\n";
    std::fwrite(out.data(), 1, out.size(), stdout);
    return kExitOk;
}

// docs pdf-pages < FILE.pdf: each page's text as its byte count, a newline and the bytes. The app
// reads PDFs through it, in a process it can end when pdfium loops (app/library/pdf_reader.h).
int docsPdfPages() {
#ifdef SMOLDESK_HAVE_PDF
    std::string bytes((std::istreambuf_iterator<char>(std::cin)), std::istreambuf_iterator<char>());
    const std::string out = library::encodePages(library::readPdfPages(bytes));
    std::fwrite(out.data(), 1, out.size(), stdout);
    return kExitOk;
#else
    throw Error(ErrorCode::Io, "this build of smoldesk-cli cannot read PDFs (it has no Qt PDF).");
#endif
}

} // namespace

// docs add|remove [--library FILE.sqlite] FOLDER|FILE...     docs list [--library FILE.sqlite] [--json]
// docs index [--library FILE.sqlite] (-m EMBED.gguf | --keyword-only) [-t N] [--quiet] [FOLDER|FILE...]
// docs search [--library FILE.sqlite] (-m EMBED.gguf | --keyword-only) [--top N] [--json] QUERY...
// --db is another name for --library; without either, the app's library.
int cmdDocs(Args& args) {
#ifdef SMOLDESK_HAVE_PDF
    library::installPdfReader();
#endif
    DocsOptions o;
    o.db = args.option("--library", "--db");
    if (!o.db) o.db = defaultLibraryPath();
    o.model = args.option("--model", "-m");
    o.threads = args.intOption("--threads", "-t", 0);
    if (const auto top = args.option("--top", "-n")) o.top = parseInt(*top, "--top"), o.topGiven = true;
    o.quiet = args.flag("--quiet", "-q");
    o.json = args.flag("--json");
    o.keywordOnly = args.flag("--keyword-only");
    o.rest = args.positionals();
    if (o.threads < 0 || o.threads > 1024) throw UsageError("--threads must be a positive number.");
    if (o.rest.empty()) throw UsageError("docs needs a subcommand: add, list, remove, index or search.");
    const std::string sub = o.rest.front();
    o.rest.erase(o.rest.begin());
    if (sub == "pdf-pages") return docsPdfPages();
    if (sub == "index") return docsIndex(o);
    if (sub == "search") return docsSearch(o);
    if (sub == "add" || sub == "list" || sub == "remove") {
        if (o.model || o.keywordOnly || o.topGiven || o.quiet)
            throw UsageError("docs " + sub + " takes only --library" +
                             (sub == "list" ? " and --json." : "."));
        if (sub == "list") {
            if (!o.rest.empty()) throw UsageError("docs list takes no folders.");
            return docsList(*o.db, o.json);
        }
        if (o.json) throw UsageError("--json is for docs list and docs search.");
        return sub == "add" ? docsAdd(*o.db, o.rest) : docsRemove(*o.db, o.rest);
    }
    throw UsageError("Unknown docs subcommand '" + sub + "'; use add, list, remove, index or search.");
}

} // namespace smoldesk::cli
