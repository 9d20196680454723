// jinja2's built-in filters, plus transformers' tojson, with jinja2 3.1's argument names and
// defaults. Filters are looked up by name through a table.
#include "jinja/builtins.h"
#include "jinja/failure.h"
#include "jinja/interpreter.h"
#include "jinja/template.h"
#include "jinja/utf8.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <unordered_map>

namespace smoldesk::jinja {

namespace {

using FilterFn = Value (*)(Interpreter&, const Value&, ArgList&);

// jinja2's make_attrgetter: "a.b.0" looked up part by part with getitem semantics.
Value lookupPath(Interpreter& in, const Value& item, const Value& attribute) {
    if (!attribute.isString()) return in.getItem(item, attribute);
    Value v = item;
    const std::string& path = attribute.str();
    size_t start = 0;
    while (true) {
        size_t dot = path.find('.', start);
        std::string part = path.substr(start, dot == std::string::npos ? std::string::npos : dot - start);
        bool numeric = !part.empty() &&
                       std::all_of(part.begin(), part.end(), [](char c) { return c >= '0' && c <= '9'; });
        int64_t index = 0;
        // An index past int64 is past every sequence; INT64_MAX finds nothing just the same.
        if (numeric && std::from_chars(part.data(), part.data() + part.size(), index).ec != std::errc())
            index = INT64_MAX;
        v = numeric ? in.getItem(v, Value(index)) : in.getItem(v, Value(part));
        if (dot == std::string::npos) return v;
        start = dot + 1;
    }
}

// Sort key for case-insensitive comparisons: strings lowered.
Value ignoreCase(const Value& v, bool caseSensitive) {
    if (!caseSensitive && v.isString()) return Value(utf8::lower(v.str()));
    return v;
}

int64_t lengthOf(const Value& v) {
    switch (v.kind()) {
    case Kind::Undefined:
        return 0;
    case Kind::String:
        return int64_t(utf8::length(v.str()));
    case Kind::List:
    case Kind::Tuple:
        return int64_t(v.items().size());
    case Kind::Dict:
        return int64_t(v.dictData().size());
    default:
        fail(py::kTypeError, std::string("object of type '") + typeName(v) + "' has no len()");
    }
}

Value fAbs(Interpreter&, const Value& v, ArgList&) {
    if (v.isFloat()) return Value(std::fabs(v.numberValue()));
    if (v.isInt() || v.isBool()) return Value(v.intValue() < 0 ? -v.intValue() : v.intValue());
    fail(py::kTypeError, std::string("bad operand type for abs(): '") + typeName(v) + "'");
}

Value fAttr(Interpreter& in, const Value& v, ArgList& a) {
    const Value& name = a.require(0, "name");
    return in.getAttr(v, toStr(name));
}

Value fBatch(Interpreter& in, const Value& v, ArgList& a) {
    int64_t n = toInt(a.require(0, "linecount"), "linecount");
    if (n <= 0) fail(py::kValueError, "batch size must be positive");
    const Value* fill = a.find(1, "fill_with");
    std::vector<Value> out, cur;
    for (Value& item : in.iterate(v)) {
        cur.push_back(std::move(item));
        if (int64_t(cur.size()) == n) {
            out.push_back(Value::list(std::move(cur)));
            cur.clear();
        }
    }
    if (!cur.empty()) {
        if (fill && !fill->isNone())
            while (int64_t(cur.size()) < n) cur.push_back(*fill);
        out.push_back(Value::list(std::move(cur)));
    }
    return Value::list(std::move(out));
}

Value fCapitalize(Interpreter& in, const Value& v, ArgList&) {
    CallArgs none;
    return callMethod(in, Value(toStr(v)), "capitalize", none);
}

Value fCenter(Interpreter& in, const Value& v, ArgList& a) {
    CallArgs args;
    args.positional.push_back(a.get(0, "width", Value(80)));
    return callMethod(in, Value(toStr(v)), "center", args);
}

Value fLength(Interpreter&, const Value& v, ArgList&) {
    return Value(lengthOf(v));
}

Value fDefault(Interpreter&, const Value& v, ArgList& a) {
    Value fallback = a.get(0, "default_value", Value(""));
    bool boolean = a.get(1, "boolean", Value(false)).truthy();
    if (v.isUndefined() || (boolean && !v.truthy())) return fallback;
    return v;
}

Value fDictsort(Interpreter& in, const Value& v, ArgList& a) {
    bool caseSensitive = a.get(0, "case_sensitive", Value(false)).truthy();
    std::string by = toStr(a.get(1, "by", Value("key")));
    bool reverse = a.get(2, "reverse", Value(false)).truthy();
    if (!v.isDict()) fail(py::kTypeError, "dictsort requires a mapping");
    size_t pos;
    if (by == "key")
        pos = 0;
    else if (by == "value")
        pos = 1;
    else
        fail(py::kRuntimeError, "You can only sort by either \"key\" or \"value\"");
    std::vector<Value> items;
    for (const auto& [k, val] : v.dictData().entries()) items.push_back(Value::tuple({k, val}));
    std::stable_sort(items.begin(), items.end(), [&](const Value& x, const Value& y) {
        int c = orderValues(in, ignoreCase(x.items()[pos], caseSensitive),
                            ignoreCase(y.items()[pos], caseSensitive), "<");
        return reverse ? c > 0 : c < 0;
    });
    return Value::list(std::move(items));
}

std::string htmlEscape(const std::string& s) {
    std::string out;
    for (char c : s) {
        switch (c) {
        case '&':
            out += "&amp;";
            break;
        case '<':
            out += "&lt;";
            break;
        case '>':
            out += "&gt;";
            break;
        case '"':
            out += "&#34;";
            break;
        case '\'':
            out += "&#39;";
            break;
        default:
            out += c;
        }
    }
    return out;
}

Value fEscape(Interpreter&, const Value& v, ArgList&) {
    return Value(htmlEscape(toStr(v)));
}

Value fFirst(Interpreter& in, const Value& v, ArgList&) {
    std::vector<Value> items = in.iterate(v);
    if (items.empty()) return Value::undefined("No first item, sequence was empty.");
    return items.front();
}

Value fLast(Interpreter& in, const Value& v, ArgList&) {
    if (v.isUndefined()) fail(py::kTypeError, "'Undefined' object is not reversible");
    std::vector<Value> items = in.iterate(v);
    if (items.empty()) return Value::undefined("No last item, sequence was empty.");
    return items.back();
}

bool parseFloatText(const std::string& text, double& out) {
    std::string t = utf8::strip(text, nullptr, true, true);
    t.erase(std::remove(t.begin(), t.end(), '_'), t.end());
    if (t.empty()) return false;
    char* end = nullptr;
    out = std::strtod(t.c_str(), &end);
    return end && *end == '\0';
}

Value fFloat(Interpreter&, const Value& v, ArgList& a) {
    Value fallback = a.get(0, "default", Value(0.0));
    if (v.isNumber()) return Value(v.numberValue());
    double d;
    if (v.isString() && parseFloatText(v.str(), d)) return Value(d);
    return fallback;
}

Value fInt(Interpreter&, const Value& v, ArgList& a) {
    Value fallback = a.get(0, "default", Value(0));
    int64_t base = toInt(a.get(1, "base", Value(10)), "base");
    if (v.isInt() || v.isBool()) return Value(v.intValue());
    if (v.isFloat()) {
        double d = v.numberValue();
        if (!std::isfinite(d) || std::fabs(d) > 9.2e18) return fallback;
        return Value(int64_t(d));
    }
    if (v.isString()) {
        std::string t = utf8::strip(v.str(), nullptr, true, true);
        t.erase(std::remove(t.begin(), t.end(), '_'), t.end());
        if (!t.empty()) {
            char* end = nullptr;
            errno = 0;
            long long i = std::strtoll(t.c_str(), &end, int(base));
            if (end && *end == '\0' && errno == 0) return Value(int64_t(i));
            double d;
            if (base == 10 && parseFloatText(t, d) && std::isfinite(d) && std::fabs(d) < 9.2e18)
                return Value(int64_t(d));
        }
    }
    return fallback;
}

Value fFormat(Interpreter& in, const Value& v, ArgList& a) {
    CallArgs& raw = a.raw();
    if (!raw.positional.empty() && !raw.keyword.empty())
        fail(py::kRuntimeError, "can't handle positional and keyword arguments at the same time");
    if (!raw.keyword.empty()) {
        Dict d;
        for (const auto& [k, val] : raw.keyword) d.set(Value(k), val);
        return Value(percentFormat(in, toStr(v), Value::dict(std::move(d))));
    }
    return Value(percentFormat(in, toStr(v), Value::tuple(raw.positional)));
}

Value fIndent(Interpreter& in, const Value& v, ArgList& a) {
    Value width = a.get(0, "width", Value(4));
    bool first = a.get(1, "first", Value(false)).truthy();
    bool blank = a.get(2, "blank", Value(false)).truthy();
    std::string indention = width.isString()
                                ? width.str()
                                : std::string(size_t(std::max<int64_t>(0, toInt(width, "width"))), ' ');
    std::string s = toStr(v) + "\n";
    CallArgs none;
    std::vector<Value> lines = callMethod(in, Value(s), "splitlines", none).items();
    std::string rv;
    if (blank) {
        for (size_t i = 0; i < lines.size(); ++i) rv += (i ? "\n" + indention : "") + lines[i].str();
    } else {
        rv = lines.empty() ? "" : lines[0].str();
        for (size_t i = 1; i < lines.size(); ++i) {
            rv += "\n";
            if (!lines[i].str().empty()) rv += indention;
            rv += lines[i].str();
            in.checkSize(rv.size());
        }
    }
    if (first) rv = indention + rv;
    return Value(std::move(rv));
}

Value fItems(Interpreter&, const Value& v, ArgList&) {
    if (v.isUndefined()) return Value::list();
    if (!v.isDict()) fail(py::kTypeError, "Can only get item pairs from a mapping.");
    std::vector<Value> items;
    for (const auto& [k, val] : v.dictData().entries()) items.push_back(Value::tuple({k, val}));
    return Value::list(std::move(items));
}

Value fJoin(Interpreter& in, const Value& v, ArgList& a) {
    std::string sep = toStr(a.get(0, "d", Value("")));
    const Value* attribute = a.find(1, "attribute");
    std::string out;
    bool first = true;
    for (const Value& item : in.iterate(v)) {
        if (!first) out += sep;
        first = false;
        appendStr(out, attribute && !attribute->isNone() ? lookupPath(in, item, *attribute) : item);
        in.checkSize(out.size());
    }
    in.chargeString(out.size());
    return Value(std::move(out));
}

Value fList(Interpreter& in, const Value& v, ArgList&) {
    return Value::list(in.iterate(v));
}

Value fLower(Interpreter&, const Value& v, ArgList&) {
    return Value(utf8::lower(toStr(v)));
}
Value fUpper(Interpreter&, const Value& v, ArgList&) {
    return Value(utf8::upper(toStr(v)));
}

Value fMap(Interpreter& in, const Value& v, ArgList& a) {
    CallArgs& raw = a.raw();
    std::vector<Value> out;
    if (raw.positional.empty()) {
        const Value* attribute = a.find(99, "attribute");
        if (!attribute) fail(py::kRuntimeError, "map requires a filter name or attribute=");
        const Value* fallback = a.find(99, "default");
        for (const Value& item : in.iterate(v)) {
            Value r = lookupPath(in, item, *attribute);
            out.push_back(r.isUndefined() && fallback ? *fallback : r);
        }
        return Value::list(std::move(out));
    }
    std::string name = toStr(raw.positional[0]);
    if (!isFilter(name)) fail(py::kAssertionError, "No filter named '" + name + "'.");
    for (const Value& item : in.iterate(v)) {
        CallArgs rest;
        rest.positional.assign(raw.positional.begin() + 1, raw.positional.end());
        rest.keyword = raw.keyword;
        out.push_back(applyFilter(in, name, item, rest));
    }
    return Value::list(std::move(out));
}

Value aggregate(Interpreter& in, const Value& v, ArgList& a, bool wantMax) {
    bool caseSensitive = a.get(0, "case_sensitive", Value(false)).truthy();
    const Value* attribute = a.find(1, "attribute");
    std::vector<Value> items = in.iterate(v);
    if (items.empty()) return Value::undefined("No aggregated item, sequence was empty.");
    auto key = [&](const Value& item) {
        return ignoreCase(attribute && !attribute->isNone() ? lookupPath(in, item, *attribute) : item,
                          caseSensitive);
    };
    Value best = items[0];
    for (size_t i = 1; i < items.size(); ++i) {
        int c = orderValues(in, key(items[i]), key(best), wantMax ? ">" : "<");
        if (wantMax ? c > 0 : c < 0) best = items[i];
    }
    return best;
}

Value fMax(Interpreter& in, const Value& v, ArgList& a) {
    return aggregate(in, v, a, true);
}
Value fMin(Interpreter& in, const Value& v, ArgList& a) {
    return aggregate(in, v, a, false);
}

Value selectOrReject(Interpreter& in, const Value& v, ArgList& a, bool byAttribute, bool keep) {
    CallArgs& raw = a.raw();
    size_t next = 0;
    Value attribute;
    if (byAttribute) {
        if (raw.positional.empty()) fail(py::kTypeError, "Missing parameter for attribute name");
        attribute = raw.positional[next++];
    }
    std::string test;
    if (next < raw.positional.size()) test = toStr(raw.positional[next++]);
    std::vector<Value> out;
    for (const Value& item : in.iterate(v)) {
        Value subject = byAttribute ? lookupPath(in, item, attribute) : item;
        bool ok;
        if (test.empty()) {
            ok = subject.truthy();
        } else {
            CallArgs testArgs;
            testArgs.positional.assign(raw.positional.begin() + next, raw.positional.end());
            testArgs.keyword = raw.keyword;
            ok = applyTest(in, test, subject, testArgs);
        }
        if (ok == keep) out.push_back(item);
    }
    return Value::list(std::move(out));
}

Value fSelect(Interpreter& in, const Value& v, ArgList& a) {
    return selectOrReject(in, v, a, false, true);
}
Value fReject(Interpreter& in, const Value& v, ArgList& a) {
    return selectOrReject(in, v, a, false, false);
}
Value fSelectattr(Interpreter& in, const Value& v, ArgList& a) {
    return selectOrReject(in, v, a, true, true);
}
Value fRejectattr(Interpreter& in, const Value& v, ArgList& a) {
    return selectOrReject(in, v, a, true, false);
}

Value fReplace(Interpreter& in, const Value& v, ArgList& a) {
    CallArgs args;
    args.positional.push_back(Value(toStr(a.require(0, "old"))));
    args.positional.push_back(Value(toStr(a.require(1, "new"))));
    Value count = a.get(2, "count", Value::none());
    if (!count.isNone()) args.positional.push_back(count);
    return callMethod(in, Value(toStr(v)), "replace", args);
}

Value fReverse(Interpreter& in, const Value& v, ArgList&) {
    if (v.isString()) {
        std::vector<char32_t> cps = utf8::decode(v.str());
        std::reverse(cps.begin(), cps.end());
        return Value(utf8::encode(cps));
    }
    std::vector<Value> items = in.iterate(v);
    std::reverse(items.begin(), items.end());
    return Value::list(std::move(items));
}

Value fRound(Interpreter&, const Value& v, ArgList& a) {
    int64_t precision = toInt(a.get(0, "precision", Value(0)), "precision");
    std::string method = toStr(a.get(1, "method", Value("common")));
    if (!v.isNumber())
        fail(py::kTypeError, std::string("type ") + typeName(v) + " doesn't define __round__ method");
    double x = v.numberValue();
    if (method == "common") {
        if (!v.isFloat()) return Value(v.intValue()); // Python's round(int, n) stays an int
        if (precision == 0) return Value(std::nearbyint(x));
        char buf[512];
        std::snprintf(buf, sizeof buf, "%.*f", int(std::clamp<int64_t>(precision, 0, 300)), x);
        return Value(std::strtod(buf, nullptr));
    }
    double scale = std::pow(10.0, double(precision));
    if (method == "ceil") return Value(std::ceil(x * scale) / scale);
    if (method == "floor") return Value(std::floor(x * scale) / scale);
    fail(py::kRuntimeError, "method must be common, ceil or floor");
}

Value fSafe(Interpreter&, const Value& v, ArgList&) {
    return Value(toStr(v));
}

Value fSort(Interpreter& in, const Value& v, ArgList& a) {
    bool reverse = a.get(0, "reverse", Value(false)).truthy();
    bool caseSensitive = a.get(1, "case_sensitive", Value(false)).truthy();
    Value attribute = a.get(2, "attribute", Value::none());
    std::vector<Value> items = in.iterate(v);
    auto key = [&](const Value& item) {
        return ignoreCase(attribute.isNone() ? item : lookupPath(in, item, attribute), caseSensitive);
    };
    std::stable_sort(items.begin(), items.end(), [&](const Value& x, const Value& y) {
        return reverse ? orderValues(in, key(y), key(x), "<") < 0 : orderValues(in, key(x), key(y), "<") < 0;
    });
    return Value::list(std::move(items));
}

Value fString(Interpreter& in, const Value& v, ArgList&) {
    std::string s = toStr(v);
    in.chargeString(s.size());
    return Value(std::move(s));
}

Value fStriptags(Interpreter& in, const Value& v, ArgList&) {
    std::string s = toStr(v), stripped;
    for (size_t i = 0; i < s.size();) {
        if (s.compare(i, 4, "<!--") == 0) {
            size_t e = s.find("-->", i + 4);
            if (e != std::string::npos) {
                i = e + 3;
                continue;
            }
        }
        if (s[i] == '<') {
            size_t e = s.find('>', i + 1);
            if (e != std::string::npos) {
                i = e + 1;
                continue;
            }
        }
        stripped += s[i++];
    }
    CallArgs none;
    Value words = callMethod(in, Value(stripped), "split", none);
    std::string out;
    for (const Value& w : words.items()) out += (out.empty() ? "" : " ") + w.str();
    static const std::pair<const char*, const char*> kEntities[] = {
        {"&lt;", "<"}, {"&gt;", ">"}, {"&quot;", "\""}, {"&#34;", "\""}, {"&#39;", "'"}, {"&amp;", "&"}};
    for (const auto& [from, to] : kEntities) {
        std::string f = from;
        for (size_t p = out.find(f); p != std::string::npos; p = out.find(f, p + 1))
            out.replace(p, f.size(), to);
    }
    return Value(std::move(out));
}

Value fSum(Interpreter& in, const Value& v, ArgList& a) {
    Value attribute = a.get(0, "attribute", Value::none());
    Value total = a.get(1, "start", Value(0));
    for (const Value& item : in.iterate(v))
        total =
            binaryOp(in, BinaryOp::Add, total, attribute.isNone() ? item : lookupPath(in, item, attribute));
    return total;
}

Value fTitle(Interpreter&, const Value& v, ArgList&) {
    std::vector<char32_t> cps = utf8::decode(toStr(v));
    auto isSep = [](char32_t c) {
        return utf8::isSpace(c) || c == '-' || c == '(' || c == '{' || c == '[' || c == '<';
    };
    std::string out;
    size_t i = 0;
    while (i < cps.size()) {
        size_t j = i;
        bool sep = isSep(cps[i]);
        while (j < cps.size() && isSep(cps[j]) == sep) ++j;
        for (size_t k = i; k < j; ++k)
            utf8::append(out, k == i ? utf8::toUpper(cps[k]) : utf8::toLower(cps[k]));
        i = j;
    }
    return Value(std::move(out));
}

Value fToJson(Interpreter& in, const Value& v, ArgList& a) {
    Value indent = a.get(1, "indent", Value::none());
    int n = indent.isNone() ? -1 : int(std::clamp<int64_t>(toInt(indent, "indent"), 0, 64));
    std::string out = toJson(v, n);
    in.chargeString(out.size());
    return Value(std::move(out));
}

Value fTrim(Interpreter&, const Value& v, ArgList& a) {
    Value chars = a.get(0, "chars", Value::none());
    std::string c = chars.isNone() ? "" : toStr(chars);
    return Value(utf8::strip(toStr(v), chars.isNone() ? nullptr : &c, true, true));
}

Value fTruncate(Interpreter&, const Value& v, ArgList& a) {
    std::string s = toStr(v);
    int64_t length = toInt(a.get(0, "length", Value(255)), "length");
    bool killwords = a.get(1, "killwords", Value(false)).truthy();
    std::string end = toStr(a.get(2, "end", Value("...")));
    Value leewayV = a.get(3, "leeway", Value::none());
    int64_t leeway = leewayV.isNone() ? 5 : toInt(leewayV, "leeway");
    std::vector<char32_t> cps = utf8::decode(s);
    if (int64_t(cps.size()) <= length + leeway) return Value(s);
    int64_t keep = std::max<int64_t>(0, length - int64_t(utf8::length(end)));
    std::string head =
        utf8::encode({cps.begin(), cps.begin() + std::min<int64_t>(keep, int64_t(cps.size()))});
    if (killwords) return Value(head + end);
    size_t space = head.rfind(' ');
    if (space != std::string::npos) head = head.substr(0, space);
    return Value(head + end);
}

Value fUnique(Interpreter& in, const Value& v, ArgList& a) {
    bool caseSensitive = a.get(0, "case_sensitive", Value(false)).truthy();
    Value attribute = a.get(1, "attribute", Value::none());
    std::vector<Value> out, seen;
    for (const Value& item : in.iterate(v)) {
        Value key = ignoreCase(attribute.isNone() ? item : lookupPath(in, item, attribute), caseSensitive);
        bool dup = std::any_of(seen.begin(), seen.end(), [&](const Value& s) { return equals(s, key); });
        in.step(seen.size() / 16);
        if (!dup) {
            seen.push_back(key);
            out.push_back(item);
        }
    }
    return Value::list(std::move(out));
}

Value fWordcount(Interpreter&, const Value& v, ArgList&) {
    std::string s = toStr(v);
    int64_t n = 0;
    bool inWord = false;
    size_t pos = 0;
    while (pos < s.size()) {
        char32_t c = utf8::next(s, pos);
        bool w = utf8::isAlpha(c) || (c >= '0' && c <= '9') || c == '_';
        if (w && !inWord) ++n;
        inWord = w;
    }
    return Value(n);
}

Value fPprint(Interpreter&, const Value& v, ArgList&) {
    return Value(repr(v));
}

const std::unordered_map<std::string_view, FilterFn>& table() {
    static const std::unordered_map<std::string_view, FilterFn> t = {
        {"abs", fAbs},
        {"attr", fAttr},
        {"batch", fBatch},
        {"capitalize", fCapitalize},
        {"center", fCenter},
        {"count", fLength},
        {"d", fDefault},
        {"default", fDefault},
        {"dictsort", fDictsort},
        {"e", fEscape},
        {"escape", fEscape},
        {"forceescape", fEscape},
        {"first", fFirst},
        {"float", fFloat},
        {"format", fFormat},
        {"indent", fIndent},
        {"int", fInt},
        {"items", fItems},
        {"join", fJoin},
        {"last", fLast},
        {"length", fLength},
        {"list", fList},
        {"lower", fLower},
        {"map", fMap},
        {"max", fMax},
        {"min", fMin},
        {"pprint", fPprint},
        {"reject", fReject},
        {"rejectattr", fRejectattr},
        {"replace", fReplace},
        {"reverse", fReverse},
        {"round", fRound},
        {"safe", fSafe},
        {"select", fSelect},
        {"selectattr", fSelectattr},
        {"sort", fSort},
        {"string", fString},
        {"striptags", fStriptags},
        {"sum", fSum},
        {"title", fTitle},
        {"tojson", fToJson},
        {"trim", fTrim},
        {"truncate", fTruncate},
        {"unique", fUnique},
        {"upper", fUpper},
        {"wordcount", fWordcount},
    };
    return t;
}

} // namespace

bool isFilter(std::string_view name) {
    return table().count(name) != 0;
}

Value applyFilter(Interpreter& in, std::string_view name, const Value& input, CallArgs& args) {
    auto it = table().find(name);
    if (it == table().end()) fail(py::kAssertionError, "No filter named '" + std::string(name) + "'.");
    ArgList list(args, it->first.data());
    return it->second(in, input, list);
}

} // namespace smoldesk::jinja
