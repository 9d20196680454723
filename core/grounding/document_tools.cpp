// search_documents and read_document (see document_tools.h).
#include "grounding/document_tools.h"

#include "common/error.h"
#include "jinja/template.h"
#include "retrieval/document_file.h"

#include <algorithm>

namespace smoldesk::grounding {

namespace {

const char* const kToolsJson =
    R"json([{"type": "function", "function": {"name": "search_documents", "description": "Search the user's documents and return the passages that best match the query, each with its file, page, heading and lines.", "parameters": {"type": "object", "properties": {"query": {"type": "string", "description": "Words to search for"}, "top": {"type": "integer", "minimum": 1, "maximum": 20, "description": "How many passages (default 5)"}}, "required": ["query"]}}}, {"type": "function", "function": {"name": "read_document", "description": "Read one of the user's documents: all of it, one page, or a range of lines.", "parameters": {"type": "object", "properties": {"file": {"type": "string", "description": "The file's name or path, as search_documents shows it"}, "page": {"type": "integer", "minimum": 1}, "line_begin": {"type": "integer", "minimum": 1}, "line_end": {"type": "integer", "minimum": 1}}, "required": ["file"]}}}])json";

int intArg(const jinja::Dict& args, const char* key, int fallback) {
    const jinja::Value* v = args.find(key);
    return v && v->isNumber() ? static_cast<int>(std::clamp<int64_t>(v->intValue(), -1, 1 << 30)) : fallback;
}

// Cut at `max` bytes on a line boundary where there is one, with a sentence saying how to go on.
std::string capped(std::string text, size_t max, int nextLine) {
    if (text.size() <= max) return text;
    size_t cut = text.rfind('\n', max);
    if (cut == std::string::npos || cut < max / 2) {
        cut = max;
        while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut;
    }
    text.resize(cut);
    text += "\n[… the rest is not shown";
    if (nextLine > 0) text += "; read on with line_begin=" + std::to_string(nextLine);
    return text + "]";
}

} // namespace

DocumentTools::DocumentTools(DocumentRequest request, const text::Tokenizer& tokenizer)
    : DocumentTools(std::move(request), &tokenizer) {}

DocumentTools::DocumentTools(DocumentRequest request, const text::Tokenizer* tokenizer)
    : request_(std::move(request)), tokenizer_(tokenizer) {}

std::string DocumentTools::toolsJson() {
    return kToolsJson;
}

bool DocumentTools::isDocumentTool(const std::string& name) {
    return name == kSearch || name == kRead;
}

std::string DocumentTools::withDocumentTools(const std::string& toolsJson) {
    const std::string mine = kToolsJson;
    size_t end = toolsJson.find_last_of(']');
    if (end == std::string::npos) return mine;
    size_t last = toolsJson.find_last_not_of(" \t\r\n", end - 1);
    if (last == std::string::npos || toolsJson[last] == '[') return mine; // an empty array
    return toolsJson.substr(0, end) + ", " + mine.substr(1);
}

std::string DocumentTools::run(const chat::ToolCall& call) {
    try {
        const jinja::Value v = jinja::parseJson(call.arguments.empty() ? "{}" : call.arguments);
        if (!v.isDict()) return "The arguments of " + call.name + " are not a JSON object.";
        const jinja::Dict& args = v.dictData();
        auto text = [&](const char* key) {
            const jinja::Value* x = args.find(key);
            return x && x->isString() ? x->str() : std::string();
        };
        if (call.name == kSearch) {
            const std::string query = text("query");
            if (query.empty()) return "search_documents needs a query.";
            return search(query, std::clamp(intArg(args, "top", 5), 1, 20));
        }
        if (call.name == kRead) {
            const std::string file = text("file");
            if (file.empty()) return "read_document needs the file to read.";
            return read(file, intArg(args, "page", 0), intArg(args, "line_begin", 0),
                        intArg(args, "line_end", 0));
        }
        return "There is no document tool named " + call.name + ".";
    } catch (const std::exception& e) {
        return std::string("The call of ") + call.name + " failed: " + e.what();
    }
}

std::string DocumentTools::search(const std::string& query, int top) {
    const auto hits = searchPassages(request_, query, tokenizer_, static_cast<size_t>(top));
    if (hits.empty()) return "No passage of the documents matches \"" + query + "\".";
    std::string out;
    for (const retrieval::SearchHit& h : hits) {
        Source s = sourceOf(h, next_++);
        std::string passage = sourceLabel(s) + "\n" + h.text + "\n\n";
        if (out.size() + passage.size() > kMaxResultBytes && !out.empty()) break;
        out += passage;
        sources_.push_back(std::move(s));
    }
    return capped(std::move(out), kMaxResultBytes, 0);
}

std::vector<std::string> DocumentTools::documentPaths() const {
    std::vector<std::string> paths = request_.files;
    if (!request_.libraryPath.empty()) {
        retrieval::LibraryIndex index(request_.libraryPath);
        for (const retrieval::FileEntry& f : index.files())
            if (f.state == "indexed") paths.push_back(f.path);
    }
    return paths;
}

std::string DocumentTools::resolve(const std::string& file, std::string& why) const {
    std::vector<std::string> byName;
    for (const std::string& p : documentPaths()) {
        if (p == file) return p;
        if (fileName(p) == fileName(file)) byName.push_back(p);
    }
    if (byName.size() == 1) return byName.front();
    if (byName.empty()) {
        why = "There is no document named " + file + " in this chat; search_documents shows the files.";
    } else {
        why = file + " names " + std::to_string(byName.size()) + " documents; give the path:";
        for (const std::string& p : byName) why += " " + p;
    }
    return {};
}

std::string DocumentTools::read(const std::string& file, int page, int lineBegin, int lineEnd) {
    std::string why;
    const std::string path = resolve(file, why);
    if (path.empty()) return why;
    std::vector<retrieval::Block> blocks;
    try {
        blocks = retrieval::readDocumentBlocks(path);
    } catch (const Error&) { // not readable here (a PDF): its text as the library stored it
        if (request_.libraryPath.empty()) throw;
        retrieval::LibraryIndex index(request_.libraryPath);
        for (const retrieval::SearchHit& c : index.fileChunks(path))
            blocks.push_back({c.page, c.lineBegin, c.lineEnd, c.heading, c.text, false});
    }
    Source s;
    s.number = next_;
    s.file = path;
    s.page = std::max(0, page);
    std::string body;
    std::vector<std::pair<size_t, int>> starts; // (offset in body, first line) of each block
    for (const retrieval::Block& b : blocks) {
        if (page > 0 && b.page != page) continue;
        if (lineBegin > 0 && b.lineEnd < lineBegin) continue;
        if (lineEnd > 0 && b.lineBegin > lineEnd) continue;
        if (s.lineBegin == 0) s.lineBegin = b.lineBegin, s.heading = b.headingPath;
        s.lineEnd = b.lineEnd;
        starts.emplace_back(body.size(), b.lineBegin);
        body += b.text + "\n\n";
    }
    if (body.empty())
        return fileName(path) + " has no text" +
               (page > 0 ? " on page " + std::to_string(page) : std::string()) +
               (lineBegin > 0 || lineEnd > 0 ? " in those lines" : std::string()) + ".";
    s.snippet = snippetOf(body);
    if (page == 0 && lineBegin == 0 && lineEnd == 0) s.heading.clear(), s.whole = true;
    ++next_;
    const std::string label = sourceLabel(s) + "\n";
    // Where a cut body goes on: the block the cut falls in is read again from its first line.
    int nextLine = 0;
    for (const auto& [offset, line] : starts)
        if (label.size() + offset < kMaxResultBytes && offset > 0) nextLine = line;
    sources_.push_back(std::move(s));
    return capped(label + body, kMaxResultBytes, nextLine);
}

} // namespace smoldesk::grounding
