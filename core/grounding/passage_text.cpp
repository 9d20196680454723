// Labels, snippets and JSON of sources (see passage_text.h).
#include "grounding/passage_text.h"

#include "jinja/template.h"

#include <cstdio>

namespace smoldesk::grounding {

std::string fileName(std::string_view path) {
    const size_t slash = path.find_last_of("/\\");
    return std::string(slash == std::string_view::npos ? path : path.substr(slash + 1));
}

std::string snippetOf(std::string_view text, size_t maxBytes) {
    std::string s;
    for (char c : text) {
        if (c == '\n' || c == '\t' || c == '\r') c = ' ';
        if (c == ' ' && (s.empty() || s.back() == ' ')) continue;
        s += c;
    }
    while (!s.empty() && s.back() == ' ') s.pop_back();
    if (s.size() > maxBytes) {
        size_t cut = maxBytes;
        while (cut > 0 && (static_cast<unsigned char>(s[cut]) & 0xC0) == 0x80)
            --cut; // not inside a character
        s = s.substr(0, cut) + "…";
    }
    return s;
}

std::string sourceLabel(const Source& s) {
    std::string label = "[" + std::to_string(s.number) + "] " + fileName(s.file);
    if (s.page > 0) label += ", page " + std::to_string(s.page);
    if (!s.heading.empty()) label += ", " + s.heading;
    if (s.lineBegin > 0)
        label += s.lineEnd > s.lineBegin
                     ? ", lines " + std::to_string(s.lineBegin) + "-" + std::to_string(s.lineEnd)
                     : ", line " + std::to_string(s.lineBegin);
    return label;
}

Source sourceOf(const retrieval::SearchHit& hit, int number) {
    Source s;
    s.number = number;
    s.file = hit.file;
    s.page = hit.page;
    s.lineBegin = hit.lineBegin;
    s.lineEnd = hit.lineEnd;
    s.heading = hit.heading;
    s.snippet = snippetOf(hit.text);
    s.score = hit.score;
    return s;
}

std::string sourcesJson(const std::vector<Source>& sources) {
    std::string out = "[";
    for (size_t i = 0; i < sources.size(); ++i) {
        const Source& s = sources[i];
        char score[32];
        std::snprintf(score, sizeof score, "%.6f", s.score);
        out += std::string(i ? ", " : "") + "{\"number\": " + std::to_string(s.number) +
               ", \"file\": " + jinja::jsonQuote(s.file) +
               ", \"page\": " + (s.page > 0 ? std::to_string(s.page) : "null") +
               ", \"line\": " + std::to_string(s.lineBegin) + ", \"line_end\": " + std::to_string(s.lineEnd) +
               ", \"heading\": " + jinja::jsonQuote(s.heading) +
               ", \"snippet\": " + jinja::jsonQuote(s.snippet) + ", \"score\": " + score +
               ", \"whole\": " + (s.whole ? "true" : "false") + "}";
    }
    return out + "]";
}

} // namespace smoldesk::grounding
