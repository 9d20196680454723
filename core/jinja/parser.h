#pragma once
// Builds the statement tree from tokens with jinja2's grammar and operator precedence.
#include "jinja/ast.h"
#include "jinja/lexer.h"

namespace smoldesk::jinja {

// Throws Failure (TemplateSyntaxError / TemplateAssertionError) with the offending offset.
Body parse(const std::vector<Token>& tokens);

} // namespace smoldesk::jinja
