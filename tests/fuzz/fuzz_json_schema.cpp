// The JSON Schema converter: the input is a schema. Refusals are an Error with one sentence;
// whatever the converter writes must be a grammar the GBNF parser accepts (a parse error would
// be a converter bug), and the grammar must match text without crashing.
#include "common/error.h"
#include "grammar/gbnf_parser.h"
#include "grammar/json_schema.h"
#include "grammar/matcher.h"

#include <cstdint>
#include <memory>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    if (size > 8192) return 0;
    const std::string text(reinterpret_cast<const char*>(data), size);
    using namespace smoldesk;
    std::string gbnf;
    try {
        gbnf = grammar::schemaToGbnf(std::string_view(text));
    } catch (const Error& e) {
        if (std::string(e.what()).empty()) __builtin_trap();
        return 0;
    }
    try {
        auto g = std::make_shared<const grammar::Grammar>(grammar::parseGbnf(gbnf));
        grammar::GrammarTables tables(g, nullptr);
        (void)grammar::matchesWhole(tables, text);
        (void)grammar::matchesWhole(tables, "{\"a\": [1, \"x\", null, true, {}]}");
    } catch (const Error& e) {
        const std::string what = e.what();
        // Only size limits may refuse the converter's output; a syntax error is a bug.
        if (what.find("too large") == std::string::npos && what.find("too ambiguous") == std::string::npos &&
            what.find("left-recursive") == std::string::npos)
            __builtin_trap();
    }
    return 0;
}
