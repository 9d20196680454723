#include "resume_check.h"

#include <algorithm>
#include <cmath>

namespace smoldesk::test {
namespace {

runtime::GenerateParams greedy(int n) {
    runtime::GenerateParams g;
    g.maxTokens = n;
    g.sampling.temperature = 0;
    g.stopAtEndOfGeneration = false;
    return g;
}

// Prompt, then greedy decoding: the cache ends up holding both kinds of positions.
std::vector<int32_t> fill(runtime::Session& s, const std::vector<int32_t>& prompt, int decodeTokens) {
    s.generate(prompt, greedy(decodeTokens), [](const runtime::TokenEvent&) { return true; });
    return s.cachedTokens();
}

} // namespace

ResumeLogits resumeVersusScratch(const std::function<std::unique_ptr<runtime::Session>()>& open,
                                 const std::string& prompt, const std::string& followUp, int decodeTokens,
                                 const std::string& path) {
    ResumeLogits r;
    std::vector<int32_t> promptIds, follow;
    {
        auto saver = open();
        promptIds = saver->tokenizer().encode(prompt, true, true);
        follow = saver->tokenizer().encode(followUp, false, true);
        r.history = fill(*saver, promptIds, decodeTokens);
        r.stateBytes = saver->saveStateFile(path);
    }
    std::vector<int32_t> full = r.history;
    full.insert(full.end(), follow.begin(), follow.end());
    {
        auto resumed = open();
        r.restored = resumed->restoreStateFile(path);
        r.resumed = resumed->evaluate(full, false, nullptr, &r.reused);
    }
    {
        auto stepwise = open();
        fill(*stepwise, promptIds, decodeTokens);
        r.stepwise = stepwise->evaluate(full);
    }
    {
        auto scratch = open();
        r.scratch = scratch->evaluate(full);
    }
    return r;
}

float maxAbsDiff(const std::vector<float>& a, const std::vector<float>& b) {
    if (a.size() != b.size()) return INFINITY;
    float m = 0;
    for (size_t i = 0; i < a.size(); ++i) m = std::max(m, std::fabs(a[i] - b[i]));
    return m;
}

size_t argmax(const std::vector<float>& v) {
    return static_cast<size_t>(std::max_element(v.begin(), v.end()) - v.begin());
}

} // namespace smoldesk::test
