#pragma once
// llama.cpp's GBNF grammar syntax, so that grammars written for llama.cpp work unchanged:
//   root ::= "{" ws pair ("," ws pair)* "}"      # rules, literals, alternatives, comments
//   pair ::= [a-z]+ ":" ws (value | "null")      # character classes, groups, rule references
//   ws   ::= [ \t\n]{0,20}                       # * + ? {m} {m,} {m,n}, "." any character
// The start rule is `root`. Left recursion is refused (the matcher expands rules top-down).
#include "grammar/grammar.h"

#include <string_view>

namespace smoldesk::grammar {

// Throws Error(InvalidArgument) with one sentence naming the line and column of the problem.
Grammar parseGbnf(std::string_view source);

// A GBNF string literal matching exactly these bytes: quotes and backslashes escaped, control
// characters as \xNN, everything else (UTF-8 included) as it is.
std::string gbnfLiteral(std::string_view bytes);

// The UTF-8 byte-range sequences that spell exactly the code points lo…hi (surrogates excluded),
// for example U+0080…U+07FF → [C2-DF][80-BF]. Exposed for tests.
struct ByteRange {
    uint8_t lo, hi;
};
std::vector<std::vector<ByteRange>> utf8Sequences(uint32_t lo, uint32_t hi);

} // namespace smoldesk::grammar
