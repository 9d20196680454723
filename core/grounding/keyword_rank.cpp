// BM25 over in-memory passages (see keyword_rank.h).
#include "grounding/keyword_rank.h"

#include "common/utf8.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <map>
#include <set>

namespace smoldesk::grounding {

namespace {

// The code point starting at text[i] and its length in bytes; a malformed byte stands for itself.
std::pair<char32_t, size_t> decode(std::string_view text, size_t i) {
    const auto c = static_cast<unsigned char>(text[i]);
    const size_t len = c < 0x80 ? 1 : (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xE ? 3 : (c >> 3) == 0x1E ? 4 : 0;
    if (len == 0 || i + len > text.size()) return {0xFFFD, 1};
    char32_t cp = len == 1 ? c : c & (0x7F >> len);
    for (size_t k = 1; k < len; ++k) {
        const auto b = static_cast<unsigned char>(text[i + k]);
        if ((b & 0xC0) != 0x80) return {0xFFFD, 1};
        cp = (cp << 6) | (b & 0x3F);
    }
    return {cp, len};
}

// Punctuation and spaces outside ASCII that real documents are full of (no-break space, « »,
// the General Punctuation block's dashes, curly quotes and ellipsis, CJK and full-width
// punctuation): they end a word as ASCII punctuation does, so "“filter”" and "boiler—when"
// give "filter", "boiler" and "when".
bool separates(char32_t cp) {
    if (cp < 0x80) return !std::isalnum(static_cast<int>(cp));
    return (cp >= 0xA0 && cp <= 0xBF && cp != 0xAA && cp != 0xB5 && cp != 0xBA) || cp == 0xD7 || cp == 0xF7 ||
           (cp >= 0x2000 && cp <= 0x206F) || (cp >= 0x3000 && cp <= 0x303F) ||
           (cp >= 0xFF01 && cp <= 0xFF0F) || cp == 0xFEFF;
}

// Lower case for ASCII, Latin-1, Latin Extended-A, Greek and Cyrillic capitals (what FTS5's
// unicode61 folds too, so "CAFÉ" and "café" are one word here as in the library's search).
char32_t fold(char32_t cp) {
    if (cp < 0x80) return static_cast<char32_t>(std::tolower(static_cast<int>(cp)));
    if (cp >= 0xC0 && cp <= 0xDE && cp != 0xD7) return cp + 0x20;
    if (cp >= 0x100 && cp <= 0x17F) {
        if (cp == 0x130 || cp == 0x131 || cp == 0x138 || cp == 0x149 || cp == 0x17F) return cp;
        if (cp == 0x178) return 0xFF;
        // Pairs start on even code points, except from U+0139 to U+0148 and from U+0179 to U+017E.
        const bool oddUpper = (cp >= 0x139 && cp <= 0x148) || cp >= 0x179;
        return (cp % 2 == 1) == oddUpper ? cp + 1 : cp;
    }
    if ((cp >= 0x391 && cp <= 0x3A9 && cp != 0x3A2) || (cp >= 0x410 && cp <= 0x42F)) return cp + 0x20;
    if (cp >= 0x400 && cp <= 0x40F) return cp + 0x50;
    return cp;
}

} // namespace

std::vector<std::string> words(std::string_view text) {
    std::vector<std::string> out;
    std::string w;
    for (size_t i = 0; i < text.size();) {
        const auto [cp, len] = decode(text, i);
        if (!separates(cp)) {
            if (cp == 0xFFFD && len == 1)
                w += text[i]; // a malformed byte stays as it was
            else
                appendUtf8(w, fold(cp));
        } else if (!w.empty()) {
            out.push_back(std::move(w));
            w.clear();
        }
        i += len;
    }
    if (!w.empty()) out.push_back(std::move(w));
    return out;
}

std::vector<std::pair<size_t, double>> bm25Rank(std::string_view query,
                                                const std::vector<std::string>& passages, size_t top) {
    constexpr double k1 = 1.2, b = 0.75;
    const std::vector<std::string> q = words(query);
    const std::set<std::string> terms(q.begin(), q.end());
    std::vector<std::map<std::string, int>> tf(passages.size());
    std::vector<size_t> length(passages.size());
    std::map<std::string, int> df;
    double total = 0;
    for (size_t i = 0; i < passages.size(); ++i) {
        const std::vector<std::string> w = words(passages[i]);
        length[i] = w.size();
        total += static_cast<double>(w.size());
        for (const std::string& t : w)
            if (terms.count(t) && tf[i][t]++ == 0) ++df[t];
    }
    const double n = static_cast<double>(passages.size());
    const double avg = passages.empty() ? 1.0 : std::max(1.0, total / n);
    std::vector<std::pair<size_t, double>> out;
    for (size_t i = 0; i < passages.size(); ++i) {
        double score = 0;
        for (const auto& [t, f] : tf[i]) {
            const double idf = std::log((n - df[t] + 0.5) / (df[t] + 0.5) + 1.0);
            score += idf * f * (k1 + 1) / (f + k1 * (1 - b + b * static_cast<double>(length[i]) / avg));
        }
        if (score > 0) out.emplace_back(i, score);
    }
    std::stable_sort(out.begin(), out.end(),
                     [](const auto& x, const auto& y) { return x.second > y.second; });
    if (out.size() > top) out.resize(top);
    return out;
}

} // namespace smoldesk::grounding
