#include "bench_grammar.h"

#include "bench_json.h"
#include "commands.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

namespace smoldesk::cli {

namespace {

struct Run {
    double tokensPerS = 0, maskUsPerToken = 0;
    int tokens = 0;
    std::string stop;
};

Run generateOnce(runtime::Session& session, const std::vector<int32_t>& prompt, int nGen,
                 std::shared_ptr<grammar::GrammarTables> tables) {
    runtime::GenerateParams gp;
    gp.maxTokens = nGen;
    gp.sampling.seed = 1;
    gp.sampling.temperature = 0.7f;
    gp.stopAtEndOfGeneration = tables != nullptr; // free text runs the full length
    gp.grammar = std::move(tables);
    session.reset();
    const auto stats = session.generate(prompt, gp, nullptr);
    Run r;
    r.tokens = stats.generatedTokens;
    r.tokensPerS = stats.decodeMs > 0 ? stats.generatedTokens * 1000.0 / stats.decodeMs : 0;
    r.maskUsPerToken = stats.maskedSteps ? stats.maskMs * 1000.0 / stats.maskedSteps : 0;
    r.stop = runtime::stopReasonName(stats.stopReason);
    return r;
}

} // namespace

int benchGrammar(runtime::Session& session, GrammarBenchSetup setup) {
    const auto& tok = session.tokenizer();
    std::string text = "Reply with one JSON document that follows the schema.";
    const bool chatml = tok.tokenId("<|im_start|>").has_value();
    if (chatml) text = "<|im_start|>user\n" + text + "<|im_end|>\n<|im_start|>assistant\n";
    const std::vector<int32_t> prompt = tok.encode(text, tok.addBosByDefault(), chatml);

    std::vector<double> freeRuns, constrainedRuns, warmMask;
    Run cold;
    for (int r = 0; r < setup.reps; ++r) {
        freeRuns.push_back(generateOnce(session, prompt, setup.nGen, nullptr).tokensPerS);
        const Run c = generateOnce(session, prompt, setup.nGen, setup.tables);
        constrainedRuns.push_back(c.tokensPerS);
        if (r == 0)
            cold = c;
        else
            warmMask.push_back(c.maskUsPerToken);
    }
    const double freeTps = median(freeRuns), conTps = median(constrainedRuns);
    const double warm = warmMask.empty() ? cold.maskUsPerToken : median(warmMask);
    const auto* vocab = setup.tables->vocab();
    const size_t states = setup.tables->stateCount();
    if (setup.json) {
        std::printf(
            "{\"model\": %s, \"vocab\": %zu, \"trie_nodes\": %zu, \"trie_ms\": %.3f, \"compile_ms\": %.3f, "
            "\"grammar_rules\": %zu, \"states\": %zu, \"decode_free_tps\": %.3f, "
            "\"decode_constrained_tps\": %.3f, \"constrained_tokens\": %d, \"stop\": %s, "
            "\"mask_cold_us_per_token\": %.3f, \"mask_warm_us_per_token\": %.3f}\n",
            jsonQuote(session.file().path()).c_str(), vocab->vocabSize(), vocab->nodeCount(), setup.trieMs,
            setup.compileMs, setup.tables->grammar().rules.size(), states, freeTps, conTps, cold.tokens,
            jsonQuote(cold.stop).c_str(), cold.maskUsPerToken, warm);
    } else {
        std::printf("grammar: compiled in %.2f ms (%zu rules); vocabulary trie of %zu tokens, %zu nodes, in "
                    "%.1f ms\n",
                    setup.compileMs, setup.tables->grammar().rules.size(), vocab->vocabSize(),
                    vocab->nodeCount(), setup.trieMs);
        std::printf("decode: %.2f tokens/s free, %.2f tokens/s constrained (%.1f%%), %d constrained tokens "
                    "(stop: %s)\n",
                    freeTps, conTps, freeTps > 0 ? 100.0 * conTps / freeTps : 0.0, cold.tokens,
                    cold.stop.c_str());
        std::printf("mask: %.1f us per token cold (first run), %.1f us warm; %zu automaton states\n",
                    cold.maskUsPerToken, warm, states);
    }
    return kExitOk;
}

} // namespace smoldesk::cli
