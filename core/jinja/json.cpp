// JSON in and out. Parsing keeps object key order and types numbers like Python's json
// (int unless there is a fraction or exponent); dumping matches json.dumps(ensure_ascii=False).
#include "jinja/failure.h"
#include "jinja/template.h"
#include "jinja/utf8.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace smoldesk::jinja {

namespace {

constexpr int kMaxJsonDepth = 512;

class JsonParser {
  public:
    explicit JsonParser(std::string_view s) : s_(s) {}

    Value parseDocument() {
        skipSpace();
        Value v = parseValue(0);
        skipSpace();
        if (pos_ < s_.size()) error("extra data after the JSON value");
        return v;
    }

  private:
    std::string_view s_;
    size_t pos_ = 0;

    [[noreturn]] void error(const std::string& what) const {
        int line = 1, column = 1;
        for (size_t i = 0; i < pos_ && i < s_.size(); ++i) {
            if (s_[i] == '\n') {
                ++line;
                column = 1;
            } else if ((static_cast<unsigned char>(s_[i]) & 0xC0) != 0x80) {
                ++column;
            }
        }
        throw Error(ErrorCode::InvalidArgument,
                    "JSON line " + std::to_string(line) + ", column " + std::to_string(column) + ": " + what);
    }

    void skipSpace() {
        while (pos_ < s_.size() &&
               (s_[pos_] == ' ' || s_[pos_] == '\t' || s_[pos_] == '\n' || s_[pos_] == '\r'))
            ++pos_;
    }

    bool consume(std::string_view word) {
        if (s_.substr(pos_, word.size()) != word) return false;
        pos_ += word.size();
        return true;
    }

    Value parseValue(int depth) {
        if (depth > kMaxJsonDepth) error("nesting too deep");
        if (pos_ >= s_.size()) error("unexpected end of input");
        char c = s_[pos_];
        if (c == '{') return parseObject(depth);
        if (c == '[') return parseArray(depth);
        if (c == '"') return Value(parseString());
        if (consume("true")) return Value(true);
        if (consume("false")) return Value(false);
        if (consume("null")) return Value::none();
        if (consume("NaN")) return Value(std::nan(""));
        if (consume("Infinity")) return Value(HUGE_VAL);
        if (consume("-Infinity")) return Value(-HUGE_VAL);
        if (c == '-' || (c >= '0' && c <= '9')) return parseNumber();
        error(std::string("unexpected character '") + c + "'");
    }

    Value parseObject(int depth) {
        ++pos_;
        Dict d;
        skipSpace();
        if (pos_ < s_.size() && s_[pos_] == '}') {
            ++pos_;
            return Value::dict(std::move(d));
        }
        while (true) {
            skipSpace();
            if (pos_ >= s_.size() || s_[pos_] != '"') error("expected a string key");
            std::string key = parseString();
            skipSpace();
            if (pos_ >= s_.size() || s_[pos_] != ':') error("expected ':'");
            ++pos_;
            skipSpace();
            d.set(Value(std::move(key)), parseValue(depth + 1));
            skipSpace();
            if (pos_ < s_.size() && s_[pos_] == ',') {
                ++pos_;
                continue;
            }
            if (pos_ < s_.size() && s_[pos_] == '}') {
                ++pos_;
                return Value::dict(std::move(d));
            }
            error("expected ',' or '}'");
        }
    }

    Value parseArray(int depth) {
        ++pos_;
        std::vector<Value> items;
        skipSpace();
        if (pos_ < s_.size() && s_[pos_] == ']') {
            ++pos_;
            return Value::list(std::move(items));
        }
        while (true) {
            skipSpace();
            items.push_back(parseValue(depth + 1));
            skipSpace();
            if (pos_ < s_.size() && s_[pos_] == ',') {
                ++pos_;
                continue;
            }
            if (pos_ < s_.size() && s_[pos_] == ']') {
                ++pos_;
                return Value::list(std::move(items));
            }
            error("expected ',' or ']'");
        }
    }

    unsigned hex4() {
        if (pos_ + 4 > s_.size()) error("truncated \\u escape");
        unsigned v = 0;
        for (int i = 0; i < 4; ++i) {
            char c = s_[pos_++];
            v <<= 4;
            if (c >= '0' && c <= '9')
                v |= c - '0';
            else if (c >= 'a' && c <= 'f')
                v |= c - 'a' + 10;
            else if (c >= 'A' && c <= 'F')
                v |= c - 'A' + 10;
            else
                error("invalid \\u escape");
        }
        return v;
    }

    std::string parseString() {
        ++pos_;
        std::string out;
        while (true) {
            if (pos_ >= s_.size()) error("unterminated string");
            char c = s_[pos_++];
            if (c == '"') return out;
            if (static_cast<unsigned char>(c) < 0x20) error("control character in string");
            if (c != '\\') {
                out += c;
                continue;
            }
            if (pos_ >= s_.size()) error("unterminated string");
            char e = s_[pos_++];
            switch (e) {
            case '"':
                out += '"';
                break;
            case '\\':
                out += '\\';
                break;
            case '/':
                out += '/';
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
            case 'u': {
                char32_t cp = hex4();
                if (cp >= 0xD800 && cp <= 0xDBFF && s_.substr(pos_, 2) == "\\u") {
                    size_t save = pos_;
                    pos_ += 2;
                    char32_t low = hex4();
                    if (low >= 0xDC00 && low <= 0xDFFF)
                        cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
                    else
                        pos_ = save;
                }
                utf8::append(out, cp);
                break;
            }
            default:
                error(std::string("invalid escape '\\") + e + "'");
            }
        }
    }

    Value parseNumber() {
        size_t start = pos_;
        if (s_[pos_] == '-') ++pos_;
        if (pos_ >= s_.size() || !(s_[pos_] >= '0' && s_[pos_] <= '9')) error("invalid number");
        if (s_[pos_] == '0')
            ++pos_;
        else
            while (pos_ < s_.size() && s_[pos_] >= '0' && s_[pos_] <= '9') ++pos_;
        bool isFloat = false;
        if (pos_ < s_.size() && s_[pos_] == '.') {
            isFloat = true;
            ++pos_;
            if (pos_ >= s_.size() || !(s_[pos_] >= '0' && s_[pos_] <= '9')) error("invalid number");
            while (pos_ < s_.size() && s_[pos_] >= '0' && s_[pos_] <= '9') ++pos_;
        }
        if (pos_ < s_.size() && (s_[pos_] == 'e' || s_[pos_] == 'E')) {
            isFloat = true;
            ++pos_;
            if (pos_ < s_.size() && (s_[pos_] == '+' || s_[pos_] == '-')) ++pos_;
            if (pos_ >= s_.size() || !(s_[pos_] >= '0' && s_[pos_] <= '9')) error("invalid number");
            while (pos_ < s_.size() && s_[pos_] >= '0' && s_[pos_] <= '9') ++pos_;
        }
        std::string text(s_.substr(start, pos_ - start));
        if (!isFloat) {
            errno = 0;
            long long v = std::strtoll(text.c_str(), nullptr, 10);
            if (errno != ERANGE) return Value(int64_t(v));
        }
        return Value(std::strtod(text.c_str(), nullptr));
    }
};

void appendJsonString(std::string& out, const std::string& s) {
    out += '"';
    for (char c : s) {
        switch (c) {
        case '"':
            out += "\\\"";
            break;
        case '\\':
            out += "\\\\";
            break;
        case '\n':
            out += "\\n";
            break;
        case '\r':
            out += "\\r";
            break;
        case '\t':
            out += "\\t";
            break;
        case '\b':
            out += "\\b";
            break;
        case '\f':
            out += "\\f";
            break;
        default:
            if (static_cast<unsigned char>(c) < 0x20) {
                char buf[8];
                std::snprintf(buf, sizeof buf, "\\u%04x", unsigned(c));
                out += buf;
            } else {
                out += c;
            }
        }
    }
    out += '"';
}

std::string floatJson(double f) {
    if (std::isnan(f)) return "NaN";
    if (std::isinf(f)) return f > 0 ? "Infinity" : "-Infinity";
    return formatFloat(f);
}

void dump(std::string& out, const Value& v, int indent, int level) {
    if (level > kMaxJsonDepth) fail(py::kValueError, "Circular reference detected");
    auto newline = [&](int lvl) {
        out += '\n';
        out.append(size_t(indent * lvl), ' ');
    };
    switch (v.kind()) {
    case Kind::None:
        out += "null";
        return;
    case Kind::Bool:
        out += v.boolValue() ? "true" : "false";
        return;
    case Kind::Int:
        out += std::to_string(v.intValue());
        return;
    case Kind::Float:
        out += floatJson(v.numberValue());
        return;
    case Kind::String:
        appendJsonString(out, v.str());
        return;
    case Kind::List:
    case Kind::Tuple: {
        const auto& items = v.items();
        if (items.empty()) {
            out += "[]";
            return;
        }
        out += '[';
        for (size_t i = 0; i < items.size(); ++i) {
            if (i) out += indent >= 0 ? "," : ", ";
            if (indent >= 0) newline(level + 1);
            dump(out, items[i], indent, level + 1);
        }
        if (indent >= 0) newline(level);
        out += ']';
        return;
    }
    case Kind::Dict: {
        const auto& entries = v.dictData().entries();
        if (entries.empty()) {
            out += "{}";
            return;
        }
        out += '{';
        bool first = true;
        for (const auto& [k, item] : entries) {
            if (!first) out += indent >= 0 ? "," : ", ";
            first = false;
            if (indent >= 0) newline(level + 1);
            if (k.isString())
                appendJsonString(out, k.str());
            else if (k.isBool())
                out += k.boolValue() ? "\"true\"" : "\"false\"";
            else if (k.isNone())
                out += "\"null\"";
            else if (k.isInt())
                out += '"' + std::to_string(k.intValue()) + '"';
            else if (k.isFloat())
                out += '"' + floatJson(k.numberValue()) + '"';
            else
                fail(py::kTypeError,
                     std::string("keys must be str, int, float, bool or None, not ") + typeName(k));
            out += ": ";
            dump(out, item, indent, level + 1);
        }
        if (indent >= 0) newline(level);
        out += '}';
        return;
    }
    default:
        fail(py::kTypeError, std::string("Object of type ") + typeName(v) + " is not JSON serializable");
    }
}

} // namespace

Value parseJson(std::string_view json) {
    return JsonParser(json).parseDocument();
}

std::string toJson(const Value& value, int indent) {
    std::string out;
    dump(out, value, indent, 0);
    return out;
}

std::string jsonQuote(std::string_view text) {
    std::string out;
    appendJsonString(out, std::string(text));
    return out;
}

} // namespace smoldesk::jinja
