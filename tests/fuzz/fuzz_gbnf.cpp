// The GBNF parser and the matcher: the input is a grammar. A bad grammar must give an Error with
// one sentence; a good one must compile and match text (the input itself and its prefixes)
// without crashing, hanging or growing without bound.
#include "common/error.h"
#include "grammar/gbnf_parser.h"
#include "grammar/matcher.h"

#include <cstdint>
#include <memory>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    if (size > 4096) return 0; // repetition counts already make small inputs large
    const std::string text(reinterpret_cast<const char*>(data), size);
    using namespace smoldesk;
    try {
        auto g = std::make_shared<const grammar::Grammar>(grammar::parseGbnf(text));
        grammar::GrammarTables tables(g, nullptr);
        for (size_t cut : {size, size / 2, size / 3})
            (void)grammar::matchesWhole(tables, std::string_view(text).substr(0, cut));
        // Walk with every byte from the start state: each transition is computed once.
        int32_t s = tables.initialState();
        for (size_t i = 0; i < size && s >= 0; ++i) s = tables.advance(s, data[i] ^ 0x20);
    } catch (const Error& e) {
        if (std::string(e.what()).empty()) __builtin_trap();
    }
    return 0;
}
