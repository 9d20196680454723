#include "jinja/parser.h"

#include "jinja/builtins.h"
#include "jinja/failure.h"

#include <algorithm>

namespace smoldesk::jinja {

namespace {

constexpr int kMaxNesting = 300; // ~100 levels of parentheses; real templates use a handful

class Parser {
  public:
    explicit Parser(const std::vector<Token>& tokens) : t_(tokens) {}

    Body parseTemplate() {
        std::string found;
        return subparse({}, "", found);
    }

  private:
    const std::vector<Token>& t_;
    size_t pos_ = 0;
    int depth_ = 0;
    std::vector<MacroStmt*> macros_;
    int loopDepth_ = 0;

    // RAII nesting counter: runaway nesting is a syntax error, not a stack overflow.
    struct Nest {
        explicit Nest(Parser& p) : p_(p) {
            if (++p_.depth_ > kMaxNesting)
                fail(py::kSyntaxError, "template nested too deeply", p_.cur().offset);
        }
        ~Nest() { --p_.depth_; }
        Parser& p_;
    };

    const Token& cur() const { return t_[pos_]; }
    const Token& peek(size_t n = 1) const { return t_[std::min(pos_ + n, t_.size() - 1)]; }
    void next() {
        if (pos_ + 1 < t_.size()) ++pos_;
    }
    bool isOp(const char* op) const { return cur().type == TokenType::Operator && cur().text == op; }
    bool isName(const char* n) const { return cur().type == TokenType::Name && cur().text == n; }
    bool skipOp(const char* op) {
        if (!isOp(op)) return false;
        next();
        return true;
    }
    bool skipName(const char* n) {
        if (!isName(n)) return false;
        next();
        return true;
    }

    static std::string describe(const Token& t) {
        switch (t.type) {
        case TokenType::VariableEnd:
            return "end of print statement";
        case TokenType::BlockEnd:
            return "end of statement block";
        case TokenType::End:
            return "end of template";
        case TokenType::String:
            return "string";
        case TokenType::Integer:
            return "integer";
        case TokenType::Float:
            return "float";
        case TokenType::Data:
            return "template data / text";
        case TokenType::VariableBegin:
            return "begin of print statement";
        case TokenType::BlockBegin:
            return "begin of statement block";
        default:
            return t.text;
        }
    }

    [[noreturn]] void unexpected() {
        if (cur().type == TokenType::End) fail(py::kSyntaxError, "unexpected end of template", cur().offset);
        fail(py::kSyntaxError, "unexpected '" + describe(cur()) + "'", cur().offset);
    }

    void expectOp(const char* op) {
        if (!skipOp(op))
            fail(py::kSyntaxError, std::string("expected token '") + op + "', got '" + describe(cur()) + "'",
                 cur().offset);
    }
    std::string expectName() {
        if (cur().type != TokenType::Name)
            fail(py::kSyntaxError, "expected token 'name', got '" + describe(cur()) + "'", cur().offset);
        std::string n = cur().text;
        next();
        return n;
    }
    void expectBlockEnd() {
        if (cur().type != TokenType::BlockEnd)
            fail(py::kSyntaxError, "expected token 'end of statement block', got '" + describe(cur()) + "'",
                 cur().offset);
        next();
    }

    static std::string joinTags(const std::vector<std::string>& tags) {
        std::string out;
        for (size_t i = 0; i < tags.size(); ++i) out += (i ? " or '" : "'") + tags[i] + "'";
        return out;
    }

    // Parses statements until a block tag named in `endTags`; leaves the position after that
    // tag's name and stores the name in `found`.
    Body subparse(const std::vector<std::string>& endTags, const std::string& innermost, std::string& found) {
        Nest nest(*this);
        Body body;
        while (true) {
            const Token& t = cur();
            switch (t.type) {
            case TokenType::Data:
                body.push_back(std::make_unique<DataStmt>(t.offset, t.text));
                next();
                break;
            case TokenType::VariableBegin: {
                uint32_t off = t.offset;
                next();
                ExprPtr e = parseTuple(true, {}, false);
                if (cur().type != TokenType::VariableEnd)
                    fail(py::kSyntaxError,
                         "expected token 'end of print statement', got '" + describe(cur()) + "'",
                         cur().offset);
                next();
                body.push_back(std::make_unique<OutputStmt>(off, std::move(e)));
                break;
            }
            case TokenType::BlockBegin: {
                uint32_t tagStart = t.offset;
                next();
                if (cur().type != TokenType::Name) fail(py::kSyntaxError, "tag name expected", cur().offset);
                const std::string& tag = cur().text;
                if (std::find(endTags.begin(), endTags.end(), tag) != endTags.end()) {
                    found = tag;
                    next();
                    return body;
                }
                body.push_back(parseStatement(endTags, innermost, tagStart));
                break;
            }
            case TokenType::End:
                if (!endTags.empty())
                    fail(py::kSyntaxError,
                         "Unexpected end of template. Jinja was looking for the following tags: " +
                             joinTags(endTags) + ". The innermost block that needs to be closed is '" +
                             innermost + "'.",
                         t.offset);
                return body;
            default:
                unexpected();
            }
        }
    }

    Body parseUntil(const std::vector<std::string>& endTags, const std::string& innermost,
                    std::string& found) {
        Body b = subparse(endTags, innermost, found);
        return b;
    }

    StmtPtr parseStatement(const std::vector<std::string>& endTags, const std::string& innermost,
                           uint32_t off) {
        const Token& t = cur();
        std::string tag = t.text;
        next();
        StmtPtr s;
        if (tag == "if")
            s = parseIf(off);
        else if (tag == "for")
            s = parseFor(off);
        else if (tag == "set")
            s = parseSet(off);
        else if (tag == "macro")
            s = parseMacro(off);
        else if (tag == "call")
            s = parseCallBlock(off);
        else if (tag == "filter")
            s = parseFilterBlock(off);
        else if (tag == "with")
            s = parseWith(off);
        else if (tag == "generation")
            s = parseGeneration(off);
        else if (tag == "break" || tag == "continue") {
            if (loopDepth_ == 0) fail(py::kSyntaxError, "'" + tag + "' outside of a loop", off);
            s = std::make_unique<Stmt>(tag == "break" ? StmtKind::Break : StmtKind::Continue, off);
            expectBlockEnd();
        } else {
            std::string msg = "Encountered unknown tag '" + tag + "'.";
            if (!endTags.empty())
                msg += " Jinja was looking for the following tags: " + joinTags(endTags) +
                       ". The innermost block that needs to be closed is '" + innermost + "'.";
            fail(py::kSyntaxError, msg, off);
        }
        return s;
    }

    StmtPtr parseIf(uint32_t off) {
        auto node = std::make_unique<IfStmt>(off);
        while (true) {
            ExprPtr test = parseTuple(false, {}, false);
            expectBlockEnd();
            std::string found;
            Body body = subparse({"elif", "else", "endif"}, "if", found);
            node->branches.emplace_back(std::move(test), std::move(body));
            if (found == "elif") continue;
            if (found == "else") {
                expectBlockEnd();
                node->otherwise = subparse({"endif"}, "if", found);
            }
            expectBlockEnd();
            return node;
        }
    }

    StmtPtr parseFor(uint32_t off) {
        auto node = std::make_unique<ForStmt>(off);
        node->target = parseAssignTarget(false, {"in"});
        if (!skipName("in"))
            fail(py::kSyntaxError, "expected token 'in', got '" + describe(cur()) + "'", cur().offset);
        node->iterable = parseTuple(false, {"recursive"}, false);
        if (skipName("if")) node->filter = parseExpression(true);
        if (skipName("recursive")) node->recursive = true;
        expectBlockEnd();
        std::string found;
        ++loopDepth_;
        node->body = subparse({"endfor", "else"}, "for", found);
        --loopDepth_;
        if (found == "else") {
            expectBlockEnd();
            node->otherwise = subparse({"endfor"}, "for", found);
        }
        expectBlockEnd();
        return node;
    }

    StmtPtr parseSet(uint32_t off) {
        Target target = parseAssignTarget(true, {});
        if (skipOp("=")) {
            auto node = std::make_unique<SetStmt>(off);
            node->target = std::move(target);
            node->value = parseTuple(true, {}, false);
            expectBlockEnd();
            return node;
        }
        auto node = std::make_unique<BlockStmt>(StmtKind::SetBlock, off);
        node->target = std::move(target);
        while (skipOp("|")) node->filters.push_back(parseFilterName(nullptr, off));
        expectBlockEnd();
        std::string found;
        node->body = subparse({"endset"}, "set", found);
        expectBlockEnd();
        return node;
    }

    void parseSignature(MacroStmt& m) {
        expectOp("(");
        while (!isOp(")")) {
            if (!m.params.empty()) expectOp(",");
            if (isOp(")")) break;
            MacroParam p;
            p.name = expectName();
            if (skipOp("=")) p.defaultValue = parseExpression(true);
            m.params.push_back(std::move(p));
        }
        expectOp(")");
    }

    StmtPtr parseMacro(uint32_t off) {
        auto node = std::make_unique<MacroStmt>(off);
        node->name = expectName();
        parseSignature(*node);
        expectBlockEnd();
        std::string found;
        macros_.push_back(node.get());
        int savedLoops = loopDepth_;
        loopDepth_ = 0;
        node->body = subparse({"endmacro"}, "macro", found);
        loopDepth_ = savedLoops;
        macros_.pop_back();
        expectBlockEnd();
        return node;
    }

    StmtPtr parseCallBlock(uint32_t off) {
        auto node = std::make_unique<CallBlockStmt>(off);
        node->caller.name = "caller";
        if (isOp("(")) parseSignature(node->caller);
        ExprPtr call = parseExpression(true);
        if (call->kind != ExprKind::Call) fail(py::kSyntaxError, "expected call", off);
        node->call.reset(static_cast<CallExpr*>(call.release()));
        expectBlockEnd();
        std::string found;
        macros_.push_back(&node->caller);
        node->caller.body = subparse({"endcall"}, "call", found);
        macros_.pop_back();
        expectBlockEnd();
        return node;
    }

    StmtPtr parseFilterBlock(uint32_t off) {
        auto node = std::make_unique<BlockStmt>(StmtKind::FilterBlock, off);
        do {
            node->filters.push_back(parseFilterName(nullptr, cur().offset));
        } while (skipOp("|"));
        expectBlockEnd();
        std::string found;
        node->body = subparse({"endfilter"}, "filter", found);
        expectBlockEnd();
        return node;
    }

    StmtPtr parseWith(uint32_t off) {
        auto node = std::make_unique<WithStmt>(off);
        while (cur().type != TokenType::BlockEnd) {
            if (!node->assignments.empty()) expectOp(",");
            Target t = parseAssignTarget(false, {});
            expectOp("=");
            node->assignments.emplace_back(std::move(t), parseExpression(true));
        }
        expectBlockEnd();
        std::string found;
        node->body = subparse({"endwith"}, "with", found);
        expectBlockEnd();
        return node;
    }

    StmtPtr parseGeneration(uint32_t off) {
        auto node = std::make_unique<ScopedStmt>(off);
        expectBlockEnd();
        std::string found;
        node->body = subparse({"endgeneration"}, "generation", found);
        expectBlockEnd();
        return node;
    }

    // name | name.attr (set only) | a, b | (a, b)
    Target parseAssignTarget(bool withNamespace, const std::vector<std::string>& extraEnd) {
        if (withNamespace && cur().type == TokenType::Name && peek().type == TokenType::Operator &&
            peek().text == ".") {
            Target t;
            t.name = expectName();
            next();
            t.attribute = expectName();
            return t;
        }
        Target t;
        bool any = false;
        while (true) {
            if (any) {
                if (!skipOp(",")) break;
                t.isTuple = true;
            }
            if (cur().type == TokenType::BlockEnd || isOp("=") || isOp(")")) break;
            if (cur().type == TokenType::Name &&
                std::find(extraEnd.begin(), extraEnd.end(), cur().text) != extraEnd.end())
                break;
            Target element;
            if (skipOp("(")) {
                element = parseAssignTarget(false, {});
                expectOp(")");
            } else {
                element.name = expectName();
                if (element.name == "true" || element.name == "false" || element.name == "none" ||
                    element.name == "True" || element.name == "False" || element.name == "None")
                    fail(py::kSyntaxError, "Can't assign to constant '" + element.name + "'", cur().offset);
            }
            t.elements.push_back(std::move(element));
            any = true;
        }
        if (t.elements.empty())
            fail(py::kSyntaxError, "expected token 'name', got '" + describe(cur()) + "'", cur().offset);
        if (!t.isTuple) return std::move(t.elements[0]);
        return t;
    }

    bool isTupleEnd(const std::vector<std::string>& extraEnd) const {
        TokenType ty = cur().type;
        if (ty == TokenType::VariableEnd || ty == TokenType::BlockEnd || isOp(")")) return true;
        return ty == TokenType::Name &&
               std::find(extraEnd.begin(), extraEnd.end(), cur().text) != extraEnd.end();
    }

    ExprPtr parseTuple(bool withCondExpr, const std::vector<std::string>& extraEnd, bool explicitParens) {
        uint32_t off = cur().offset;
        std::vector<ExprPtr> items;
        bool isTuple = false;
        while (true) {
            if (!items.empty()) expectOp(",");
            if (isTupleEnd(extraEnd)) break;
            items.push_back(parseExpression(withCondExpr));
            if (isOp(","))
                isTuple = true;
            else
                break;
        }
        if (!isTuple) {
            if (!items.empty()) return std::move(items[0]);
            if (!explicitParens)
                fail(py::kSyntaxError, "Expected an expression, got '" + describe(cur()) + "'", cur().offset);
        }
        auto t = std::make_unique<SequenceExpr>(ExprKind::Tuple, off);
        t->items = std::move(items);
        return t;
    }

    ExprPtr parseExpression(bool withCondExpr) {
        Nest nest(*this);
        if (!withCondExpr) return parseOr();
        uint32_t off = cur().offset;
        ExprPtr e = parseOr();
        while (skipName("if")) {
            auto c = std::make_unique<CondExpr>(off);
            c->then = std::move(e);
            c->test = parseOr();
            if (skipName("else")) c->otherwise = parseExpression(true);
            e = std::move(c);
        }
        return e;
    }

    ExprPtr parseOr() {
        uint32_t off = cur().offset;
        ExprPtr l = parseAnd();
        while (skipName("or")) l = std::make_unique<BinaryExpr>(off, BinaryOp::Or, std::move(l), parseAnd());
        return l;
    }

    ExprPtr parseAnd() {
        uint32_t off = cur().offset;
        ExprPtr l = parseNot();
        while (skipName("and"))
            l = std::make_unique<BinaryExpr>(off, BinaryOp::And, std::move(l), parseNot());
        return l;
    }

    ExprPtr parseNot() {
        Nest nest(*this);
        uint32_t off = cur().offset;
        if (skipName("not")) return std::make_unique<UnaryExpr>(off, UnaryOp::Not, parseNot());
        return parseCompare();
    }

    ExprPtr parseCompare() {
        uint32_t off = cur().offset;
        ExprPtr first = parseMath1();
        std::unique_ptr<CompareExpr> cmp;
        while (true) {
            CompareOp op;
            if (isOp("=="))
                op = CompareOp::Eq;
            else if (isOp("!="))
                op = CompareOp::Ne;
            else if (isOp("<"))
                op = CompareOp::Lt;
            else if (isOp("<="))
                op = CompareOp::Le;
            else if (isOp(">"))
                op = CompareOp::Gt;
            else if (isOp(">="))
                op = CompareOp::Ge;
            else if (isName("in"))
                op = CompareOp::In;
            else if (isName("not") && peek().type == TokenType::Name && peek().text == "in") {
                next();
                op = CompareOp::NotIn;
            } else
                break;
            next();
            if (!cmp) cmp = std::make_unique<CompareExpr>(off, std::move(first));
            cmp->rest.emplace_back(op, parseMath1());
        }
        if (cmp) return cmp;
        return first;
    }

    ExprPtr parseMath1() {
        uint32_t off = cur().offset;
        ExprPtr l = parseConcat();
        while (isOp("+") || isOp("-")) {
            BinaryOp op = isOp("+") ? BinaryOp::Add : BinaryOp::Sub;
            next();
            l = std::make_unique<BinaryExpr>(off, op, std::move(l), parseConcat());
        }
        return l;
    }

    ExprPtr parseConcat() {
        uint32_t off = cur().offset;
        ExprPtr l = parseMath2();
        while (skipOp("~"))
            l = std::make_unique<BinaryExpr>(off, BinaryOp::Concat, std::move(l), parseMath2());
        return l;
    }

    ExprPtr parseMath2() {
        uint32_t off = cur().offset;
        ExprPtr l = parsePow();
        while (isOp("*") || isOp("/") || isOp("//") || isOp("%")) {
            BinaryOp op = isOp("*")    ? BinaryOp::Mul
                          : isOp("/")  ? BinaryOp::Div
                          : isOp("//") ? BinaryOp::FloorDiv
                                       : BinaryOp::Mod;
            next();
            l = std::make_unique<BinaryExpr>(off, op, std::move(l), parsePow());
        }
        return l;
    }

    ExprPtr parsePow() {
        uint32_t off = cur().offset;
        ExprPtr l = parseUnary(true);
        while (skipOp("**"))
            l = std::make_unique<BinaryExpr>(off, BinaryOp::Pow, std::move(l), parseUnary(true));
        return l;
    }

    ExprPtr parseUnary(bool withFilter) {
        Nest nest(*this);
        uint32_t off = cur().offset;
        ExprPtr node;
        if (skipOp("-"))
            node = std::make_unique<UnaryExpr>(off, UnaryOp::Neg, parseUnary(false));
        else if (skipOp("+"))
            node = std::make_unique<UnaryExpr>(off, UnaryOp::Pos, parseUnary(false));
        else
            node = parsePrimary();
        node = parsePostfix(std::move(node));
        if (withFilter) node = parseFilterExpr(std::move(node));
        return node;
    }

    ExprPtr parsePrimary() {
        const Token& t = cur();
        uint32_t off = t.offset;
        switch (t.type) {
        case TokenType::Name: {
            std::string n = t.text;
            next();
            if (n == "true" || n == "True") return std::make_unique<ConstExpr>(off, Value(true));
            if (n == "false" || n == "False") return std::make_unique<ConstExpr>(off, Value(false));
            if (n == "none" || n == "None") return std::make_unique<ConstExpr>(off, Value::none());
            if (!macros_.empty()) {
                if (n == "varargs") macros_.back()->usesVarargs = true;
                if (n == "kwargs") macros_.back()->usesKwargs = true;
                if (n == "caller") macros_.back()->usesCaller = true;
            }
            return std::make_unique<NameExpr>(off, std::move(n));
        }
        case TokenType::String: {
            std::string s;
            while (cur().type == TokenType::String) {
                s += cur().text;
                next();
            }
            return std::make_unique<ConstExpr>(off, Value(std::move(s)));
        }
        case TokenType::Integer: {
            int64_t v = t.intValue;
            next();
            return std::make_unique<ConstExpr>(off, Value(v));
        }
        case TokenType::Float: {
            double v = t.floatValue;
            next();
            return std::make_unique<ConstExpr>(off, Value(v));
        }
        case TokenType::Operator:
            if (t.text == "(") {
                next();
                ExprPtr e = parseTuple(true, {}, true);
                expectOp(")");
                return e;
            }
            if (t.text == "[") {
                next();
                auto list = std::make_unique<SequenceExpr>(ExprKind::List, off);
                while (!isOp("]")) {
                    if (!list->items.empty()) expectOp(",");
                    if (isOp("]")) break;
                    list->items.push_back(parseExpression(true));
                }
                expectOp("]");
                return list;
            }
            if (t.text == "{") {
                next();
                auto dict = std::make_unique<DictExpr>(off);
                while (!isOp("}")) {
                    if (!dict->items.empty()) expectOp(",");
                    if (isOp("}")) break;
                    ExprPtr k = parseExpression(true);
                    expectOp(":");
                    dict->items.emplace_back(std::move(k), parseExpression(true));
                }
                expectOp("}");
                return dict;
            }
            break;
        default:
            break;
        }
        unexpected();
    }

    ExprPtr parsePostfix(ExprPtr node) {
        while (true) {
            uint32_t off = cur().offset;
            if (skipOp(".")) {
                if (cur().type == TokenType::Name) {
                    node = std::make_unique<GetAttrExpr>(off, std::move(node), cur().text);
                    next();
                } else if (cur().type == TokenType::Integer) {
                    node = std::make_unique<GetItemExpr>(
                        off, std::move(node), std::make_unique<ConstExpr>(off, Value(cur().intValue)));
                    next();
                } else {
                    fail(py::kSyntaxError, "expected name or number", cur().offset);
                }
            } else if (skipOp("[")) {
                std::vector<ExprPtr> keys;
                while (!isOp("]")) {
                    if (!keys.empty()) expectOp(",");
                    if (isOp("]")) break;
                    keys.push_back(parseSubscribed());
                }
                expectOp("]");
                ExprPtr key;
                if (keys.size() == 1) {
                    key = std::move(keys[0]);
                } else {
                    auto t = std::make_unique<SequenceExpr>(ExprKind::Tuple, off);
                    t->items = std::move(keys);
                    key = std::move(t);
                }
                node = std::make_unique<GetItemExpr>(off, std::move(node), std::move(key));
            } else if (isOp("(")) {
                node = parseCall(std::move(node));
            } else {
                return node;
            }
        }
    }

    ExprPtr parseSubscribed() {
        uint32_t off = cur().offset;
        ExprPtr start;
        if (!isOp(":")) {
            start = parseExpression(true);
            if (!isOp(":")) return start;
        }
        next();
        auto slice = std::make_unique<SliceExpr>(off);
        slice->start = std::move(start);
        if (!isOp("]") && !isOp(",") && !isOp(":")) slice->stop = parseExpression(true);
        if (skipOp(":"))
            if (!isOp("]") && !isOp(",")) slice->step = parseExpression(true);
        return slice;
    }

    void parseArguments(Arguments& args) {
        expectOp("(");
        bool first = true;
        while (!isOp(")")) {
            if (!first) expectOp(",");
            first = false;
            if (isOp(")")) break;
            if (skipOp("*")) {
                args.starArgs = parseExpression(true);
            } else if (skipOp("**")) {
                args.starKwargs = parseExpression(true);
            } else if (cur().type == TokenType::Name && peek().type == TokenType::Operator &&
                       peek().text == "=") {
                std::string key = cur().text;
                next();
                next();
                args.keyword.emplace_back(std::move(key), parseExpression(true));
            } else {
                args.positional.push_back(parseExpression(true));
            }
        }
        expectOp(")");
    }

    ExprPtr parseCall(ExprPtr callee) {
        auto call = std::make_unique<CallExpr>(cur().offset, std::move(callee));
        parseArguments(call->args);
        return call;
    }

    std::unique_ptr<FilterExpr> parseFilterName(ExprPtr input, uint32_t off) {
        auto f = std::make_unique<FilterExpr>(ExprKind::Filter, off);
        f->input = std::move(input);
        f->name = expectName();
        while (isOp(".") && peek().type == TokenType::Name) {
            next();
            f->name += "." + cur().text;
            next();
        }
        if (!isFilter(f->name)) fail(py::kAssertionError, "No filter named '" + f->name + "'.", off);
        if (isOp("(")) parseArguments(f->args);
        return f;
    }

    ExprPtr parseFilterExpr(ExprPtr node) {
        while (true) {
            uint32_t off = cur().offset;
            if (skipOp("|")) {
                node = parseFilterName(std::move(node), off);
            } else if (skipName("is")) {
                auto test = std::make_unique<FilterExpr>(ExprKind::Test, off);
                test->input = std::move(node);
                test->negated = skipName("not");
                test->name = expectName();
                while (isOp(".") && peek().type == TokenType::Name) {
                    next();
                    test->name += "." + cur().text;
                    next();
                }
                if (!isTest(test->name))
                    fail(py::kAssertionError, "No test named '" + test->name + "'.", off);
                if (isOp("(")) {
                    parseArguments(test->args);
                } else if ((cur().type == TokenType::Name || cur().type == TokenType::String ||
                            cur().type == TokenType::Integer || cur().type == TokenType::Float || isOp("(") ||
                            isOp("[") || isOp("{")) &&
                           !isName("else") && !isName("or") && !isName("and")) {
                    if (isName("is"))
                        fail(py::kSyntaxError, "You cannot chain multiple tests with is", cur().offset);
                    test->args.positional.push_back(parsePostfix(parsePrimary()));
                }
                node = std::move(test);
            } else if (isOp("(")) {
                node = parseCall(std::move(node));
            } else {
                return node;
            }
        }
    }
};

} // namespace

Body parse(const std::vector<Token>& tokens) {
    return Parser(tokens).parseTemplate();
}

} // namespace smoldesk::jinja
