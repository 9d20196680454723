#include "common/utf8.h"

namespace smoldesk {

void appendUtf8(std::string& out, uint32_t cp) {
    if (cp < 0x80) {
        out.push_back(static_cast<char>(cp));
    } else if (cp < 0x800) {
        out.push_back(static_cast<char>(0xC0 | (cp >> 6)));
        out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
    } else if (cp < 0x10000) {
        out.push_back(static_cast<char>(0xE0 | (cp >> 12)));
        out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
        out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
    } else if (cp <= 0x10FFFF) {
        out.push_back(static_cast<char>(0xF0 | (cp >> 18)));
        out.push_back(static_cast<char>(0x80 | ((cp >> 12) & 0x3F)));
        out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
        out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
    } else {
        out += "\xEF\xBF\xBD";
    }
}

Utf8Prefix classifyUtf8Prefix(std::string_view bytes, size_t& length) {
    const auto at = [&](size_t i) { return static_cast<uint8_t>(bytes[i]); };
    const uint8_t lead = at(0);
    length = 1;
    if (lead < 0x80) return Utf8Prefix::Complete;
    size_t need;
    uint8_t lo = 0x80, hi = 0xBF; // allowed range of the second byte
    if (lead >= 0xC2 && lead <= 0xDF) {
        need = 2;
    } else if (lead >= 0xE0 && lead <= 0xEF) {
        need = 3;
        if (lead == 0xE0) lo = 0xA0; // overlong
        if (lead == 0xED) hi = 0x9F; // surrogates
    } else if (lead >= 0xF0 && lead <= 0xF4) {
        need = 4;
        if (lead == 0xF0) lo = 0x90; // overlong
        if (lead == 0xF4) hi = 0x8F; // above U+10FFFF
    } else {
        return Utf8Prefix::Invalid;
    }
    for (size_t i = 1; i < need; ++i) {
        if (i >= bytes.size()) return Utf8Prefix::Incomplete;
        const uint8_t b = at(i);
        const bool ok = i == 1 ? (b >= lo && b <= hi) : (b >= 0x80 && b <= 0xBF);
        if (!ok) {
            length = i;
            return Utf8Prefix::Invalid;
        }
    }
    length = need;
    return Utf8Prefix::Complete;
}

bool isValidUtf8(std::string_view text) {
    size_t i = 0;
    while (i < text.size()) {
        if (static_cast<uint8_t>(text[i]) < 0x80) {
            ++i;
            continue;
        }
        size_t len = 0;
        if (classifyUtf8Prefix(text.substr(i), len) != Utf8Prefix::Complete) return false;
        i += len;
    }
    return true;
}

std::string sanitizeUtf8(std::string_view text) {
    if (isValidUtf8(text)) return std::string(text);
    std::string out;
    out.reserve(text.size() + 8);
    const auto cont = [&](size_t i) {
        return i < text.size() && (static_cast<uint8_t>(text[i]) & 0xC0) == 0x80;
    };
    size_t i = 0;
    while (i < text.size()) {
        const uint8_t b = static_cast<uint8_t>(text[i]);
        uint32_t cp = 0;
        size_t len = 0;
        if (!(b & 0x80)) {
            cp = b, len = 1;
        } else if (!(b & 0x40)) {
            len = 0; // stray continuation byte
        } else if (!(b & 0x20)) {
            if (cont(i + 1)) cp = ((b & 0x1Fu) << 6) | (text[i + 1] & 0x3F), len = 2;
        } else if (!(b & 0x10)) {
            if (cont(i + 1) && cont(i + 2))
                cp = ((b & 0x0Fu) << 12) | ((text[i + 1] & 0x3Fu) << 6) | (text[i + 2] & 0x3F), len = 3;
        } else if (!(b & 0x08)) {
            if (cont(i + 1) && cont(i + 2) && cont(i + 3))
                cp = ((b & 0x07u) << 18) | ((text[i + 1] & 0x3Fu) << 12) | ((text[i + 2] & 0x3Fu) << 6) |
                     (text[i + 3] & 0x3F),
                len = 4;
        }
        if (len == 0) {
            out += "\xEF\xBF\xBD";
            ++i;
            continue;
        }
        // Surrogates would make the text unusable for PCRE2; llama.cpp cannot encode them either.
        if (cp >= 0xD800 && cp <= 0xDFFF) cp = 0xFFFD;
        appendUtf8(out, cp);
        i += len;
    }
    return out;
}

} // namespace smoldesk
