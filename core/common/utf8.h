#pragma once
// The one UTF-8 module: encoding, validation and the prefix test shared by the tokenizers, the
// streaming detokenizer and the template engine (whose Python str semantics build on it).
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace smoldesk {

// Length of the sequence a lead byte announces, judged by its top four bits only (as llama.cpp
// does when it splits text into characters): 1 for ASCII and stray continuation bytes.
inline size_t utf8LengthFromLead(uint8_t lead) {
    static constexpr uint8_t kLengths[16] = {1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 3, 4};
    return kLengths[lead >> 4];
}

void appendUtf8(std::string& out, uint32_t codepoint);

// True when the whole text is well-formed UTF-8 (no overlongs, surrogates or values above U+10FFFF).
bool isValidUtf8(std::string_view text);

// Re-encodes text the way llama.cpp's codepoint decoder reads it: a byte that does not start a
// complete sequence becomes U+FFFD. The byte-level BPE pre-tokenizer sees this form, so invalid
// input tokenizes exactly as in llama.cpp.
std::string sanitizeUtf8(std::string_view text);

// Result of looking at the start of a byte buffer for one UTF-8 character.
enum class Utf8Prefix {
    Complete,   // a whole valid character of `length` bytes
    Incomplete, // a valid beginning that needs more bytes
    Invalid,    // `length` bytes that can never form a character
};
Utf8Prefix classifyUtf8Prefix(std::string_view bytes, size_t& length);

} // namespace smoldesk
