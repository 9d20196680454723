// Global functions: jinja2's defaults (range, dict, namespace, cycler, joiner, lipsum) and
// transformers' raise_exception and strftime_now.
#include "jinja/builtins.h"
#include "jinja/failure.h"
#include "jinja/interpreter.h"

#include <memory>

namespace smoldesk::jinja {

namespace {

constexpr int64_t kMaxRange = 100000; // jinja2.sandbox.MAX_RANGE

Value range(Interpreter& in, CallArgs& args) {
    if (!args.keyword.empty()) fail(py::kTypeError, "range() takes no keyword arguments");
    auto& p = args.positional;
    if (p.empty() || p.size() > 3)
        fail(py::kTypeError, "range expected at most 3 arguments, got " + std::to_string(p.size()));
    int64_t start = 0, stop, step = 1;
    if (p.size() == 1) {
        stop = toInt(p[0], "stop");
    } else {
        start = toInt(p[0], "start");
        stop = toInt(p[1], "stop");
        if (p.size() == 3) step = toInt(p[2], "step");
    }
    if (step == 0) fail(py::kValueError, "range() arg 3 must not be zero");
    int64_t count = 0;
    if (step > 0 && start < stop) count = (stop - start - 1) / step + 1;
    if (step < 0 && start > stop) count = (start - stop - 1) / (-step) + 1;
    if (count > kMaxRange)
        fail(py::kOverflowError, "Range too big. The sandbox blocks ranges larger than MAX_RANGE (100000).");
    std::vector<Value> items;
    in.step(uint64_t(count) * 4); // every element is a value that may be kept alive (~32 bytes)
    items.reserve(size_t(count));
    for (int64_t i = 0; i < count; ++i) items.emplace_back(start + i * step);
    return Value::list(std::move(items));
}

Value dictFromArgs(CallArgs& args, bool asNamespace) {
    Dict d;
    for (const Value& p : args.positional) {
        if (p.isDict()) {
            for (const auto& [k, v] : p.dictData().entries()) d.set(k, v);
        } else if (p.isSequence()) {
            for (const Value& pair : p.items()) {
                if (!pair.isSequence() || pair.items().size() != 2)
                    fail(py::kValueError, "dictionary update sequence element has wrong length");
                d.set(pair.items()[0], pair.items()[1]);
            }
        } else {
            fail(py::kTypeError, std::string("'") + typeName(p) + "' object is not iterable");
        }
    }
    for (const auto& [k, v] : args.keyword) d.set(Value(k), v);
    return asNamespace ? Value::namespaceObject(std::move(d)) : Value::dict(std::move(d));
}

Value raiseException(Interpreter&, CallArgs& args) {
    ArgList a(args, "raise_exception");
    fail(py::kTemplateError, toStr(a.require(0, "message")));
}

Value strftimeNow(Interpreter& in, CallArgs& args) {
    ArgList a(args, "strftime_now");
    return Value(formatTime(toStr(a.require(0, "format")), in.now()));
}

Value joiner(Interpreter&, CallArgs& args) {
    ArgList a(args, "joiner");
    std::string sep = toStr(a.get(0, "sep", Value(", ")));
    auto used = std::make_shared<bool>(false);
    return Value::function("joiner", [sep, used](Interpreter&, CallArgs&) -> Value {
        if (!*used) {
            *used = true;
            return Value("");
        }
        return Value(sep);
    });
}

Value cycler(Interpreter&, CallArgs& args) {
    if (args.positional.empty()) fail(py::kRuntimeError, "at least one item has to be provided");
    auto items = std::make_shared<std::vector<Value>>(args.positional);
    auto pos = std::make_shared<size_t>(0);
    Dict d;
    d.set(Value("next"), Value::function("next", [items, pos](Interpreter&, CallArgs&) {
              Value v = (*items)[*pos];
              *pos = (*pos + 1) % items->size();
              return v;
          }));
    d.set(Value("reset"), Value::function("reset", [pos](Interpreter&, CallArgs&) {
              *pos = 0;
              return Value::none();
          }));
    d.set(Value("items"), Value::list(*items));
    return Value::namespaceObject(std::move(d));
}

Value lipsum(Interpreter& in, CallArgs& args) {
    ArgList a(args, "lipsum");
    int64_t n = std::clamp<int64_t>(toInt(a.get(0, "n", Value(5)), "n"), 0, 1000);
    static const char* const kWords[] = {"lorem", "ipsum",       "dolor",      "sit",
                                         "amet",  "consectetur", "adipiscing", "elit"};
    std::string out;
    for (int64_t p = 0; p < n; ++p) {
        std::string para;
        for (int w = 0; w < 40; ++w) para += std::string(w ? " " : "") + kWords[(p * 7 + w) % 8];
        out += (p ? "\n\n" : "") + para + ".";
        in.checkSize(out.size());
    }
    return Value(std::move(out));
}

} // namespace

bool lookupGlobal(const std::string& name, Value& out) {
    static const std::pair<const char*, NativeFunction> kGlobals[] = {
        {"range", range},
        {"dict", [](Interpreter&, CallArgs& a) { return dictFromArgs(a, false); }},
        {"namespace", [](Interpreter&, CallArgs& a) { return dictFromArgs(a, true); }},
        {"raise_exception", raiseException},
        {"strftime_now", strftimeNow},
        {"joiner", joiner},
        {"cycler", cycler},
        {"lipsum", lipsum},
    };
    static const std::vector<std::pair<std::string, Value>> values = [] {
        std::vector<std::pair<std::string, Value>> v;
        for (const auto& [n, fn] : kGlobals) v.emplace_back(n, Value::function(n, fn));
        return v;
    }();
    for (const auto& [n, v] : values)
        if (n == name) {
            out = v;
            return true;
        }
    return false;
}

} // namespace smoldesk::jinja
