#include "grammar/schema_regex.h"

#include "common/error.h"

#include <algorithm>
#include <utility>
#include <vector>

namespace smoldesk::grammar {

namespace {

using Ranges = std::vector<std::pair<uint32_t, uint32_t>>;
constexpr uint32_t kMax = 0x10FFFF;
constexpr int kMaxDepth = 100;

std::string hex(uint32_t v, int digits) {
    static const char* d = "0123456789ABCDEF";
    std::string s(size_t(digits), '0');
    for (int i = digits - 1; i >= 0; --i, v >>= 4) s[size_t(i)] = d[v & 15];
    return s;
}

std::string cp(uint32_t c) {
    return "\\U" + hex(c, 8);
}

Ranges normalize(Ranges r) {
    std::sort(r.begin(), r.end());
    Ranges out;
    for (auto x : r) {
        if (!out.empty() && x.first <= out.back().second + 1)
            out.back().second = std::max(out.back().second, x.second);
        else
            out.push_back(x);
    }
    return out;
}

Ranges invert(const Ranges& r) {
    Ranges out;
    uint32_t next = 0;
    for (auto x : normalize(r)) {
        if (x.first > next) out.push_back({next, x.first - 1});
        next = x.second + 1;
    }
    if (next <= kMax) out.push_back({next, kMax});
    return out;
}

bool contains(const Ranges& r, uint32_t c) {
    for (auto x : r)
        if (c >= x.first && c <= x.second) return true;
    return false;
}

// How JSON writes this character inside a string, as a GBNF literal; empty: not supported.
std::string jsonSpelling(uint32_t c) {
    switch (c) {
    case '"':
        return "\"\\\\\\\"\"";
    case '\\':
        return "\"\\\\\\\\\"";
    case '\n':
        return "\"\\\\n\"";
    case '\r':
        return "\"\\\\r\"";
    case '\t':
        return "\"\\\\t\"";
    case '\b':
        return "\"\\\\b\"";
    case '\f':
        return "\"\\\\f\"";
    default:
        break;
    }
    if (c < 0x20 || c == 0x7F) return "\"\\\\u" + hex(c, 4) + "\"";
    return "[" + cp(c) + "]";
}

// A set of characters as a GBNF expression over JSON string content.
std::string classGrammar(const Ranges& raw) {
    const Ranges r = normalize(raw);
    // Characters that JSON writes as themselves.
    Ranges plain;
    const Ranges specials = normalize({{0, 0x1F}, {'"', '"'}, {'\\', '\\'}, {0x7F, 0x7F}});
    const Ranges allowed = invert(specials);
    for (auto a : r)
        for (auto b : allowed) {
            const uint32_t lo = std::max(a.first, b.first), hi = std::min(a.second, b.second);
            if (lo <= hi) plain.push_back({lo, hi});
        }
    std::vector<std::string> alts;
    if (!plain.empty()) {
        std::string cls = "[";
        for (auto p : plain) cls += p.first == p.second ? cp(p.first) : cp(p.first) + "-" + cp(p.second);
        alts.push_back(cls + "]");
    }
    for (auto s : specials)
        for (uint32_t c = s.first; c <= s.second; ++c)
            if (contains(r, c)) alts.push_back(jsonSpelling(c));
    if (alts.empty())
        throw Error(ErrorCode::InvalidArgument, "A character class in the pattern matches nothing.");
    if (alts.size() == 1) return alts[0];
    std::string out = "(";
    for (size_t i = 0; i < alts.size(); ++i) out += (i ? " | " : "") + alts[i];
    return out + ")";
}

class RegexParser {
  public:
    explicit RegexParser(std::string_view p) : p_(p) {}

    std::string run() {
        // Top level: branches, each anchored or not at its ends.
        std::vector<std::string> branches;
        while (true) {
            bool start = false;
            if (peek() == '^') ++pos_, start = true;
            std::string body = sequence(0);
            bool end = false;
            if (peek() == '$') ++pos_, end = true;
            branches.push_back((start ? "" : "char* ") + std::string("(") + body + ")" +
                               (end ? "" : " char*"));
            if (peek() == '|') {
                ++pos_;
                continue;
            }
            if (pos_ < p_.size()) fail(std::string("unexpected '") + p_[pos_] + "'");
            break;
        }
        std::string out;
        for (size_t i = 0; i < branches.size(); ++i)
            out += (i ? " | " : "") + std::string("(") + branches[i] + ")";
        return out;
    }

  private:
    std::string_view p_;
    size_t pos_ = 0;

    [[noreturn]] void fail(const std::string& what) const {
        throw Error(ErrorCode::InvalidArgument,
                    "The pattern '" + std::string(p_) + "' is not supported: " + what + ".");
    }
    char peek() const { return pos_ < p_.size() ? p_[pos_] : '\0'; }

    uint32_t utf8() {
        const unsigned char c = static_cast<unsigned char>(p_[pos_]);
        const int n = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 0;
        if (n == 0 || pos_ + size_t(n) > p_.size()) fail("it is not valid UTF-8");
        uint32_t v = n == 1 ? c : n == 2 ? (c & 0x1F) : n == 3 ? (c & 0x0F) : (c & 0x07);
        for (int i = 1; i < n; ++i) {
            const unsigned char k = static_cast<unsigned char>(p_[pos_ + size_t(i)]);
            if ((k >> 6) != 2) fail("it is not valid UTF-8");
            v = (v << 6) | (k & 0x3F);
        }
        pos_ += size_t(n);
        return v;
    }

    uint32_t hexDigits(int n) {
        uint32_t v = 0;
        for (int i = 0; i < n; ++i) {
            const char c = peek();
            const int d = c >= '0' && c <= '9'   ? c - '0'
                          : c >= 'a' && c <= 'f' ? c - 'a' + 10
                          : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                                 : -1;
            if (d < 0) fail("a hexadecimal digit was expected");
            v = v * 16 + uint32_t(d);
            ++pos_;
        }
        return v;
    }

    // After a backslash: a class (\d …) into `cls`, or one character (returned).
    bool escape(Ranges& cls, uint32_t& ch) {
        if (pos_ >= p_.size()) fail("it ends with a backslash");
        const char e = p_[pos_++];
        switch (e) {
        case 'd':
            cls = {{'0', '9'}};
            return true;
        case 'D':
            cls = invert({{'0', '9'}});
            return true;
        case 'w':
            cls = {{'0', '9'}, {'A', 'Z'}, {'_', '_'}, {'a', 'z'}};
            return true;
        case 'W':
            cls = invert({{'0', '9'}, {'A', 'Z'}, {'_', '_'}, {'a', 'z'}});
            return true;
        case 's':
            cls = {{'\t', '\r'}, {' ', ' '}, {0xA0, 0xA0}, {0xFEFF, 0xFEFF}, {0x2028, 0x2029}};
            return true;
        case 'S':
            cls = invert({{'\t', '\r'}, {' ', ' '}, {0xA0, 0xA0}, {0xFEFF, 0xFEFF}, {0x2028, 0x2029}});
            return true;
        case 'n':
            ch = '\n';
            return false;
        case 'r':
            ch = '\r';
            return false;
        case 't':
            ch = '\t';
            return false;
        case 'f':
            ch = '\f';
            return false;
        case 'v':
            ch = '\v';
            return false;
        case '0':
            ch = 0;
            return false;
        case 'x':
            ch = hexDigits(2);
            return false;
        case 'u':
            ch = hexDigits(4);
            return false;
        case 'b':
        case 'B':
            fail("word boundaries (\\b) cannot be expressed");
        default:
            if (e >= '1' && e <= '9') fail("back-references cannot be expressed");
            if ((e >= 'a' && e <= 'z') || (e >= 'A' && e <= 'Z'))
                fail(std::string("the escape \\") + e + " is unknown");
            ch = static_cast<unsigned char>(e);
            return false;
        }
    }

    std::string bracket() {
        ++pos_; // '['
        bool negated = false;
        if (peek() == '^') negated = true, ++pos_;
        Ranges r;
        bool first = true;
        while (pos_ < p_.size() && (p_[pos_] != ']' || (first && false))) {
            first = false;
            Ranges cls;
            uint32_t lo = 0;
            bool isClass = false;
            if (p_[pos_] == '\\') {
                ++pos_;
                if (peek() == 'b')
                    ++pos_, lo = '\b';
                else
                    isClass = escape(cls, lo);
            } else {
                lo = utf8();
            }
            if (isClass) {
                r.insert(r.end(), cls.begin(), cls.end());
                continue;
            }
            uint32_t hi = lo;
            if (peek() == '-' && pos_ + 1 < p_.size() && p_[pos_ + 1] != ']') {
                ++pos_;
                if (p_[pos_] == '\\') {
                    ++pos_;
                    if (escape(cls, hi)) fail("a class cannot end a range");
                } else {
                    hi = utf8();
                }
                if (hi < lo) fail("a range in a class runs backwards");
            }
            r.push_back({lo, hi});
        }
        if (peek() != ']') fail("a character class is not closed");
        ++pos_;
        if (negated) r = invert(r);
        if (r.empty()) fail("a character class matches nothing");
        return classGrammar(r);
    }

    uint64_t number() {
        const size_t start = pos_;
        uint64_t v = 0;
        while (peek() >= '0' && peek() <= '9') {
            v = v * 10 + uint64_t(peek() - '0');
            if (v > 10000) fail("a repetition count is above 10000");
            ++pos_;
        }
        if (pos_ == start) fail("a number was expected in {}");
        return v;
    }

    std::string sequence(int depth) {
        if (depth > kMaxDepth) fail("groups are nested too deeply");
        std::string out;
        while (pos_ < p_.size()) {
            const char c = p_[pos_];
            if (c == '|' || c == ')') break;
            if (c == '$' && depth == 0) break;
            std::string atom;
            if (c == '(') {
                ++pos_;
                if (peek() == '?') {
                    if (p_.substr(pos_, 2) == "?:")
                        pos_ += 2;
                    else
                        fail("look-around and named groups cannot be expressed");
                }
                std::string alts = sequence(depth + 1);
                while (peek() == '|') {
                    ++pos_;
                    alts += " | " + sequence(depth + 1);
                }
                if (peek() != ')') fail("a group is not closed");
                ++pos_;
                atom = "(" + alts + ")";
            } else if (c == '[') {
                atom = bracket();
            } else if (c == '.') {
                ++pos_;
                atom = classGrammar(invert({{'\n', '\n'}, {'\r', '\r'}, {0x2028, 0x2029}}));
            } else if (c == '\\') {
                ++pos_;
                Ranges cls;
                uint32_t ch = 0;
                atom = escape(cls, ch) ? classGrammar(cls) : jsonSpelling(ch);
            } else if (c == '^' || c == '$') {
                fail("^ and $ are supported at the ends of the pattern only");
            } else if (c == '*' || c == '+' || c == '?' || c == '{') {
                fail(std::string("'") + c + "' follows nothing it could repeat");
            } else {
                atom = jsonSpelling(utf8());
            }
            // Quantifier.
            const char q = peek();
            if (q == '*' || q == '+' || q == '?') {
                ++pos_;
                atom = "(" + atom + ")" + q;
                if (peek() == '?') ++pos_; // lazy: the same strings
            } else if (q == '{' && pos_ + 1 < p_.size() && p_[pos_ + 1] >= '0' && p_[pos_ + 1] <= '9') {
                ++pos_;
                const uint64_t m = number();
                std::string rep = "{" + std::to_string(m);
                if (peek() == ',') {
                    ++pos_;
                    rep += ",";
                    if (peek() != '}') {
                        const uint64_t n = number();
                        if (n < m) fail("a repetition's maximum is below its minimum");
                        rep += std::to_string(n);
                    }
                }
                if (peek() != '}') fail("a repetition is not closed");
                ++pos_;
                atom = "(" + atom + ")" + rep + "}";
                if (peek() == '?') ++pos_;
            }
            out += (out.empty() ? "" : " ") + atom;
        }
        return out.empty() ? "\"\"" : out;
    }
};

} // namespace

std::string regexToGbnf(std::string_view pattern) {
    return RegexParser(pattern).run();
}

} // namespace smoldesk::grammar
