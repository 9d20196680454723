#include "grammar/json_schema.h"

#include "common/error.h"
#include "common/utf8.h"
#include "grammar/gbnf_parser.h"
#include "grammar/schema_regex.h"
#include "jinja/template.h"
#include "jinja/value.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>
#include <set>
#include <vector>

namespace smoldesk::grammar {

using jinja::Value;

namespace {

constexpr int kMaxSchemaDepth = 64;
constexpr int64_t kMaxLengthInGrammar = 10000;

// The JSON primitives; every value rule ends with its trailing whitespace, as in llama.cpp's
// converter, and whitespace is bounded so that a model cannot pad forever.
const char* const kPrimitives[][2] = {
    {"ws", R"(| " " | "\n" [ \t]{0,20})"},
    {"char", R"([^"\\\x7F\x00-\x1F] | "\\" (["\\/bfnrt] | "u" [0-9a-fA-F]{4}))"},
    {"integral", R"("-"? ([0-9] | [1-9] [0-9]{0,15}))"},
    {"integer", R"(integral ws)"},
    // At most 16 integral digits and a two-digit exponent: every number it admits is finite as a
    // double (below 1e115), so every JSON parser reads it (a random model once wrote 333e437).
    {"number", R"(integral ("." [0-9]{1,16})? ([eE] [-+]? [0-9]{1,2})? ws)"},
    {"boolean", R"(("true" | "false") ws)"},
    {"null", R"("null" ws)"},
    {"string", R"("\"" char* "\"" ws)"},
    {"value", R"(object | array | string | number | boolean | null)"},
    {"object", R"("{" ws (string ":" ws value ("," ws string ":" ws value)*)? "}" ws)"},
    {"array", R"("[" ws (value ("," ws value)*)? "]" ws)"},
    // Days per month, and 29 February in leap years only (every fourth year, centuries when
    // divisible by 400).
    {"date",
     R"([0-9]{4} "-" (("0" [13578] | "1" [02]) "-" ("0" [1-9] | [12] [0-9] | "3" [01]) | ("0" [469] | "11") "-" ("0" [1-9] | [12] [0-9] | "30") | "02-" ("0" [1-9] | "1" [0-9] | "2" [0-8])) | leap-year "-02-29")"},
    {"leap-year",
     R"([0-9]{2} ("0" [48] | [2468] [048] | [13579] [26]) | ([02468] [048] | [13579] [26]) "00")"},
    {"time",
     R"(([01] [0-9] | "2" [0-3]) ":" [0-5] [0-9] ":" [0-5] [0-9] ("." [0-9]{1,9})? ([Zz] | [-+] ([01] [0-9] | "2" [0-3]) ":" [0-5] [0-9]))"},
    {"date-time", R"(date [Tt] time)"},
    {"uuid",
     R"([0-9a-fA-F]{8} "-" [0-9a-fA-F]{4} "-" [0-9a-fA-F]{4} "-" [0-9a-fA-F]{4} "-" [0-9a-fA-F]{12})"},
};

// Rules each primitive needs besides itself.
const std::map<std::string, std::vector<std::string>> kPrimitiveDeps = {
    {"integer", {"integral", "ws"}},
    {"number", {"integral", "ws"}},
    {"boolean", {"ws"}},
    {"null", {"ws"}},
    {"string", {"char", "ws"}},
    {"value", {"object", "array", "string", "number", "boolean", "null"}},
    {"object", {"ws", "string", "value"}},
    {"array", {"ws", "value"}},
    {"date", {"leap-year"}},
    {"date-time", {"date", "time"}},
};

const std::set<std::string> kAnnotations = {
    "title",       "description", "examples",  "default",    "$comment",         "$schema",         "$id",
    "id",          "readOnly",    "writeOnly", "deprecated", "contentMediaType", "contentEncoding", "$anchor",
    "definitions", "$defs",       "strict"};

const std::set<std::string> kUnsupported = {"not",
                                            "if",
                                            "then",
                                            "else",
                                            "contains",
                                            "minContains",
                                            "maxContains",
                                            "dependencies",
                                            "dependentRequired",
                                            "dependentSchemas",
                                            "patternProperties",
                                            "propertyNames",
                                            "minProperties",
                                            "maxProperties",
                                            "multipleOf",
                                            "uniqueItems",
                                            "unevaluatedProperties",
                                            "unevaluatedItems",
                                            "$dynamicRef",
                                            "$recursiveRef",
                                            "divisibleBy",
                                            "disallow",
                                            "extends"};

[[noreturn]] void unsupported(const std::string& sentence) {
    throw Error(ErrorCode::InvalidArgument, sentence);
}

std::string hex(uint32_t v, int digits) {
    static const char* d = "0123456789ABCDEF";
    std::string s(size_t(digits), '0');
    for (int i = digits - 1; i >= 0; --i, v >>= 4) s[size_t(i)] = d[v & 15];
    return s;
}

// A GBNF literal spelling these bytes (UTF-8 passes through; specials are escaped).
std::string literal(std::string_view bytes) {
    if (!isValidUtf8(bytes)) unsupported("The schema holds text that is not valid UTF-8.");
    return gbnfLiteral(bytes);
}

// The JSON text of a string value (as json.dumps writes it, ensure_ascii off).
std::string jsonString(std::string_view s) {
    return jinja::jsonQuote(s);
}

bool isType(const Value& v, const std::string& type) {
    if (type == "null") return v.isNone();
    if (type == "boolean") return v.isBool();
    if (type == "integer")
        return v.isInt() || (v.isFloat() && std::floor(v.numberValue()) == v.numberValue());
    if (type == "number") return v.isInt() || v.isFloat();
    if (type == "string") return v.isString();
    if (type == "array") return v.isList();
    if (type == "object") return v.isDict();
    return false;
}

std::string digits9(size_t n) {
    return std::string(n, '9');
}

// Grammar for the decimal numbers a…b (non-negative, same digit count), no leading zeros
// beyond what a and b have.
std::string sameLengthRange(const std::string& a, const std::string& b) {
    if (a.size() == 1) return a == b ? literal(a) : "[" + a + "-" + b + "]";
    if (a[0] == b[0]) return literal(a.substr(0, 1)) + " (" + sameLengthRange(a.substr(1), b.substr(1)) + ")";
    std::vector<std::string> alts;
    const std::string rest = digits9(a.size() - 1), zeros(a.size() - 1, '0');
    alts.push_back(literal(a.substr(0, 1)) + " (" + sameLengthRange(a.substr(1), rest) + ")");
    if (b[0] - a[0] > 1)
        alts.push_back("[" + std::string(1, char(a[0] + 1)) + "-" + std::string(1, char(b[0] - 1)) +
                       "] [0-9]{" + std::to_string(a.size() - 1) + "}");
    alts.push_back(literal(b.substr(0, 1)) + " (" + sameLengthRange(zeros, b.substr(1)) + ")");
    std::string out;
    for (const auto& s : alts) out += (out.empty() ? "" : " | ") + s;
    return out;
}

// Non-negative integers lo…hi; hi < 0 means no upper bound (up to 16 digits, as `integral`).
std::string naturalRange(int64_t lo, int64_t hi) {
    const std::string a = std::to_string(lo);
    std::vector<std::string> alts;
    if (hi >= 0) {
        const std::string b = std::to_string(hi);
        if (a.size() == b.size()) return sameLengthRange(a, b);
        alts.push_back(sameLengthRange(a, digits9(a.size())));
        for (size_t len = a.size() + 1; len < b.size(); ++len)
            alts.push_back("[1-9] [0-9]{" + std::to_string(len - 1) + "}");
        alts.push_back(sameLengthRange("1" + std::string(b.size() - 1, '0'), b));
    } else {
        alts.push_back(sameLengthRange(a, digits9(a.size())));
        if (a.size() < 16) alts.push_back("[1-9] [0-9]{" + std::to_string(a.size()) + ",15}");
    }
    std::string out;
    for (const auto& s : alts) out += (out.empty() ? "(" : " | (") + s + ")";
    return out;
}

class Converter {
  public:
    Converter(const Value& root, UndeclaredKeys undeclared) : root_(root), undeclared_(undeclared) {}

    std::string run() {
        const std::string body = visit(root_, "root", 0);
        std::string out = "root ::= " + body + "\n";
        for (const auto& [name, rule] : rules_) out += name + " ::= " + rule + "\n";
        for (const auto& [name, rule] : kPrimitives)
            if (used_.count(name)) out += std::string(name) + " ::= " + rule + "\n";
        return out;
    }

  private:
    const Value& root_;
    const UndeclaredKeys undeclared_;
    std::map<std::string, std::string> rules_;
    std::set<std::string> used_;
    std::map<std::string, std::string> refRules_;
    int counter_ = 0;

    std::string use(const std::string& primitive) {
        if (used_.insert(primitive).second) {
            auto it = kPrimitiveDeps.find(primitive);
            if (it != kPrimitiveDeps.end())
                for (const auto& d : it->second) use(d);
        }
        return primitive;
    }

    std::string newRule(const std::string& hint, const std::string& body) {
        std::string name;
        for (char c : hint) name += (std::isalnum(static_cast<unsigned char>(c)) ? c : '-');
        if (name.size() > 40) name.resize(40);
        name = "s" + std::to_string(++counter_) + "-" + name;
        rules_[name] = body;
        return name;
    }

    const Value* resolvePointer(const std::string& ref) {
        if (ref.empty() || ref[0] != '#')
            unsupported("The $ref '" + ref + "' points outside the schema, which is not supported.");
        const Value* v = &root_;
        size_t pos = 1;
        if (pos < ref.size() && ref[pos] != '/') unsupported("The $ref '" + ref + "' is not a JSON pointer.");
        while (pos < ref.size()) {
            size_t next = ref.find('/', pos + 1);
            if (next == std::string::npos) next = ref.size();
            std::string part = ref.substr(pos + 1, next - pos - 1);
            // JSON pointer escapes, then percent-encoding as URI fragments use it
            std::string un;
            for (size_t i = 0; i < part.size(); ++i) {
                if (part[i] == '~' && i + 1 < part.size()) {
                    un += part[i + 1] == '1' ? '/' : '~';
                    ++i;
                } else if (part[i] == '%' && i + 2 < part.size() &&
                           std::isxdigit(static_cast<unsigned char>(part[i + 1])) &&
                           std::isxdigit(static_cast<unsigned char>(part[i + 2]))) {
                    un += char(std::stoi(part.substr(i + 1, 2), nullptr, 16));
                    i += 2;
                } else {
                    un += part[i];
                }
            }
            if (v->isDict()) {
                v = v->dictData().find(un);
            } else if (v->isList()) {
                char* end = nullptr;
                const long idx = std::strtol(un.c_str(), &end, 10);
                v = (end && *end == 0 && idx >= 0 && size_t(idx) < v->items().size())
                        ? &v->items()[size_t(idx)]
                        : nullptr;
            } else {
                v = nullptr;
            }
            if (!v) unsupported("The $ref '" + ref + "' points to nothing in the schema.");
            pos = next;
        }
        return v;
    }

    std::string refRule(const std::string& ref, int depth) {
        auto it = refRules_.find(ref);
        if (it != refRules_.end()) return it->second;
        const Value* target = resolvePointer(ref);
        // Named before it is visited, so recursive schemas refer to themselves.
        const std::string name = newRule("ref-" + ref.substr(ref.rfind('/') + 1), "");
        refRules_[ref] = name;
        rules_[name] = visit(*target, name, depth + 1);
        return name;
    }

    // The grammar of one JSON value, spelled as in the schema (const and enum).
    std::string constant(const Value& v, int depth) {
        if (depth > kMaxSchemaDepth) unsupported("A const or enum value is nested too deeply.");
        if (v.isNone()) return "\"null\" " + use("ws");
        if (v.isBool()) return std::string(v.boolValue() ? "\"true\"" : "\"false\"") + " " + use("ws");
        if (v.isInt()) return literal(std::to_string(v.intValue())) + " " + use("ws");
        if (v.isFloat()) {
            const double d = v.numberValue();
            if (std::floor(d) == d && std::fabs(d) < 1e15) // 1.0 and 1 are the same number
                return "(" + literal(std::to_string(int64_t(d))) + " | " + literal(jinja::toJson(v)) + ") " +
                       use("ws");
            return literal(jinja::toJson(v)) + " " + use("ws");
        }
        if (v.isString()) return literal(jsonString(v.str())) + " " + use("ws");
        if (v.isList()) {
            std::string out = "\"[\" " + use("ws");
            bool first = true;
            for (const auto& item : v.items()) {
                if (!first) out += " \",\" ws";
                first = false;
                out += " " + constant(item, depth + 1);
            }
            return out + " \"]\" ws";
        }
        if (v.isDict()) {
            std::string out = "\"{\" " + use("ws");
            bool first = true;
            for (const auto& [k, item] : v.dictData().entries()) {
                if (!first) out += " \",\" ws";
                first = false;
                out += " " + literal(jsonString(k.str())) + " ws \":\" ws " + constant(item, depth + 1);
            }
            return out + " \"}\" ws";
        }
        unsupported("A const or enum value is not JSON.");
    }

    static const Value* get(const Value& schema, const char* key) { return schema.dictData().find(key); }

    // allOf: the subschemas and the siblings merged into one schema.
    Value mergeAllOf(const Value& schema, int depth) {
        // A part's additionalProperties sees only the part's own properties: merging is right
        // only when every property of the result is among them.
        std::vector<std::set<std::string>> closedParts;
        auto noteClosed = [&](const Value& part) {
            if (!part.isDict() || !get(part, "additionalProperties")) return;
            std::set<std::string> own;
            if (const Value* p = get(part, "properties"))
                if (p->isDict())
                    for (const auto& [k, v] : p->dictData().entries()) own.insert(k.str());
            closedParts.push_back(std::move(own));
        };
        noteClosed(schema);
        // The merge reads these by their types; anything else is refused first.
        auto checkMergeable = [](const std::string& k, const Value& v) {
            if ((k == "properties" && !v.isDict()) || (k == "required" && !v.isList()))
                unsupported("allOf: " + k + " has the wrong type.");
            if ((k.rfind("min", 0) == 0 || k.rfind("max", 0) == 0 || k.rfind("exclusive", 0) == 0) &&
                !v.isNumber())
                unsupported("allOf: " + k + " must be a number.");
        };
        Value merged = Value::object();
        for (const auto& [k, v] : schema.dictData().entries())
            if (k.str() != "allOf") {
                checkMergeable(k.str(), v);
                merged.set(k.str(), v);
            }
        if (!get(schema, "allOf")->isList()) unsupported("allOf must be an array.");
        for (const auto& subRaw : get(schema, "allOf")->items()) {
            const Value* sub = &subRaw;
            for (int hops = 0; sub->isDict() && get(*sub, "$ref"); ++hops) {
                if (hops > kMaxSchemaDepth) unsupported("The $ref chain in allOf does not end.");
                const Value* ref = get(*sub, "$ref");
                if (!ref->isString()) unsupported("A $ref must be a string.");
                sub = resolvePointer(ref->str());
            }
            if (sub->isBool()) {
                if (!sub->boolValue()) unsupported("allOf with a false schema admits nothing.");
                continue;
            }
            if (!sub->isDict()) unsupported("Each allOf entry must be a schema object.");
            Value part = *sub;
            if (get(part, "allOf")) part = mergeAllOf(part, depth + 1);
            noteClosed(part);
            for (const auto& [kv, v] : part.dictData().entries()) {
                const std::string k = kv.str();
                checkMergeable(k, v);
                const Value* have = get(merged, k.c_str());
                if (!have) {
                    merged.set(k, v);
                } else if (jinja::equals(*have, v)) {
                } else if (k == "required") {
                    Value u = *have;
                    for (const auto& r : v.items()) {
                        bool dup = false;
                        for (const auto& x : u.items()) dup = dup || jinja::equals(x, r);
                        if (!dup) u.push(r);
                    }
                    merged.set(k, u);
                } else if (k == "properties") {
                    Value p = *have;
                    for (const auto& [pk, pv] : v.dictData().entries()) {
                        const Value* old = p.dictData().find(pk);
                        p.set(pk.str(), old ? Value::object({{"allOf", Value::list({*old, pv})}}) : pv);
                    }
                    merged.set(k, p);
                } else if (k == "minimum" || k == "minLength" || k == "minItems" || k == "exclusiveMinimum") {
                    merged.set(k, have->numberValue() >= v.numberValue() ? *have : v);
                } else if (k == "maximum" || k == "maxLength" || k == "maxItems" || k == "exclusiveMaximum") {
                    merged.set(k, have->numberValue() <= v.numberValue() ? *have : v);
                } else if (k == "type") {
                    auto list = [](const Value& t) {
                        std::set<std::string> s;
                        if (t.isString())
                            s.insert(t.str());
                        else if (t.isList())
                            for (const auto& x : t.items())
                                if (x.isString()) s.insert(x.str());
                        return s;
                    };
                    std::set<std::string> a = list(*have), b = list(v), both;
                    for (const auto& t : a)
                        if (b.count(t) || (t == "integer" && b.count("number"))) both.insert(t);
                    for (const auto& t : b)
                        if (t == "integer" && a.count("number")) both.insert(t);
                    if (both.empty()) unsupported("The allOf branches require types that no value has.");
                    Value tl = Value::list();
                    for (const auto& t : both) tl.push(Value(t));
                    merged.set(k, tl);
                } else if (kAnnotations.count(k)) {
                } else {
                    unsupported("The allOf branches both constrain '" + k +
                                "' in ways that cannot be merged.");
                }
            }
        }
        if (const Value* props = get(merged, "properties"); props && props->isDict())
            for (const auto& own : closedParts)
                for (const auto& [k, v] : props->dictData().entries())
                    if (!own.count(k.str()))
                        unsupported(
                            "allOf with additionalProperties in a part that does not list the property '" +
                            k.str() + "' cannot be merged.");
        return merged;
    }

    std::string visit(const Value& schema, const std::string& hint, int depth) {
        if (depth > kMaxSchemaDepth) unsupported("The schema is nested too deeply.");
        if (schema.isBool()) {
            if (schema.boolValue()) return use("value");
            unsupported("A false schema (which admits nothing) is only supported as additionalProperties.");
        }
        if (!schema.isDict()) unsupported("A schema must be a JSON object or a boolean.");
        for (const auto& [k, v] : schema.dictData().entries()) {
            const std::string key = k.str();
            if (kUnsupported.count(key))
                unsupported("The JSON Schema keyword '" + key + "' is not supported.");
        }
        if (const Value* ref = get(schema, "$ref")) {
            if (!ref->isString()) unsupported("A $ref must be a string.");
            return refRule(ref->str(), depth); // siblings of $ref are ignored (drafts 4–7)
        }
        if (get(schema, "allOf")) {
            const Value* all = get(schema, "allOf");
            if (!all->isList() || all->items().empty()) unsupported("allOf must be a non-empty array.");
            return visit(mergeAllOf(schema, depth), hint, depth + 1);
        }
        for (const char* key : {"anyOf", "oneOf"}) {
            const Value* alts = get(schema, key);
            if (!alts) continue;
            if (!alts->isList() || alts->items().empty())
                unsupported(std::string(key) + " must be a non-empty array.");
            if (get(schema, key[0] == 'a' ? "oneOf" : "anyOf"))
                unsupported("anyOf and oneOf together are not supported.");
            // Siblings constrain every branch: each branch is merged with them.
            Value siblings = Value::object();
            bool hasSiblings = false;
            for (const auto& [k, v] : schema.dictData().entries()) {
                if (k.str() == key || kAnnotations.count(k.str())) continue;
                siblings.set(k.str(), v);
                hasSiblings = true;
            }
            std::string out;
            int i = 0;
            for (const auto& alt : alts->items()) {
                std::string g;
                if (hasSiblings) {
                    Value both = Value::object({{"allOf", Value::list({siblings, alt})}});
                    g = visit(both, hint + "-" + std::to_string(i), depth + 1);
                } else if (alt.isBool() && !alt.boolValue()) {
                    ++i;
                    continue; // a branch that admits nothing adds nothing
                } else {
                    g = visit(alt, hint + "-" + std::to_string(i), depth + 1);
                }
                out += (out.empty() ? "" : " | ") + std::string("(") + g + ")";
                ++i;
            }
            if (out.empty()) unsupported(std::string(key) + " has no branch that admits a value.");
            return newRule(hint, out);
        }

        std::set<std::string> types;
        if (const Value* t = get(schema, "type")) {
            if (t->isString())
                types.insert(t->str());
            else if (t->isList())
                for (const auto& x : t->items()) {
                    if (!x.isString()) unsupported("A type list must hold type names.");
                    types.insert(x.str());
                }
            else
                unsupported("The type keyword must be a string or a list of strings.");
            static const std::set<std::string> kTypes = {"null",   "boolean", "integer", "number",
                                                         "string", "array",   "object"};
            for (const auto& x : types)
                if (!kTypes.count(x)) unsupported("The type '" + x + "' is not a JSON Schema type.");
            if (types.empty()) unsupported("The type list is empty.");
        } else {
            types = {"null", "boolean", "number", "string", "array", "object"};
        }
        if (types.count("number")) types.erase("integer");

        const Value* en = get(schema, "enum");
        const Value* co = get(schema, "const");
        if (en || co) {
            std::vector<Value> values;
            if (co)
                values.push_back(*co);
            else if (en->isList())
                values = en->items();
            else
                unsupported("enum must be an array.");
            std::string out;
            for (const auto& v : values) {
                bool typed = false;
                for (const auto& t : types) typed = typed || isType(v, t);
                if (!typed) continue;
                if (co && en) {
                    bool listed = false;
                    for (const auto& e : en->items()) listed = listed || jinja::equals(e, *co);
                    if (!listed) continue;
                }
                out += (out.empty() ? "" : " | ") + std::string("(") + constant(v, 0) + ")";
            }
            if (out.empty()) unsupported("No enum or const value has the schema's type.");
            return newRule(hint, out);
        }
        std::string out;
        for (const auto& t : types) {
            std::string g;
            if (t == "null")
                g = use("null");
            else if (t == "boolean")
                g = use("boolean");
            else if (t == "integer" || t == "number")
                g = numberGrammar(schema, t == "integer");
            else if (t == "string")
                g = stringGrammar(schema, hint);
            else if (t == "array")
                g = arrayGrammar(schema, hint, depth);
            else
                g = objectGrammar(schema, hint, depth);
            out += (out.empty() ? "" : " | ") + g;
        }
        return types.size() == 1 ? out : newRule(hint, out);
    }

    std::string numberGrammar(const Value& schema, bool integer) {
        const Value* mn = get(schema, "minimum");
        const Value* mx = get(schema, "maximum");
        const Value* xmn = get(schema, "exclusiveMinimum");
        const Value* xmx = get(schema, "exclusiveMaximum");
        for (const Value* b : {mn, mx})
            if (b && !b->isNumber()) unsupported("minimum and maximum must be numbers.");
        // (NaN passes every comparison as false and has no digits: fuzz_json_schema found it.)
        for (const Value* b : {mn, mx, xmn, xmx})
            if (b && b->isNumber() && std::isnan(b->numberValue()))
                unsupported("A number bound cannot be NaN.");
        if (!mn && !mx && !xmn && !xmx) return use(integer ? "integer" : "number");
        if (!integer) return decimalGrammar(mn, mx, xmn, xmx);
        // Draft 4 spells exclusive bounds as booleans beside minimum and maximum.
        double lo = -INFINITY, hi = INFINITY;
        if (mn) lo = std::ceil(mn->numberValue());
        if (mx) hi = std::floor(mx->numberValue());
        if (xmn) {
            if (xmn->isBool()) {
                if (xmn->boolValue() && mn) lo = std::floor(mn->numberValue()) + 1;
            } else if (xmn->isNumber()) {
                lo = std::max(lo, std::floor(xmn->numberValue()) + 1);
            } else {
                unsupported("exclusiveMinimum must be a number.");
            }
        }
        if (xmx) {
            if (xmx->isBool()) {
                if (xmx->boolValue() && mx) hi = std::ceil(mx->numberValue()) - 1;
            } else if (xmx->isNumber()) {
                hi = std::min(hi, std::ceil(xmx->numberValue()) - 1);
            } else {
                unsupported("exclusiveMaximum must be a number.");
            }
        }
        constexpr double kLimit = 9'999'999'999'999'999.0; // 16 digits, as the integer rule allows
        if (std::fabs(lo) > kLimit && std::isfinite(lo)) unsupported("The integer bounds are too large.");
        if (std::fabs(hi) > kLimit && std::isfinite(hi)) unsupported("The integer bounds are too large.");
        if (lo > hi) unsupported("The integer bounds admit no value.");
        std::vector<std::string> alts;
        // Negative part: "-" then the magnitudes.
        if (lo < 0) {
            const int64_t magLo = std::isfinite(hi) && hi < 0 ? int64_t(-hi) : 1;
            const int64_t magHi = std::isfinite(lo) ? int64_t(-lo) : -1;
            alts.push_back("\"-\" (" + naturalRange(magLo, magHi) + ")");
        }
        if (hi >= 0) {
            const int64_t a = lo > 0 ? int64_t(lo) : 0;
            alts.push_back(naturalRange(a, std::isfinite(hi) ? int64_t(hi) : -1));
        }
        std::string out;
        for (const auto& a : alts) out += (out.empty() ? "(" : " | (") + a + ")";
        return newRule("int-range", "(" + out + ") " + use("ws"));
    }

    // A bound as sign, integer digits and fraction digits (trailing zeros dropped).
    struct Decimal {
        bool negative = false;
        int64_t integer = 0;
        std::string fraction;
    };
    static Decimal decimal(const Value& v, const char* key) {
        Decimal d;
        std::string text = v.isInt() ? std::to_string(v.intValue()) : jinja::toJson(v);
        if (text.find_first_of("eEin") != std::string::npos || text.size() > 34)
            unsupported(std::string(key) + " " + text + " is too large or too small for a number bound.");
        if (text[0] == '-') d.negative = true, text.erase(0, 1);
        const size_t dot = text.find('.');
        const std::string ip = text.substr(0, dot);
        if (ip.size() > 15) unsupported(std::string(key) + " is too large for a number bound.");
        auto digits = [](const std::string& s) {
            return !s.empty() && s.find_first_not_of("0123456789") == s.npos;
        };
        if (!digits(ip) || (dot != std::string::npos && !digits(text.substr(dot + 1))))
            unsupported(std::string(key) + " " + text + " is not a number bound.");
        d.integer = std::stoll(ip);
        if (dot != std::string::npos) d.fraction = text.substr(dot + 1);
        while (!d.fraction.empty() && d.fraction.back() == '0') d.fraction.pop_back();
        if (d.integer == 0 && d.fraction.empty()) d.negative = false;
        return d;
    }

    // The digits after "I." that make the magnitude ≥, >, ≤ or < I.F (F given as its digits);
    // empty when no digits can. Fractions are written with at most 16 digits, as `number` does.
    static std::string fractionDigits(const std::string& f, char op) {
        const std::string any = "[0-9]{0,16}";
        if (f.empty()) {
            if (op == 'g') return any;
            if (op == 'G') return "\"0\"{0,15} [1-9] " + any;
            if (op == 'l') return "\"0\"{0,16}";
            return "";
        }
        const int d = f[0] - '0';
        std::vector<std::string> alts;
        if ((op == 'g' || op == 'G') && d < 9) alts.push_back("[" + std::to_string(d + 1) + "-9] " + any);
        if ((op == 'l' || op == 'L') && d > 0) alts.push_back("[0-" + std::to_string(d - 1) + "] " + any);
        const std::string rest = fractionDigits(f.substr(1), op);
        if (!rest.empty() || ((op == 'g' || op == 'l') && f.size() == 1))
            alts.push_back("\"" + f.substr(0, 1) + "\"" + (rest.empty() ? "" : " (" + rest + ")"));
        std::string out;
        for (const auto& a : alts) out += (out.empty() ? "(" : " | (") + a + ")";
        return out;
    }

    // Magnitudes whose integer part is I and that are ≥/>/≤/< I.F, with or without a fraction.
    static std::string sameInteger(const Decimal& b, char op) {
        const std::string i = literal(std::to_string(b.integer));
        const bool bareOk = op == 'g'   ? b.fraction.empty()
                            : op == 'l' ? true
                            : op == 'L' ? !b.fraction.empty()
                                        : false;
        // A fraction has at least one digit: "1." is not JSON.
        const std::string frac = !b.fraction.empty() ? fractionDigits(b.fraction, op)
                                 : op == 'g'         ? "[0-9]{1,16}"
                                 : op == 'l'         ? "\"0\"{1,16}"
                                                     : fractionDigits(b.fraction, op);
        std::vector<std::string> alts;
        if (!frac.empty()) alts.push_back("\".\" (" + frac + ")");
        if (alts.empty() && !bareOk) return "";
        std::string out = i;
        if (!alts.empty()) out += bareOk ? " (" + alts[0] + ")?" : " " + alts[0];
        return out;
    }

    // Non-negative magnitudes from lo to hi (either may be absent), each bound inclusive or not.
    std::string magnitudes(const Decimal* lo, bool loStrict, const Decimal* hi, bool hiStrict) {
        const std::string fracOpt = "(\".\" [0-9]{1,16})?";
        std::vector<std::string> alts;
        const int64_t first = lo ? lo->integer + 1 : 0; // whole integer parts strictly inside
        const int64_t last = hi ? hi->integer - 1 : -1; // -1: no upper limit
        if (lo && hi && lo->integer == hi->integer) {
            unsupported("Number bounds that share their integer part are not supported.");
        }
        if (lo) {
            const std::string s = sameInteger(*lo, loStrict ? 'G' : 'g');
            if (!s.empty()) alts.push_back(s);
        }
        if (!hi || last >= first) alts.push_back("(" + naturalRange(first, hi ? last : -1) + ") " + fracOpt);
        if (hi) {
            const std::string s = sameInteger(*hi, hiStrict ? 'L' : 'l');
            if (!s.empty()) alts.push_back(s);
        }
        if (alts.empty()) return "";
        std::string out;
        for (const auto& a : alts) out += (out.empty() ? "(" : " | (") + a + ")";
        return "(" + out + ")"; // one term: a sign goes before all of it
    }

    // type number with minimum / maximum / exclusive bounds. Bounded numbers are written without
    // an exponent, which keeps the comparison digit by digit.
    std::string decimalGrammar(const Value* mn, const Value* mx, const Value* xmn, const Value* xmx) {
        std::optional<Decimal> lo, hi;
        bool loStrict = false, hiStrict = false;
        if (mn) lo = decimal(*mn, "minimum");
        if (mx) hi = decimal(*mx, "maximum");
        if (xmn) {
            if (xmn->isBool())
                loStrict = xmn->boolValue() && mn;
            else if (xmn->isNumber()) {
                const Decimal d = decimal(*xmn, "exclusiveMinimum");
                if (!mn || xmn->numberValue() >= mn->numberValue()) lo = d, loStrict = true;
            } else
                unsupported("exclusiveMinimum must be a number.");
        }
        if (xmx) {
            if (xmx->isBool())
                hiStrict = xmx->boolValue() && mx;
            else if (xmx->isNumber()) {
                const Decimal d = decimal(*xmx, "exclusiveMaximum");
                if (!mx || xmx->numberValue() <= mx->numberValue()) hi = d, hiStrict = true;
            } else
                unsupported("exclusiveMaximum must be a number.");
        }
        std::vector<std::string> alts;
        const std::string anyMagnitude = magnitudes(nullptr, false, nullptr, false);
        const bool loNeg = lo && lo->negative, hiNeg = hi && hi->negative;
        const bool loPos = lo && !lo->negative;
        // Negative numbers: "-" and a magnitude; x >= lo (< 0) means |x| <= |lo|.
        if (!loPos) {
            if (hiNeg) {
                const std::string m = magnitudes(&*hi, hiStrict, lo ? &*lo : nullptr, loStrict);
                if (!m.empty()) alts.push_back("\"-\" " + m);
            } else {
                const std::string m = lo ? magnitudes(nullptr, false, &*lo, loStrict) : anyMagnitude;
                if (!m.empty()) alts.push_back("\"-\" " + m);
            }
        }
        // Non-negative numbers.
        if (!hiNeg) {
            const std::string m = loPos ? magnitudes(&*lo, loStrict, hi ? &*hi : nullptr, hiStrict)
                                        : magnitudes(nullptr, false, hi ? &*hi : nullptr, hiStrict);
            if (!m.empty()) alts.push_back(m);
        }
        if (alts.empty()) unsupported("The number bounds admit no value.");
        std::string out;
        for (const auto& a : alts) out += (out.empty() ? "(" : " | (") + a + ")";
        (void)loNeg;
        return newRule("number-range", "(" + out + ") " + use("ws"));
    }

    int64_t lengthBound(const Value* v, const char* key) {
        if (!v) return -1;
        if (!v->isInt() || v->intValue() < 0)
            unsupported(std::string(key) + " must be a non-negative integer.");
        if (v->intValue() > kMaxLengthInGrammar)
            unsupported(std::string(key) + " above " + std::to_string(kMaxLengthInGrammar) +
                        " is not supported.");
        return v->intValue();
    }

    static bool knownFormat(const std::string& f) {
        return f == "date" || f == "time" || f == "date-time" || f == "uuid";
    }

    std::string stringGrammar(const Value& schema, const std::string& hint) {
        const int64_t minL = lengthBound(get(schema, "minLength"), "minLength");
        const int64_t maxL = lengthBound(get(schema, "maxLength"), "maxLength");
        const Value* pattern = get(schema, "pattern");
        const Value* format = get(schema, "format");
        // A format the grammar does not know is what the standard makes every format by default:
        // an annotation. The string stays a plain one (as llama.cpp and OpenAI treat it), so an
        // MCP tool with a "uri" or "email" field can still be called.
        if (format && format->isString() && !knownFormat(format->str())) format = nullptr;
        const int kinds = (minL >= 0 || maxL >= 0) + (pattern != nullptr) + (format != nullptr);
        if (kinds > 1)
            unsupported("Only one of pattern, format and minLength/maxLength may constrain a string.");
        if (pattern) {
            if (!pattern->isString()) unsupported("pattern must be a string.");
            use("char");
            return newRule(hint + "-pattern",
                           "\"\\\"\" (" + regexToGbnf(pattern->str()) + ") \"\\\"\" " + use("ws"));
        }
        if (format) {
            if (!format->isString()) unsupported("format must be a string.");
            const std::string f = format->str();
            return "\"\\\"\" " + use(f) + " \"\\\"\" " + use("ws");
        }
        if (minL < 0 && maxL < 0) return use("string");
        if (minL >= 0 && maxL >= 0 && maxL < minL) unsupported("maxLength is below minLength.");
        use("char");
        const std::string rep = "{" + std::to_string(std::max<int64_t>(minL, 0)) + "," +
                                (maxL >= 0 ? std::to_string(maxL) : "") + "}";
        return newRule(hint + "-string", "\"\\\"\" char" + rep + " \"\\\"\" " + use("ws"));
    }

    std::string arrayGrammar(const Value& schema, const std::string& hint, int depth) {
        const int64_t minI = lengthBound(get(schema, "minItems"), "minItems");
        const int64_t maxI = lengthBound(get(schema, "maxItems"), "maxItems");
        const Value* items = get(schema, "items");
        const Value* prefix = get(schema, "prefixItems");
        const Value* additional = get(schema, "additionalItems");
        std::vector<std::string> tuple;
        std::string rest; // grammar of the items after the tuple; empty: none allowed
        bool restAllowed = true;
        // The tuple from a list of item schemas, and the rest from the schema of the items after
        // it: any value when there is none, no items at all when it is `false`.
        const auto tupleOf = [&](const Value& list) {
            for (size_t i = 0; i < list.items().size(); ++i)
                tuple.push_back(visit(list.items()[i], hint + "-" + std::to_string(i), depth + 1));
        };
        const auto restOf = [&](const Value* more, const char* suffix) {
            if (!more)
                rest = use("value");
            else if (more->isBool() && !more->boolValue())
                restAllowed = false;
            else
                rest = visit(*more, hint + suffix, depth + 1);
        };
        if (prefix) {
            if (!prefix->isList()) unsupported("prefixItems must be an array.");
            tupleOf(*prefix);
            restOf(items, "-item");
        } else if (items && items->isList()) {
            tupleOf(*items);
            restOf(additional, "-more");
        } else {
            restOf(items, "-item");
        }
        use("ws");
        // Lengths: k tuple items, each optional from minItems on, then rest items.
        const int64_t k = int64_t(tuple.size());
        const int64_t lo = std::max<int64_t>(minI, 0);
        int64_t hi = maxI;
        if (!restAllowed) hi = hi < 0 ? k : std::min(hi, k);
        if (hi >= 0 && hi < lo) unsupported("maxItems is below minItems.");
        // after(i): the items from position i on, with at least one item already written.
        // Built from the end: positions ≥ k use `rest`.
        std::string restTail;
        if (restAllowed && (hi < 0 || hi > k)) {
            const int64_t needMore = std::max<int64_t>(lo - k, 0);
            const std::string more = "\",\" ws " + rest;
            std::string rep = "(" + more + ")";
            std::string tail = needMore > 0 ? rep + "{" + std::to_string(needMore) + "," +
                                                  (hi >= 0 ? std::to_string(hi - k) : "") + "}"
                                            : rep + "{0," + (hi >= 0 ? std::to_string(hi - k) : "") + "}";
            restTail = tail;
        }
        // Position i (0-based) in the tuple: mandatory while i < lo.
        // seq(i) = "," item_i seq(i+1) | (i >= lo ? end : nothing)
        std::string after = restTail.empty() ? "" : restTail; // at position k
        for (int64_t i = k - 1; i >= 1; --i) {
            if (hi >= 0 && i >= hi) continue;
            const std::string withItem = "\",\" ws " + tuple[size_t(i)] + (after.empty() ? "" : " " + after);
            after = i >= lo ? "(" + withItem + ")?" : withItem;
        }
        // The first item (or none).
        std::string body;
        if (k > 0 && (hi < 0 || hi >= 1)) {
            body = tuple[0] + (after.empty() ? "" : " " + after);
        } else if (k == 0 && restAllowed && (hi < 0 || hi >= 1)) {
            const std::string more = "(\",\" ws " + rest + ")";
            const int64_t needMore = std::max<int64_t>(lo - 1, 0);
            body = rest + " " + more + "{" + std::to_string(needMore) + "," +
                   (hi >= 0 ? std::to_string(hi - 1) : "") + "}";
        }
        std::string inner;
        if (body.empty())
            inner = "";
        else if (lo == 0)
            inner = "(" + body + ")?";
        else
            inner = body;
        return newRule(hint + "-array", "\"[\" ws " + inner + " \"]\" ws");
    }

    // Property names other than `names`, as the inside of a JSON string and its closing quote.
    std::string otherKey(const std::vector<std::string>& names) {
        use("char");
        if (names.empty()) return "char* \"\\\"\"";
        struct TrieNode {
            std::map<unsigned char, int> next;
            bool terminal = false;
        };
        std::vector<TrieNode> trie(1);
        for (const auto& n : names) {
            const std::string esc = jsonString(n);
            int at = 0;
            for (size_t i = 1; i + 1 < esc.size(); ++i) {
                const unsigned char c = static_cast<unsigned char>(esc[i]);
                auto it = trie[size_t(at)].next.find(c);
                if (it == trie[size_t(at)].next.end()) {
                    trie.push_back({});
                    const int id = int(trie.size() - 1);
                    trie[size_t(at)].next[c] = id;
                    at = id;
                } else {
                    at = it->second;
                }
            }
            trie[size_t(at)].terminal = true;
        }
        // Works on bytes: a byte outside the node's set leaves every name behind; the class
        // excludes ASCII specials, and non-ASCII lead bytes are handled byte by byte below.
        std::vector<std::string> names2(trie.size());
        for (size_t i = 0; i < trie.size(); ++i) names2[i] = newRule("key", "");
        for (size_t i = 0; i < trie.size(); ++i) {
            const auto& n = trie[i];
            std::string exclude;
            bool hasNonAscii = false;
            for (const auto& [c, child] : n.next) {
                if (c >= 0x80)
                    hasNonAscii = true;
                else
                    exclude += "\\x" + hex(c, 2);
            }
            std::vector<std::string> alts;
            // Leave the trie with one character no name has here; escapes unless a name has '\'.
            if (!hasNonAscii) {
                alts.push_back("[^\"\\\\\\x7F\\x00-\\x1F" + exclude + "] char* \"\\\"\"");
            } else {
                // Non-ASCII first bytes: leave with an ASCII character only (a stricter but safe choice).
                alts.push_back("[^\"\\\\\\x7F\\x00-\\x1F\\x80-\\U0010FFFF" + exclude + "] char* \"\\\"\"");
            }
            if (!n.next.count('\\'))
                alts.push_back("\"\\\\\" ([\"\\\\/bfnrt] | \"u\" [0-9a-fA-F]{4}) char* \"\\\"\"");
            for (const auto& [c, child] : n.next) {
                if (c >= 0x80) continue;
                alts.push_back("\"\\x" + hex(c, 2) + "\" " + names2[size_t(child)]);
            }
            if (!n.terminal) alts.push_back("\"\\\"\"");
            std::string body;
            for (const auto& a : alts) body += (body.empty() ? "" : " | ") + a;
            rules_[names2[i]] = body;
        }
        return names2[0];
    }

    std::string objectGrammar(const Value& schema, const std::string& hint, int depth) {
        const Value* props = get(schema, "properties");
        const Value* req = get(schema, "required");
        const Value* addl = get(schema, "additionalProperties");
        if (props && !props->isDict()) unsupported("properties must be an object.");
        if (req && !req->isList()) unsupported("required must be an array.");
        std::vector<std::string> names;
        std::vector<std::string> valueGrammars;
        std::set<std::string> required;
        if (req)
            for (const auto& r : req->items()) {
                if (!r.isString()) unsupported("required must list property names.");
                required.insert(r.str());
            }
        if (props)
            for (const auto& [k, v] : props->dictData().entries()) {
                if (v.isBool() && !v.boolValue()) {
                    if (required.count(k.str())) unsupported("A required property has a false schema.");
                    continue; // never present; other keys still cannot take its name
                }
                names.push_back(k.str());
                valueGrammars.push_back(visit(v, hint + "-" + k.str(), depth + 1));
            }
        for (const auto& r : required)
            if (std::find(names.begin(), names.end(), r) == names.end()) {
                names.push_back(r);
                valueGrammars.push_back(use("value"));
            }
        use("ws");
        std::vector<std::string> known = names;
        if (props)
            for (const auto& [k, v] : props->dictData().entries())
                if (v.isBool() && !v.boolValue()) known.push_back(k.str());
        std::string extra; // one additional key-value pair, empty when none is allowed
        const bool declaredOnly = addl ? addl->isBool() && !addl->boolValue()
                                       : undeclared_ == UndeclaredKeys::DeclaredOnly && !names.empty();
        if (!declaredOnly) {
            const std::string vg =
                addl && !addl->isBool() ? visit(*addl, hint + "-more", depth + 1) : use("value");
            extra = newRule(hint + "-kv", "\"\\\"\" " + otherKey(known) + " ws \":\" ws " + vg);
        }
        std::vector<std::string> kv;
        for (size_t i = 0; i < names.size(); ++i)
            kv.push_back(
                newRule(hint + "-kv", literal(jsonString(names[i])) + " ws \":\" ws " + valueGrammars[i]));
        const size_t n = names.size();
        auto isReq = [&](size_t i) { return required.count(names[i]) > 0; };

        if (n <= size_t(kAnyOrderProperties)) {
            // One rule per set of properties written so far: any order, each at most once.
            std::vector<std::string> rule(size_t(1) << n);
            for (size_t s = 0; s < rule.size(); ++s) rule[s] = newRule(hint + "-obj", "");
            for (size_t s = 0; s < rule.size(); ++s) {
                std::vector<std::string> alts;
                bool done = true;
                for (size_t i = 0; i < n; ++i)
                    if (isReq(i) && !(s >> i & 1)) done = false;
                if (done) alts.push_back("\"}\" ws");
                for (size_t i = 0; i < n; ++i)
                    if (!(s >> i & 1)) alts.push_back("\",\" ws " + kv[i] + " " + rule[s | (size_t(1) << i)]);
                if (!extra.empty()) alts.push_back("\",\" ws " + extra + " " + rule[s]);
                std::string body;
                for (const auto& a : alts) body += (body.empty() ? "" : " | ") + a;
                rules_[rule[s]] = body;
            }
            std::vector<std::string> first;
            if (required.empty()) first.push_back("\"}\" ws");
            for (size_t i = 0; i < n; ++i) first.push_back(kv[i] + " " + rule[size_t(1) << i]);
            if (!extra.empty()) first.push_back(extra + " " + rule[0]);
            std::string body;
            for (const auto& a : first) body += (body.empty() ? "" : " | ") + a;
            return newRule(hint + "-object", "\"{\" ws (" + body + ")");
        }
        // Declared order: tail(i) follows at least one written pair, head(i) none yet.
        std::string endTail = (extra.empty() ? "" : "(\",\" ws " + extra + ")* ") + std::string("\"}\" ws");
        std::string endHead =
            (extra.empty() ? "" : "(" + extra + " (\",\" ws " + extra + ")*)? ") + std::string("\"}\" ws");
        std::string tail = newRule(hint + "-tail", endTail), head = newRule(hint + "-head", endHead);
        for (size_t j = n; j-- > 0;) {
            const std::string t =
                newRule(hint + "-tail", "\",\" ws " + kv[j] + " " + tail + (isReq(j) ? "" : " | " + tail));
            const std::string h =
                newRule(hint + "-head", kv[j] + " " + tail + (isReq(j) ? "" : " | " + head));
            tail = t, head = h;
        }
        return newRule(hint + "-object", "\"{\" ws " + head);
    }
};

std::string primitivesFor(const std::string& root, std::initializer_list<const char*> names) {
    std::string out = "root ::= " + root + "\n";
    for (const auto& [name, rule] : kPrimitives)
        for (const char* n : names)
            if (std::string(n) == name) out += std::string(name) + " ::= " + rule + "\n";
    return out;
}

} // namespace

std::string schemaToGbnf(const Value& schema, UndeclaredKeys undeclared) {
    return Converter(schema, undeclared).run();
}

std::string schemaToGbnf(std::string_view schemaJson, UndeclaredKeys undeclared) {
    Value v;
    try {
        v = jinja::parseJson(schemaJson);
    } catch (const Error& e) {
        throw Error(ErrorCode::InvalidArgument,
                    std::string("The JSON schema is not valid JSON: ") + e.what() + ".");
    }
    return schemaToGbnf(v, undeclared);
}

std::string anyJsonObjectGbnf() {
    return primitivesFor("object", {"ws", "char", "integral", "number", "boolean", "null", "string", "value",
                                    "object", "array"});
}

std::string anyJsonValueGbnf() {
    return primitivesFor("value", {"ws", "char", "integral", "number", "boolean", "null", "string", "value",
                                   "object", "array"});
}

} // namespace smoldesk::grammar
