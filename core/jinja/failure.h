#pragma once
// The exception used inside the engine. It carries the Python exception type and message;
// the source offset is filled in by the innermost node that sees it, and Template turns it
// into a TemplateError with line and column.
#include <cstdint>
#include <string>

namespace smoldesk::jinja {

constexpr uint32_t kNoOffset = UINT32_MAX;

struct Failure {
    std::string pythonType;
    std::string message;
    uint32_t offset = kNoOffset;
};

namespace py {
constexpr const char* kTemplateError = "jinja2.exceptions.TemplateError";
constexpr const char* kSyntaxError = "jinja2.exceptions.TemplateSyntaxError";
constexpr const char* kAssertionError = "jinja2.exceptions.TemplateAssertionError";
constexpr const char* kRuntimeError = "jinja2.exceptions.TemplateRuntimeError";
constexpr const char* kUndefinedError = "jinja2.exceptions.UndefinedError";
constexpr const char* kSecurityError = "jinja2.exceptions.SecurityError";
constexpr const char* kTypeError = "builtins.TypeError";
constexpr const char* kValueError = "builtins.ValueError";
constexpr const char* kZeroDivisionError = "builtins.ZeroDivisionError";
constexpr const char* kOverflowError = "builtins.OverflowError";
constexpr const char* kRecursionError = "builtins.RecursionError";
// Engine limits (steps, output size, depth) have no Python counterpart.
constexpr const char* kLimitError = "smoldesk.LimitExceeded";
} // namespace py

[[noreturn]] inline void fail(const char* pythonType, std::string message, uint32_t offset = kNoOffset) {
    throw Failure{pythonType, std::move(message), offset};
}

} // namespace smoldesk::jinja
