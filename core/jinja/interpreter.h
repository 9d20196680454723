#pragma once
// Walks the statement tree with jinja2's runtime semantics: scopes (a for-loop body and a
// macro body get their own), Undefined, attribute-then-item lookup, Python operators, and
// the render limits (steps, depth, string size).
#include "jinja/ast.h"
#include "jinja/template.h"

#include <ctime>
#include <memory>
#include <string>
#include <vector>

namespace smoldesk::jinja {

struct Scope : std::enable_shared_from_this<Scope> {
    std::shared_ptr<Scope> parent;
    std::vector<std::pair<std::string, Value>> vars;
    const Value* context = nullptr; // the render context (root scope only)

    const Value* find(const std::string& name) const;
    void set(const std::string& name, Value value);
};

enum class Flow { Normal, Break, Continue };

class Interpreter {
  public:
    Interpreter(const Program& program, const Value& context, const RenderOptions& options);
    std::string run();

    // ---- services for filters, tests, methods and globals ----
    void step(uint64_t n = 1);
    // Accounts for producing a string of `bytes` bytes: fails past maxOutputBytes and charges steps.
    void chargeString(size_t bytes);
    // Fails when a string being built grows past maxOutputBytes (no step charge: use while appending).
    void checkSize(size_t bytes);
    Value getAttr(const Value& object, const std::string& name);
    Value getItem(const Value& object, const Value& key);
    // Python iteration; Undefined iterates as empty, non-iterables raise TypeError.
    std::vector<Value> iterate(const Value& v);
    Value call(const Value& callee, CallArgs& args);
    [[noreturn]] void raiseUndefined(const Value& undefined);
    std::tm now() const;
    const RenderOptions& options() const { return options_; }

  private:
    const Program& program_;
    const Value& context_;
    const RenderOptions& options_;
    uint64_t steps_ = 0;
    int depth_ = 0;
    std::shared_ptr<Scope> scope_;
    // Scopes captured by macros and callers: kept alive until the render ends. Closures hold
    // raw pointers, so values stored in scopes never form ownership cycles.
    std::vector<std::shared_ptr<Scope>> pinned_;

    Value eval(const Expr& e);
    Value evalInner(const Expr& e);
    Value evalFilter(const FilterExpr& f, const Value* input);
    void evalArgs(const Arguments& a, CallArgs& out);
    Flow exec(const Body& body, std::string& out);
    Flow execStmt(const Stmt& s, std::string& out);
    Flow execFor(const ForStmt& s, std::string& out);
    void assign(const Target& t, const Value& v, uint32_t offset);
    void append(std::string& out, std::string_view text);
    Value defineMacro(const MacroStmt& m);
    Value callMacro(const MacroStmt& m, Scope* closure, CallArgs& args);
    Value loopAttribute(const Value& loop, const std::string& name);

    struct ScopeGuard {
        ScopeGuard(Interpreter& in, std::shared_ptr<Scope> s);
        ~ScopeGuard();
        Interpreter& in_;
        std::shared_ptr<Scope> saved_;
    };
};

// Python operator semantics (operators.cpp).
Value binaryOp(Interpreter& in, BinaryOp op, const Value& a, const Value& b);
bool compareValues(Interpreter& in, CompareOp op, const Value& a, const Value& b);
bool contains(Interpreter& in, const Value& container, const Value& item);
// <0, 0, >0 like Python's ordering, raising TypeError for unorderable pairs (`opText` names the operator).
int orderValues(Interpreter& in, const Value& a, const Value& b, const char* opText);
Value sliceValue(const Value& object, const Value& start, const Value& stop, const Value& step);
// jinja2's object_type_repr: "None", "dict object", "str object", ...
std::string objectTypeRepr(const Value& v);
// Python str % args.
std::string percentFormat(Interpreter& in, const std::string& format, const Value& args);
// Python str.format(*args, **kwargs) for the common field forms.
std::string braceFormat(Interpreter& in, const std::string& format, CallArgs& args);
// C-locale strftime as Python's datetime.strftime.
std::string formatTime(const std::string& format, const std::tm& tm);

} // namespace smoldesk::jinja
