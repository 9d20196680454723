#include "bench_spec.h"

#include "bench_json.h"
#include "commands.h"

#include <algorithm>
#include <cstdio>

namespace smoldesk::cli {

namespace {

struct Run {
    std::vector<int32_t> ids;
    double tokensPerS = 0;
    int proposed = 0, accepted = 0;
};

Run generateOnce(runtime::Session& session, const std::vector<int32_t>& prompt, int nGen,
                 const runtime::SpecOptions& spec) {
    runtime::GenerateParams gp;
    gp.maxTokens = nGen;
    gp.sampling.temperature = 0;
    gp.stopAtEndOfGeneration = false; // every run decodes nGen tokens
    gp.speculation = spec;
    session.reset();
    Run r;
    const auto stats = session.generate(prompt, gp, [&](const runtime::TokenEvent& ev) {
        if (ev.id >= 0) r.ids.push_back(ev.id);
        return true;
    });
    r.tokensPerS = stats.decodeTokensPerSecond();
    r.proposed = stats.proposedTokens;
    r.accepted = stats.acceptedTokens;
    return r;
}

// Proposes the reference's continuation of the text: every proposal is right.
runtime::SpecOptions oracle(std::vector<int32_t> ref, int maxDraft) {
    runtime::SpecOptions o;
    o.mode = runtime::SpecMode::Ngram;
    o.maxDraft = maxDraft;
    o.proposer = [ref = std::move(ref)](std::span<const int32_t> text, int maxTokens,
                                        std::vector<int32_t>& out) {
        out.clear();
        if (text.size() > ref.size() || !std::equal(text.begin(), text.end(), ref.begin())) return 0;
        const size_t end = std::min(ref.size(), text.size() + static_cast<size_t>(maxTokens));
        out.assign(ref.begin() + static_cast<long>(text.size()), ref.begin() + static_cast<long>(end));
        return static_cast<int>(out.size());
    };
    return o;
}

} // namespace

int benchSpec(runtime::Session& session, const SpecBenchSetup& setup) {
    runtime::SpecOptions off;
    off.mode = runtime::SpecMode::Off;
    std::vector<double> plainRuns, specRuns, ceilingRuns;
    int proposed = 0, accepted = 0, ceilingAccepted = 0, ceilingProposed = 0;
    bool same = true;
    for (int r = 0; r < setup.reps; ++r) {
        const Run plain = generateOnce(session, setup.prompt, setup.nGen, off);
        plainRuns.push_back(plain.tokensPerS);
        if (setup.spec.mode != runtime::SpecMode::Off) {
            const Run spec = generateOnce(session, setup.prompt, setup.nGen, setup.spec);
            specRuns.push_back(spec.tokensPerS);
            proposed += spec.proposed;
            accepted += spec.accepted;
            same = same && spec.ids == plain.ids;
        }
        if (setup.ceiling) {
            std::vector<int32_t> ref = setup.prompt;
            ref.insert(ref.end(), plain.ids.begin(), plain.ids.end());
            const Run c = generateOnce(session, setup.prompt, setup.nGen, oracle(ref, setup.spec.maxDraft));
            ceilingRuns.push_back(c.tokensPerS);
            ceilingProposed += c.proposed;
            ceilingAccepted += c.accepted;
            same = same && c.ids == plain.ids;
        }
    }
    const double base = median(plainRuns);
    std::printf("prompt %zu tokens, %d generated (greedy), %d runs each, alternating\n", setup.prompt.size(),
                setup.nGen, setup.reps);
    std::printf("decode, speculation off:  %.2f tokens/s (median)\n", base);
    if (!specRuns.empty())
        std::printf(
            "decode, speculation %-5s %.2f tokens/s (median), %.2fx; %d of %d proposals accepted (%.0f%%)\n",
            (std::string(setup.spec.proposer ? "draft" : runtime::specModeName(setup.spec.mode)) + ":")
                .c_str(),
            median(specRuns), base > 0 ? median(specRuns) / base : 0.0, accepted, proposed,
            proposed ? 100.0 * accepted / proposed : 0.0);
    if (!ceilingRuns.empty())
        std::printf("ceiling (all right, k=%d): %.2f tokens/s (median), %.2fx; %d of %d proposals accepted\n",
                    setup.spec.maxDraft, median(ceilingRuns), base > 0 ? median(ceilingRuns) / base : 0.0,
                    ceilingAccepted, ceilingProposed);
    std::printf("output with speculation: %s\n", same ? "identical" : "DIFFERENT");
    return same ? kExitOk : kExitRuntime;
}

} // namespace smoldesk::cli
