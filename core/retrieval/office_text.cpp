// DOCX and ODT text: a tolerant walk over the XML's tags (no DOM, no namespaces resolved: the
// prefixes w: and text: are the ones every writer uses). DOCX: text in <w:t>, <w:tab/> and
// <w:br/>, a paragraph per <w:p>, headings by <w:pStyle w:val="HeadingN"> or "Title". ODT: text in
// <text:p> and <text:h text:outline-level="N">, <text:s/>, <text:tab/> and <text:line-break/>.
#include "office_text.h"

#include "common/error.h"
#include "retrieval/markup.h"
#include "retrieval/zip_reader.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>

namespace smoldesk::retrieval {

namespace {

struct Tag {
    std::string name; // with its prefix, e.g. "w:p"
    std::string_view attrs;
    bool closing = false, selfClosing = false;
};

// The value of attribute `key` in a tag's attribute text ("" when absent).
std::string attribute(std::string_view attrs, std::string_view key) {
    for (size_t at = attrs.find(key); at != std::string_view::npos; at = attrs.find(key, at + 1)) {
        const bool startOk = at == 0 || std::isspace(static_cast<unsigned char>(attrs[at - 1]));
        size_t eq = at + key.size();
        if (!startOk || eq >= attrs.size() || attrs[eq] != '=') continue;
        const size_t q = eq + 1;
        if (q >= attrs.size() || (attrs[q] != '"' && attrs[q] != '\'')) continue;
        const size_t end = attrs.find(attrs[q], q + 1);
        if (end == std::string_view::npos) return "";
        return std::string(attrs.substr(q + 1, end - q - 1));
    }
    return "";
}

// Calls onTag for each tag and onText for the (entity-decoded) text between tags.
template <class OnTag, class OnText> void walkXml(std::string_view xml, OnTag onTag, OnText onText) {
    size_t i = 0;
    while (i < xml.size()) {
        if (xml[i] != '<') {
            const size_t next = std::min(xml.find('<', i), xml.size());
            std::string text;
            for (size_t k = i; k < next;) {
                if (xml[k] == '&')
                    k += decodeEntity(xml, k, text);
                else
                    text += xml[k++];
            }
            onText(text);
            i = next;
            continue;
        }
        if (xml.substr(i, 4) == "<!--") {
            const size_t end = xml.find("-->", i + 4);
            i = end == std::string_view::npos ? xml.size() : end + 3;
            continue;
        }
        const size_t end = xml.find('>', i + 1);
        if (end == std::string_view::npos) break;
        std::string_view body = xml.substr(i + 1, end - i - 1);
        i = end + 1;
        Tag t;
        if (!body.empty() && (body[0] == '?' || body[0] == '!')) continue;
        if (!body.empty() && body[0] == '/') t.closing = true, body.remove_prefix(1);
        if (!body.empty() && body.back() == '/') t.selfClosing = true, body.remove_suffix(1);
        size_t n = 0;
        while (n < body.size() && !std::isspace(static_cast<unsigned char>(body[n]))) ++n;
        t.name = std::string(body.substr(0, n));
        t.attrs = body.substr(n);
        onTag(t);
    }
}

struct Paragraphs {
    std::vector<Block> blocks;
    std::vector<std::pair<int, std::string>> headings;
    int number = 0; // paragraphs so far
    void end(std::string text, int headingLevel) {
        ++number;
        while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back()))) text.pop_back();
        size_t lead = 0;
        while (lead < text.size() && std::isspace(static_cast<unsigned char>(text[lead]))) ++lead;
        text.erase(0, lead);
        if (text.empty()) return;
        if (headingLevel > 0) {
            while (!headings.empty() && headings.back().first >= headingLevel) headings.pop_back();
            headings.emplace_back(headingLevel, std::move(text));
            return;
        }
        std::string path;
        for (const auto& [level, title] : headings) path += (path.empty() ? "" : " > ") + title;
        blocks.push_back({0, number, number, path, std::move(text), false});
    }
};

// "Title" -> 1, "Heading1" -> 2, "Heading2" -> 3 (a title is above the first heading level), else 0.
int docxHeadingLevel(const std::string& style) {
    if (style == "Title") return 1;
    if (style.rfind("Heading", 0) == 0 && style.size() == 8 && style[7] >= '1' && style[7] <= '9')
        return style[7] - '0' + 1;
    return 0;
}

} // namespace

std::vector<Block> docxBlocks(std::string_view xml) {
    Paragraphs out;
    std::string text;
    int level = 0;
    bool inText = false, inParagraph = false;
    walkXml(
        xml,
        [&](const Tag& t) {
            if (t.name == "w:p" && !t.closing && !t.selfClosing)
                inParagraph = true, text.clear(), level = 0;
            else if (t.name == "w:p" && (t.closing || t.selfClosing)) {
                if (inParagraph || t.selfClosing) out.end(std::move(text), level); // <w:p/> counts too
                text.clear();
                inParagraph = false;
            } else if (t.name == "w:pStyle")
                level = docxHeadingLevel(attribute(t.attrs, "w:val"));
            else if (t.name == "w:t")
                inText = !t.closing && !t.selfClosing;
            else if (t.name == "w:tab")
                text += '\t';
            else if (t.name == "w:br" || t.name == "w:cr")
                text += '\n';
        },
        [&](const std::string& s) {
            if (inText && inParagraph) text += s;
        });
    return std::move(out.blocks);
}

std::vector<Block> odtBlocks(std::string_view xml) {
    Paragraphs out;
    std::string text;
    int depth = 0, level = 0; // depth: open text:p / text:h elements
    walkXml(
        xml,
        [&](const Tag& t) {
            const bool para = t.name == "text:p" || t.name == "text:h";
            if (para && !t.closing && !t.selfClosing) {
                if (depth == 0) text.clear(), level = t.name == "text:h" ? 1 : 0;
                if (t.name == "text:h") {
                    const std::string l = attribute(t.attrs, "text:outline-level");
                    level = l.size() == 1 && l[0] >= '1' && l[0] <= '9' ? l[0] - '0' : 1;
                }
                ++depth;
            } else if (para && t.closing && depth > 0) {
                if (--depth == 0) out.end(std::move(text), level), text.clear();
            } else if (depth > 0 && t.name == "text:s") {
                const std::string c = attribute(t.attrs, "text:c");
                const int n = c.empty() ? 1 : std::max(1, std::min(100, std::atoi(c.c_str())));
                text.append(static_cast<size_t>(n), ' ');
            } else if (depth > 0 && t.name == "text:tab")
                text += '\t';
            else if (depth > 0 && t.name == "text:line-break")
                text += '\n';
        },
        [&](const std::string& s) {
            if (depth > 0) text += s;
        });
    return std::move(out.blocks);
}

std::vector<Block> docxFileBlocks(std::string_view zipBytes) {
    const auto xml = ZipReader(zipBytes).read("word/document.xml");
    if (!xml)
        throw Error(ErrorCode::Corrupt, "The file has no word/document.xml, so it is not a DOCX document.");
    return docxBlocks(*xml);
}

std::vector<Block> odtFileBlocks(std::string_view zipBytes) {
    const auto xml = ZipReader(zipBytes).read("content.xml");
    if (!xml) throw Error(ErrorCode::Corrupt, "The file has no content.xml, so it is not an ODT document.");
    return odtBlocks(*xml);
}

} // namespace smoldesk::retrieval
