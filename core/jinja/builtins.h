#pragma once
// The filters, tests, methods and globals of the environment. Each lives in its own file;
// the interpreter reaches them through these functions.
#include "jinja/value.h"

#include <string>
#include <string_view>

namespace smoldesk::jinja {

bool isFilter(std::string_view name);
bool isTest(std::string_view name);
Value applyFilter(Interpreter& in, std::string_view name, const Value& input, CallArgs& args);
bool applyTest(Interpreter& in, std::string_view name, const Value& input, CallArgs& args);

// Attribute lookup of Python methods (str, dict, list): a bound method, an unsafe
// Undefined for mutating methods (the sandbox), or nullopt-like Undefined when absent.
bool lookupMethod(const Value& object, const std::string& name, Value& out);
Value callMethod(Interpreter& in, const Value& object, const std::string& name, CallArgs& args);

// Globals: range, dict, namespace, cycler, joiner, lipsum, raise_exception, strftime_now.
bool lookupGlobal(const std::string& name, Value& out);

} // namespace smoldesk::jinja

namespace smoldesk::jinja {

// Reads call arguments by position or keyword, as a Python signature would bind them.
class ArgList {
  public:
    ArgList(CallArgs& args, const char* function) : args_(args), function_(function) {}
    // The argument at `index` (positional) or named `name`; null when not given.
    const Value* find(size_t index, const char* name) const;
    Value get(size_t index, const char* name, Value fallback) const;
    const Value& require(size_t index, const char* name) const;
    size_t positionalCount() const { return args_.positional.size(); }
    CallArgs& raw() { return args_; }

  private:
    CallArgs& args_;
    const char* function_;
};

std::string pyStr(const Value& v); // str(), with Undefined as ""
int64_t toInt(const Value& v, const char* what);

} // namespace smoldesk::jinja
