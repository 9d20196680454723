#pragma once
// UTF-8 helpers for the parts of Python's str semantics that work on code points
// (len, indexing, slicing, strip of Unicode whitespace, repr escapes), on the common UTF-8 module.
#include "common/utf8.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace smoldesk::jinja::utf8 {

// Decodes one code point at `pos` and advances it; invalid bytes decode as themselves (Latin-1).
char32_t next(std::string_view s, size_t& pos);
inline void append(std::string& out, char32_t cp) {
    appendUtf8(out, cp);
}
std::vector<char32_t> decode(std::string_view s);
std::string encode(const std::vector<char32_t>& cps);
size_t length(std::string_view s);
bool isAscii(std::string_view s);

// Python's str.isspace() for one code point.
bool isSpace(char32_t cp);
// Python's str.isprintable() for one code point (approximation of the Unicode tables
// that covers controls, separators, format characters and private use).
bool isPrintable(char32_t cp);

// Python's str.strip()/lstrip()/rstrip(); `chars` null strips whitespace.
std::string strip(std::string_view s, const std::string* chars, bool left, bool right);

// ASCII-range case mapping plus Latin-1/Greek/Cyrillic basics, as Python's upper()/lower().
char32_t toUpper(char32_t cp);
char32_t toLower(char32_t cp);
bool isAlpha(char32_t cp);
std::string upper(std::string_view s);
std::string lower(std::string_view s);

} // namespace smoldesk::jinja::utf8
