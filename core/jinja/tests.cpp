// jinja2's built-in tests (`x is defined`, `x is divisibleby 3`, ...).
#include "jinja/builtins.h"
#include "jinja/failure.h"
#include "jinja/interpreter.h"
#include "jinja/utf8.h"

#include <unordered_map>

namespace smoldesk::jinja {

namespace {

using TestFn = bool (*)(Interpreter&, const Value&, ArgList&);

const Value& arg0(ArgList& a) {
    return a.require(0, "other");
}

bool tDefined(Interpreter&, const Value& v, ArgList&) {
    return !v.isUndefined();
}
bool tUndefined(Interpreter&, const Value& v, ArgList&) {
    return v.isUndefined();
}
bool tNone(Interpreter&, const Value& v, ArgList&) {
    return v.isNone();
}
bool tBoolean(Interpreter&, const Value& v, ArgList&) {
    return v.isBool();
}
bool tFalse(Interpreter&, const Value& v, ArgList&) {
    return v.isBool() && !v.boolValue();
}
bool tTrue(Interpreter&, const Value& v, ArgList&) {
    return v.isBool() && v.boolValue();
}
bool tInteger(Interpreter&, const Value& v, ArgList&) {
    return v.isInt();
}
bool tFloat(Interpreter&, const Value& v, ArgList&) {
    return v.isFloat();
}
bool tNumber(Interpreter&, const Value& v, ArgList&) {
    return v.isNumber();
}
bool tString(Interpreter&, const Value& v, ArgList&) {
    return v.isString();
}
bool tMapping(Interpreter&, const Value& v, ArgList&) {
    return v.isDict();
}
bool tIterable(Interpreter&, const Value& v, ArgList&) {
    return v.isUndefined() || v.isString() || v.isSequence() || v.isDict();
}
bool tSequence(Interpreter&, const Value& v, ArgList&) {
    return v.isUndefined() || v.isString() || v.isSequence() || v.isDict();
}
bool tCallable(Interpreter&, const Value& v, ArgList&) {
    return v.isCallable();
}
bool tEscaped(Interpreter&, const Value&, ArgList&) {
    return false;
}

bool tOdd(Interpreter& in, const Value& v, ArgList&) {
    return binaryOp(in, BinaryOp::Mod, v, Value(2)).intValue() == 1;
}
bool tEven(Interpreter& in, const Value& v, ArgList&) {
    return binaryOp(in, BinaryOp::Mod, v, Value(2)).intValue() == 0;
}
bool tDivisibleBy(Interpreter& in, const Value& v, ArgList& a) {
    return equals(binaryOp(in, BinaryOp::Mod, v, a.require(0, "num")), Value(0));
}
bool tEq(Interpreter&, const Value& v, ArgList& a) {
    return equals(v, arg0(a));
}
bool tNe(Interpreter&, const Value& v, ArgList& a) {
    return !equals(v, arg0(a));
}
bool tLt(Interpreter& in, const Value& v, ArgList& a) {
    return orderValues(in, v, arg0(a), "<") < 0;
}
bool tLe(Interpreter& in, const Value& v, ArgList& a) {
    return orderValues(in, v, arg0(a), "<=") <= 0;
}
bool tGt(Interpreter& in, const Value& v, ArgList& a) {
    return orderValues(in, v, arg0(a), ">") > 0;
}
bool tGe(Interpreter& in, const Value& v, ArgList& a) {
    return orderValues(in, v, arg0(a), ">=") >= 0;
}
bool tIn(Interpreter& in, const Value& v, ArgList& a) {
    return contains(in, a.require(0, "seq"), v);
}
bool tSameAs(Interpreter&, const Value& v, ArgList& a) {
    const Value& o = arg0(a);
    if (v.kind() != o.kind()) return false;
    if (v.isNone() || v.isBool() || v.isInt() || v.isUndefined()) return equals(v, o);
    if (v.isString() || v.isFloat()) return false; // distinct objects unless the same literal; rare
    return &v.dictData() == &o.dictData();
}
bool tLower(Interpreter& in, const Value& v, ArgList&) {
    CallArgs none;
    return callMethod(in, Value(toStr(v)), "islower", none).truthy();
}
bool tUpper(Interpreter& in, const Value& v, ArgList&) {
    CallArgs none;
    return callMethod(in, Value(toStr(v)), "isupper", none).truthy();
}
bool tFilter(Interpreter&, const Value& v, ArgList&) {
    return v.isString() && isFilter(v.str());
}
bool tTest(Interpreter&, const Value& v, ArgList&) {
    return v.isString() && isTest(v.str());
}

const std::unordered_map<std::string_view, TestFn>& table() {
    static const std::unordered_map<std::string_view, TestFn> t = {
        {"defined", tDefined},
        {"undefined", tUndefined},
        {"none", tNone},
        {"boolean", tBoolean},
        {"false", tFalse},
        {"true", tTrue},
        {"integer", tInteger},
        {"float", tFloat},
        {"number", tNumber},
        {"string", tString},
        {"mapping", tMapping},
        {"iterable", tIterable},
        {"sequence", tSequence},
        {"callable", tCallable},
        {"escaped", tEscaped},
        {"odd", tOdd},
        {"even", tEven},
        {"divisibleby", tDivisibleBy},
        {"eq", tEq},
        {"equalto", tEq},
        {"==", tEq},
        {"ne", tNe},
        {"!=", tNe},
        {"lt", tLt},
        {"lessthan", tLt},
        {"<", tLt},
        {"le", tLe},
        {"<=", tLe},
        {"gt", tGt},
        {"greaterthan", tGt},
        {">", tGt},
        {"ge", tGe},
        {">=", tGe},
        {"in", tIn},
        {"sameas", tSameAs},
        {"lower", tLower},
        {"upper", tUpper},
        {"filter", tFilter},
        {"test", tTest},
    };
    return t;
}

} // namespace

bool isTest(std::string_view name) {
    return table().count(name) != 0;
}

bool applyTest(Interpreter& in, std::string_view name, const Value& input, CallArgs& args) {
    auto it = table().find(name);
    if (it == table().end()) fail(py::kAssertionError, "No test named '" + std::string(name) + "'.");
    ArgList list(args, it->first.data());
    return it->second(in, input, list);
}

} // namespace smoldesk::jinja
