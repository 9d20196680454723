#include "jinja/template.h"

#include "jinja/ast.h"
#include "jinja/failure.h"
#include "jinja/interpreter.h"
#include "jinja/lexer.h"
#include "jinja/parser.h"

namespace smoldesk::jinja {

namespace {

void locate(const std::string& source, uint32_t offset, int& line, int& column) {
    line = 1;
    column = 1;
    if (offset == kNoOffset) return;
    for (size_t i = 0; i < offset && i < source.size(); ++i) {
        if (source[i] == '\n') {
            ++line;
            column = 1;
        } else if ((static_cast<unsigned char>(source[i]) & 0xC0) != 0x80) {
            ++column;
        }
    }
}

std::string shortType(const std::string& pythonType) {
    size_t dot = pythonType.rfind('.');
    return dot == std::string::npos ? pythonType : pythonType.substr(dot + 1);
}

TemplateError toError(const std::string& source, const Failure& f) {
    int line, column;
    locate(source, f.offset, line, column);
    return TemplateError(f.pythonType, f.message, line, column);
}

} // namespace

TemplateError::TemplateError(std::string pythonType, std::string message, int line, int column)
    : Error(ErrorCode::Template, pythonType == py::kTemplateError
                                     ? message
                                     : "line " + std::to_string(line) + ", column " + std::to_string(column) +
                                           ": " +
                                           (pythonType == py::kSyntaxError || pythonType == py::kLimitError
                                                ? ""
                                                : shortType(pythonType) + ": ") +
                                           message),
      pythonType_(std::move(pythonType)), message_(std::move(message)), line_(line), column_(column) {}

Template::Template(std::string source) {
    auto program = std::make_shared<Program>();
    program->source = normalizeSource(source);
    try {
        program->body = parse(tokenize(program->source));
    } catch (const Failure& f) {
        throw toError(program->source, f);
    }
    program_ = std::move(program);
}

std::string Template::render(const Value& context, const RenderOptions& options) const {
    try {
        Interpreter interpreter(*program_, context, options);
        return interpreter.run();
    } catch (const Failure& f) {
        throw toError(program_->source, f);
    }
}

} // namespace smoldesk::jinja
