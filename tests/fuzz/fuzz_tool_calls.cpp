// The tool-call parsers: the input is a model's answer, split whole and streamed in pieces (the
// first byte seeds the piece lengths). Never a crash; nothing is invented: the content never
// outgrows the input, and a streamed split finds the calls a whole split finds.
#include "chat/tool_calls.h"

#include <cstdint>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    if (size == 0 || size > 16384) return 0;
    unsigned seed = data[0];
    const std::string text(reinterpret_cast<const char*>(data) + 1, size - 1);
    auto format = smoldesk::chat::hermesToolCalls();
    const auto whole = format->split(text);
    if (whole.content.size() > text.size()) __builtin_trap();
    smoldesk::chat::StreamingToolCalls stream(*format);
    size_t calls = 0, content = 0;
    for (size_t pos = 0; pos < text.size();) {
        seed = seed * 1103515245u + 12345u;
        const size_t len = 1 + (seed >> 16) % 13;
        const auto d = stream.push(std::string_view(text).substr(pos, len));
        calls += d.calls.size();
        content += d.content.size();
        pos += len;
    }
    content += stream.flush().content.size();
    if (content > text.size() || calls != whole.calls.size()) __builtin_trap();
    return 0;
}
