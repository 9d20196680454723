#pragma once
// bench --json-schema FILE / --grammar FILE: what constrained decoding costs on this model.
#include "runtime/session.h"

namespace smoldesk::cli {

struct GrammarBenchSetup {
    std::shared_ptr<grammar::GrammarTables> tables;
    double compileMs = 0; // schema → GBNF → parsed grammar and its start state
    double trieMs = 0;    // the vocabulary trie (once per model)
    int nGen = 128, reps = 3;
    bool json = false;
};

// Decodes nGen tokens with and without the grammar (the same prompt and seed) and prints the
// speeds and the mask cost per token: cold (the first run, which builds the automaton and the
// masks) and warm (later runs of the same grammar, as a server's cache gives them).
int benchGrammar(runtime::Session& session, GrammarBenchSetup setup);

} // namespace smoldesk::cli
