#include "jinja/value.h"

#include "jinja/utf8.h"

#include <charconv>
#include <cmath>
#include <cstdio>

namespace smoldesk::jinja {

namespace {

struct UndefinedInfo {
    std::string message;
    bool security = false;
};

const std::string kEmpty;
const std::vector<Value> kNoItems;
const std::string kDefaultUndefined = "value is undefined";

} // namespace

Value::Value(std::string s) : kind_(Kind::String), heap_(std::make_shared<std::string>(std::move(s))) {}

Value Value::none() {
    Value v;
    v.kind_ = Kind::None;
    return v;
}

Value Value::undefined(std::string message, bool securityError) {
    Value v;
    v.heap_ = std::make_shared<UndefinedInfo>(UndefinedInfo{std::move(message), securityError});
    return v;
}

Value Value::list(std::vector<Value> items) {
    Value v;
    v.kind_ = Kind::List;
    v.heap_ = std::make_shared<std::vector<Value>>(std::move(items));
    return v;
}

Value Value::tuple(std::vector<Value> items) {
    Value v = list(std::move(items));
    v.kind_ = Kind::Tuple;
    return v;
}

Value Value::object() {
    return dict(Dict{});
}

Value Value::object(std::initializer_list<std::pair<std::string, Value>> entries) {
    Dict d;
    for (const auto& [k, val] : entries) d.set(Value(k), val);
    return dict(std::move(d));
}

Value Value::dict(Dict d) {
    Value v;
    v.kind_ = Kind::Dict;
    v.heap_ = std::make_shared<Dict>(std::move(d));
    return v;
}

Value Value::namespaceObject(Dict d) {
    Value v = dict(std::move(d));
    v.kind_ = Kind::Namespace;
    return v;
}

Value Value::function(std::string name, NativeFunction fn) {
    Value v;
    v.kind_ = Kind::Callable;
    v.heap_ = std::make_shared<Function>(Function{std::move(name), std::move(fn)});
    return v;
}

Value Value::loop(std::shared_ptr<LoopState> state) {
    Value v;
    v.kind_ = Kind::Loop;
    v.heap_ = std::move(state);
    return v;
}

std::shared_ptr<const std::vector<Value>> Value::sharedItems() const {
    if (!isSequence()) return std::make_shared<const std::vector<Value>>();
    return std::shared_ptr<const std::vector<Value>>(heap_,
                                                     static_cast<const std::vector<Value>*>(heap_.get()));
}

const std::string& Value::str() const {
    return kind_ == Kind::String ? *static_cast<const std::string*>(heap_.get()) : kEmpty;
}

const std::vector<Value>& Value::items() const {
    return isSequence() ? *static_cast<const std::vector<Value>*>(heap_.get()) : kNoItems;
}

const Dict& Value::dictData() const {
    return *static_cast<const Dict*>(heap_.get());
}

Dict& Value::mutableDict() {
    if (kind_ == Kind::Dict && heap_.use_count() > 1) heap_ = std::make_shared<Dict>(dictData());
    return *static_cast<Dict*>(heap_.get());
}

const Function& Value::function() const {
    return *static_cast<const Function*>(heap_.get());
}
const LoopState& Value::loopState() const {
    return *static_cast<const LoopState*>(heap_.get());
}

const std::string& Value::undefinedMessage() const {
    return heap_ ? static_cast<const UndefinedInfo*>(heap_.get())->message : kDefaultUndefined;
}

bool Value::undefinedIsSecurity() const {
    return heap_ && static_cast<const UndefinedInfo*>(heap_.get())->security;
}

Value& Value::set(std::string key, Value value) {
    mutableDict().set(Value(std::move(key)), std::move(value));
    return *this;
}

Value& Value::push(Value value) {
    if (heap_.use_count() > 1) heap_ = std::make_shared<std::vector<Value>>(items());
    static_cast<std::vector<Value>*>(heap_.get())->push_back(std::move(value));
    return *this;
}

bool Value::truthy() const {
    switch (kind_) {
    case Kind::Undefined:
    case Kind::None:
        return false;
    case Kind::Bool:
        return bool_;
    case Kind::Int:
        return int_ != 0;
    case Kind::Float:
        return float_ != 0.0;
    case Kind::String:
        return !str().empty();
    case Kind::List:
    case Kind::Tuple:
        return !items().empty();
    case Kind::Dict:
        return !dictData().empty();
    default:
        return true;
    }
}

bool hashKey(const Value& v, std::string& out) {
    switch (v.kind()) {
    case Kind::None:
        out += 'N';
        return true;
    case Kind::Bool:
    case Kind::Int:
        out += 'n' + std::to_string(v.intValue());
        return true;
    case Kind::Float: {
        double f = v.numberValue();
        if (std::isfinite(f) && f == std::trunc(f) && std::fabs(f) < 9.2e18)
            out += 'n' + std::to_string(static_cast<int64_t>(f));
        else
            out += 'f' + formatFloat(f);
        return true;
    }
    case Kind::String:
        out += 's' + v.str();
        return true;
    case Kind::Tuple:
        out += '(';
        for (const Value& item : v.items()) {
            if (!hashKey(item, out)) return false;
            out += '\x1f';
        }
        out += ')';
        return true;
    default:
        return false;
    }
}

const Value* Dict::find(const Value& key) const {
    std::string k;
    if (!hashKey(key, k)) return nullptr;
    auto it = index_.find(k);
    return it == index_.end() ? nullptr : &entries_[it->second].second;
}

const Value* Dict::find(std::string_view key) const {
    std::string k = "s";
    k += key;
    auto it = index_.find(k);
    return it == index_.end() ? nullptr : &entries_[it->second].second;
}

void Dict::set(const Value& key, Value value) {
    std::string k;
    hashKey(key, k);
    auto [it, inserted] = index_.emplace(std::move(k), entries_.size());
    if (inserted)
        entries_.emplace_back(key, std::move(value));
    else
        entries_[it->second].second = std::move(value);
}

std::string formatFloat(double f) {
    if (std::isnan(f)) return "nan";
    if (std::isinf(f)) return f > 0 ? "inf" : "-inf";
    char buf[64];
    auto res = std::to_chars(buf, buf + sizeof buf, f, std::chars_format::scientific);
    std::string sci(buf, res.ptr);
    std::string out;
    size_t pos = 0;
    if (sci[0] == '-') {
        out += '-';
        pos = 1;
    }
    size_t epos = sci.find('e');
    std::string digits;
    for (size_t i = pos; i < epos; ++i)
        if (sci[i] != '.') digits += sci[i];
    int exp = std::stoi(sci.substr(epos + 1));
    int decpt = exp + 1;
    int nd = static_cast<int>(digits.size());
    if (decpt > -4 && decpt <= 16) {
        if (decpt <= 0) {
            out += "0." + std::string(-decpt, '0') + digits;
        } else if (decpt >= nd) {
            out += digits + std::string(decpt - nd, '0') + ".0";
        } else {
            out += digits.substr(0, decpt) + "." + digits.substr(decpt);
        }
    } else {
        out += digits[0];
        if (nd > 1) out += "." + digits.substr(1);
        char eb[16];
        std::snprintf(eb, sizeof eb, "e%c%02d", exp < 0 ? '-' : '+', exp < 0 ? -exp : exp);
        out += eb;
    }
    return out;
}

std::string reprString(std::string_view s) {
    bool hasSingle = s.find('\'') != std::string_view::npos;
    bool hasDouble = s.find('"') != std::string_view::npos;
    char quote = hasSingle && !hasDouble ? '"' : '\'';
    std::string out(1, quote);
    size_t pos = 0;
    while (pos < s.size()) {
        char32_t cp = utf8::next(s, pos);
        if (cp == static_cast<char32_t>(quote) || cp == '\\') {
            out += '\\';
            out += static_cast<char>(cp);
        } else if (cp == '\n') {
            out += "\\n";
        } else if (cp == '\r') {
            out += "\\r";
        } else if (cp == '\t') {
            out += "\\t";
        } else if (!utf8::isPrintable(cp)) {
            char buf[16];
            if (cp < 0x100)
                std::snprintf(buf, sizeof buf, "\\x%02x", unsigned(cp));
            else if (cp < 0x10000)
                std::snprintf(buf, sizeof buf, "\\u%04x", unsigned(cp));
            else
                std::snprintf(buf, sizeof buf, "\\U%08x", unsigned(cp));
            out += buf;
        } else {
            utf8::append(out, cp);
        }
    }
    out += quote;
    return out;
}

void appendRepr(std::string& out, const Value& v) {
    switch (v.kind()) {
    case Kind::String:
        out += reprString(v.str());
        return;
    case Kind::List:
    case Kind::Tuple: {
        out += v.isList() ? '[' : '(';
        bool first = true;
        for (const Value& item : v.items()) {
            if (!first) out += ", ";
            first = false;
            appendRepr(out, item);
        }
        if (v.isTuple() && v.items().size() == 1) out += ',';
        out += v.isList() ? ']' : ')';
        return;
    }
    case Kind::Dict:
    case Kind::Namespace: {
        if (v.isNamespace()) out += "<Namespace ";
        out += '{';
        bool first = true;
        for (const auto& [k, item] : v.dictData().entries()) {
            if (!first) out += ", ";
            first = false;
            appendRepr(out, k);
            out += ": ";
            appendRepr(out, item);
        }
        out += '}';
        if (v.isNamespace()) out += '>';
        return;
    }
    default:
        appendStr(out, v);
    }
}

std::string repr(const Value& v) {
    std::string out;
    appendRepr(out, v);
    return out;
}

void appendStr(std::string& out, const Value& v) {
    switch (v.kind()) {
    case Kind::Undefined:
        return;
    case Kind::None:
        out += "None";
        return;
    case Kind::Bool:
        out += v.boolValue() ? "True" : "False";
        return;
    case Kind::Int:
        out += std::to_string(v.intValue());
        return;
    case Kind::Float:
        out += formatFloat(v.numberValue());
        return;
    case Kind::String:
        out += v.str();
        return;
    case Kind::Loop: {
        const LoopState& l = v.loopState();
        out += "<LoopContext " + std::to_string(l.index + 1) + "/" + std::to_string(l.items->size()) + ">";
        return;
    }
    case Kind::Callable:
        out += "<function " + v.function().name + ">";
        return;
    default:
        appendRepr(out, v);
    }
}

std::string toStr(const Value& v) {
    if (v.isString()) return v.str();
    std::string out;
    appendStr(out, v);
    return out;
}

const char* typeName(const Value& v) {
    switch (v.kind()) {
    case Kind::Undefined:
        return "Undefined";
    case Kind::None:
        return "NoneType";
    case Kind::Bool:
        return "bool";
    case Kind::Int:
        return "int";
    case Kind::Float:
        return "float";
    case Kind::String:
        return "str";
    case Kind::List:
        return "list";
    case Kind::Tuple:
        return "tuple";
    case Kind::Dict:
        return "dict";
    case Kind::Namespace:
        return "Namespace";
    case Kind::Loop:
        return "LoopContext";
    case Kind::Callable:
        return "function";
    }
    return "object";
}

bool equals(const Value& a, const Value& b) {
    if (a.isNumber() && b.isNumber()) {
        if (a.isFloat() || b.isFloat()) return a.numberValue() == b.numberValue();
        return a.intValue() == b.intValue();
    }
    if (a.kind() != b.kind()) return false;
    switch (a.kind()) {
    case Kind::Undefined:
    case Kind::None:
        return true;
    case Kind::String:
        return a.str() == b.str();
    case Kind::List:
    case Kind::Tuple: {
        const auto& x = a.items();
        const auto& y = b.items();
        if (x.size() != y.size()) return false;
        for (size_t i = 0; i < x.size(); ++i)
            if (!equals(x[i], y[i])) return false;
        return true;
    }
    case Kind::Dict: {
        const Dict& x = a.dictData();
        const Dict& y = b.dictData();
        if (x.size() != y.size()) return false;
        for (const auto& [k, val] : x.entries()) {
            const Value* other = y.find(k);
            if (!other || !equals(val, *other)) return false;
        }
        return true;
    }
    default:
        return &a.dictData() == &b.dictData(); // identity for objects
    }
}

} // namespace smoldesk::jinja
