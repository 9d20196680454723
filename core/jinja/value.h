#pragma once
// The value model of the template engine: Python's data types as jinja2 sees them
// (None, bool, int, float, str, list, tuple, insertion-ordered dict) plus jinja2's
// Undefined, namespace objects, the loop object and callables. Containers are shared and
// immutable once built (the sandbox forbids mutation); only namespaces change in place.
#include <cstdint>
#include <functional>
#include <initializer_list>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

namespace smoldesk::jinja {

class Value;
class Interpreter;

// Arguments of a call: positional first, then keyword arguments in source order.
struct CallArgs {
    std::vector<Value> positional;
    std::vector<std::pair<std::string, Value>> keyword;
};

using NativeFunction = std::function<Value(Interpreter&, CallArgs&)>;

enum class Kind : uint8_t {
    Undefined,
    None,
    Bool,
    Int,
    Float,
    String,
    List,
    Tuple,
    Dict,
    Namespace,
    Loop,
    Callable
};

class Dict;
struct Function;
struct LoopState;

class Value {
  public:
    Value() = default; // Undefined
    Value(bool b) : kind_(Kind::Bool), bool_(b) {}
    Value(int i) : kind_(Kind::Int), int_(i) {}
    Value(int64_t i) : kind_(Kind::Int), int_(i) {}
    Value(double f) : kind_(Kind::Float), float_(f) {}
    Value(const char* s) : Value(std::string(s)) {}
    Value(std::string_view s) : Value(std::string(s)) {}
    Value(std::string s);

    static Value none();
    // An Undefined that raises `message` (jinja2's UndefinedError text) when it is misused.
    static Value undefined(std::string message, bool securityError = false);
    static Value list(std::vector<Value> items = {});
    static Value tuple(std::vector<Value> items);
    static Value object(); // empty dict; fill with set()
    static Value object(std::initializer_list<std::pair<std::string, Value>> entries);
    static Value dict(Dict d);
    static Value namespaceObject(Dict d);
    static Value function(std::string name, NativeFunction fn);
    // The loop object of a for-loop; like jinja2's LoopContext it is one object that advances.
    static Value loop(std::shared_ptr<LoopState> state);

    Kind kind() const { return kind_; }
    bool isUndefined() const { return kind_ == Kind::Undefined; }
    bool isNone() const { return kind_ == Kind::None; }
    bool isBool() const { return kind_ == Kind::Bool; }
    bool isInt() const { return kind_ == Kind::Int; }
    bool isFloat() const { return kind_ == Kind::Float; }
    bool isNumber() const { return kind_ == Kind::Int || kind_ == Kind::Float || kind_ == Kind::Bool; }
    bool isString() const { return kind_ == Kind::String; }
    bool isList() const { return kind_ == Kind::List; }
    bool isTuple() const { return kind_ == Kind::Tuple; }
    bool isSequence() const { return kind_ == Kind::List || kind_ == Kind::Tuple; }
    bool isDict() const { return kind_ == Kind::Dict; }
    bool isNamespace() const { return kind_ == Kind::Namespace; }
    bool isLoop() const { return kind_ == Kind::Loop; }
    bool isCallable() const { return kind_ == Kind::Callable; }

    bool boolValue() const { return bool_; }
    int64_t intValue() const { return kind_ == Kind::Bool ? int64_t(bool_) : int_; }
    double numberValue() const { return kind_ == Kind::Float ? float_ : double(intValue()); }
    const std::string& str() const;
    const std::vector<Value>& items() const;                       // list or tuple
    std::shared_ptr<const std::vector<Value>> sharedItems() const; // list or tuple, without copying
    const Dict& dictData() const;                                  // dict or namespace
    Dict& mutableDict(); // namespace (shared) or a dict not yet shared
    const Function& function() const;
    const LoopState& loopState() const;
    const std::string& undefinedMessage() const;
    bool undefinedIsSecurity() const;

    // Building from C++: on a dict value, set() inserts or replaces, keeping first-insertion order;
    // on a list value, push() appends. Both copy the container first when it is shared.
    Value& set(std::string key, Value value);
    Value& push(Value value);

    // Python truthiness.
    bool truthy() const;

  private:
    Kind kind_ = Kind::Undefined;
    union {
        bool bool_;
        int64_t int_ = 0;
        double float_;
    };
    std::shared_ptr<void> heap_;
};

// Insertion-ordered dict with Python key semantics (1 == 1.0 == True as keys).
class Dict {
  public:
    const Value* find(const Value& key) const;
    const Value* find(std::string_view key) const;
    const Value* find(const char* key) const { return find(std::string_view(key)); }
    const Value* find(const std::string& key) const { return find(std::string_view(key)); }
    void set(const Value& key, Value value);
    size_t size() const { return entries_.size(); }
    bool empty() const { return entries_.empty(); }
    const std::vector<std::pair<Value, Value>>& entries() const { return entries_; }

  private:
    std::vector<std::pair<Value, Value>> entries_;
    std::unordered_map<std::string, size_t> index_;
};

struct Function {
    std::string name;
    NativeFunction call;
};

struct LoopState {
    std::shared_ptr<const std::vector<Value>> items;
    size_t index = 0;
};

// Key under which a value is stored in a Dict; empty when the value is unhashable.
bool hashKey(const Value& v, std::string& out);

// Python's repr() and str() of a value (str() of Undefined is "").
std::string repr(const Value& v);
void appendRepr(std::string& out, const Value& v);
std::string toStr(const Value& v);
void appendStr(std::string& out, const Value& v);
std::string reprString(std::string_view s);
std::string formatFloat(double f); // Python float repr
// Python's type(x).__name__.
const char* typeName(const Value& v);

// Python ==.
bool equals(const Value& a, const Value& b);

} // namespace smoldesk::jinja
