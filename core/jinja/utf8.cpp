#include "jinja/utf8.h"

namespace smoldesk::jinja::utf8 {

char32_t next(std::string_view s, size_t& pos) {
    auto byte = [&](size_t i) { return static_cast<unsigned char>(s[i]); };
    unsigned char c = byte(pos);
    size_t extra = 0;
    char32_t cp = 0;
    if (c < 0x80) {
        ++pos;
        return c;
    } else if ((c & 0xE0) == 0xC0) {
        extra = 1;
        cp = c & 0x1F;
    } else if ((c & 0xF0) == 0xE0) {
        extra = 2;
        cp = c & 0x0F;
    } else if ((c & 0xF8) == 0xF0) {
        extra = 3;
        cp = c & 0x07;
    } else {
        ++pos;
        return c;
    }
    for (size_t i = 1; i <= extra; ++i) {
        if (pos + i >= s.size() || (byte(pos + i) & 0xC0) != 0x80) {
            ++pos;
            return c;
        }
        cp = (cp << 6) | (byte(pos + i) & 0x3F);
    }
    pos += extra + 1;
    return cp;
}

std::vector<char32_t> decode(std::string_view s) {
    std::vector<char32_t> out;
    out.reserve(s.size());
    size_t pos = 0;
    while (pos < s.size()) out.push_back(next(s, pos));
    return out;
}

std::string encode(const std::vector<char32_t>& cps) {
    std::string out;
    out.reserve(cps.size());
    for (char32_t cp : cps) append(out, cp);
    return out;
}

bool isAscii(std::string_view s) {
    for (char c : s)
        if (static_cast<unsigned char>(c) >= 0x80) return false;
    return true;
}

size_t length(std::string_view s) {
    size_t n = 0;
    for (char c : s)
        if ((static_cast<unsigned char>(c) & 0xC0) != 0x80) ++n;
    return n;
}

bool isSpace(char32_t cp) {
    switch (cp) {
    case ' ':
    case '\t':
    case '\n':
    case '\v':
    case '\f':
    case '\r':
    case 0x1C:
    case 0x1D:
    case 0x1E:
    case 0x1F:
    case 0x85:
    case 0xA0:
    case 0x1680:
    case 0x2028:
    case 0x2029:
    case 0x202F:
    case 0x205F:
    case 0x3000:
        return true;
    default:
        return cp >= 0x2000 && cp <= 0x200A;
    }
}

bool isPrintable(char32_t cp) {
    if (cp == ' ') return true;
    if (cp < 0x20 || (cp >= 0x7F && cp <= 0xA0) || cp == 0xAD) return false;
    if (isSpace(cp)) return false;
    if ((cp >= 0x200B && cp <= 0x200F) || (cp >= 0x202A && cp <= 0x202E) || (cp >= 0x2060 && cp <= 0x206F))
        return false;
    if (cp >= 0xD800 && cp <= 0xF8FF) return false; // surrogates and private use
    if (cp == 0xFEFF || (cp >= 0xFFF0 && cp <= 0xFFFB) || cp == 0xFFFE || cp == 0xFFFF) return false;
    if (cp >= 0xE0000 && cp <= 0xE007F) return false;
    if (cp >= 0xF0000) return false;
    return true;
}

std::string strip(std::string_view s, const std::string* chars, bool left, bool right) {
    std::vector<char32_t> cps = decode(s);
    std::vector<char32_t> set;
    if (chars) set = decode(*chars);
    auto strippable = [&](char32_t cp) {
        if (!chars) return isSpace(cp);
        for (char32_t c : set)
            if (c == cp) return true;
        return false;
    };
    size_t b = 0, e = cps.size();
    if (left)
        while (b < e && strippable(cps[b])) ++b;
    if (right)
        while (e > b && strippable(cps[e - 1])) --e;
    return encode(std::vector<char32_t>(cps.begin() + b, cps.begin() + e));
}

char32_t toUpper(char32_t cp) {
    if (cp >= 'a' && cp <= 'z') return cp - 32;
    if (cp < 0x80) return cp;
    if ((cp >= 0xE0 && cp <= 0xFE && cp != 0xF7)) return cp - 32;
    if (cp >= 0x3B1 && cp <= 0x3C9 && cp != 0x3C2) return cp - 32;
    if (cp >= 0x430 && cp <= 0x44F) return cp - 32;
    if (cp >= 0x450 && cp <= 0x45F) return cp - 80;
    return cp;
}

char32_t toLower(char32_t cp) {
    if (cp >= 'A' && cp <= 'Z') return cp + 32;
    if (cp < 0x80) return cp;
    if ((cp >= 0xC0 && cp <= 0xDE && cp != 0xD7)) return cp + 32;
    if (cp >= 0x391 && cp <= 0x3A9 && cp != 0x3A2) return cp + 32;
    if (cp >= 0x410 && cp <= 0x42F) return cp + 32;
    if (cp >= 0x400 && cp <= 0x40F) return cp + 80;
    return cp;
}

bool isAlpha(char32_t cp) {
    if (cp < 0x80) return (cp >= 'a' && cp <= 'z') || (cp >= 'A' && cp <= 'Z');
    return toUpper(cp) != cp || toLower(cp) != cp || cp >= 0x4E00;
}

std::string upper(std::string_view s) {
    std::string out;
    out.reserve(s.size());
    size_t pos = 0;
    while (pos < s.size()) append(out, toUpper(next(s, pos)));
    return out;
}

std::string lower(std::string_view s) {
    std::string out;
    out.reserve(s.size());
    size_t pos = 0;
    while (pos < s.size()) append(out, toLower(next(s, pos)));
    return out;
}

} // namespace smoldesk::jinja::utf8
