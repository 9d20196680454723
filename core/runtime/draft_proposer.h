#pragma once
// A draft model as the proposer of speculative decoding: a small model with the target's
// vocabulary guesses the next tokens greedily, and the target checks them in one pass
// (speculation.h). The draft keeps its own KV cache in step through prefix reuse: each proposal
// evaluates the text so far, which reuses the cached prefix (the accepted tokens) and reads only
// what is new, then decodes the guesses. A greedy draft is a one-hot proposal, so the target's
// sampling and comparison stay exact.
#include "runtime/session.h"

#include <memory>
#include <span>
#include <string>
#include <vector>

namespace smoldesk::runtime {

// Empty when the draft's vocabulary is the target's (the same size and the same token strings),
// else one sentence saying how they differ.
std::string draftVocabularyMismatch(const Session& target, const Session& draft);

class DraftProposer {
  public:
    explicit DraftProposer(std::shared_ptr<Session> draft) : draft_(std::move(draft)) {}
    // Up to maxTokens greedy guesses after `text` into out; 0 when the draft's context is full.
    int propose(std::span<const int32_t> text, int maxTokens, std::vector<int32_t>& out);
    // SpecOptions for the target's generate(): mode, proposer and the draft length.
    static SpecOptions options(std::shared_ptr<Session> draft, SpecMode mode, int maxDraft);

  private:
    std::shared_ptr<Session> draft_;
};

} // namespace smoldesk::runtime
