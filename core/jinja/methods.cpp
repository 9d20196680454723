// Python methods of str, dict, list and tuple as the immutable sandbox exposes them:
// read-only methods work, mutating ones resolve to an Undefined that raises SecurityError.
#include "jinja/builtins.h"
#include "jinja/failure.h"
#include "jinja/interpreter.h"
#include "jinja/utf8.h"

#include <algorithm>
#include <array>
#include <cstring>

namespace smoldesk::jinja {

namespace {

constexpr std::array kStringMethods = {
    "strip",        "lstrip",      "rstrip",  "split",     "rsplit",    "splitlines", "startswith",
    "endswith",     "replace",     "upper",   "lower",     "title",     "capitalize", "swapcase",
    "find",         "rfind",       "index",   "rindex",    "count",     "format",     "join",
    "center",       "ljust",       "rjust",   "zfill",     "isdigit",   "isalpha",    "isalnum",
    "isspace",      "isupper",     "islower", "isnumeric", "isdecimal", "partition",  "rpartition",
    "removeprefix", "removesuffix"};
constexpr std::array kDictMethods = {"items", "keys", "values", "get", "copy"};
constexpr std::array kDictMutators = {"pop", "popitem", "setdefault", "update", "clear", "fromkeys"};
constexpr std::array kListMethods = {"index", "count", "copy"};
constexpr std::array kListMutators = {"append", "pop",     "extend", "insert",
                                      "remove", "reverse", "sort",   "clear"};

template <size_t N> bool listed(const std::array<const char*, N>& names, const std::string& name) {
    return std::any_of(names.begin(), names.end(), [&](const char* n) { return name == n; });
}

// Each part of a split is a new string value kept alive by the result: charged like an iteration.
constexpr uint64_t kPartSteps = 4;

void addPart(Interpreter& in, std::vector<Value>& parts, std::string part) {
    in.step(kPartSteps);
    parts.emplace_back(std::move(part));
}

// Byte offset -> code point index.
int64_t codePointIndex(const std::string& s, size_t byteOffset) {
    return int64_t(utf8::length(std::string_view(s).substr(0, byteOffset)));
}

std::vector<Value> splitWhitespace(Interpreter& in, const std::string& s, int64_t maxsplit, bool fromRight) {
    std::vector<Value> parts;
    if (!fromRight && utf8::isAscii(s)) { // the common case, without decoding to code points
        size_t i = 0, n = s.size();
        while (true) {
            while (i < n && utf8::isSpace(char32_t(s[i]))) ++i;
            if (i >= n) break;
            if (maxsplit >= 0 && int64_t(parts.size()) >= maxsplit) {
                addPart(in, parts, s.substr(i));
                break;
            }
            size_t j = i;
            while (j < n && !utf8::isSpace(char32_t(s[j]))) ++j;
            addPart(in, parts, s.substr(i, j - i));
            i = j;
        }
        return parts;
    }
    std::vector<char32_t> cps = utf8::decode(s);
    if (!fromRight) {
        size_t i = 0, n = cps.size();
        while (true) {
            while (i < n && utf8::isSpace(cps[i])) ++i;
            if (i >= n) break;
            if (maxsplit >= 0 && int64_t(parts.size()) >= maxsplit) {
                in.step(kPartSteps),
                    parts.emplace_back(utf8::encode({cps.begin() + i, cps.end()})); // the rest, as is
                break;
            }
            size_t j = i;
            while (j < n && !utf8::isSpace(cps[j])) ++j;
            addPart(in, parts, utf8::encode({cps.begin() + i, cps.begin() + j}));
            i = j;
        }
        return parts;
    }
    int64_t i = int64_t(cps.size());
    while (true) {
        while (i > 0 && utf8::isSpace(cps[i - 1])) --i;
        if (i <= 0) break;
        if (maxsplit >= 0 && int64_t(parts.size()) >= maxsplit) {
            addPart(in, parts, utf8::encode({cps.begin(), cps.begin() + i}));
            break;
        }
        int64_t j = i;
        while (j > 0 && !utf8::isSpace(cps[j - 1])) --j;
        addPart(in, parts, utf8::encode({cps.begin() + j, cps.begin() + i}));
        i = j;
    }
    std::reverse(parts.begin(), parts.end());
    return parts;
}

std::vector<Value> splitOn(Interpreter& in, const std::string& s, const std::string& sep, int64_t maxsplit,
                           bool fromRight) {
    if (sep.empty()) fail(py::kValueError, "empty separator");
    std::vector<Value> parts;
    if (!fromRight) {
        size_t start = 0;
        while (maxsplit < 0 || int64_t(parts.size()) < maxsplit) {
            size_t p = s.find(sep, start);
            if (p == std::string::npos) break;
            addPart(in, parts, s.substr(start, p - start));
            start = p + sep.size();
        }
        addPart(in, parts, s.substr(start));
        return parts;
    }
    size_t end = s.size();
    while (maxsplit < 0 || int64_t(parts.size()) < maxsplit) {
        if (end < sep.size()) break;
        size_t p = s.rfind(sep, end - sep.size());
        if (p == std::string::npos) break;
        addPart(in, parts, s.substr(p + sep.size(), end - p - sep.size()));
        end = p;
    }
    addPart(in, parts, s.substr(0, end));
    std::reverse(parts.begin(), parts.end());
    return parts;
}

bool matchesAffix(const std::string& s, const Value& affix, bool prefix) {
    auto one = [&](const Value& a) {
        if (!a.isString())
            fail(py::kTypeError, std::string(prefix ? "startswith" : "endswith") +
                                     " first arg must be str or a tuple of str, not " + typeName(a));
        const std::string& x = a.str();
        if (x.size() > s.size()) return false;
        return prefix ? s.compare(0, x.size(), x) == 0 : s.compare(s.size() - x.size(), x.size(), x) == 0;
    };
    if (affix.isTuple()) {
        for (const Value& a : affix.items())
            if (one(a)) return true;
        return false;
    }
    return one(affix);
}

std::string titleCase(const std::string& s) {
    std::string out;
    size_t pos = 0;
    bool prevCased = false;
    while (pos < s.size()) {
        char32_t cp = utf8::next(s, pos);
        bool cased = utf8::isAlpha(cp);
        utf8::append(out, cased ? (prevCased ? utf8::toLower(cp) : utf8::toUpper(cp)) : cp);
        prevCased = cased;
    }
    return out;
}

std::string padded(const std::string& s, int64_t width, const std::string& fill, int where) {
    int64_t len = int64_t(utf8::length(s));
    if (width <= len) return s;
    int64_t total = width - len;
    int64_t left = where < 0 ? 0 : where > 0 ? total : total / 2 + (total & width & 1);
    std::string out;
    for (int64_t i = 0; i < left; ++i) out += fill;
    out += s;
    for (int64_t i = 0; i < total - left; ++i) out += fill;
    return out;
}

template <typename Pred> bool allChars(const std::string& s, Pred pred) {
    if (s.empty()) return false;
    size_t pos = 0;
    while (pos < s.size())
        if (!pred(utf8::next(s, pos))) return false;
    return true;
}

std::vector<Value> splitLines(const std::string& s) {
    std::vector<Value> lines;
    size_t start = 0;
    for (size_t i = 0; i < s.size(); ++i) {
        if (s[i] == '\n' || s[i] == '\r') {
            lines.emplace_back(s.substr(start, i - start));
            if (s[i] == '\r' && i + 1 < s.size() && s[i + 1] == '\n') ++i;
            start = i + 1;
        }
    }
    if (start < s.size()) lines.emplace_back(s.substr(start));
    return lines;
}

// str.replace(old, new[, count]); an empty `old` inserts `new` between code points, as Python does.
std::string replaced(Interpreter& in, const std::string& s, ArgList& args) {
    const Value& oldV = args.require(0, "old");
    const Value& newV = args.require(1, "new");
    if (!oldV.isString() || !newV.isString())
        fail(py::kTypeError,
             std::string("replace() argument must be str, not ") + typeName(oldV.isString() ? newV : oldV));
    int64_t count = toInt(args.get(2, "count", Value(-1)), "count");
    const std::string& o = oldV.str();
    const std::string& n = newV.str();
    std::string out;
    int64_t done = 0;
    if (o.empty()) {
        size_t pos = 0;
        while (pos <= s.size()) {
            if (count < 0 || done < count) {
                out += n;
                ++done;
            }
            if (pos == s.size()) break;
            size_t start = pos;
            utf8::next(s, pos);
            out.append(s, start, pos - start);
            in.checkSize(out.size());
        }
        return out;
    }
    size_t start = 0;
    while (count < 0 || done < count) {
        size_t p = s.find(o, start);
        if (p == std::string::npos) break;
        out.append(s, start, p - start);
        out += n;
        start = p + o.size();
        ++done;
        in.step();
        if (n.size() > o.size()) in.checkSize(out.size());
    }
    out.append(s, start);
    in.chargeString(out.size());
    return out;
}

std::string capitalized(const std::string& s) {
    std::string out;
    size_t pos = 0;
    bool first = true;
    while (pos < s.size()) {
        char32_t cp = utf8::next(s, pos);
        utf8::append(out, first ? utf8::toUpper(cp) : utf8::toLower(cp));
        first = false;
    }
    return out;
}

std::string swappedCase(const std::string& s) {
    std::string out;
    size_t pos = 0;
    while (pos < s.size()) {
        char32_t cp = utf8::next(s, pos);
        char32_t up = utf8::toUpper(cp);
        utf8::append(out, up != cp ? up : utf8::toLower(cp));
    }
    return out;
}

// find, rfind, index, rindex: a code-point index (index/rindex raise when nothing is found).
Value position(const std::string& s, const std::string& name, ArgList& args) {
    const Value& sub = args.require(0, "sub");
    if (!sub.isString()) fail(py::kTypeError, std::string("must be str, not ") + typeName(sub));
    size_t p = name[0] == 'r' ? s.rfind(sub.str()) : s.find(sub.str());
    if (p == std::string::npos) {
        if (name == "index" || name == "rindex") fail(py::kValueError, "substring not found");
        return Value(int64_t(-1));
    }
    return Value(codePointIndex(s, p));
}

int64_t occurrences(const std::string& s, ArgList& args) {
    const Value& sub = args.require(0, "sub");
    if (!sub.isString()) fail(py::kTypeError, std::string("must be str, not ") + typeName(sub));
    if (sub.str().empty()) return int64_t(utf8::length(s) + 1);
    int64_t n = 0;
    for (size_t p = s.find(sub.str()); p != std::string::npos; p = s.find(sub.str(), p + sub.str().size()))
        ++n;
    return n;
}

std::string joined(Interpreter& in, const std::string& s, ArgList& args) {
    std::string out;
    size_t i = 0;
    for (const Value& item : in.iterate(args.require(0, "iterable"))) {
        if (!item.isString())
            fail(py::kTypeError, "sequence item " + std::to_string(i) + ": expected str instance, " +
                                     typeName(item) + " found");
        if (i++) out += s;
        out += item.str();
        in.checkSize(out.size());
    }
    in.chargeString(out.size());
    return out;
}

std::string zeroFilled(Interpreter& in, const std::string& s, ArgList& args) {
    int64_t width = toInt(args.require(0, "width"), "width");
    if (width > int64_t(in.options().maxOutputBytes)) in.chargeString(size_t(width));
    int64_t len = int64_t(utf8::length(s));
    if (width <= len) return s;
    size_t signLen = !s.empty() && (s[0] == '-' || s[0] == '+') ? 1 : 0;
    return s.substr(0, signLen) + std::string(size_t(width - len), '0') + s.substr(signLen);
}

// isupper / islower: at least one cased character, and all of them in that case.
bool allCased(const std::string& s, bool upper) {
    bool anyCased = false, ok = true;
    size_t pos = 0;
    while (pos < s.size()) {
        char32_t c = utf8::next(s, pos);
        if (utf8::toUpper(c) != utf8::toLower(c)) {
            anyCased = true;
            if ((upper && utf8::toUpper(c) != c) || (!upper && utf8::toLower(c) != c)) ok = false;
        }
    }
    return anyCased && ok;
}

Value partitioned(const std::string& s, const std::string& name, ArgList& args) {
    const std::string& sep = args.require(0, "sep").str();
    if (sep.empty()) fail(py::kValueError, "empty separator");
    size_t p = name == "partition" ? s.find(sep) : s.rfind(sep);
    if (p == std::string::npos)
        return name == "partition" ? Value::tuple({Value(s), Value(""), Value("")})
                                   : Value::tuple({Value(""), Value(""), Value(s)});
    return Value::tuple({Value(s.substr(0, p)), Value(sep), Value(s.substr(p + sep.size()))});
}

std::string withoutAffix(const std::string& s, const std::string& name, ArgList& args) {
    const std::string& a = args.require(0, "affix").str();
    if (name == "removeprefix" && s.compare(0, a.size(), a) == 0) return s.substr(a.size());
    if (name == "removesuffix" && !a.empty() && s.size() >= a.size() &&
        s.compare(s.size() - a.size(), a.size(), a) == 0)
        return s.substr(0, s.size() - a.size());
    return s;
}

Value stringMethod(Interpreter& in, const std::string& s, const std::string& name, CallArgs& raw) {
    ArgList args(raw, name.c_str());
    if (name == "strip" || name == "lstrip" || name == "rstrip") {
        Value chars = args.get(0, "chars", Value::none());
        std::string charsText = chars.isNone() ? "" : chars.str();
        if (!chars.isNone() && !chars.isString()) fail(py::kTypeError, name + " arg must be None or str");
        return Value(
            utf8::strip(s, chars.isNone() ? nullptr : &charsText, name != "rstrip", name != "lstrip"));
    }
    if (name == "split" || name == "rsplit") {
        Value sep = args.get(0, "sep", Value::none());
        int64_t maxsplit = toInt(args.get(1, "maxsplit", Value(-1)), "maxsplit");
        in.step(s.size() / 16);
        if (!sep.isNone() && !sep.isString())
            fail(py::kTypeError, std::string("must be str or None, not ") + typeName(sep));
        std::vector<Value> parts = sep.isNone() ? splitWhitespace(in, s, maxsplit, name == "rsplit")
                                                : splitOn(in, s, sep.str(), maxsplit, name == "rsplit");
        return Value::list(std::move(parts));
    }
    if (name == "splitlines") return Value::list(splitLines(s));
    if (name == "startswith" || name == "endswith")
        return Value(matchesAffix(s, args.require(0, "prefix"), name == "startswith"));
    if (name == "replace") return Value(replaced(in, s, args));
    if (name == "upper") return Value(utf8::upper(s));
    if (name == "lower") return Value(utf8::lower(s));
    if (name == "title") return Value(titleCase(s));
    if (name == "capitalize") return Value(capitalized(s));
    if (name == "swapcase") return Value(swappedCase(s));
    if (name == "find" || name == "rfind" || name == "index" || name == "rindex")
        return position(s, name, args);
    if (name == "count") return Value(occurrences(s, args));
    if (name == "format") return Value(braceFormat(in, s, raw));
    if (name == "join") return Value(joined(in, s, args));
    if (name == "center" || name == "ljust" || name == "rjust") {
        int64_t width = toInt(args.require(0, "width"), "width");
        if (width > int64_t(in.options().maxOutputBytes)) in.chargeString(size_t(width));
        std::string fill = args.get(1, "fillchar", Value(" ")).str();
        return Value(padded(s, width, fill, name == "center" ? 0 : name == "ljust" ? -1 : 1));
    }
    if (name == "zfill") return Value(zeroFilled(in, s, args));
    if (name == "isdigit" || name == "isnumeric" || name == "isdecimal")
        return Value(allChars(s, [](char32_t c) { return c >= '0' && c <= '9'; }));
    if (name == "isalpha") return Value(allChars(s, utf8::isAlpha));
    if (name == "isalnum")
        return Value(allChars(s, [](char32_t c) { return utf8::isAlpha(c) || (c >= '0' && c <= '9'); }));
    if (name == "isspace") return Value(allChars(s, utf8::isSpace));
    if (name == "isupper" || name == "islower") return Value(allCased(s, name == "isupper"));
    if (name == "partition" || name == "rpartition") return partitioned(s, name, args);
    if (name == "removeprefix" || name == "removesuffix") return Value(withoutAffix(s, name, args));
    fail(py::kUndefinedError, "'str object' has no attribute " + reprString(name));
}

Value dictMethod(Interpreter& in, const Value& d, const std::string& name, CallArgs& raw) {
    ArgList args(raw, name.c_str());
    const Dict& dict = d.dictData();
    if (name == "items") {
        std::vector<Value> items;
        for (const auto& [k, v] : dict.entries()) items.push_back(Value::tuple({k, v}));
        in.step(items.size());
        return Value::list(std::move(items));
    }
    if (name == "keys" || name == "values") {
        std::vector<Value> items;
        for (const auto& [k, v] : dict.entries()) items.push_back(name == "keys" ? k : v);
        in.step(items.size());
        return Value::list(std::move(items));
    }
    if (name == "get") {
        const Value& key = args.require(0, "key");
        if (const Value* v = dict.find(key)) return *v;
        return args.get(1, "default", Value::none());
    }
    if (name == "copy") return Value::dict(dict);
    fail(py::kUndefinedError, "'dict object' has no attribute " + reprString(name));
}

Value sequenceMethod(const Value& seq, const std::string& name, CallArgs& raw) {
    ArgList args(raw, name.c_str());
    const auto& items = seq.items();
    if (name == "index") {
        const Value& x = args.require(0, "value");
        for (size_t i = 0; i < items.size(); ++i)
            if (equals(items[i], x)) return Value(int64_t(i));
        fail(py::kValueError, repr(x) + " is not in " + typeName(seq));
    }
    if (name == "count") {
        const Value& x = args.require(0, "value");
        return Value(
            int64_t(std::count_if(items.begin(), items.end(), [&](const Value& v) { return equals(v, x); })));
    }
    if (name == "copy") return Value::list(items);
    fail(py::kUndefinedError,
         std::string("'") + typeName(seq) + " object' has no attribute " + reprString(name));
}

} // namespace

const Value* ArgList::find(size_t index, const char* name) const {
    if (index < args_.positional.size()) return &args_.positional[index];
    for (const auto& [k, v] : args_.keyword)
        if (k == name) return &v;
    return nullptr;
}

Value ArgList::get(size_t index, const char* name, Value fallback) const {
    const Value* v = find(index, name);
    return v ? *v : fallback;
}

const Value& ArgList::require(size_t index, const char* name) const {
    const Value* v = find(index, name);
    if (!v)
        fail(py::kTypeError, std::string(function_) + "() missing required argument '" + name + "' (pos " +
                                 std::to_string(index + 1) + ")");
    return *v;
}

std::string pyStr(const Value& v) {
    return toStr(v);
}

int64_t toInt(const Value& v, const char* what) {
    if (v.isInt() || v.isBool()) return v.intValue();
    fail(py::kTypeError,
         std::string("'") + typeName(v) + "' object cannot be interpreted as an integer (" + what + ")");
}

bool lookupMethod(const Value& object, const std::string& name, Value& out) {
    bool safe = false, unsafe = false;
    switch (object.kind()) {
    case Kind::String:
        safe = listed(kStringMethods, name);
        break;
    case Kind::Dict:
        safe = listed(kDictMethods, name);
        unsafe = listed(kDictMutators, name);
        break;
    case Kind::List:
        safe = listed(kListMethods, name);
        unsafe = listed(kListMutators, name);
        break;
    case Kind::Tuple:
        safe = name == "index" || name == "count";
        break;
    default:
        break;
    }
    if (unsafe) {
        out = Value::undefined("access to attribute " + reprString(name) + " of " +
                                   reprString(typeName(object)) + " object is unsafe.",
                               true);
        return true;
    }
    if (!safe) return false;
    out = Value::function(
        name, [object, name](Interpreter& in, CallArgs& args) { return callMethod(in, object, name, args); });
    return true;
}

Value callMethod(Interpreter& in, const Value& object, const std::string& name, CallArgs& args) {
    switch (object.kind()) {
    case Kind::String:
        return stringMethod(in, object.str(), name, args);
    case Kind::Dict:
        return dictMethod(in, object, name, args);
    case Kind::List:
    case Kind::Tuple:
        return sequenceMethod(object, name, args);
    default:
        fail(py::kUndefinedError,
             reprString(objectTypeRepr(object)) + " has no attribute " + reprString(name));
    }
}

} // namespace smoldesk::jinja
