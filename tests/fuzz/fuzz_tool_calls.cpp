// The tool-call parsers: the input is a model's answer, split whole and streamed in pieces. The
// first byte picks the family (Hermes, Llama 3, Mistral, harmony) and seeds the piece lengths.
// Never a crash; nothing is invented: the content never outgrows the input, a streamed split
// finds the calls a whole split finds, and every call's arguments are a JSON object.
#include "chat/harmony_parser.h"
#include "chat/tool_calls.h"
#include "jinja/template.h"

#include <cstdint>
#include <string>

namespace {

void checkArguments(const smoldesk::chat::ToolCall& call) {
    if (call.name.empty() || !smoldesk::jinja::parseJson(call.arguments).isDict()) __builtin_trap();
}

void harmony(const std::string& text, unsigned seed) {
    smoldesk::chat::HarmonyParser parser(seed & 1);
    auto take = [](const smoldesk::chat::ParsedDelta& d) {
        for (const auto& m : d.toolCalls)
            if (auto call = smoldesk::chat::toolCallFromHarmony(m)) checkArguments(*call);
    };
    for (size_t pos = 0; pos < text.size();) {
        seed = seed * 1103515245u + 12345u;
        const size_t len = 1 + (seed >> 16) % 13;
        take(parser.push(text.substr(pos, len)));
        pos += len;
    }
    take(parser.flush());
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    using namespace smoldesk::chat;
    if (size == 0 || size > 16384) return 0;
    unsigned seed = data[0];
    const std::string text(reinterpret_cast<const char*>(data) + 1, size - 1);
    const ToolCallFamily families[] = {ToolCallFamily::Hermes, ToolCallFamily::Llama3,
                                       ToolCallFamily::Mistral, ToolCallFamily::Harmony};
    const ToolCallFamily family = families[seed & 3];
    if (family == ToolCallFamily::Harmony) {
        harmony(text, seed >> 2);
        return 0;
    }
    auto format = toolCallFormat(family);
    const auto whole = format->split(text);
    if (whole.content.size() > text.size()) __builtin_trap();
    for (const auto& c : whole.calls) checkArguments(c);
    StreamingToolCalls stream(*format);
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
