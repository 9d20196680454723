#pragma once
// GPT-2's bytes_to_unicode: byte-level BPE vocabs store every byte as a printable code point.
// Bytes 33-126, 161-172 and 174-255 stand for themselves; the other 68 map, in increasing order,
// to U+0100, U+0101, ... (so a space is "Ġ" U+0120 and "\n" is "Ċ" U+010A).
#include <cstdint>
#include <string>
#include <string_view>

namespace smoldesk::text {

// The UTF-8 form of the code point that stands for `byte`.
std::string_view byteToUnicode(uint8_t byte);
// Appends the byte-level form of raw bytes.
void appendByteEncoded(std::string& out, std::string_view raw);
// Inverse mapping of a vocab string. A code point outside the table (it should not occur) is
// copied through as UTF-8.
std::string byteDecode(std::string_view encoded);

} // namespace smoldesk::text
