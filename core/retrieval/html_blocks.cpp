// Text from HTML for the library: a small, tolerant tag stripper (no DOM). Block-level tags end a
// paragraph, <h1>–<h6> set the heading path, <script>/<style>/comments are dropped, entities are
// decoded, whitespace is collapsed outside <pre>. Broken markup gives text, never an exception.
#include "chunker.h"
#include "markup.h"

#include "common/utf8.h"

#include <array>
#include <cctype>
#include <cstring>

namespace smoldesk::retrieval {

namespace {

// Entities name code points: an impossible one (0, a surrogate, past U+10FFFF) becomes U+FFFD.
void appendEntityCodePoint(std::string& out, uint32_t cp) {
    if (cp == 0 || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) cp = 0xFFFD;
    appendUtf8(out, cp);
}

// Decodes the entity at html[i] == '&' into out; returns the bytes consumed (1: a lone '&').
} // namespace

size_t decodeEntity(std::string_view html, size_t i, std::string& out) {
    const size_t semi = html.find(';', i + 1);
    if (semi == std::string_view::npos || semi - i > 12) return out += '&', 1;
    const std::string_view name = html.substr(i + 1, semi - i - 1);
    if (!name.empty() && name[0] == '#') {
        const bool hex = name.size() > 1 && (name[1] == 'x' || name[1] == 'X');
        const std::string_view digits = name.substr(hex ? 2 : 1);
        uint32_t cp = 0;
        if (digits.empty()) return out += '&', 1;
        for (char c : digits) {
            const int d = std::isdigit(static_cast<unsigned char>(c)) ? c - '0'
                          : hex && std::isxdigit(static_cast<unsigned char>(c))
                              ? std::tolower(static_cast<unsigned char>(c)) - 'a' + 10
                              : -1;
            if (d < 0) return out += '&', 1;
            cp = cp * (hex ? 16 : 10) + static_cast<uint32_t>(d);
            if (cp > 0x10FFFF) cp = 0x110000; // stays invalid, no overflow
        }
        appendEntityCodePoint(out, cp);
        return semi - i + 1;
    }
    // The named entities common in English, German and French text (others stay as written).
    static constexpr std::array<std::pair<const char*, uint32_t>, 36> kNamed{{
        {"amp", '&'},       {"lt", '<'},       {"gt", '>'},       {"quot", '"'},     {"apos", '\''},
        {"nbsp", 0xA0},     {"copy", 0xA9},    {"reg", 0xAE},     {"mdash", 0x2014}, {"ndash", 0x2013},
        {"hellip", 0x2026}, {"laquo", 0xAB},   {"raquo", 0xBB},   {"euro", 0x20AC},  {"shy", 0xAD},
        {"rsquo", 0x2019},  {"lsquo", 0x2018}, {"ldquo", 0x201C}, {"rdquo", 0x201D}, {"times", 0xD7},
        {"auml", 0xE4},     {"ouml", 0xF6},    {"uuml", 0xFC},    {"Auml", 0xC4},    {"Ouml", 0xD6},
        {"Uuml", 0xDC},     {"szlig", 0xDF},   {"eacute", 0xE9},  {"egrave", 0xE8},  {"ecirc", 0xEA},
        {"agrave", 0xE0},   {"acirc", 0xE2},   {"ccedil", 0xE7},  {"icirc", 0xEE},   {"ocirc", 0xF4},
        {"ucirc", 0xFB},
    }};
    for (const auto& [n, cp] : kNamed)
        if (name == n) return appendEntityCodePoint(out, cp), semi - i + 1;
    return out += '&', 1;
}

namespace {

bool isBlockTag(const std::string& name) {
    static const char* const kBlock[] = {
        "p",       "div",    "li",     "ul",   "ol",   "br",     "tr",         "table", "section",
        "article", "header", "footer", "nav",  "main", "pre",    "blockquote", "dd",    "dt",
        "dl",      "hr",     "title",  "body", "html", "figure", "figcaption", "aside", "td",
        "th",      "h1",     "h2",     "h3",   "h4",   "h5",     "h6",         "form"};
    for (const char* b : kBlock)
        if (name == b) return true;
    return false;
}

struct HtmlScanner {
    std::string_view html;
    std::vector<Block> blocks;
    std::vector<std::pair<int, std::string>> headings;
    std::string text, heading;
    int line = 1, first = 0, last = 0;
    int headingLevel = 0; // inside <hN> when > 0
    int preDepth = 0;

    std::string path() const {
        std::string p;
        for (const auto& [level, title] : headings) p += (p.empty() ? "" : " > ") + title;
        return p;
    }
    static std::string collapse(std::string_view s) {
        std::string out;
        bool space = false;
        for (char c : s) {
            if (c == ' ' || c == '\n' || c == '\t' || c == '\r' || c == '\f') {
                space = !out.empty();
                continue;
            }
            if (space) out += ' ';
            space = false;
            out += c;
        }
        return out;
    }
    void flush() {
        std::string body = preDepth ? std::string(text) : collapse(text);
        while (!body.empty() && (body.back() == '\n' || body.back() == ' ')) body.pop_back();
        size_t lead = 0;
        while (lead < body.size() && (body[lead] == '\n' || body[lead] == ' ')) ++lead;
        if (lead < body.size()) blocks.push_back({0, first, last, path(), body.substr(lead), preDepth > 0});
        text.clear();
        first = last = 0;
    }
    void put(std::string_view s) {
        if (headingLevel) return void(heading += s);
        for (char c : s)
            if (!std::isspace(static_cast<unsigned char>(c))) {
                if (!first) first = line;
                last = line;
            }
        text += s;
    }
    void endHeading() {
        std::string title = collapse(heading);
        while (!headings.empty() && headings.back().first >= headingLevel) headings.pop_back();
        if (!title.empty()) headings.emplace_back(headingLevel, std::move(title));
        heading.clear();
        headingLevel = 0;
    }
    // Skips to just past `end` (or the end of the input), counting lines.
    size_t skipPast(size_t i, std::string_view end, bool caseless) {
        size_t j = i;
        for (; j + end.size() <= html.size(); ++j) {
            bool match = true;
            for (size_t k = 0; k < end.size() && match; ++k)
                match = caseless ? std::tolower(static_cast<unsigned char>(html[j + k])) == end[k]
                                 : html[j + k] == end[k];
            if (match) break;
        }
        const size_t stop = j + end.size() <= html.size() ? j + end.size() : html.size();
        for (size_t k = i; k < stop; ++k) line += html[k] == '\n';
        return stop;
    }
    size_t tag(size_t i);
    void run();
};

// The tag at html[i] == '<'; returns where scanning continues.
size_t HtmlScanner::tag(size_t i) {
    if (html.substr(i, 4) == "<!--") return skipPast(i, "-->", false);
    size_t j = i + 1;
    const bool closing = j < html.size() && html[j] == '/';
    if (closing) ++j;
    std::string name;
    while (j < html.size() &&
           (std::isalnum(static_cast<unsigned char>(html[j])) || html[j] == '!' || html[j] == '?'))
        name += static_cast<char>(std::tolower(static_cast<unsigned char>(html[j++])));
    if (name.empty() || (!closing && !std::isalpha(static_cast<unsigned char>(name[0])) && name[0] != '!' &&
                         name[0] != '?')) {
        put("<"); // a lone '<' in text
        return i + 1;
    }
    char quote = 0; // to the '>' that ends the tag, quotes respected
    for (; j < html.size(); ++j) {
        if (html[j] == '\n') ++line;
        if (quote)
            quote = html[j] == quote ? 0 : quote;
        else if (html[j] == '"' || html[j] == '\'')
            quote = html[j];
        else if (html[j] == '>')
            break;
    }
    const size_t next = j < html.size() ? j + 1 : html.size();
    if (!closing && (name == "script" || name == "style" || name == "head")) {
        const std::string end = "</" + name;
        return skipPast(skipPast(next, end, true), ">", false);
    }
    const bool isHeading = name.size() == 2 && name[0] == 'h' && name[1] >= '1' && name[1] <= '6';
    if (isHeading && headingLevel && closing)
        endHeading();
    else if (isBlockTag(name) && !headingLevel) {
        if (name == "br")
            put("\n");
        else {
            if (name == "pre")
                flush(), preDepth = closing ? (preDepth > 0 ? preDepth - 1 : 0) : preDepth + 1;
            else if (!preDepth)
                flush();
        }
    }
    if (isHeading && !closing) {
        if (headingLevel) endHeading();
        flush();
        headingLevel = name[1] - '0';
    }
    return next;
}

void HtmlScanner::run() {
    size_t i = 0;
    while (i < html.size()) {
        const char c = html[i];
        if (c == '<') {
            i = tag(i);
        } else if (c == '&') {
            std::string decoded;
            i += decodeEntity(html, i, decoded);
            put(decoded);
        } else {
            put(std::string_view(&html[i], 1));
            if (c == '\n') ++line;
            ++i;
        }
    }
    if (headingLevel) endHeading();
    flush();
}

} // namespace

std::vector<Block> htmlBlocks(std::string_view html) {
    HtmlScanner s;
    s.html = html;
    s.run();
    return std::move(s.blocks);
}

} // namespace smoldesk::retrieval
