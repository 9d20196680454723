#include "text/special_split.h"

#include "text/vocab.h"

namespace smoldesk::text {

namespace {

// The C locale's isspace, which llama.cpp uses for LSTRIP/RSTRIP.
bool isAsciiSpace(char c) {
    return c == ' ' || (c >= '\t' && c <= '\r');
}

// Splits one text run on every occurrence of `special`, appending the pieces to `out`.
void splitRun(const Vocab& vocab, std::string_view text, const Fragment& run, int32_t special,
              std::vector<Fragment>& out) {
    const std::string_view needle = vocab.text(special);
    const uint16_t attrs = vocab.attrs(special);
    size_t begin = run.offset;
    const size_t end = run.offset + run.length;
    while (begin < end) {
        const size_t match = text.substr(0, end).find(needle, begin);
        if (match == std::string_view::npos) break;
        size_t leftEnd = match;
        if (attrs & kAttrLstrip)
            while (leftEnd > begin && isAsciiSpace(text[leftEnd - 1])) --leftEnd;
        if (leftEnd > begin) out.push_back({-1, begin, leftEnd - begin});
        out.push_back({special, 0, 0});
        begin = match + needle.size();
        if (attrs & kAttrRstrip)
            while (begin < end && isAsciiSpace(text[begin])) ++begin;
    }
    if (begin < end) out.push_back({-1, begin, end - begin});
}

} // namespace

std::vector<Fragment> splitSpecialTokens(const Vocab& vocab, std::string_view text, bool parseSpecial) {
    std::vector<Fragment> fragments;
    if (text.empty()) return fragments;
    fragments.push_back({-1, 0, text.size()});
    std::vector<Fragment> next;
    for (int32_t special : vocab.specialTokens()) {
        if (!parseSpecial && (vocab.attrs(special) & (kAttrControl | kAttrUnknown))) continue;
        // Most special tokens never occur; one search over the whole text rules them out cheaply.
        if (text.find(vocab.text(special)) == std::string_view::npos) continue;
        next.clear();
        for (const Fragment& f : fragments) {
            if (f.token >= 0) {
                next.push_back(f);
            } else {
                splitRun(vocab, text, f, special, next);
            }
        }
        fragments.swap(next);
    }
    return fragments;
}

} // namespace smoldesk::text
