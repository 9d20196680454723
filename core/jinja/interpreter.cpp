#include "jinja/interpreter.h"

#include "jinja/builtins.h"
#include "jinja/failure.h"
#include "jinja/utf8.h"

#include "common/platform.h"

namespace smoldesk::jinja {

namespace {

// An iteration does the work of several nodes (fresh scope, target and loop bindings).
constexpr uint64_t kIterationSteps = 4;

Value undefinedAttribute(const Value& object, const std::string& name) {
    return Value::undefined(reprString(objectTypeRepr(object)) + " has no attribute " + reprString(name));
}

Value undefinedElement(const Value& object, const Value& key) {
    if (key.isString()) return undefinedAttribute(object, key.str());
    return Value::undefined(objectTypeRepr(object) + " has no element " + repr(key));
}

} // namespace

const Value* Scope::find(const std::string& name) const {
    for (const Scope* s = this; s; s = s->parent.get()) {
        for (auto it = s->vars.rbegin(); it != s->vars.rend(); ++it)
            if (it->first == name) return &it->second;
        if (s->context)
            if (const Value* v = s->context->dictData().find(std::string_view(name))) return v;
    }
    return nullptr;
}

void Scope::set(const std::string& name, Value value) {
    for (auto& [k, v] : vars)
        if (k == name) {
            v = std::move(value);
            return;
        }
    vars.emplace_back(name, std::move(value));
}

Interpreter::ScopeGuard::ScopeGuard(Interpreter& in, std::shared_ptr<Scope> s) : in_(in), saved_(in.scope_) {
    in.scope_ = std::move(s);
}
Interpreter::ScopeGuard::~ScopeGuard() {
    in_.scope_ = std::move(saved_);
}

Interpreter::Interpreter(const Program& program, const Value& context, const RenderOptions& options)
    : program_(program), context_(context), options_(options) {
    scope_ = std::make_shared<Scope>();
    if (context_.isDict()) scope_->context = &context_;
}

std::string Interpreter::run() {
    std::string out;
    exec(program_.body, out);
    return out;
}

void Interpreter::step(uint64_t n) {
    steps_ += n;
    if (steps_ > options_.maxSteps)
        fail(py::kLimitError,
             "template exceeded the limit of " + std::to_string(options_.maxSteps) + " steps");
}

void Interpreter::checkSize(size_t bytes) {
    if (bytes > options_.maxOutputBytes)
        fail(py::kLimitError,
             "template output exceeds the limit of " + std::to_string(options_.maxOutputBytes) + " bytes");
}

void Interpreter::chargeString(size_t bytes) {
    checkSize(bytes);
    step(bytes / 16);
}

void Interpreter::append(std::string& out, std::string_view text) {
    checkSize(out.size() + text.size());
    step(text.size() / 16);
    out += text;
}

[[noreturn]] void Interpreter::raiseUndefined(const Value& u) {
    fail(u.undefinedIsSecurity() ? py::kSecurityError : py::kUndefinedError, u.undefinedMessage());
}

std::tm Interpreter::now() const {
    if (options_.now) return options_.now();
    return platform::localTime(std::time(nullptr));
}

Value Interpreter::loopAttribute(const Value& loop, const std::string& name) {
    const LoopState& l = loop.loopState();
    const auto& items = *l.items;
    int64_t n = int64_t(items.size()), i = int64_t(l.index);
    if (name == "index") return Value(i + 1);
    if (name == "index0") return Value(i);
    if (name == "revindex") return Value(n - i);
    if (name == "revindex0") return Value(n - i - 1);
    if (name == "first") return Value(i == 0);
    if (name == "last") return Value(i == n - 1);
    if (name == "length") return Value(n);
    if (name == "depth") return Value(1);
    if (name == "depth0") return Value(0);
    if (name == "previtem")
        return i > 0 ? items[size_t(i - 1)] : Value::undefined("there is no previous item");
    if (name == "nextitem")
        return i + 1 < n ? items[size_t(i + 1)] : Value::undefined("there is no next item");
    if (name == "cycle") {
        return Value::function("cycle", [i](Interpreter&, CallArgs& args) -> Value {
            if (args.positional.empty()) fail(py::kTypeError, "no items for cycling given");
            return args.positional[size_t(i) % args.positional.size()];
        });
    }
    return undefinedAttribute(loop, name);
}

Value Interpreter::getAttr(const Value& object, const std::string& name) {
    Value method;
    switch (object.kind()) {
    case Kind::Undefined:
        raiseUndefined(object);
    case Kind::Dict:
        if (lookupMethod(object, name, method)) return method;
        if (const Value* v = object.dictData().find(std::string_view(name))) return *v;
        return undefinedAttribute(object, name);
    case Kind::Namespace:
        if (const Value* v = object.dictData().find(std::string_view(name))) return *v;
        return undefinedAttribute(object, name);
    case Kind::Loop:
        return loopAttribute(object, name);
    case Kind::String:
    case Kind::List:
    case Kind::Tuple:
        if (lookupMethod(object, name, method)) return method;
        return undefinedAttribute(object, name);
    default:
        return undefinedAttribute(object, name);
    }
}

Value Interpreter::getItem(const Value& object, const Value& key) {
    Value method;
    switch (object.kind()) {
    case Kind::Undefined:
        raiseUndefined(object);
    case Kind::Dict:
        if (const Value* v = object.dictData().find(key)) return *v;
        if (key.isString() && lookupMethod(object, key.str(), method)) return method;
        return undefinedElement(object, key);
    case Kind::List:
    case Kind::Tuple:
    case Kind::String:
        if (key.isInt() || key.isBool()) {
            int64_t i = key.intValue();
            if (object.isString()) {
                const std::string& s = object.str();
                if (utf8::isAscii(s)) {
                    int64_t n = int64_t(s.size());
                    if (i < 0) i += n;
                    if (i >= 0 && i < n) return Value(std::string(1, s[size_t(i)]));
                } else {
                    std::vector<char32_t> cps = utf8::decode(s);
                    int64_t n = int64_t(cps.size());
                    if (i < 0) i += n;
                    if (i >= 0 && i < n) {
                        std::string out;
                        utf8::append(out, cps[size_t(i)]);
                        return Value(std::move(out));
                    }
                }
                return undefinedElement(object, key);
            }
            const auto& items = object.items();
            int64_t n = int64_t(items.size());
            if (i < 0) i += n;
            if (i >= 0 && i < n) return items[size_t(i)];
            return undefinedElement(object, key);
        }
        if (key.isString() && lookupMethod(object, key.str(), method)) return method;
        return undefinedElement(object, key);
    case Kind::Namespace:
    case Kind::Loop:
        if (key.isString()) return getAttr(object, key.str());
        return undefinedElement(object, key);
    default:
        return undefinedElement(object, key);
    }
}

std::vector<Value> Interpreter::iterate(const Value& v) {
    switch (v.kind()) {
    case Kind::Undefined:
        return {};
    case Kind::List:
    case Kind::Tuple:
        // Copies are charged: filters that materialise lists could otherwise retain memory
        // far beyond what the step budget suggests.
        step(v.items().size() / 4);
        return v.items();
    case Kind::Dict: {
        step(v.dictData().size() / 4);
        std::vector<Value> keys;
        keys.reserve(v.dictData().size());
        for (const auto& [k, val] : v.dictData().entries()) keys.push_back(k);
        return keys;
    }
    case Kind::String: {
        std::vector<Value> chars;
        const std::string& s = v.str();
        step(s.size()); // one value per character
        size_t pos = 0;
        while (pos < s.size()) {
            size_t start = pos;
            utf8::next(s, pos);
            chars.emplace_back(s.substr(start, pos - start));
        }
        return chars;
    }
    default:
        fail(py::kTypeError, std::string("'") + typeName(v) + "' object is not iterable");
    }
}

Value Interpreter::call(const Value& callee, CallArgs& args) {
    if (callee.isCallable()) return callee.function().call(*this, args);
    if (callee.isUndefined()) raiseUndefined(callee);
    fail(py::kTypeError, std::string("'") + typeName(callee) + "' object is not callable");
}

void Interpreter::evalArgs(const Arguments& a, CallArgs& out) {
    for (const auto& e : a.positional) out.positional.push_back(eval(*e));
    if (a.starArgs)
        for (Value& v : iterate(eval(*a.starArgs))) out.positional.push_back(std::move(v));
    for (const auto& [k, e] : a.keyword) out.keyword.emplace_back(k, eval(*e));
    if (a.starKwargs) {
        Value d = eval(*a.starKwargs);
        if (!d.isDict()) fail(py::kTypeError, "argument after ** must be a mapping");
        for (const auto& [k, v] : d.dictData().entries()) out.keyword.emplace_back(toStr(k), v);
    }
}

Value Interpreter::evalFilter(const FilterExpr& f, const Value* input) {
    Value in = input ? *input : eval(*f.input);
    CallArgs args;
    evalArgs(f.args, args);
    if (f.kind == ExprKind::Test) {
        bool r = applyTest(*this, f.name, in, args);
        return Value(f.negated ? !r : r);
    }
    return applyFilter(*this, f.name, in, args);
}

Value Interpreter::eval(const Expr& e) {
    step();
    try {
        return evalInner(e);
    } catch (Failure& failure) {
        if (failure.offset == kNoOffset) failure.offset = e.offset;
        throw;
    }
}

Value Interpreter::evalInner(const Expr& e) {
    switch (e.kind) {
    case ExprKind::Const:
        return static_cast<const ConstExpr&>(e).value;
    case ExprKind::Name: {
        const std::string& name = static_cast<const NameExpr&>(e).name;
        if (const Value* v = scope_->find(name)) return *v;
        Value g;
        if (lookupGlobal(name, g)) return g;
        return Value::undefined(reprString(name) + " is undefined");
    }
    case ExprKind::List:
    case ExprKind::Tuple: {
        const auto& s = static_cast<const SequenceExpr&>(e);
        std::vector<Value> items;
        items.reserve(s.items.size());
        for (const auto& item : s.items) items.push_back(eval(*item));
        return e.kind == ExprKind::List ? Value::list(std::move(items)) : Value::tuple(std::move(items));
    }
    case ExprKind::Dict: {
        Dict d;
        for (const auto& [k, v] : static_cast<const DictExpr&>(e).items) {
            Value key = eval(*k);
            std::string hk;
            if (!hashKey(key, hk))
                fail(py::kTypeError, std::string("unhashable type: '") + typeName(key) + "'");
            d.set(key, eval(*v));
        }
        return Value::dict(std::move(d));
    }
    case ExprKind::GetAttr: {
        const auto& g = static_cast<const GetAttrExpr&>(e);
        return getAttr(eval(*g.object), g.name);
    }
    case ExprKind::GetItem: {
        const auto& g = static_cast<const GetItemExpr&>(e);
        Value object = eval(*g.object);
        if (g.key->kind == ExprKind::Slice) {
            const auto& s = static_cast<const SliceExpr&>(*g.key);
            Value start = s.start ? eval(*s.start) : Value::none();
            Value stop = s.stop ? eval(*s.stop) : Value::none();
            Value stepV = s.step ? eval(*s.step) : Value::none();
            if (object.isUndefined()) raiseUndefined(object);
            if (!object.isString() && !object.isSequence())
                return Value::undefined(objectTypeRepr(object) + " has no element slice");
            Value r = sliceValue(object, start, stop, stepV);
            chargeString(r.isString() ? r.str().size() : r.items().size() * 16);
            return r;
        }
        return getItem(object, eval(*g.key));
    }
    case ExprKind::Slice:
        fail(py::kSyntaxError, "unexpected slice");
    case ExprKind::Call: {
        const auto& c = static_cast<const CallExpr&>(e);
        Value callee = eval(*c.callee);
        CallArgs args;
        evalArgs(c.args, args);
        return call(callee, args);
    }
    case ExprKind::Filter:
    case ExprKind::Test:
        return evalFilter(static_cast<const FilterExpr&>(e), nullptr);
    case ExprKind::Unary: {
        const auto& u = static_cast<const UnaryExpr&>(e);
        Value v = eval(*u.operand);
        if (u.op == UnaryOp::Not) return Value(!v.truthy());
        if (v.isUndefined()) raiseUndefined(v);
        if (v.isFloat()) return Value(u.op == UnaryOp::Neg ? -v.numberValue() : v.numberValue());
        if (v.isInt() || v.isBool()) {
            if (u.op == UnaryOp::Pos) return Value(v.intValue());
            if (v.intValue() == INT64_MIN) fail(py::kOverflowError, "integer result does not fit in 64 bits");
            return Value(-v.intValue());
        }
        fail(py::kTypeError, std::string("bad operand type for unary ") + (u.op == UnaryOp::Neg ? "-" : "+") +
                                 ": '" + typeName(v) + "'");
    }
    case ExprKind::Binary: {
        const auto& b = static_cast<const BinaryExpr&>(e);
        if (b.op == BinaryOp::And) {
            Value l = eval(*b.left);
            return l.truthy() ? eval(*b.right) : l;
        }
        if (b.op == BinaryOp::Or) {
            Value l = eval(*b.left);
            return l.truthy() ? l : eval(*b.right);
        }
        Value l = eval(*b.left);
        Value r = eval(*b.right);
        if (b.op == BinaryOp::Concat) {
            std::string s = toStr(l);
            chargeString(s.size() + (r.isString() ? r.str().size() : 0));
            appendStr(s, r);
            chargeString(s.size());
            return Value(std::move(s));
        }
        return binaryOp(*this, b.op, l, r);
    }
    case ExprKind::Compare: {
        const auto& c = static_cast<const CompareExpr&>(e);
        Value left = eval(*c.first);
        for (const auto& [op, expr] : c.rest) {
            Value right = eval(*expr);
            if (!compareValues(*this, op, left, right)) return Value(false);
            left = std::move(right);
        }
        return Value(true);
    }
    case ExprKind::Cond: {
        const auto& c = static_cast<const CondExpr&>(e);
        if (eval(*c.test).truthy()) return eval(*c.then);
        if (c.otherwise) return eval(*c.otherwise);
        return Value::undefined(
            "the inline if-expression evaluated to false and no else section was defined.");
    }
    }
    return Value();
}

Flow Interpreter::exec(const Body& body, std::string& out) {
    for (const auto& s : body) {
        Flow f = execStmt(*s, out);
        if (f != Flow::Normal) return f;
    }
    return Flow::Normal;
}

void Interpreter::assign(const Target& t, const Value& v, uint32_t offset) {
    if (!t.attribute.empty()) {
        const Value* ns = scope_->find(t.name);
        if (!ns || !ns->isNamespace())
            fail(py::kRuntimeError, "cannot assign attribute on non-namespace object", offset);
        Value target = *ns;
        target.mutableDict().set(Value(t.attribute), v);
        return;
    }
    if (!t.isTuple) {
        scope_->set(t.name, v);
        return;
    }
    std::vector<Value> items = iterate(v);
    if (items.size() < t.elements.size())
        fail(py::kValueError, "not enough values to unpack (expected " + std::to_string(t.elements.size()) +
                                  ", got " + std::to_string(items.size()) + ")");
    if (items.size() > t.elements.size())
        fail(py::kValueError,
             "too many values to unpack (expected " + std::to_string(t.elements.size()) + ")");
    for (size_t i = 0; i < items.size(); ++i) assign(t.elements[i], items[i], offset);
}

Flow Interpreter::execFor(const ForStmt& s, std::string& out) {
    if (s.recursive) fail(py::kRuntimeError, "recursive loops are not supported");
    Value iterable = eval(*s.iterable);
    std::shared_ptr<const std::vector<Value>> shared;
    if (iterable.isSequence() && !s.filter) {
        shared = iterable.sharedItems(); // lists are immutable: iterate them in place
    } else {
        std::vector<Value> items = iterate(iterable);
        if (s.filter) {
            std::vector<Value> kept;
            for (Value& item : items) {
                ScopeGuard guard(*this, std::make_shared<Scope>());
                scope_->parent = guard.saved_;
                assign(s.target, item, s.offset);
                if (eval(*s.filter).truthy()) kept.push_back(std::move(item));
            }
            items = std::move(kept);
        }
        shared = std::make_shared<const std::vector<Value>>(std::move(items));
    }
    if (shared->empty()) {
        ScopeGuard guard(*this, std::make_shared<Scope>());
        scope_->parent = guard.saved_;
        exec(s.otherwise, out);
        return Flow::Normal;
    }
    auto state = std::make_shared<LoopState>(LoopState{shared, 0});
    const Value loop = Value::loop(state);
    ScopeGuard guard(*this, nullptr);
    std::shared_ptr<Scope> iteration;
    for (size_t i = 0; i < shared->size(); ++i) {
        step(kIterationSteps);
        // Each iteration starts from a fresh scope (jinja2: sets in the body do not carry over).
        // The scope object is reused unless a macro defined in the body captured it.
        if (iteration && iteration.use_count() == 1) {
            iteration->vars.clear();
        } else {
            iteration = std::make_shared<Scope>();
            iteration->parent = guard.saved_;
        }
        scope_ = iteration;
        state->index = i;
        assign(s.target, (*shared)[i], s.offset);
        scope_->set("loop", loop);
        if (exec(s.body, out) == Flow::Break) break;
    }
    return Flow::Normal;
}

Value Interpreter::defineMacro(const MacroStmt& m) {
    pinned_.push_back(scope_);
    Scope* closure = scope_.get();
    const MacroStmt* macro = &m;
    return Value::function(m.name, [macro, closure](Interpreter& in, CallArgs& args) {
        return in.callMacro(*macro, closure, args);
    });
}

Value Interpreter::callMacro(const MacroStmt& m, Scope* closure, CallArgs& args) {
    if (depth_ >= options_.maxDepth)
        fail(py::kRecursionError,
             "maximum recursion depth exceeded (" + std::to_string(options_.maxDepth) + " nested calls)");
    ++depth_;
    struct DepthGuard {
        int& d;
        ~DepthGuard() { --d; }
    } depthGuard{depth_};
    ScopeGuard guard(*this, std::make_shared<Scope>());
    scope_->parent = closure->shared_from_this();
    std::vector<bool> bound(m.params.size(), false);
    std::vector<Value> varargs;
    for (size_t i = 0; i < args.positional.size(); ++i) {
        if (i < m.params.size()) {
            scope_->set(m.params[i].name, args.positional[i]);
            bound[i] = true;
        } else if (m.usesVarargs) {
            varargs.push_back(args.positional[i]);
        } else {
            fail(py::kTypeError, "macro '" + m.name + "' takes not more than " +
                                     std::to_string(m.params.size()) + " argument(s)");
        }
    }
    Dict kwargs;
    Value caller = Value::undefined("No caller defined");
    for (auto& [k, v] : args.keyword) {
        size_t idx = m.params.size();
        for (size_t i = 0; i < m.params.size(); ++i)
            if (m.params[i].name == k) idx = i;
        if (idx < m.params.size()) {
            if (bound[idx])
                fail(py::kTypeError, "macro '" + m.name + "' got multiple values for argument '" + k + "'");
            scope_->set(k, v);
            bound[idx] = true;
        } else if (k == "caller" && m.usesCaller) {
            caller = v;
        } else if (m.usesKwargs) {
            kwargs.set(Value(k), v);
        } else {
            fail(py::kTypeError, "macro '" + m.name + "' takes no keyword argument '" + k + "'");
        }
    }
    for (size_t i = 0; i < m.params.size(); ++i) {
        if (bound[i]) continue;
        if (m.params[i].defaultValue)
            scope_->set(m.params[i].name, eval(*m.params[i].defaultValue));
        else
            scope_->set(m.params[i].name,
                        Value::undefined("parameter " + reprString(m.params[i].name) + " was not provided"));
    }
    if (m.usesVarargs) scope_->set("varargs", Value::tuple(std::move(varargs)));
    if (m.usesKwargs) scope_->set("kwargs", Value::dict(std::move(kwargs)));
    if (m.usesCaller) scope_->set("caller", caller);
    std::string out;
    exec(m.body, out);
    return Value(std::move(out));
}

Flow Interpreter::execStmt(const Stmt& s, std::string& out) {
    step();
    try {
        switch (s.kind) {
        case StmtKind::Data:
            append(out, static_cast<const DataStmt&>(s).text);
            return Flow::Normal;
        case StmtKind::Output: {
            Value v = eval(*static_cast<const OutputStmt&>(s).expr);
            if (v.isString()) {
                append(out, v.str());
            } else {
                std::string text;
                appendStr(text, v);
                append(out, text);
            }
            return Flow::Normal;
        }
        case StmtKind::If:
            for (const auto& [test, body] : static_cast<const IfStmt&>(s).branches)
                if (eval(*test).truthy()) return exec(body, out);
            return exec(static_cast<const IfStmt&>(s).otherwise, out);
        case StmtKind::For:
            return execFor(static_cast<const ForStmt&>(s), out);
        case StmtKind::Set: {
            const auto& set = static_cast<const SetStmt&>(s);
            assign(set.target, eval(*set.value), s.offset);
            return Flow::Normal;
        }
        case StmtKind::SetBlock:
        case StmtKind::FilterBlock: {
            const auto& b = static_cast<const BlockStmt&>(s);
            std::string text;
            {
                ScopeGuard guard(*this, std::make_shared<Scope>());
                scope_->parent = guard.saved_;
                exec(b.body, text);
            }
            Value v(std::move(text));
            for (const auto& f : b.filters) v = evalFilter(*f, &v);
            if (s.kind == StmtKind::SetBlock) {
                assign(b.target, v, s.offset);
            } else {
                append(out, toStr(v));
            }
            return Flow::Normal;
        }
        case StmtKind::Macro: {
            const auto& m = static_cast<const MacroStmt&>(s);
            scope_->set(m.name, defineMacro(m));
            return Flow::Normal;
        }
        case StmtKind::CallBlock: {
            const auto& c = static_cast<const CallBlockStmt&>(s);
            Value callee = eval(*c.call->callee);
            CallArgs args;
            evalArgs(c.call->args, args);
            args.keyword.emplace_back("caller", defineMacro(c.caller));
            Value result = call(callee, args);
            append(out, toStr(result));
            return Flow::Normal;
        }
        case StmtKind::With: {
            const auto& w = static_cast<const WithStmt&>(s);
            std::vector<Value> values;
            for (const auto& [t, e] : w.assignments) values.push_back(eval(*e));
            ScopeGuard guard(*this, std::make_shared<Scope>());
            scope_->parent = guard.saved_;
            for (size_t i = 0; i < values.size(); ++i) assign(w.assignments[i].first, values[i], s.offset);
            return exec(w.body, out);
        }
        case StmtKind::Scoped: {
            if (depth_ >= options_.maxDepth) fail(py::kRecursionError, "maximum recursion depth exceeded");
            ScopeGuard guard(*this, std::make_shared<Scope>());
            scope_->parent = guard.saved_;
            std::string text;
            exec(static_cast<const ScopedStmt&>(s).body, text);
            append(out, text);
            return Flow::Normal;
        }
        case StmtKind::Break:
            return Flow::Break;
        case StmtKind::Continue:
            return Flow::Continue;
        }
    } catch (Failure& failure) {
        if (failure.offset == kNoOffset) failure.offset = s.offset;
        throw;
    }
    return Flow::Normal;
}

} // namespace smoldesk::jinja
