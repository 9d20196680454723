// A chat turn's documents, whole or as the best passages (see documents.h).
#include "grounding/documents.h"

#include "common/error.h"
#include "grounding/keyword_rank.h"
#include "retrieval/document_file.h"
#include "retrieval/library_index.h"

#include <algorithm>
#include <filesystem>
#include <map>

namespace smoldesk::grounding {

namespace fs = std::filesystem;
using retrieval::Block;
using retrieval::SearchHit;

namespace {

// No tokenizer averages more bytes per token than this: a text this many times larger than the
// budget cannot fit, whatever the model, and is not tokenized to find out.
constexpr int64_t kMaxBytesPerToken = 16;

// A passage cut shorter than this is not worth its label.
constexpr int kMinPassageTokens = 32;

// The first `maxBytes` of a text, on a character boundary, with "…" when cut.
std::string cutText(const std::string& text, size_t maxBytes) {
    if (text.size() <= maxBytes) return text;
    size_t cut = maxBytes;
    while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut;
    return text.substr(0, cut) + "…";
}

struct Doc {
    std::string path;
    std::vector<Block> blocks;
};

const std::string kWholeIntro =
    "The user shared these documents. Answer from them where they are relevant, and cite a document by its "
    "number in brackets, e.g. [1], with the page when there is one.\n\n";
const std::string kPassagesIntro =
    "Passages from the user's documents that may answer the message below. Use them where they are relevant, "
    "and cite a passage by its number in brackets, e.g. [1].\n\n";
const std::string kNothingMatched =
    "The user's documents were searched for the message below and no passage matched it; if the answer "
    "needs them, say that the documents do not seem to cover it.";
const std::string kMessageFollows = "\n\n---\n\n";

// A document's text with its heading paths and page marks where they change.
std::string wholeText(const Doc& d, int number) {
    std::string out = "[" + std::to_string(number) + "] " + fileName(d.path) + "\n";
    std::string heading;
    int page = 0;
    for (const Block& b : d.blocks) {
        if (b.page != page && b.page > 0) out += "\n(page " + std::to_string(b.page) + ")\n";
        if (b.headingPath != heading && !b.headingPath.empty()) out += "\n# " + b.headingPath + "\n";
        page = b.page, heading = b.headingPath;
        out += b.text + "\n";
    }
    return out;
}

std::vector<Block> blocksOfChunks(const std::vector<SearchHit>& chunks) {
    std::vector<Block> blocks;
    for (const SearchHit& c : chunks)
        blocks.push_back({c.page, c.lineBegin, c.lineEnd, c.heading, c.text, false});
    return blocks;
}

// The library's indexed files, read again from disk (their current text, without the chunks'
// overlap); a file that cannot be read here (a PDF, whose text the app extracts) from its chunks.
std::vector<Doc> libraryDocs(retrieval::LibraryIndex& index) {
    std::vector<Doc> docs;
    for (const retrieval::FileEntry& f : index.files()) {
        if (f.state != "indexed" || f.chunks == 0) continue;
        Doc d{f.path, {}};
        try {
            d.blocks = retrieval::readDocumentBlocks(f.path);
        } catch (const Error&) {
            d.blocks = blocksOfChunks(index.fileChunks(f.path));
        }
        docs.push_back(std::move(d));
    }
    return docs;
}

std::string lastUserText(const std::vector<chat::Message>& messages) {
    for (auto m = messages.rbegin(); m != messages.rend(); ++m)
        if (m->role == "user") return m->content;
    return {};
}

// The attached files' chunks that best match the query, by BM25.
std::vector<SearchHit> attachedHits(const std::vector<Doc>& docs, const std::string& query,
                                    const text::Tokenizer* tokenizer, size_t top) {
    const retrieval::TokenCounter count = [&](std::string_view s) { return countTokens(tokenizer, s); };
    std::vector<SearchHit> chunks;
    std::vector<std::string> texts;
    for (const Doc& d : docs)
        for (const retrieval::Chunk& c : retrieval::packChunks(d.blocks, count)) {
            chunks.push_back({0, d.path, c.page, c.lineBegin, c.lineEnd, c.headingPath, c.text, 0, 0, 0});
            texts.push_back(c.embedText());
        }
    std::vector<SearchHit> out;
    for (const auto& [i, score] : bm25Rank(query, texts, top)) {
        out.push_back(chunks[i]);
        out.back().score = score;
    }
    return out;
}

// Two ranked lists as one, by reciprocal rank (the scores are on different scales).
std::vector<SearchHit> fuse(const std::vector<SearchHit>& a, const std::vector<SearchHit>& b) {
    if (a.empty() || b.empty()) return a.empty() ? b : a;
    std::vector<std::pair<double, SearchHit>> all;
    for (size_t r = 0; r < a.size(); ++r)
        all.emplace_back(1.0 / (retrieval::LibraryIndex::kRrfK + r + 1.0), a[r]);
    for (size_t r = 0; r < b.size(); ++r)
        all.emplace_back(1.0 / (retrieval::LibraryIndex::kRrfK + r + 1.0), b[r]);
    std::stable_sort(all.begin(), all.end(), [](const auto& x, const auto& y) { return x.first > y.first; });
    std::vector<SearchHit> out;
    for (auto& [score, h] : all) out.push_back(std::move(h));
    return out;
}

void fillPassages(Grounding& g, const std::vector<SearchHit>& hits, const text::Tokenizer& tokenizer,
                  int maxPassages) {
    std::string text;
    int tokens = countTokens(&tokenizer, kPassagesIntro + kMessageFollows);
    for (const SearchHit& h : hits) {
        if (static_cast<int>(g.sources.size()) >= maxPassages) break;
        Source s = sourceOf(h, static_cast<int>(g.sources.size()) + 1);
        std::string passage = sourceLabel(s) + "\n" + h.text + "\n\n";
        int cost = countTokens(&tokenizer, passage);
        const int left = g.budget - tokens;
        if (cost > left) {
            // The best passage that does not fit whole goes in cut to what is left (a long
            // chunk in a small context), rather than giving its place to a worse one.
            if (left < kMinPassageTokens) break;
            const size_t keep =
                h.text.size() * static_cast<size_t>(left) * 9 / (static_cast<size_t>(cost) * 10);
            passage = sourceLabel(s) + "\n" + cutText(h.text, keep) + "\n\n";
            cost = countTokens(&tokenizer, passage);
            if (cost > left) break;
        }
        tokens += cost;
        text += passage;
        g.sources.push_back(std::move(s));
    }
    if (g.sources.empty()) {
        g.text = kNothingMatched + kMessageFollows;
        g.note = "Nothing in the documents matched this message.";
    } else {
        g.text = kPassagesIntro + text + kMessageFollows.substr(2);
    }
    g.tokens = countTokens(&tokenizer, g.text);
}

// A library named by a chat is only read: a path that is missing, or a file that is not a library
// (another program's SQLite database, which opening it as one would alter), is refused.
void checkLibrary(const std::string& path) {
    std::error_code ec;
    if (!fs::is_regular_file(path, ec))
        throw Error(ErrorCode::InvalidArgument,
                    "There is no document library at " + path + "; make one with docs index.");
    if (!retrieval::LibraryIndex::isLibrary(path))
        throw Error(ErrorCode::InvalidArgument,
                    path + " is not a SmolDesk document library; make one with docs index.");
}

} // namespace

std::vector<SearchHit> searchPassages(const DocumentRequest& request, const std::string& query,
                                      const text::Tokenizer* tokenizer, size_t top, std::string* note) {
    std::vector<SearchHit> libraryHits;
    if (!request.libraryPath.empty()) {
        checkLibrary(request.libraryPath);
        retrieval::LibraryIndex index(request.libraryPath);
        retrieval::Embedder* embedder = request.embedder;
        if (embedder && index.vectorCount(request.embedderId) == 0) {
            embedder = nullptr;
            if (note)
                *note =
                    "The library was not indexed with this embedding model, so it was searched by keywords "
                    "only.";
        }
        libraryHits = index.search(query, embedder, request.embedderId, static_cast<int>(top));
    }
    std::vector<Doc> attached;
    for (const std::string& path : request.files)
        attached.push_back({path, retrieval::readDocumentBlocks(path)});
    std::vector<SearchHit> hits = fuse(libraryHits, attachedHits(attached, query, tokenizer, top));
    if (hits.size() > top) hits.resize(top);
    return hits;
}

int countTokens(const text::Tokenizer* tokenizer, std::string_view text) {
    if (!tokenizer) return (static_cast<int>(words(text).size()) * 4 + 2) / 3; // about 4 tokens per 3 words
    return static_cast<int>(tokenizer->encode(text, false, false).size());
}

Grounding ground(const DocumentRequest& request, const std::vector<chat::Message>& messages,
                 const text::Tokenizer& tokenizer, int contextTokens) {
    Grounding g;
    if (request.empty()) return g;
    g.budget = static_cast<int>(contextTokens * request.wholeFraction);
    if (!request.libraryPath.empty()) checkLibrary(request.libraryPath);
    std::unique_ptr<retrieval::LibraryIndex> index;
    if (!request.libraryPath.empty()) index = std::make_unique<retrieval::LibraryIndex>(request.libraryPath);
    std::vector<Doc> attached;
    int64_t bytes = index ? index->textBytes() : 0;
    for (const std::string& path : request.files) {
        attached.push_back({path, retrieval::readDocumentBlocks(path)});
        for (const Block& b : attached.back().blocks) bytes += static_cast<int64_t>(b.text.size());
    }
    g.files = static_cast<int>(attached.size());
    if (index)
        for (const retrieval::FileEntry& f : index->files()) g.files += f.state == "indexed" ? 1 : 0;

    if (bytes <= int64_t{g.budget} * kMaxBytesPerToken) {
        std::vector<Doc> docs = index ? libraryDocs(*index) : std::vector<Doc>{};
        docs.insert(docs.end(), attached.begin(), attached.end());
        std::string text = kWholeIntro;
        std::vector<Source> sources;
        for (const Doc& d : docs) {
            Source s;
            s.number = static_cast<int>(sources.size()) + 1;
            s.file = d.path;
            s.whole = true;
            if (!d.blocks.empty())
                s.page = d.blocks.front().page, s.snippet = snippetOf(d.blocks.front().text);
            text += wholeText(d, s.number) + "\n";
            sources.push_back(std::move(s));
        }
        const int tokens = countTokens(&tokenizer, text);
        if (!docs.empty() && tokens <= g.budget) {
            g.mode = Grounding::Mode::Whole;
            g.text = std::move(text);
            g.tokens = tokens;
            g.sources = std::move(sources);
            return g;
        }
    }

    g.mode = Grounding::Mode::Passages;
    g.query = lastUserText(messages);
    if (words(g.query).empty()) {
        g.mode = Grounding::Mode::None;
        return g;
    }
    const size_t depth = static_cast<size_t>(std::max(1, request.maxPassages) * 2);
    const std::vector<SearchHit> hits = searchPassages(request, g.query, &tokenizer, depth, &g.note);
    fillPassages(g, hits, tokenizer, std::max(1, request.maxPassages));
    return g;
}

std::vector<chat::Message> withDocuments(std::vector<chat::Message> messages, const Grounding& g) {
    // This turn's passages go in front of the last user message (in place of what it kept from
    // an earlier answer of it, when it is asked again); every other turn shows the passages it
    // was asked with, where they were.
    auto last = messages.rend();
    if (g.mode == Grounding::Mode::Passages)
        last =
            std::find_if(messages.rbegin(), messages.rend(), [](const auto& m) { return m.role == "user"; });
    if (last != messages.rend()) last->passages = g.text;
    for (chat::Message& m : messages) {
        if (m.role == "user" && !m.passages.empty()) m.content = m.passages + m.content;
        m.passages.clear();
    }
    if (g.mode == Grounding::Mode::Whole) {
        if (!messages.empty() && messages.front().role == "system")
            messages.front().content += "\n\n" + g.text;
        else
            messages.insert(messages.begin(), chat::Message{"system", g.text});
    }
    return messages;
}

} // namespace smoldesk::grounding
