// Python's arithmetic, comparison and membership rules, including the exact TypeError texts.
#include "jinja/failure.h"
#include "jinja/interpreter.h"
#include "jinja/utf8.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace smoldesk::jinja {

namespace {

[[noreturn]] void unsupported(const char* op, const Value& a, const Value& b) {
    fail(py::kTypeError, std::string("unsupported operand type(s) for ") + op + ": '" + typeName(a) +
                             "' and '" + typeName(b) + "'");
}

[[noreturn]] void overflow() {
    fail(py::kOverflowError, "integer result does not fit in 64 bits");
}

Value repeatSequence(Interpreter& in, const Value& seq, int64_t count) {
    if (count <= 0)
        return seq.isString() ? Value(std::string()) : seq.isList() ? Value::list() : Value::tuple({});
    if (seq.isString()) {
        const std::string& s = seq.str();
        if (!s.empty() && uint64_t(count) > in.options().maxOutputBytes / s.size())
            fail(py::kLimitError, "string repetition exceeds the output limit of " +
                                      std::to_string(in.options().maxOutputBytes) + " bytes");
        in.chargeString(s.size() * size_t(count));
        std::string out;
        out.reserve(s.size() * size_t(count));
        for (int64_t i = 0; i < count; ++i) out += s;
        return Value(std::move(out));
    }
    const auto& items = seq.items();
    if (!items.empty() && uint64_t(count) > in.options().maxOutputBytes / 16 / items.size())
        fail(py::kLimitError, "list repetition exceeds the size limit");
    in.chargeString(items.size() * size_t(count) * 16);
    std::vector<Value> out;
    out.reserve(items.size() * size_t(count));
    for (int64_t i = 0; i < count; ++i) out.insert(out.end(), items.begin(), items.end());
    return seq.isList() ? Value::list(std::move(out)) : Value::tuple(std::move(out));
}

double floatFloorDiv(double a, double b) {
    double mod = std::fmod(a, b);
    double div = (a - mod) / b;
    if (mod != 0 && ((b < 0) != (mod < 0))) div -= 1.0;
    if (div == 0) return std::copysign(0.0, a / b);
    double fl = std::floor(div);
    if (div - fl > 0.5) fl += 1.0;
    return fl;
}

double floatMod(double a, double b) {
    double mod = std::fmod(a, b);
    if (mod != 0) {
        if ((b < 0) != (mod < 0)) mod += b;
    } else {
        mod = std::copysign(0.0, b);
    }
    return mod;
}

} // namespace

std::string objectTypeRepr(const Value& v) {
    switch (v.kind()) {
    case Kind::None:
        return "None";
    case Kind::Namespace:
        return "jinja2.utils.Namespace object";
    case Kind::Loop:
        return "jinja2.runtime.LoopContext object";
    case Kind::Undefined:
        return "jinja2.runtime.Undefined object";
    default:
        return std::string(typeName(v)) + " object";
    }
}

Value binaryOp(Interpreter& in, BinaryOp op, const Value& a, const Value& b) {
    if (a.isUndefined()) in.raiseUndefined(a);
    if (b.isUndefined()) in.raiseUndefined(b);
    bool bothInts = (a.isInt() || a.isBool()) && (b.isInt() || b.isBool());
    bool bothNumbers = a.isNumber() && b.isNumber();
    switch (op) {
    case BinaryOp::Add: {
        if (bothInts) {
            int64_t r;
            if (__builtin_add_overflow(a.intValue(), b.intValue(), &r)) overflow();
            return Value(r);
        }
        if (bothNumbers) return Value(a.numberValue() + b.numberValue());
        if (a.isString() && b.isString()) {
            in.chargeString(a.str().size() + b.str().size());
            return Value(a.str() + b.str());
        }
        if ((a.isList() && b.isList()) || (a.isTuple() && b.isTuple())) {
            std::vector<Value> items = a.items();
            in.chargeString((items.size() + b.items().size()) * 16);
            items.insert(items.end(), b.items().begin(), b.items().end());
            return a.isList() ? Value::list(std::move(items)) : Value::tuple(std::move(items));
        }
        if (a.isString() || a.isList() || a.isTuple())
            fail(py::kTypeError, std::string("can only concatenate ") + typeName(a) + " (not \"" +
                                     typeName(b) + "\") to " + typeName(a));
        unsupported("+", a, b);
    }
    case BinaryOp::Sub:
        if (bothInts) {
            int64_t r;
            if (__builtin_sub_overflow(a.intValue(), b.intValue(), &r)) overflow();
            return Value(r);
        }
        if (bothNumbers) return Value(a.numberValue() - b.numberValue());
        unsupported("-", a, b);
    case BinaryOp::Mul:
        if (bothInts) {
            int64_t r;
            if (__builtin_mul_overflow(a.intValue(), b.intValue(), &r)) overflow();
            return Value(r);
        }
        if (bothNumbers) return Value(a.numberValue() * b.numberValue());
        if ((a.isString() || a.isSequence()) && (b.isInt() || b.isBool()))
            return repeatSequence(in, a, b.intValue());
        if ((b.isString() || b.isSequence()) && (a.isInt() || a.isBool()))
            return repeatSequence(in, b, a.intValue());
        if (a.isString() || a.isSequence() || b.isString() || b.isSequence())
            fail(py::kTypeError, std::string("can't multiply sequence by non-int of type '") +
                                     typeName(a.isString() || a.isSequence() ? b : a) + "'");
        unsupported("*", a, b);
    case BinaryOp::Div:
        if (bothNumbers) {
            if (b.numberValue() == 0)
                fail(py::kZeroDivisionError, bothInts ? "division by zero" : "float division by zero");
            return Value(a.numberValue() / b.numberValue());
        }
        unsupported("/", a, b);
    case BinaryOp::FloorDiv:
        if (bothInts) {
            int64_t x = a.intValue(), y = b.intValue();
            if (y == 0) fail(py::kZeroDivisionError, "integer division or modulo by zero");
            if (x == std::numeric_limits<int64_t>::min() && y == -1) overflow();
            int64_t q = x / y;
            if ((x % y != 0) && ((x < 0) != (y < 0))) --q;
            return Value(q);
        }
        if (bothNumbers) {
            if (b.numberValue() == 0) fail(py::kZeroDivisionError, "float floor division by zero");
            return Value(floatFloorDiv(a.numberValue(), b.numberValue()));
        }
        unsupported("//", a, b);
    case BinaryOp::Mod:
        if (a.isString()) return Value(percentFormat(in, a.str(), b));
        if (bothInts) {
            int64_t x = a.intValue(), y = b.intValue();
            if (y == 0) fail(py::kZeroDivisionError, "integer division or modulo by zero");
            if (y == -1) return Value(int64_t(0));
            int64_t r = x % y;
            if (r != 0 && ((r < 0) != (y < 0))) r += y;
            return Value(r);
        }
        if (bothNumbers) {
            if (b.numberValue() == 0) fail(py::kZeroDivisionError, "float modulo");
            return Value(floatMod(a.numberValue(), b.numberValue()));
        }
        unsupported("%", a, b);
    case BinaryOp::Pow:
        if (bothInts && b.intValue() >= 0) {
            int64_t base = a.intValue(), e = b.intValue(), r = 1;
            while (e > 0) {
                if (e & 1)
                    if (__builtin_mul_overflow(r, base, &r)) overflow();
                e >>= 1;
                if (e > 0 && __builtin_mul_overflow(base, base, &base)) overflow();
            }
            return Value(r);
        }
        if (bothNumbers) {
            if (a.numberValue() == 0 && b.numberValue() < 0)
                fail(py::kZeroDivisionError, "0.0 cannot be raised to a negative power");
            return Value(std::pow(a.numberValue(), b.numberValue()));
        }
        unsupported("** or pow()", a, b);
    default:
        break;
    }
    fail(py::kRuntimeError, "unsupported operator");
}

int orderValues(Interpreter& in, const Value& a, const Value& b, const char* opText) {
    if (a.isUndefined()) in.raiseUndefined(a);
    if (b.isUndefined()) in.raiseUndefined(b);
    if (a.isNumber() && b.isNumber()) {
        if (!a.isFloat() && !b.isFloat())
            return a.intValue() < b.intValue() ? -1 : a.intValue() > b.intValue();
        double x = a.numberValue(), y = b.numberValue();
        return x < y ? -1 : x > y ? 1 : 0;
    }
    if (a.isString() && b.isString()) {
        int c = a.str().compare(b.str());
        return c < 0 ? -1 : c > 0;
    }
    if ((a.isList() && b.isList()) || (a.isTuple() && b.isTuple())) {
        const auto& x = a.items();
        const auto& y = b.items();
        for (size_t i = 0; i < x.size() && i < y.size(); ++i)
            if (!equals(x[i], y[i])) return orderValues(in, x[i], y[i], opText);
        return x.size() < y.size() ? -1 : x.size() > y.size();
    }
    fail(py::kTypeError, std::string("'") + opText + "' not supported between instances of '" + typeName(a) +
                             "' and '" + typeName(b) + "'");
}

bool contains(Interpreter& in, const Value& container, const Value& item) {
    switch (container.kind()) {
    case Kind::Undefined:
        return false;
    case Kind::String:
        if (!item.isString())
            fail(py::kTypeError,
                 std::string("'in <string>' requires string as left operand, not ") + typeName(item));
        return container.str().find(item.str()) != std::string::npos;
    case Kind::List:
    case Kind::Tuple:
        for (const Value& v : container.items()) {
            in.step();
            if (equals(v, item)) return true;
        }
        return false;
    case Kind::Dict: {
        std::string key;
        if (!hashKey(item, key))
            fail(py::kTypeError, std::string("unhashable type: '") + typeName(item) + "'");
        return container.dictData().find(item) != nullptr;
    }
    default:
        fail(py::kTypeError, std::string("argument of type '") + typeName(container) + "' is not iterable");
    }
}

bool compareValues(Interpreter& in, CompareOp op, const Value& a, const Value& b) {
    switch (op) {
    case CompareOp::Eq:
        return equals(a, b);
    case CompareOp::Ne:
        return !equals(a, b);
    case CompareOp::Lt:
        return orderValues(in, a, b, "<") < 0;
    case CompareOp::Le:
        return orderValues(in, a, b, "<=") <= 0;
    case CompareOp::Gt:
        return orderValues(in, a, b, ">") > 0;
    case CompareOp::Ge:
        return orderValues(in, a, b, ">=") >= 0;
    case CompareOp::In:
        return contains(in, b, a);
    case CompareOp::NotIn:
        return !contains(in, b, a);
    }
    return false;
}

Value sliceValue(const Value& object, const Value& startV, const Value& stopV, const Value& stepV) {
    auto index = [](const Value& v, int64_t fallback, bool& given) -> int64_t {
        given = false;
        if (v.isNone()) return fallback;
        if (!v.isInt() && !v.isBool())
            fail(py::kTypeError, "slice indices must be integers or None or have an __index__ method");
        given = true;
        return v.intValue();
    };
    bool given;
    int64_t step = index(stepV, 1, given);
    if (step == 0) fail(py::kValueError, "slice step cannot be zero");
    bool ascii = object.isString() && utf8::isAscii(object.str());
    std::vector<char32_t> cps;
    if (object.isString() && !ascii) cps = utf8::decode(object.str());
    int64_t len = object.isString() ? int64_t(ascii ? object.str().size() : cps.size())
                                    : int64_t(object.items().size());
    int64_t start = index(startV, step > 0 ? 0 : len - 1, given);
    if (given) {
        if (start < 0) start += len;
        if (step > 0)
            start = std::clamp<int64_t>(start, 0, len);
        else
            start = std::clamp<int64_t>(start, -1, len - 1);
    }
    int64_t stop = index(stopV, step > 0 ? len : -1, given);
    if (given) {
        if (stop < 0) stop += len;
        if (step > 0)
            stop = std::clamp<int64_t>(stop, 0, len);
        else
            stop = std::clamp<int64_t>(stop, -1, len - 1);
    }
    std::vector<int64_t> picks;
    if (step > 0)
        for (int64_t i = start; i < stop; i += step) picks.push_back(i);
    else
        for (int64_t i = start; i > stop; i += step) picks.push_back(i);
    if (object.isString()) {
        std::string out;
        for (int64_t i : picks) {
            if (ascii)
                out += object.str()[size_t(i)];
            else
                utf8::append(out, cps[size_t(i)]);
        }
        return Value(std::move(out));
    }
    std::vector<Value> out;
    out.reserve(picks.size());
    for (int64_t i : picks) out.push_back(object.items()[size_t(i)]);
    return object.isList() ? Value::list(std::move(out)) : Value::tuple(std::move(out));
}

} // namespace smoldesk::jinja
