#include "grammar/gbnf_parser.h"

#include "common/error.h"

#include <algorithm>
#include <functional>
#include <map>
#include <unordered_map>

namespace smoldesk::grammar {

namespace {

constexpr uint32_t kMaxCodePoint = 0x10FFFF;
constexpr uint64_t kMaxRepetition = 10000; // {m,n} bounds; more would only exhaust memory
constexpr size_t kMaxElements = 4'000'000; // the whole grammar, after repetitions are expanded
constexpr int kMaxNesting = 200;           // parentheses, so a hostile grammar cannot overflow the stack

void encodeUtf8(uint32_t cp, uint8_t* out, int& n) {
    if (cp < 0x80) {
        out[0] = uint8_t(cp), n = 1;
    } else if (cp < 0x800) {
        out[0] = uint8_t(0xC0 | (cp >> 6)), out[1] = uint8_t(0x80 | (cp & 0x3F)), n = 2;
    } else if (cp < 0x10000) {
        out[0] = uint8_t(0xE0 | (cp >> 12)), out[1] = uint8_t(0x80 | ((cp >> 6) & 0x3F));
        out[2] = uint8_t(0x80 | (cp & 0x3F)), n = 3;
    } else {
        out[0] = uint8_t(0xF0 | (cp >> 18)), out[1] = uint8_t(0x80 | ((cp >> 12) & 0x3F));
        out[2] = uint8_t(0x80 | ((cp >> 6) & 0x3F)), out[3] = uint8_t(0x80 | (cp & 0x3F)), n = 4;
    }
}

int utf8Length(uint32_t cp) {
    return cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
}

// Splits lo…hi until each piece is a product of per-byte ranges (the utf8-ranges construction).
void splitUtf8(uint32_t lo, uint32_t hi, std::vector<std::vector<ByteRange>>& out) {
    static constexpr uint32_t kLengthEnds[] = {0x7F, 0x7FF, 0xFFFF};
    for (uint32_t end : kLengthEnds)
        if (lo <= end && hi > end) {
            splitUtf8(lo, end, out);
            splitUtf8(end + 1, hi, out);
            return;
        }
    const int n = utf8Length(lo);
    for (int i = 1; i < n; ++i) {
        const uint32_t m = (uint32_t(1) << (6 * i)) - 1;
        if ((lo & ~m) != (hi & ~m)) {
            if ((lo & m) != 0) {
                splitUtf8(lo, lo | m, out);
                splitUtf8((lo | m) + 1, hi, out);
                return;
            }
            if ((hi & m) != m) {
                splitUtf8(lo, (hi & ~m) - 1, out);
                splitUtf8(hi & ~m, hi, out);
                return;
            }
        }
    }
    uint8_t a[4], b[4];
    int na = 0, nb = 0;
    encodeUtf8(lo, a, na);
    encodeUtf8(hi, b, nb);
    std::vector<ByteRange> seq;
    for (int i = 0; i < na; ++i) seq.push_back({a[i], b[i]});
    out.push_back(std::move(seq));
}

// One item of a sequence under construction: a byte set or a rule.
struct Item {
    bool isRule = false;
    uint32_t value = 0;
};
using Sequence = std::vector<Item>;

class Parser {
  public:
    explicit Parser(std::string_view src) : src_(src) {}

    Grammar run() {
        skipSpace(true);
        while (pos_ < src_.size()) {
            parseRule();
            skipSpace(true);
        }
        return finish();
    }

  private:
    std::string_view src_;
    size_t pos_ = 0;
    int depth_ = 0;
    size_t itemCount_ = 0;
    std::vector<std::vector<Sequence>> rules_;
    std::vector<std::string> names_;
    std::vector<bool> defined_;
    std::vector<size_t> firstUse_; // source offset of the first reference, for errors
    std::unordered_map<std::string, uint32_t> ids_;
    std::vector<ByteSet> sets_;
    std::map<std::array<uint64_t, 4>, uint32_t> setIds_;
    std::map<std::vector<std::pair<uint32_t, uint32_t>>, uint32_t> classRules_;

    [[noreturn]] void fail(const std::string& what, size_t at) const {
        int line = 1, col = 1;
        for (size_t i = 0; i < at && i < src_.size(); ++i) {
            if (src_[i] == '\n')
                ++line, col = 1;
            else
                ++col;
        }
        throw Error(ErrorCode::InvalidArgument, "Grammar line " + std::to_string(line) + ", column " +
                                                    std::to_string(col) + ": " + what + ".");
    }
    [[noreturn]] void fail(const std::string& what) const { fail(what, pos_); }

    bool atEnd() const { return pos_ >= src_.size(); }
    char peek(size_t ahead = 0) const { return pos_ + ahead < src_.size() ? src_[pos_ + ahead] : '\0'; }

    void skipSpace(bool newlines) {
        while (!atEnd()) {
            const char c = peek();
            if (c == ' ' || c == '\t' || c == '\r' || (newlines && c == '\n')) {
                ++pos_;
            } else if (c == '#') {
                while (!atEnd() && peek() != '\n') ++pos_;
            } else {
                break;
            }
        }
    }

    static bool isNameChar(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' ||
               c == '_';
    }

    std::string parseName() {
        const size_t start = pos_;
        while (!atEnd() && isNameChar(peek())) ++pos_;
        if (pos_ == start) fail("a rule name was expected");
        return std::string(src_.substr(start, pos_ - start));
    }

    uint32_t ruleId(const std::string& name, size_t at) {
        auto it = ids_.find(name);
        if (it != ids_.end()) return it->second;
        const uint32_t id = newRule(name);
        firstUse_[id] = at;
        return id;
    }

    uint32_t newRule(const std::string& name) {
        const uint32_t id = static_cast<uint32_t>(rules_.size());
        rules_.emplace_back();
        names_.push_back(name);
        defined_.push_back(false);
        firstUse_.push_back(0);
        ids_.emplace(name, id);
        return id;
    }

    uint32_t generatedRule(const std::string& base, std::vector<Sequence> alternatives) {
        const uint32_t id = newRule(base + "/" + std::to_string(rules_.size())); // no user name has '/'
        defined_[id] = true;
        for (const auto& s : alternatives) countItems(s.size());
        rules_[id] = std::move(alternatives);
        return id;
    }

    void countItems(size_t n) {
        itemCount_ += n + 1;
        if (itemCount_ > kMaxElements) fail("the grammar is too large once its repetitions are expanded");
    }

    uint32_t setId(const ByteSet& s) {
        auto [it, fresh] = setIds_.emplace(s.bits, static_cast<uint32_t>(sets_.size()));
        if (fresh) sets_.push_back(s);
        return it->second;
    }

    Item byteItem(uint8_t lo, uint8_t hi) {
        ByteSet s;
        s.addRange(lo, hi);
        return {false, setId(s)};
    }

    void parseRule() {
        const size_t at = pos_;
        const std::string name = parseName();
        skipSpace(false);
        if (src_.substr(pos_, 3) != "::=") fail("'::=' was expected after the rule name '" + name + "'");
        pos_ += 3;
        skipSpace(true);
        const uint32_t id = ruleId(name, at);
        if (defined_[id]) fail("the rule '" + name + "' is defined twice", at);
        defined_[id] = true;
        auto alternatives = parseAlternatives(name, false);
        for (const auto& s : alternatives) countItems(s.size());
        rules_[id] = std::move(alternatives);
        if (!atEnd() && peek() != '\n') fail(std::string("unexpected '") + peek() + "'");
    }

    std::vector<Sequence> parseAlternatives(const std::string& rule, bool nested) {
        std::vector<Sequence> alts;
        alts.push_back(parseSequence(rule, nested));
        while (peek() == '|') {
            ++pos_;
            skipSpace(true);
            alts.push_back(parseSequence(rule, nested));
        }
        return alts;
    }

    uint32_t parseCodePoint(size_t maxDigits) {
        uint32_t v = 0;
        for (size_t i = 0; i < maxDigits; ++i) {
            const char c = peek();
            int d = c >= '0' && c <= '9'   ? c - '0'
                    : c >= 'a' && c <= 'f' ? c - 'a' + 10
                    : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                           : -1;
            if (d < 0) fail("a hexadecimal digit was expected in the escape");
            v = v * 16 + uint32_t(d);
            ++pos_;
        }
        if (v > kMaxCodePoint) fail("the escape names no Unicode character");
        return v;
    }

    // One character of a literal or class, escapes decoded; the input is UTF-8.
    uint32_t parseChar() {
        if (atEnd()) fail("the grammar ends inside a literal or character class");
        const unsigned char c = static_cast<unsigned char>(peek());
        if (c == '\\') {
            ++pos_;
            const char e = peek();
            ++pos_;
            switch (e) {
            case 'x':
                return parseCodePoint(2);
            case 'u':
                return parseCodePoint(4);
            case 'U':
                return parseCodePoint(8);
            case 't':
                return '\t';
            case 'r':
                return '\r';
            case 'n':
                return '\n';
            case '\\':
            case '"':
            case '[':
            case ']':
            case '-':
            case '^':
                return uint32_t(e);
            default:
                --pos_;
                fail(std::string("unknown escape '\\") + e + "'");
            }
        }
        int n = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 0;
        if (n == 0 || pos_ + size_t(n) > src_.size()) fail("the grammar is not valid UTF-8");
        uint32_t cp = n == 1 ? c : n == 2 ? (c & 0x1F) : n == 3 ? (c & 0x0F) : (c & 0x07);
        for (int i = 1; i < n; ++i) {
            const unsigned char k = static_cast<unsigned char>(src_[pos_ + size_t(i)]);
            if ((k >> 6) != 2) fail("the grammar is not valid UTF-8");
            cp = (cp << 6) | (k & 0x3F);
        }
        pos_ += size_t(n);
        return cp;
    }

    void appendCodePoint(Sequence& seq, uint32_t cp) {
        uint8_t b[4];
        int n = 0;
        encodeUtf8(cp, b, n);
        for (int i = 0; i < n; ++i) seq.push_back(byteItem(b[i], b[i]));
    }

    // A class of code point ranges as one byte-set item (ASCII only) or a rule of UTF-8 spellings.
    Item classItem(std::vector<std::pair<uint32_t, uint32_t>> ranges, bool negated) {
        std::sort(ranges.begin(), ranges.end());
        std::vector<std::pair<uint32_t, uint32_t>> merged;
        for (auto r : ranges) {
            if (!merged.empty() && r.first <= merged.back().second + 1)
                merged.back().second = std::max(merged.back().second, r.second);
            else
                merged.push_back(r);
        }
        if (negated) {
            std::vector<std::pair<uint32_t, uint32_t>> inv;
            uint32_t next = 0;
            for (auto r : merged) {
                if (r.first > next) inv.push_back({next, r.first - 1});
                next = r.second + 1;
            }
            if (next <= kMaxCodePoint) inv.push_back({next, kMaxCodePoint});
            merged = std::move(inv);
        }
        // Surrogates have no UTF-8 spelling.
        std::vector<std::pair<uint32_t, uint32_t>> valid;
        for (auto r : merged) {
            if (r.second < 0xD800 || r.first > 0xDFFF) {
                valid.push_back(r);
                continue;
            }
            if (r.first < 0xD800) valid.push_back({r.first, 0xD7FF});
            if (r.second > 0xDFFF) valid.push_back({0xE000, r.second});
        }
        if (valid.empty()) fail("the character class matches nothing");
        if (valid.back().second < 0x80) {
            ByteSet s;
            for (auto r : valid) s.addRange(uint8_t(r.first), uint8_t(r.second));
            return {false, setId(s)};
        }
        auto known = classRules_.find(valid);
        if (known != classRules_.end()) return {true, known->second};
        std::vector<Sequence> alts;
        ByteSet ascii;
        bool hasAscii = false;
        for (auto r : valid)
            for (auto& seq : utf8Sequences(r.first, r.second)) {
                if (seq.size() == 1) {
                    ascii.addRange(seq[0].lo, seq[0].hi), hasAscii = true;
                    continue;
                }
                Sequence s;
                for (auto br : seq) s.push_back(byteItem(br.lo, br.hi));
                alts.push_back(std::move(s));
            }
        if (hasAscii) alts.insert(alts.begin(), Sequence{Item{false, setId(ascii)}});
        const uint32_t id = generatedRule("char", std::move(alts));
        classRules_.emplace(valid, id);
        return {true, id};
    }

    Item parseClass() {
        ++pos_; // '['
        bool negated = false;
        if (peek() == '^') negated = true, ++pos_;
        std::vector<std::pair<uint32_t, uint32_t>> ranges;
        while (peek() != ']') {
            const uint32_t lo = parseChar();
            uint32_t hi = lo;
            if (peek() == '-' && peek(1) != ']' && pos_ + 1 < src_.size()) {
                ++pos_;
                hi = parseChar();
                if (hi < lo) fail("the range in the character class runs backwards");
            }
            ranges.push_back({lo, hi});
        }
        ++pos_; // ']'
        if (ranges.empty() && !negated) fail("the character class is empty");
        return classItem(std::move(ranges), negated);
    }

    uint64_t parseCount() {
        const size_t start = pos_;
        uint64_t v = 0;
        while (peek() >= '0' && peek() <= '9') {
            v = v * 10 + uint64_t(peek() - '0');
            if (v > kMaxRepetition)
                fail("the repetition count is larger than " + std::to_string(kMaxRepetition));
            ++pos_;
        }
        if (pos_ == start) fail("a number was expected in the repetition");
        return v;
    }

    // Replaces seq[from…] (the last symbol) by the symbol repeated min…max times (max < 0: no limit).
    void repeat(const std::string& rule, Sequence& seq, size_t from, uint64_t min, int64_t max) {
        Sequence symbol(seq.begin() + long(from), seq.end());
        seq.resize(from);
        Item one = symbol.size() == 1 ? symbol[0] : Item{true, generatedRule(rule, {symbol})};
        for (uint64_t i = 0; i < min; ++i) seq.push_back(one);
        countItems(min);
        if (max < 0) {
            // star ::= one star | ε — right recursion, which the matcher follows in constant space
            const uint32_t star = generatedRule(rule, {});
            rules_[star] = {Sequence{one, Item{true, star}}, Sequence{}};
            countItems(3);
            seq.push_back({true, star});
            return;
        }
        // opt_k ::= one opt_(k-1) | ε, so that at most max - min more follow
        Item tail{};
        bool hasTail = false;
        for (uint64_t k = 0; k < uint64_t(max) - min; ++k) {
            Sequence more{one};
            if (hasTail) more.push_back(tail);
            tail = {true, generatedRule(rule, {more, Sequence{}})};
            hasTail = true;
        }
        if (hasTail) seq.push_back(tail);
    }

    Sequence parseSequence(const std::string& rule, bool nested) {
        Sequence seq;
        size_t lastStart = SIZE_MAX;
        while (!atEnd()) {
            const char c = peek();
            const size_t before = seq.size();
            if (c == '"') {
                ++pos_;
                Sequence lit;
                while (peek() != '"') {
                    if (atEnd()) fail("the literal is not closed");
                    appendCodePoint(lit, parseChar());
                }
                ++pos_;
                seq.insert(seq.end(), lit.begin(), lit.end());
                // An empty literal is no symbol to repeat; a longer one repeats as a whole.
                lastStart = lit.empty() ? SIZE_MAX : before;
            } else if (c == '[') {
                seq.push_back(parseClass());
                lastStart = before;
            } else if (c == '.') {
                ++pos_;
                seq.push_back(classItem({{0, kMaxCodePoint}}, false));
                lastStart = before;
            } else if (isNameChar(c)) {
                const size_t at = pos_;
                const std::string name = parseName();
                skipSpace(nested);
                if (src_.substr(pos_, 3) == "::=") {
                    if (nested) fail("a new rule cannot start inside parentheses");
                    pos_ = at; // the next rule starts here: this sequence ended at a line break
                    break;
                }
                seq.push_back({true, ruleId(name, at)});
                lastStart = before;
                continue;
            } else if (c == '(') {
                if (++depth_ > kMaxNesting) fail("the parentheses are nested too deeply");
                ++pos_;
                skipSpace(true);
                auto alts = parseAlternatives(rule, true);
                if (peek() != ')') fail("')' was expected");
                ++pos_;
                --depth_;
                seq.push_back({true, generatedRule(rule, std::move(alts))});
                lastStart = before;
            } else if (c == '*' || c == '+' || c == '?' || c == '{') {
                if (lastStart == SIZE_MAX) fail(std::string("'") + c + "' follows nothing it could repeat");
                ++pos_;
                uint64_t min = 0;
                int64_t max = -1;
                if (c == '+') min = 1;
                if (c == '?') max = 1;
                if (c == '{') {
                    skipSpace(nested);
                    min = parseCount();
                    skipSpace(nested);
                    max = int64_t(min);
                    if (peek() == ',') {
                        ++pos_;
                        skipSpace(nested);
                        max = peek() == '}' ? -1 : int64_t(parseCount());
                        skipSpace(nested);
                    }
                    if (peek() != '}') fail("'}' was expected to close the repetition");
                    ++pos_;
                    if (max >= 0 && uint64_t(max) < min)
                        fail("the repetition's maximum is below its minimum");
                }
                repeat(rule, seq, lastStart, min, max);
                lastStart = SIZE_MAX;
            } else if (c == '<') {
                for (uint8_t b : tokenReference()) seq.push_back(byteItem(b, b));
                lastStart = before;
            } else if (c == '!' && peek(1) == '<') {
                fail("negated token references (!<…>) are not supported");
            } else {
                break;
            }
            skipSpace(nested);
        }
        return seq;
    }

    // `<token text>` (the brackets are part of the text, as in <think> or <|call|>) or `<[id]>`.
    std::string tokenReference() {
        const size_t close = src_.find('>', pos_ + 1);
        if (close == std::string_view::npos) fail("the token reference is not closed with '>'");
        const std::string_view text = src_.substr(pos_, close + 1 - pos_);
        const std::string_view inner = text.substr(1, text.size() - 2);
        if (inner.empty() || inner.find_first_of(" \t\r\n\"") != std::string_view::npos)
            fail("a token reference is a token's text in angle brackets (<|call|>) or an id (<[123]>)");
        std::string key;
        if (inner.front() == '[' && inner.back() == ']') {
            const std::string_view digits = inner.substr(1, inner.size() - 2);
            if (digits.empty() || digits.size() > 9 ||
                digits.find_first_not_of("0123456789") != std::string_view::npos)
                fail("a token id in <[...]> must be a number below 10^9");
            key = tokenIdKey(static_cast<int32_t>(std::stol(std::string(digits))));
        } else {
            key = tokenTextKey(text);
        }
        pos_ = close + 1;
        return key;
    }

    Grammar finish() {
        auto root = ids_.find("root");
        if (root == ids_.end() || !defined_[root->second]) fail("the grammar has no rule named 'root'", 0);
        for (size_t r = 0; r < rules_.size(); ++r)
            if (!defined_[r]) fail("the rule '" + names_[r] + "' is used but never defined", firstUse_[r]);
        checkLeftRecursion();
        Grammar g;
        g.byteSets = std::move(sets_);
        g.ruleNames = std::move(names_);
        g.root = root->second;
        g.rules.resize(rules_.size());
        for (size_t r = 0; r < rules_.size(); ++r)
            for (const auto& seq : rules_[r]) {
                g.rules[r].push_back(static_cast<uint32_t>(g.elements.size()));
                for (const auto& it : seq)
                    g.elements.push_back({it.isRule ? Element::Kind::Rule : Element::Kind::Bytes, it.value});
                g.elements.push_back({Element::Kind::End, 0});
            }
        return g;
    }

    // The matcher expands a rule by pushing its alternatives; a rule that can reach itself
    // before any byte is matched would expand forever, so it is refused here.
    void checkLeftRecursion() {
        const size_t n = rules_.size();
        std::vector<bool> nullable(n, false);
        for (bool changed = true; changed;) {
            changed = false;
            for (size_t r = 0; r < n; ++r) {
                if (nullable[r]) continue;
                for (const auto& seq : rules_[r]) {
                    bool all = true;
                    for (const auto& it : seq)
                        if (!it.isRule || !nullable[it.value]) {
                            all = false;
                            break;
                        }
                    if (all) {
                        nullable[r] = changed = true;
                        break;
                    }
                }
            }
        }
        std::vector<std::vector<uint32_t>> first(n);
        for (size_t r = 0; r < n; ++r)
            for (const auto& seq : rules_[r])
                for (const auto& it : seq) {
                    if (!it.isRule) break;
                    first[r].push_back(it.value);
                    if (!nullable[it.value]) break;
                }
        // Iterative depth-first search: 0 unvisited, 1 on the path, 2 done.
        std::vector<uint8_t> state(n, 0);
        for (size_t start = 0; start < n; ++start) {
            if (state[start]) continue;
            std::vector<std::pair<uint32_t, size_t>> stack{{uint32_t(start), 0}};
            state[start] = 1;
            while (!stack.empty()) {
                auto& [r, i] = stack.back();
                if (i == first[r].size()) {
                    state[r] = 2;
                    stack.pop_back();
                    continue;
                }
                const uint32_t next = first[r][i++];
                if (state[next] == 1) {
                    // Name the user's rule, not a helper generated for a group or repetition.
                    std::string name = names_[next];
                    for (auto it = stack.rbegin(); it != stack.rend(); ++it)
                        if (names_[it->first].find('/') == std::string::npos) {
                            name = names_[it->first];
                            break;
                        }
                    fail("the rule '" + name + "' is left-recursive, which this grammar engine cannot follow",
                         0);
                }
                if (state[next] == 0) {
                    state[next] = 1;
                    stack.push_back({next, 0});
                }
            }
        }
    }
};

} // namespace

std::vector<std::vector<ByteRange>> utf8Sequences(uint32_t lo, uint32_t hi) {
    std::vector<std::vector<ByteRange>> out;
    if (lo > hi || hi > kMaxCodePoint) return out;
    if (lo <= 0xDFFF && hi >= 0xD800) {
        if (lo < 0xD800) splitUtf8(lo, 0xD7FF, out);
        if (hi > 0xDFFF) splitUtf8(0xE000, hi, out);
        return out;
    }
    splitUtf8(lo, hi, out);
    return out;
}

Grammar parseGbnf(std::string_view source) {
    return Parser(source).run();
}

std::string gbnfLiteral(std::string_view bytes) {
    static const char* kHex = "0123456789ABCDEF";
    std::string out = "\"";
    for (unsigned char c : bytes) {
        if (c == '"' || c == '\\') {
            out += '\\';
            out += char(c);
        } else if (c < 0x20 || c == 0x7F) {
            out += "\\x";
            out += kHex[c >> 4];
            out += kHex[c & 15];
        } else {
            out += char(c);
        }
    }
    return out + "\"";
}

} // namespace smoldesk::grammar
