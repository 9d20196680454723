#pragma once
// Identity checks for speculative decoding, shared by the CPU test (test_speculation) and the
// Vulkan one (test_vulkan_speculation): a generation with speculation off is the reference, and
// the same generation with the n-gram proposer forced on, an oracle that proposes the reference's
// own continuation (every proposal accepted), a half-right proposer (two right, then wrong) and
// an adversary (always wrong) must give the same tokens, text, stop reason and cached tokens; a
// further generation that reuses the cache must then agree too (the KV rows are the plain run's).
#include "runtime/session.h"

#include <string>
#include <vector>

namespace smoldesk::test {

struct SpecRun {
    std::vector<int32_t> ids; // every emitted token, forced ones included
    std::string text;
    runtime::StopReason stop = runtime::StopReason::MaxTokens;
    std::vector<int32_t> cached; // the session's tokens afterwards
    std::vector<int32_t> after;  // a greedy continuation that reuses the cache
    int proposed = 0, accepted = 0;
};

SpecRun runSpec(runtime::Session& s, const std::vector<int32_t>& prompt, runtime::GenerateParams gp);

// Empty when every proposer agrees with the plain run; else what differs. minAccepted: the
// oracle must have had at least this many proposals accepted (the check can then fail).
std::string checkSpecIdentity(runtime::Session& s, const std::vector<int32_t>& prompt,
                              const runtime::GenerateParams& gp, int minAccepted = 1);

} // namespace smoldesk::test
