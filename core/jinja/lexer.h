#pragma once
// Splits template source into tokens exactly as jinja2's lexer does with trim_blocks and
// lstrip_blocks on: template data (already whitespace-controlled), tag delimiters and
// the expression tokens inside tags. Comments and {% raw %} are resolved here.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace smoldesk::jinja {

enum class TokenType {
    Data,
    VariableBegin,
    VariableEnd,
    BlockBegin,
    BlockEnd,
    Name,
    String,
    Integer,
    Float,
    Operator,
    End
};

struct Token {
    TokenType type;
    std::string text; // data, name, operator, or the decoded string literal
    uint32_t offset;  // byte offset in the normalised source
    int64_t intValue = 0;
    double floatValue = 0;
};

// Normalises newlines and drops one trailing "\n" (keep_trailing_newline=False), as jinja2 does.
std::string normalizeSource(std::string_view source);
// Tokenises normalised source; throws Failure (TemplateSyntaxError) on bad input.
std::vector<Token> tokenize(const std::string& source);

} // namespace smoldesk::jinja
