#include "text/wordpiece_unicode.h"

#include <algorithm>
#include <iterator>

namespace smoldesk::text::wordpiece {

namespace {

struct ClassRange {
    uint32_t first, last, cls; // cls: 1 control, 2 punctuation, 3 combining mark
};
struct CodepointPair {
    uint32_t from, to;
};
struct StrippedMulti {
    uint32_t from, a, b, c; // c = 0 when the decomposition has two code points
};

#include "text/wordpiece_unicode_data.inc"

template <typename T, size_t N> const T* findByFirst(const T (&table)[N], uint32_t cp) {
    const T* it = std::lower_bound(std::begin(table), std::end(table), cp,
                                   [](const T& e, uint32_t c) { return e.from < c; });
    return it != std::end(table) && it->from == cp ? it : nullptr;
}

// llama.cpp's whitespace set (its tokenizers' \s), not Unicode's White_Space property.
bool isWhitespace(uint32_t cp) {
    return (cp >= 0x09 && cp <= 0x0D) || cp == 0x20 || cp == 0x85 || cp == 0xA0 || cp == 0x1680 ||
           (cp >= 0x2000 && cp <= 0x200A) || cp == 0x2028 || cp == 0x2029 || cp == 0x202F || cp == 0x205F ||
           cp == 0x3000;
}

// The CJK blocks BERT splits into single characters (the same list as Hugging Face's and
// llama.cpp's, including their 0x2B920 lower bound of Extension E).
bool isCjk(uint32_t cp) {
    return (cp >= 0x4E00 && cp <= 0x9FFF) || (cp >= 0x3400 && cp <= 0x4DBF) ||
           (cp >= 0x20000 && cp <= 0x2A6DF) || (cp >= 0x2A700 && cp <= 0x2B73F) ||
           (cp >= 0x2B740 && cp <= 0x2B81F) || (cp >= 0x2B920 && cp <= 0x2CEAF) ||
           (cp >= 0xF900 && cp <= 0xFAFF) || (cp >= 0x2F800 && cp <= 0x2FA1F);
}

} // namespace

CharClass classify(uint32_t cp) {
    if (isWhitespace(cp)) return CharClass::Whitespace;
    const ClassRange* it = std::upper_bound(std::begin(kClassRanges), std::end(kClassRanges), cp,
                                            [](uint32_t c, const ClassRange& r) { return c < r.first; });
    if (it == std::begin(kClassRanges)) return CharClass::Other;
    --it;
    if (cp > it->last) return CharClass::Other;
    return it->cls == 1 ? CharClass::Control : it->cls == 2 ? CharClass::Punctuation : CharClass::Mark;
}

bool standsAlone(uint32_t cp) {
    if (cp < 0x7F) {
        const bool alnum = (cp >= '0' && cp <= '9') || (cp >= 'a' && cp <= 'z') || (cp >= 'A' && cp <= 'Z');
        return cp > 0x20 && !alnum; // ASCII punctuation and symbols alike
    }
    return classify(cp) == CharClass::Punctuation || isCjk(cp);
}

uint32_t toLower(uint32_t cp) {
    if (cp < 0x80) return (cp >= 'A' && cp <= 'Z') ? cp + 32 : cp;
    const CodepointPair* p = findByFirst(kLower, cp);
    return p ? p->to : cp;
}

void appendStripped(uint32_t cp, std::vector<uint32_t>& out) {
    if (cp < 0xC0) {
        out.push_back(cp);
        return;
    }
    if (cp >= 0xAC00 && cp <= 0xD7A3) { // Hangul syllable: leading, vowel and optional trailing jamo
        const uint32_t s = cp - 0xAC00;
        out.push_back(0x1100 + s / 588);
        out.push_back(0x1161 + (s % 588) / 28);
        if (s % 28) out.push_back(0x11A7 + s % 28);
        return;
    }
    if (const CodepointPair* p = findByFirst(kStripped1, cp)) {
        out.push_back(p->to);
    } else if (const StrippedMulti* m = findByFirst(kStrippedN, cp)) {
        out.push_back(m->a);
        out.push_back(m->b);
        if (m->c) out.push_back(m->c);
    } else if (classify(cp) != CharClass::Mark) {
        out.push_back(cp);
    }
}

} // namespace smoldesk::text::wordpiece
