#pragma once
// JSON Schema `pattern` (ECMA-262 regular expressions) → a GBNF expression over the inside of a
// JSON string, characters as JSON spells them ('"' as \", a newline as \n). The subset:
// literals, ., classes [...] with ranges and \d \w \s (and negations), groups (...) and (?:...),
// alternation, * + ? {m} {m,} {m,n} (lazy forms alike), ^ and $ at the ends of the pattern.
// A pattern is a search, as the specification says: without ^ any text may come before the
// match, without $ any text after. Back-references, look-around and \b are refused with
// Error(InvalidArgument).
#include <string>
#include <string_view>

namespace smoldesk::grammar {

// Needs the `char` rule of the JSON grammar (any JSON string character) for unanchored ends.
std::string regexToGbnf(std::string_view pattern);

} // namespace smoldesk::grammar
