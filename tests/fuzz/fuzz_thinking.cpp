// The thought/answer stream parsers (<think> tags and gpt-oss's harmony channels): the input is
// split into pieces (the first byte picks the parser and seeds the piece lengths) and pushed as
// streamed text. Whatever the markers, the parser must not crash, and it may only drop markers
// and headers: thought + answer + tool-call arguments never outgrow the input.
#include "chat/output_parser.h"

#include <cstdint>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    if (size == 0) return 0;
    const bool startsInThought = data[0] & 1;
    const auto format =
        data[0] & 2 ? smoldesk::chat::OutputFormat::Harmony : smoldesk::chat::OutputFormat::ThinkTags;
    unsigned seed = data[0];
    const std::string text(reinterpret_cast<const char*>(data) + 1, size - 1);
    const auto parser = smoldesk::chat::makeOutputParser(format, startsInThought);
    size_t out = 0;
    const auto count = [&out](const smoldesk::chat::ParsedDelta& d) {
        out += d.thought.size() + d.answer.size();
        for (const auto& call : d.toolCalls) out += call.arguments.size();
    };
    for (size_t pos = 0; pos < text.size();) {
        seed = seed * 1103515245u + 12345u;
        const size_t len = 1 + (seed >> 16) % 9; // pieces of 1–9 bytes, like token pieces
        count(parser->push(text.substr(pos, len)));
        (void)parser->inThought();
        pos += len;
    }
    count(parser->flush());
    if (out > text.size()) __builtin_trap();
    (void)parser->thoughtSeconds();
    return 0;
}
