#include "jinja/lexer.h"

#include "jinja/failure.h"
#include "jinja/utf8.h"

#include <cctype>
#include <cerrno>
#include <cstdint>
#include <cstdlib>
#include <cstring>

namespace smoldesk::jinja {

namespace {

bool isDigit(char c) {
    return c >= '0' && c <= '9';
}
bool isNameStart(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' ||
           static_cast<unsigned char>(c) >= 0x80;
}
bool isNameChar(char c) {
    return isNameStart(c) || isDigit(c);
}

// Python's str.rstrip() (Unicode whitespace).
std::string_view rstripSpace(std::string_view s) {
    std::vector<char32_t> cps = utf8::decode(s);
    size_t keep = s.size();
    for (size_t i = cps.size(); i > 0 && utf8::isSpace(cps[i - 1]); --i) {
        std::string enc;
        utf8::append(enc, cps[i - 1]);
        keep -= enc.size();
    }
    return s.substr(0, keep);
}

// True when `s` is non-empty and all (Unicode) whitespace: jinja2's whitespace_re.fullmatch.
bool allSpace(std::string_view s) {
    if (s.empty()) return false;
    size_t pos = 0;
    while (pos < s.size())
        if (!utf8::isSpace(utf8::next(s, pos))) return false;
    return true;
}

size_t skipSpace(const std::string& s, size_t pos) {
    while (pos < s.size()) {
        size_t p = pos;
        if (!utf8::isSpace(utf8::next(s, p))) break;
        pos = p;
    }
    return pos;
}

int hexDigit(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

// Python's "unicode-escape" decoding of a string literal body, as jinja2 applies it.
std::string decodeStringLiteral(std::string_view body, uint32_t offset) {
    std::string out;
    for (size_t i = 0; i < body.size(); ++i) {
        char c = body[i];
        if (c != '\\' || i + 1 >= body.size()) {
            out += c;
            continue;
        }
        char e = body[++i];
        switch (e) {
        case '\n':
            break;
        case '\\':
            out += '\\';
            break;
        case '\'':
            out += '\'';
            break;
        case '"':
            out += '"';
            break;
        case 'a':
            out += '\a';
            break;
        case 'b':
            out += '\b';
            break;
        case 'f':
            out += '\f';
            break;
        case 'n':
            out += '\n';
            break;
        case 'r':
            out += '\r';
            break;
        case 't':
            out += '\t';
            break;
        case 'v':
            out += '\v';
            break;
        case 'x':
        case 'u':
        case 'U': {
            size_t n = e == 'x' ? 2 : e == 'u' ? 4 : 8;
            char32_t cp = 0;
            for (size_t k = 0; k < n; ++k) {
                int d = i + 1 + k < body.size() ? hexDigit(body[i + 1 + k]) : -1;
                if (d < 0)
                    fail(py::kSyntaxError, "truncated \\" + std::string(1, e) + " escape in string literal",
                         offset);
                cp = cp * 16 + d;
            }
            i += n;
            utf8::append(out, cp);
            break;
        }
        default:
            if (e >= '0' && e <= '7') {
                char32_t cp = e - '0';
                for (int k = 0; k < 2 && i + 1 < body.size() && body[i + 1] >= '0' && body[i + 1] <= '7'; ++k)
                    cp = cp * 8 + (body[++i] - '0');
                utf8::append(out, cp);
            } else {
                out += '\\';
                out += e;
            }
        }
    }
    return out;
}

class Lexer {
  public:
    explicit Lexer(const std::string& src) : s_(src) {}

    std::vector<Token> run() {
        size_t pos = 0;
        bool lineStarting = true;
        while (pos < s_.size()) {
            size_t tag = findTagStart(pos);
            if (tag == std::string::npos) {
                push(TokenType::Data, s_.substr(pos), pos);
                break;
            }
            char kind = s_[tag + 1];
            size_t after = tag + 2;
            char sign = after < s_.size() && (s_[after] == '-' || s_[after] == '+') ? s_[after] : 0;
            bool raw = kind == '%' && isRawTag(after + (sign ? 1 : 0), "raw");
            std::string_view text(s_.data() + pos, tag - pos);
            text = controlWhitespace(text, sign, kind != '{', lineStarting);
            if (!text.empty()) push(TokenType::Data, std::string(text), pos);
            if (sign) ++after;
            if (raw) {
                pos = lexRaw(tag, after, lineStarting);
            } else if (kind == '#') {
                pos = lexComment(tag, after, lineStarting);
            } else {
                pos = lexTag(kind, tag, after, lineStarting);
            }
        }
        tokens_.push_back(Token{TokenType::End, "", static_cast<uint32_t>(s_.size())});
        return std::move(tokens_);
    }

  private:
    const std::string& s_;
    std::vector<Token> tokens_;

    void push(TokenType type, std::string text, size_t offset) {
        tokens_.push_back(Token{type, std::move(text), static_cast<uint32_t>(offset)});
    }

    size_t findTagStart(size_t pos) const {
        while (true) {
            size_t p = s_.find('{', pos);
            if (p == std::string::npos || p + 1 >= s_.size()) return std::string::npos;
            char c = s_[p + 1];
            if (c == '{' || c == '%' || c == '#') return p;
            pos = p + 1;
        }
    }

    // jinja2's OptionalLStrip handling of the data before a tag.
    std::string_view controlWhitespace(std::string_view text, char sign, bool lstripAllowed,
                                       bool lineStarting) const {
        if (sign == '-') return rstripSpace(text);
        if (sign == '+' || !lstripAllowed) return text;
        size_t nl = text.rfind('\n');
        size_t lpos = nl == std::string_view::npos ? 0 : nl + 1;
        if ((lpos > 0 || lineStarting) && allSpace(text.substr(lpos))) return text.substr(0, lpos);
        return text;
    }

    // At `pos` (after "{%" and its sign): whitespace, `word`, whitespace, then a block end.
    bool isRawTag(size_t pos, const char* word) const {
        pos = skipSpace(s_, pos);
        size_t n = std::strlen(word);
        if (s_.compare(pos, n, word) != 0) return false;
        pos = skipSpace(s_, pos + n);
        return s_.compare(pos, 2, "%}") == 0 || s_.compare(pos, 3, "-%}") == 0 ||
               (s_.compare(pos, 3, "+%}") == 0 && std::strcmp(word, "endraw") == 0);
    }

    // Consumes a block/comment end at `pos` ("+%}", "-%}" + whitespace, "%}" + optional newline).
    size_t consumeEnd(size_t pos, char closer, bool& lineStarting) const {
        size_t end;
        if (s_[pos] == '+') {
            end = pos + 3;
        } else if (s_[pos] == '-') {
            end = skipSpace(s_, pos + 3);
        } else {
            end = pos + 2;
            if (end < s_.size() && s_[end] == '\n') ++end; // trim_blocks
        }
        (void)closer;
        lineStarting = end > 0 && s_[end - 1] == '\n';
        return end;
    }

    size_t lexComment(size_t tag, size_t pos, bool& lineStarting) {
        size_t close = s_.find("#}", pos);
        if (close == std::string::npos) fail(py::kSyntaxError, "Missing end of comment tag", tag);
        size_t endStart = close;
        if (close > pos && (s_[close - 1] == '-' || s_[close - 1] == '+')) endStart = close - 1;
        return consumeEnd(endStart, '#', lineStarting);
    }

    size_t lexRaw(size_t tag, size_t pos, bool& lineStarting) {
        // Skip "raw" and the end of the opening tag ("-%}" strips following whitespace; no trim_blocks).
        pos = skipSpace(s_, pos) + 3;
        pos = skipSpace(s_, pos);
        if (s_[pos] == '-')
            pos = skipSpace(s_, pos + 3);
        else
            pos += 2;
        lineStarting = s_[pos - 1] == '\n';
        size_t search = pos;
        while (true) {
            size_t p = s_.find("{%", search);
            if (p == std::string::npos) fail(py::kSyntaxError, "Missing end of raw directive", tag);
            size_t q = p + 2;
            char sign = q < s_.size() && (s_[q] == '-' || s_[q] == '+') ? s_[q] : 0;
            if (sign) ++q;
            if (!isRawTag(q, "endraw")) {
                search = p + 2;
                continue;
            }
            std::string_view text(s_.data() + pos, p - pos);
            text = controlWhitespace(text, sign, true, lineStarting);
            if (!text.empty()) push(TokenType::Data, std::string(text), pos);
            q = skipSpace(s_, skipSpace(s_, q) + 6);
            return consumeEnd(q, '%', lineStarting);
        }
    }

    size_t lexTag(char kind, size_t tag, size_t pos, bool& lineStarting) {
        bool block = kind == '%';
        push(block ? TokenType::BlockBegin : TokenType::VariableBegin, "", tag);
        std::vector<char> balance;
        while (true) {
            pos = skipSpace(s_, pos);
            if (pos >= s_.size())
                fail(py::kSyntaxError,
                     block ? "unexpected end of template, expected 'end of statement block'"
                           : "unexpected end of template, expected 'end of print statement'",
                     tag);
            if (balance.empty()) {
                if (block && (s_.compare(pos, 3, "+%}") == 0 || s_.compare(pos, 3, "-%}") == 0 ||
                              s_.compare(pos, 2, "%}") == 0)) {
                    push(TokenType::BlockEnd, "", pos);
                    return consumeEnd(pos, '%', lineStarting);
                }
                if (!block && (s_.compare(pos, 3, "-}}") == 0 || s_.compare(pos, 2, "}}") == 0)) {
                    push(TokenType::VariableEnd, "", pos);
                    size_t end = s_[pos] == '-' ? skipSpace(s_, pos + 3) : pos + 2;
                    lineStarting = s_[end - 1] == '\n';
                    return end;
                }
            }
            pos = lexExpressionToken(pos, balance);
        }
    }

    size_t lexExpressionToken(size_t pos, std::vector<char>& balance) {
        char c = s_[pos];
        if (isDigit(c)) return lexNumber(pos);
        if (isNameStart(c)) {
            size_t end = pos;
            while (end < s_.size() && isNameChar(s_[end])) ++end;
            push(TokenType::Name, s_.substr(pos, end - pos), pos);
            return end;
        }
        if (c == '\'' || c == '"') {
            size_t end = pos + 1;
            while (end < s_.size() && s_[end] != c) end += s_[end] == '\\' ? 2 : 1;
            if (end >= s_.size())
                fail(py::kSyntaxError,
                     std::string("unexpected char ") + (c == '\'' ? "\"'\"" : "'\"'") + " at " +
                         std::to_string(pos),
                     pos);
            std::string body = s_.substr(pos + 1, end - pos - 1);
            push(TokenType::String, decodeStringLiteral(body, static_cast<uint32_t>(pos)), pos);
            return end + 1;
        }
        static const char* const kTwoChar[] = {"//", "**", "==", "!=", ">=", "<="};
        for (const char* op : kTwoChar) {
            if (s_.compare(pos, 2, op) == 0) {
                push(TokenType::Operator, op, pos);
                return pos + 2;
            }
        }
        if (std::strchr("+-/*%~[](){}><=.:|,;", c) == nullptr)
            fail(py::kSyntaxError, "unexpected char " + reprChar(c) + " at " + std::to_string(pos), pos);
        if (c == '(' || c == '[' || c == '{') balance.push_back(c == '(' ? ')' : c == '[' ? ']' : '}');
        if (c == ')' || c == ']' || c == '}') {
            if (balance.empty()) fail(py::kSyntaxError, std::string("unexpected '") + c + "'", pos);
            char expected = balance.back();
            balance.pop_back();
            if (expected != c)
                fail(py::kSyntaxError, std::string("unexpected '") + c + "', expected '" + expected + "'",
                     pos);
        }
        push(TokenType::Operator, std::string(1, c), pos);
        return pos + 1;
    }

    static std::string reprChar(char c) { return c == '\'' ? "\"'\"" : std::string("'") + c + "'"; }

    size_t digitsWithUnderscores(size_t pos, std::string& out) const {
        while (pos < s_.size() &&
               (isDigit(s_[pos]) || (s_[pos] == '_' && pos + 1 < s_.size() && isDigit(s_[pos + 1])))) {
            if (s_[pos] != '_') out += s_[pos];
            ++pos;
        }
        return pos;
    }

    size_t lexNumber(size_t start) {
        std::string digits;
        bool afterDot = start > 0 && s_[start - 1] == '.';
        int base = 10;
        if (s_[start] == '0' && start + 1 < s_.size() && std::strchr("bBoOxX", s_[start + 1]))
            base = std::tolower(s_[start + 1]) == 'b' ? 2 : std::tolower(s_[start + 1]) == 'o' ? 8 : 16;
        // A prefix needs a digit after it (an optional '_' between), else "0" ends the number.
        size_t firstDigit = start + 2 < s_.size() && s_[start + 2] == '_' ? start + 3 : start + 2;
        if (base != 10 &&
            (firstDigit >= s_.size() || hexDigit(s_[firstDigit]) < 0 || hexDigit(s_[firstDigit]) >= base))
            base = 10;
        if (base != 10) {
            size_t pos = start + 2;
            int64_t value = 0;
            while (pos < s_.size()) {
                if (s_[pos] == '_') {
                    ++pos;
                    continue;
                }
                int d = hexDigit(s_[pos]);
                if (d < 0 || d >= base) break;
                // Like decimal literals: an int64 holds our integers, so a longer literal is an error.
                if (value > (INT64_MAX - d) / base)
                    fail(py::kOverflowError, "integer literal too large", start);
                value = value * base + d;
                ++pos;
            }
            Token t{TokenType::Integer, s_.substr(start, pos - start), static_cast<uint32_t>(start)};
            t.intValue = value;
            tokens_.push_back(t);
            return pos;
        }
        size_t pos = digitsWithUnderscores(start, digits);
        bool isFloat = false;
        if (!afterDot && pos + 1 < s_.size() && s_[pos] == '.' && isDigit(s_[pos + 1])) {
            digits += '.';
            pos = digitsWithUnderscores(pos + 1, digits);
            isFloat = true;
        }
        if (!afterDot && pos < s_.size() && (s_[pos] == 'e' || s_[pos] == 'E')) {
            size_t p = pos + 1;
            std::string exp = "e";
            if (p < s_.size() && (s_[p] == '+' || s_[p] == '-')) exp += s_[p++];
            if (p < s_.size() && isDigit(s_[p])) {
                pos = digitsWithUnderscores(p, exp);
                digits += exp;
                isFloat = true;
            }
        }
        Token t{isFloat ? TokenType::Float : TokenType::Integer, s_.substr(start, pos - start),
                static_cast<uint32_t>(start)};
        if (isFloat) {
            t.floatValue = std::strtod(digits.c_str(), nullptr);
        } else {
            errno = 0;
            t.intValue = std::strtoll(digits.c_str(), nullptr, 10);
            if (errno == ERANGE) fail(py::kOverflowError, "integer literal too large", start);
        }
        tokens_.push_back(t);
        return pos;
    }
};

} // namespace

std::string normalizeSource(std::string_view source) {
    std::string out;
    out.reserve(source.size());
    for (size_t i = 0; i < source.size(); ++i) {
        if (source[i] == '\r') {
            out += '\n';
            if (i + 1 < source.size() && source[i + 1] == '\n') ++i;
        } else {
            out += source[i];
        }
    }
    if (!out.empty() && out.back() == '\n') out.pop_back();
    return out;
}

std::vector<Token> tokenize(const std::string& source) {
    return Lexer(source).run();
}

} // namespace smoldesk::jinja
