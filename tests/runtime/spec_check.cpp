#include "spec_check.h"

#include <algorithm>
#include <sstream>

namespace smoldesk::test {

using namespace smoldesk::runtime;

SpecRun runSpec(Session& s, const std::vector<int32_t>& prompt, GenerateParams gp) {
    s.reset(); // the prompt is read in one batch every time, as in the reference
    SpecRun r;
    const GenerationStats st = s.generate(prompt, gp, [&](const TokenEvent& ev) {
        if (ev.id >= 0) r.ids.push_back(ev.id);
        r.text += ev.text;
        return true;
    });
    r.stop = st.stopReason;
    r.proposed = st.proposedTokens;
    r.accepted = st.acceptedTokens;
    r.cached = s.cachedTokens();
    // Continue from the cache (prefix reuse) with plain greedy decoding: rows left behind by a
    // rejected tail, or accepted rows written wrongly, would change these tokens.
    std::vector<int32_t> next = r.cached;
    next.push_back(prompt.back());
    if (static_cast<int>(next.size()) + 4 < s.contextSize()) {
        GenerateParams g;
        g.maxTokens = 4;
        g.sampling.temperature = 0;
        g.stopAtEndOfGeneration = false;
        g.speculation.mode = SpecMode::Off;
        s.generate(next, g, [&](const TokenEvent& ev) {
            if (ev.id >= 0) r.after.push_back(ev.id);
            return true;
        });
    }
    return r;
}

namespace {

// Proposals from the reference text: `wrongFrom` right ones, then each one off by one.
SpecOptions fromReference(std::vector<int32_t> ref, int wrongFrom, int nVocab) {
    SpecOptions o;
    o.mode = SpecMode::Ngram;
    o.proposer = [ref = std::move(ref), wrongFrom, nVocab](std::span<const int32_t> text, int maxTokens,
                                                           std::vector<int32_t>& out) {
        out.clear();
        if (text.size() > ref.size() || !std::equal(text.begin(), text.end(), ref.begin())) return 0;
        for (size_t i = text.size(); i < ref.size() && static_cast<int>(out.size()) < maxTokens; ++i) {
            const bool wrong = static_cast<int>(out.size()) >= wrongFrom;
            out.push_back(wrong ? (ref[i] + 1) % nVocab : ref[i]);
        }
        return static_cast<int>(out.size());
    };
    return o;
}

std::string describe(const std::vector<int32_t>& v) {
    std::ostringstream os;
    for (int32_t t : v) os << t << ' ';
    return os.str();
}

std::string compare(const char* name, const SpecRun& want, const SpecRun& got) {
    std::string why;
    if (got.ids != want.ids) why += " ids [" + describe(got.ids) + "] != [" + describe(want.ids) + "]";
    if (got.text != want.text) why += " text differs";
    if (got.stop != want.stop)
        why += std::string(" stop ") + stopReasonName(got.stop) + " != " + stopReasonName(want.stop);
    if (got.cached != want.cached) why += " cached tokens differ";
    if (got.after != want.after) why += " the continuation from the cache differs";
    return why.empty() ? why : std::string(name) + ":" + why + "\n";
}

} // namespace

std::string checkSpecIdentity(Session& s, const std::vector<int32_t>& prompt, const GenerateParams& gp,
                              int minAccepted) {
    GenerateParams off = gp;
    off.speculation.mode = SpecMode::Off;
    const SpecRun plain = runSpec(s, prompt, off);
    std::vector<int32_t> ref = prompt;
    ref.insert(ref.end(), plain.ids.begin(), plain.ids.end());
    const int nv = s.hparams().nVocab;
    struct Variant {
        const char* name;
        SpecOptions options;
    };
    SpecOptions ngram;
    ngram.mode = SpecMode::Ngram;
    const Variant variants[] = {{"ngram", ngram},
                                {"oracle", fromReference(ref, 1 << 20, nv)},
                                {"half-right", fromReference(ref, 2, nv)},
                                {"adversary", fromReference(ref, 0, nv)}};
    std::string why;
    for (const Variant& v : variants) {
        GenerateParams g = gp;
        g.speculation = v.options;
        const SpecRun run = runSpec(s, prompt, g);
        why += compare(v.name, plain, run);
        if (std::string(v.name) == "oracle" && run.accepted < minAccepted)
            why += "oracle: only " + std::to_string(run.accepted) + " proposals were accepted\n";
        if (std::string(v.name) == "adversary" && run.accepted != 0)
            why += "adversary: " + std::to_string(run.accepted) + " wrong proposals were accepted\n";
        if (run.proposed == 0 && plain.ids.size() > 1 && std::string(v.name) != "ngram")
            why += std::string(v.name) + ": nothing was proposed\n";
    }
    return why;
}

} // namespace smoldesk::test
