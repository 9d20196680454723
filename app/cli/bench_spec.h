#pragma once
// bench --spec MODE --file PROMPT.txt: what speculative decoding gains on a real prompt. Greedy
// generations of the prompt with speculation off and on alternate (a shared machine drifts), and
// the output must be the same; optionally the ceiling, where every proposal is right (the plain
// run's own continuation proposed, as a draft model that is the model itself would).
#include "runtime/session.h"

#include <string>
#include <vector>

namespace smoldesk::cli {

struct SpecBenchSetup {
    std::vector<int32_t> prompt;
    runtime::SpecOptions spec;
    int nGen = 128, reps = 3;
    bool ceiling = false;
};

int benchSpec(runtime::Session& session, const SpecBenchSetup& setup);

} // namespace smoldesk::cli
