// The thinking/answer stream parser: the input is split into pieces (the first byte seeds the
// piece lengths) and pushed as streamed text. Whatever the tags, the parser must not crash,
// and it may only drop the tags themselves: thought + answer never outgrow the input.
#include "chat/thinking_parser.h"

#include <cstdint>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    if (size == 0) return 0;
    const bool startsInThought = data[0] & 1;
    unsigned seed = data[0];
    const std::string text(reinterpret_cast<const char*>(data) + 1, size - 1);
    smoldesk::chat::ThinkingParser parser(startsInThought);
    size_t out = 0;
    for (size_t pos = 0; pos < text.size();) {
        seed = seed * 1103515245u + 12345u;
        const size_t len = 1 + (seed >> 16) % 9; // pieces of 1–9 bytes, like token pieces
        const smoldesk::chat::ParsedDelta d = parser.push(text.substr(pos, len));
        out += d.thought.size() + d.answer.size();
        pos += len;
    }
    const smoldesk::chat::ParsedDelta d = parser.flush();
    out += d.thought.size() + d.answer.size();
    if (out > text.size()) __builtin_trap();
    (void)parser.thoughtSeconds();
    return 0;
}
