// Blocks from Markdown, plain text, source code and page texts (HTML is in html_blocks.cpp).
// Tolerant line scanners: any byte sequence gives some blocks, never an exception.
#include "chunker.h"

#include <algorithm>
#include <cctype>

namespace smoldesk::retrieval {

namespace {

std::vector<std::string_view> splitLines(std::string_view text) {
    std::vector<std::string_view> lines;
    size_t start = 0;
    while (start <= text.size()) {
        size_t end = text.find('\n', start);
        if (end == std::string_view::npos) end = text.size();
        std::string_view line = text.substr(start, end - start);
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        lines.push_back(line);
        if (end == text.size()) break;
        start = end + 1;
    }
    if (!lines.empty() && lines.back().empty()) lines.pop_back(); // the final newline
    return lines;
}

bool isBlank(std::string_view s) {
    return std::all_of(s.begin(), s.end(),
                       [](char c) { return c == ' ' || c == '\t' || c == '\f' || c == '\v'; });
}

std::string_view trim(std::string_view s) {
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
    return s;
}

// Lines gathered into one block: the text is the lines joined by newlines.
struct Gather {
    int begin = 0, end = 0;
    std::string text;
    void add(std::string_view line, int number) {
        if (text.empty() && begin == 0) begin = number;
        if (begin) text += (end ? "\n" : "");
        text += line;
        end = number;
    }
    bool empty() const { return begin == 0; }
    Block take(const std::string& heading, int page, bool whole) {
        Block b{page, begin, end, heading, std::move(text), whole};
        *this = {};
        return b;
    }
};

// "# Title ##" -> level 1, "Title"; 0 when the line is not an ATX heading.
int atxHeading(std::string_view t, std::string& title) {
    int level = 0;
    while (level < static_cast<int>(t.size()) && t[level] == '#') ++level;
    if (level == 0 || level > 6 ||
        (level < static_cast<int>(t.size()) && t[level] != ' ' && t[level] != '\t'))
        return 0;
    std::string_view rest = trim(t.substr(level));
    while (!rest.empty() && rest.back() == '#') rest.remove_suffix(1);
    title = std::string(trim(rest));
    return level;
}

bool isSetextUnderline(std::string_view t, char c) {
    t = trim(t);
    return t.size() >= 2 && std::all_of(t.begin(), t.end(), [c](char x) { return x == c; });
}

struct HeadingStack {
    std::vector<std::pair<int, std::string>> levels;
    void set(int level, std::string title) {
        while (!levels.empty() && levels.back().first >= level) levels.pop_back();
        if (!title.empty()) levels.emplace_back(level, std::move(title));
    }
    std::string path() const {
        std::string p;
        for (const auto& [level, title] : levels) p += (p.empty() ? "" : " > ") + title;
        return p;
    }
};

} // namespace

std::vector<Block> plainTextBlocks(std::string_view text, int page) {
    std::vector<Block> blocks;
    Gather para;
    const auto lines = splitLines(text);
    for (size_t i = 0; i < lines.size(); ++i) {
        if (isBlank(lines[i])) {
            if (!para.empty()) blocks.push_back(para.take("", page, false));
        } else {
            para.add(lines[i], static_cast<int>(i + 1));
        }
    }
    if (!para.empty()) blocks.push_back(para.take("", page, false));
    return blocks;
}

std::vector<Block> markdownBlocks(std::string_view text) {
    std::vector<Block> blocks;
    HeadingStack headings;
    Gather para;
    std::string fence; // the opening fence's marker while inside a fenced code block
    const auto lines = splitLines(text);
    auto flush = [&](bool whole) {
        if (!para.empty()) blocks.push_back(para.take(headings.path(), 0, whole));
    };
    for (size_t i = 0; i < lines.size(); ++i) {
        const int number = static_cast<int>(i + 1);
        const std::string_view line = lines[i];
        const std::string_view t = trim(line);
        if (!fence.empty()) {
            para.add(line, number);
            // The closing fence: the opening character, at least as many times, nothing else.
            if (t.size() >= fence.size() && t.find_first_not_of(fence[0]) == std::string_view::npos) {
                fence.clear();
                flush(true);
            }
            continue;
        }
        if (t.substr(0, 3) == "```" || t.substr(0, 3) == "~~~") {
            flush(false);
            const size_t n = t.find_first_not_of(t[0]);
            fence = std::string(n == std::string_view::npos ? t : t.substr(0, n));
            para.add(line, number);
            continue;
        }
        std::string title;
        if (const int level = atxHeading(t, title)) {
            flush(false);
            headings.set(level, std::move(title));
        } else if (!para.empty() && para.begin == para.end &&
                   (isSetextUnderline(t, '=') || isSetextUnderline(t, '-'))) {
            // "Title\n=====": the paragraph so far was a heading.
            std::string heading = std::string(trim(para.text));
            para = {};
            headings.set(t[0] == '=' ? 1 : 2, std::move(heading));
        } else if (isBlank(line)) {
            flush(false);
        } else {
            para.add(line, number);
        }
    }
    flush(!fence.empty()); // an unterminated fence runs to the end
    return blocks;
}

std::vector<Block> codeBlocks(std::string_view text) {
    // A block starts where a line at column 0 follows a blank line: a top-level definition (or
    // its comment). Blank lines inside an indented body do not split it; closing brackets at
    // column 0 stay with what they close.
    std::vector<Block> blocks;
    Gather block;
    bool afterBlank = false;
    int pendingBlank = 0;
    const auto lines = splitLines(text);
    for (size_t i = 0; i < lines.size(); ++i) {
        const std::string_view line = lines[i];
        if (isBlank(line)) {
            afterBlank = true;
            ++pendingBlank;
            continue;
        }
        const char c0 = line[0];
        const bool topLevel = c0 != ' ' && c0 != '\t' && c0 != '}' && c0 != ')' && c0 != ']';
        if (afterBlank && topLevel && !block.empty()) blocks.push_back(block.take("", 0, true));
        if (!block.empty())
            for (; pendingBlank > 0; --pendingBlank) block.add("", static_cast<int>(i) - pendingBlank + 1);
        pendingBlank = 0;
        afterBlank = false;
        block.add(line, static_cast<int>(i + 1));
    }
    if (!block.empty()) blocks.push_back(block.take("", 0, true));
    return blocks;
}

std::vector<Block> pageBlocks(const std::vector<std::string>& pages) {
    std::vector<Block> blocks;
    for (size_t p = 0; p < pages.size(); ++p)
        for (Block& b : plainTextBlocks(pages[p], static_cast<int>(p + 1))) blocks.push_back(std::move(b));
    return blocks;
}

std::vector<Block> documentBlocks(std::string_view content, DocFormat format) {
    switch (format) {
    case DocFormat::Markdown:
        return markdownBlocks(content);
    case DocFormat::Html:
        return htmlBlocks(content);
    case DocFormat::Code:
        return codeBlocks(content);
    case DocFormat::PlainText:
        break;
    }
    return plainTextBlocks(content);
}

std::optional<DocFormat> formatForPath(std::string_view path) {
    const size_t slash = path.find_last_of('/');
    const std::string_view name = slash == std::string_view::npos ? path : path.substr(slash + 1);
    const size_t dot = name.find_last_of('.');
    if (dot == std::string_view::npos || dot == 0) return std::nullopt;
    std::string ext(name.substr(dot + 1));
    for (char& c : ext) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    static const char* const kMarkdown[] = {"md", "markdown", "mdown", "mkd"};
    static const char* const kText[] = {"txt", "text", "rst", "org", "adoc", "csv", "tsv", "log", "tex"};
    static const char* const kHtml[] = {"html", "htm", "xhtml"};
    static const char* const kCode[] = {"c",     "h",   "cc",   "cpp",  "cxx",  "hpp",   "hh",    "py",
                                        "js",    "ts",  "go",   "rs",   "java", "kt",    "swift", "rb",
                                        "php",   "cs",  "sh",   "bash", "qml",  "cmake", "lua",   "pl",
                                        "scala", "sql", "json", "yaml", "yml",  "toml",  "ini",   "xml",
                                        "css",   "jsx", "tsx",  "m",    "mm",   "r",     "jl",    "zig"};
    for (const char* e : kMarkdown)
        if (ext == e) return DocFormat::Markdown;
    for (const char* e : kText)
        if (ext == e) return DocFormat::PlainText;
    for (const char* e : kHtml)
        if (ext == e) return DocFormat::Html;
    for (const char* e : kCode)
        if (ext == e) return DocFormat::Code;
    return std::nullopt;
}

} // namespace smoldesk::retrieval
