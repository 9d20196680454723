#pragma once
// The parsed template: expression and statement nodes. Every node keeps the source offset
// it started at, so errors can name a line and column.
#include "jinja/value.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace smoldesk::jinja {

enum class ExprKind {
    Const,
    Name,
    List,
    Tuple,
    Dict,
    GetAttr,
    GetItem,
    Slice,
    Call,
    Filter,
    Test,
    Unary,
    Binary,
    Compare,
    Cond
};

struct Expr {
    explicit Expr(ExprKind k, uint32_t off) : kind(k), offset(off) {}
    virtual ~Expr() = default;
    ExprKind kind;
    uint32_t offset;
};
using ExprPtr = std::unique_ptr<Expr>;

struct ConstExpr : Expr {
    ConstExpr(uint32_t off, Value v) : Expr(ExprKind::Const, off), value(std::move(v)) {}
    Value value;
};

struct NameExpr : Expr {
    NameExpr(uint32_t off, std::string n) : Expr(ExprKind::Name, off), name(std::move(n)) {}
    std::string name;
};

// List, tuple literals (kind tells which).
struct SequenceExpr : Expr {
    using Expr::Expr;
    std::vector<ExprPtr> items;
};

struct DictExpr : Expr {
    explicit DictExpr(uint32_t off) : Expr(ExprKind::Dict, off) {}
    std::vector<std::pair<ExprPtr, ExprPtr>> items;
};

struct GetAttrExpr : Expr {
    GetAttrExpr(uint32_t off, ExprPtr o, std::string n)
        : Expr(ExprKind::GetAttr, off), object(std::move(o)), name(std::move(n)) {}
    ExprPtr object;
    std::string name;
};

struct GetItemExpr : Expr {
    GetItemExpr(uint32_t off, ExprPtr o, ExprPtr k)
        : Expr(ExprKind::GetItem, off), object(std::move(o)), key(std::move(k)) {}
    ExprPtr object;
    ExprPtr key; // a SliceExpr for obj[a:b:c]
};

struct SliceExpr : Expr {
    explicit SliceExpr(uint32_t off) : Expr(ExprKind::Slice, off) {}
    ExprPtr start, stop, step; // any may be null
};

struct Arguments {
    std::vector<ExprPtr> positional;
    std::vector<std::pair<std::string, ExprPtr>> keyword;
    ExprPtr starArgs;   // *args
    ExprPtr starKwargs; // **kwargs
};

struct CallExpr : Expr {
    CallExpr(uint32_t off, ExprPtr c) : Expr(ExprKind::Call, off), callee(std::move(c)) {}
    ExprPtr callee;
    Arguments args;
};

// value|name(args) and value is [not] name(args).
struct FilterExpr : Expr {
    using Expr::Expr;
    ExprPtr input; // null inside {% filter %} blocks, where the block body is the input
    std::string name;
    Arguments args;
    bool negated = false; // tests only
};

enum class UnaryOp { Not, Neg, Pos };
struct UnaryExpr : Expr {
    UnaryExpr(uint32_t off, UnaryOp o, ExprPtr e)
        : Expr(ExprKind::Unary, off), op(o), operand(std::move(e)) {}
    UnaryOp op;
    ExprPtr operand;
};

enum class BinaryOp { Add, Sub, Mul, Div, FloorDiv, Mod, Pow, Concat, And, Or };
struct BinaryExpr : Expr {
    BinaryExpr(uint32_t off, BinaryOp o, ExprPtr l, ExprPtr r)
        : Expr(ExprKind::Binary, off), op(o), left(std::move(l)), right(std::move(r)) {}
    BinaryOp op;
    ExprPtr left, right;
};

enum class CompareOp { Eq, Ne, Lt, Le, Gt, Ge, In, NotIn };
struct CompareExpr : Expr {
    CompareExpr(uint32_t off, ExprPtr f) : Expr(ExprKind::Compare, off), first(std::move(f)) {}
    ExprPtr first;
    std::vector<std::pair<CompareOp, ExprPtr>> rest;
};

struct CondExpr : Expr {
    explicit CondExpr(uint32_t off) : Expr(ExprKind::Cond, off) {}
    ExprPtr test, then, otherwise; // otherwise may be null
};

// ---- statements ----

enum class StmtKind {
    Data,
    Output,
    If,
    For,
    Set,
    SetBlock,
    Macro,
    CallBlock,
    FilterBlock,
    With,
    Break,
    Continue,
    Scoped
};

struct Stmt {
    Stmt(StmtKind k, uint32_t off) : kind(k), offset(off) {}
    virtual ~Stmt() = default;
    StmtKind kind;
    uint32_t offset;
};
using StmtPtr = std::unique_ptr<Stmt>;
using Body = std::vector<StmtPtr>;

struct DataStmt : Stmt {
    DataStmt(uint32_t off, std::string t) : Stmt(StmtKind::Data, off), text(std::move(t)) {}
    std::string text;
};

struct OutputStmt : Stmt {
    OutputStmt(uint32_t off, ExprPtr e) : Stmt(StmtKind::Output, off), expr(std::move(e)) {}
    ExprPtr expr;
};

struct IfStmt : Stmt {
    explicit IfStmt(uint32_t off) : Stmt(StmtKind::If, off) {}
    std::vector<std::pair<ExprPtr, Body>> branches;
    Body otherwise;
};

// Assignment target: a name, a tuple of targets, or namespace.attr.
struct Target {
    std::string name;
    std::string attribute;        // non-empty for ns.attr
    std::vector<Target> elements; // non-empty for tuple unpacking
    bool isTuple = false;
};

struct ForStmt : Stmt {
    explicit ForStmt(uint32_t off) : Stmt(StmtKind::For, off) {}
    Target target;
    ExprPtr iterable;
    ExprPtr filter; // for x in y if cond
    Body body;
    Body otherwise;
    bool recursive = false;
};

struct SetStmt : Stmt {
    explicit SetStmt(uint32_t off) : Stmt(StmtKind::Set, off) {}
    Target target;
    ExprPtr value;
};

// {% set x %}...{% endset %} and {% filter f %}...{% endfilter %}: body rendered to a string,
// then passed through `filters` (innermost first).
struct BlockStmt : Stmt {
    using Stmt::Stmt;
    Target target; // SetBlock only
    std::vector<std::unique_ptr<FilterExpr>> filters;
    Body body;
};

struct MacroParam {
    std::string name;
    ExprPtr defaultValue; // may be null
};

struct MacroStmt : Stmt {
    explicit MacroStmt(uint32_t off) : Stmt(StmtKind::Macro, off) {}
    std::string name;
    std::vector<MacroParam> params;
    Body body;
    bool usesVarargs = false;
    bool usesKwargs = false;
    bool usesCaller = false;
};

struct CallBlockStmt : Stmt {
    explicit CallBlockStmt(uint32_t off) : Stmt(StmtKind::CallBlock, off), caller(off) {}
    std::unique_ptr<CallExpr> call;
    MacroStmt caller; // the body as an anonymous macro named "caller"
};

struct WithStmt : Stmt {
    explicit WithStmt(uint32_t off) : Stmt(StmtKind::With, off) {}
    std::vector<std::pair<Target, ExprPtr>> assignments;
    Body body;
};

// A body run in its own scope: {% generation %} (a call block whose caller is the body).
struct ScopedStmt : Stmt {
    explicit ScopedStmt(uint32_t off) : Stmt(StmtKind::Scoped, off) {}
    Body body;
};

struct Program {
    std::string source; // normalised source, for line/column of errors
    Body body;
};

} // namespace smoldesk::jinja
