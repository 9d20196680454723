// The tool-call grammar builder: the input is an OpenAI `tools` array as a client sends it. Never
// a crash; a tools array that is refused is refused with an Error; one that is accepted gives, for
// every family, a grammar that the GBNF parser takes (the per-tool rule renaming keeps it whole).
#include "chat/tool_calls.h"
#include "common/error.h"
#include "grammar/gbnf_parser.h"

#include <cstdint>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    using namespace smoldesk;
    if (size > 8192) return 0;
    const std::string text(reinterpret_cast<const char*>(data), size);
    std::vector<chat::ToolSpec> specs;
    try {
        specs = chat::toolSpecsFromJson(text);
    } catch (const Error&) {
        return 0;
    }
    if (specs.empty()) return 0;
    for (auto family :
         {chat::ToolCallFamily::Hermes, chat::ToolCallFamily::Llama3, chat::ToolCallFamily::Mistral}) {
        auto format = chat::toolCallFormat(family);
        for (bool parallel : {false, true}) {
            std::string gbnf;
            try {
                gbnf = chat::toolCallGbnf(*format, specs, parallel);
            } catch (const Error&) {
                return 0; // a schema the converter refuses, with its sentence
            }
            try {
                grammar::parseGbnf(gbnf);
            } catch (const Error&) {
                __builtin_trap(); // our own grammar must always parse
            }
        }
    }
    return 0;
}
