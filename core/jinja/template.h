#pragma once
// A Jinja engine that renders chat templates byte-for-byte like Python jinja2 3.1 set up the
// way Hugging Face transformers sets it up (ImmutableSandboxedEnvironment, trim_blocks,
// lstrip_blocks, loopcontrols, {% generation %}, raise_exception, strftime_now, tojson).
//
//   jinja::Template t(source);                       // throws Error(Template) on syntax errors
//   std::string text = t.render(jinja::parseJson(contextJson));
//
// Rendering is bounded: node evaluations, macro/call depth and the size of every produced
// string are limited, so a hostile template fails fast with Error(Template).
#include "common/error.h"
#include "jinja/value.h"

#include <ctime>
#include <functional>
#include <memory>
#include <string>
#include <string_view>

namespace smoldesk::jinja {

// Parses JSON into a Value; object key order is kept, numbers become int or float like
// Python's json. Throws Error(InvalidArgument) naming the line and column of the problem.
Value parseJson(std::string_view json);
// Python json.dumps(value, ensure_ascii=False, indent=indent) as transformers' tojson does;
// indent < 0 means None (compact ", " / ": " separators).
std::string toJson(const Value& value, int indent = -1);
// One string as JSON text, quotes included (json.dumps of a str, ensure_ascii off): the one JSON
// string escaper of the code base.
std::string jsonQuote(std::string_view text);

struct RenderOptions {
    // The clock behind strftime_now(); empty means the local time now.
    std::function<std::tm()> now;
    size_t maxOutputBytes = 16u << 20; // limit for the output and for any single string value
    uint64_t maxSteps = 10'000'000;    // node evaluations; a loop iteration counts 4, strings 1 per 16 bytes
    int maxDepth = 100;                // nested macro/caller calls
};

// A failed parse or render. what() is "line L, column C: message", except for the template's
// own raise_exception(message), whose what() is exactly `message` (it is meant for the user).
class TemplateError : public Error {
  public:
    TemplateError(std::string pythonType, std::string message, int line, int column);
    // The exception as Python names it: "jinja2.exceptions.TemplateError", "builtins.TypeError", ...
    const std::string& pythonType() const { return pythonType_; }
    // The exception text as Python prints it (str(exception)).
    const std::string& message() const { return message_; }
    int line() const { return line_; }
    int column() const { return column_; }

  private:
    std::string pythonType_;
    std::string message_;
    int line_;
    int column_;
};

struct Program;

// A parsed template. Copies share the parsed tree; render() is const and keeps all its state
// in the call, so one Template may render on several threads at once.
class Template {
  public:
    // Parses `source`; throws TemplateError (an Error with ErrorCode::Template).
    explicit Template(std::string source);

    // Renders with the keys of `context` (a dict Value) as variables.
    std::string render(const Value& context, const RenderOptions& options = {}) const;

  private:
    std::shared_ptr<const Program> program_;
};

} // namespace smoldesk::jinja
