#pragma once
// JSON Schema → GBNF, for the subset that OpenAI's strict mode and llama.cpp's converter accept:
// type, properties, required, additionalProperties, items / prefixItems / additionalItems,
// minItems, maxItems, enum, const, anyOf, oneOf (as anyOf: the grammar cannot make branches
// exclusive), allOf (merged), $ref into the document ($defs, definitions, any JSON pointer),
// minLength, maxLength, pattern (a regular-expression subset), format (date, time, date-time,
// uuid), and integer bounds (minimum, maximum, exclusiveMinimum, exclusiveMaximum).
//
// Keywords apply to their own type as the specification says: {"minLength": 2} admits every
// number, object, … and the strings of two characters or more. An object's properties may come
// in any order while it declares at most kAnyOrderProperties of them, in the declared order
// beyond that. Annotations (title, description, examples, default, $comment, …) are ignored; a
// keyword that constrains values and is not supported is an Error with one sentence.
#include <string>
#include <string_view>

namespace smoldesk::jinja {
class Value;
}

namespace smoldesk::grammar {

constexpr int kAnyOrderProperties = 5;

// What an object that declares properties but says nothing about additionalProperties admits.
// The specification admits any other key (Validation: what the JSON-Schema-Test-Suite checks).
// Generation writes only the declared keys, as llama.cpp's converter and OpenAI's strict mode
// do: the output still validates, and a small model can neither invent keys nor run on adding
// key after key. An explicit additionalProperties (true, false or a schema) is always obeyed.
enum class UndeclaredKeys { DeclaredOnly, Validation };

// Throws Error(InvalidArgument): bad JSON, or a keyword / value the converter does not support.
std::string schemaToGbnf(std::string_view schemaJson,
                         UndeclaredKeys undeclared = UndeclaredKeys::DeclaredOnly);
std::string schemaToGbnf(const jinja::Value& schema,
                         UndeclaredKeys undeclared = UndeclaredKeys::DeclaredOnly);

// Any JSON object (OpenAI's response_format json_object), and any JSON value.
std::string anyJsonObjectGbnf();
std::string anyJsonValueGbnf();

} // namespace smoldesk::grammar
