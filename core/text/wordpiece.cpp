#include "text/wordpiece.h"

#include "common/utf8.h"
#include "text/vocab.h"
#include "text/wordpiece_unicode.h"

#include <algorithm>

namespace smoldesk::text {

namespace {
constexpr std::string_view kWordStart = "\xE2\x96\x81"; // U+2581

// The code points of valid UTF-8 (sanitizeUtf8 has turned every bad byte into U+FFFD).
std::vector<uint32_t> codepoints(const std::string& s) {
    std::vector<uint32_t> cps;
    cps.reserve(s.size());
    for (size_t i = 0; i < s.size();) {
        const auto b = static_cast<uint8_t>(s[i]);
        const size_t n = utf8LengthFromLead(b);
        uint32_t cp = n == 1 ? b : b & (0x7Fu >> n);
        for (size_t k = 1; k < n; ++k) cp = (cp << 6) | (static_cast<uint8_t>(s[i + k]) & 0x3Fu);
        cps.push_back(cp);
        i += n;
    }
    return cps;
}
} // namespace

WordPieceEncoder::WordPieceEncoder(const Vocab& vocab) : vocab_(vocab) {
    for (int32_t id = 0; id < vocab.size(); ++id)
        maxTokenBytes_ = std::max(maxTokenBytes_, vocab.text(id).size());
}

std::vector<std::string> WordPieceEncoder::words(std::string_view text) const {
    using wordpiece::CharClass;
    std::vector<std::string> words;
    std::string word;
    const auto finish = [&] {
        if (!word.empty()) words.push_back(std::string(kWordStart) + word);
        word.clear();
    };
    std::vector<uint32_t> normalised;
    for (uint32_t cp : codepoints(sanitizeUtf8(text))) {
        const CharClass cls = wordpiece::classify(cp);
        if (cls == CharClass::Whitespace) {
            finish();
            continue;
        }
        if (cp == 0 || cp == 0xFFFD || cls == CharClass::Control) continue;
        normalised.clear();
        const uint32_t c = vocab_.lowercase() ? wordpiece::toLower(cp) : cp;
        if (vocab_.stripAccents())
            wordpiece::appendStripped(c, normalised);
        else
            normalised.push_back(c);
        for (uint32_t n : normalised) {
            if (wordpiece::standsAlone(n)) {
                finish();
                appendUtf8(word, n);
                finish();
            } else {
                appendUtf8(word, n);
            }
        }
    }
    finish();
    return words;
}

void WordPieceEncoder::encodeWord(std::string_view word, std::vector<int32_t>& out) const {
    const size_t start = out.size();
    for (size_t i = 0; i < word.size();) {
        size_t matched = 0;
        for (size_t len = std::min(word.size() - i, maxTokenBytes_); len > 0; --len) {
            if (auto id = vocab_.find(word.substr(i, len))) {
                out.push_back(*id);
                matched = len;
                break;
            }
        }
        if (matched == 0) { // a part of the word that no piece matches: the whole word is unknown
            out.resize(start);
            break;
        }
        i += matched;
    }
    if (out.size() == start && vocab_.unk() >= 0) out.push_back(vocab_.unk());
}

void WordPieceEncoder::encode(std::string_view text, bool /*afterSpecial*/, std::vector<int32_t>& out) const {
    for (const std::string& w : words(text)) encodeWord(w, out);
}

} // namespace smoldesk::text
