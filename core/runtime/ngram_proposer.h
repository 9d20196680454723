#pragma once
// Prompt lookup for speculative decoding: the tokens that followed the latest earlier occurrence
// of the text's last n tokens (n from kMaxN down to 1) are proposed as its continuation. Pasted
// documents, code being edited and rewrites repeat long runs of the prompt, so the proposals
// there are often right, and a wrong one costs only its share of one batched verification.
// Occurrences are kept in hash indexes updated as tokens arrive, so a lookup costs the same on
// a 30,000-token prompt as on a short one.
#include <cstdint>
#include <span>
#include <unordered_map>
#include <vector>

namespace smoldesk::runtime {

class NgramProposer {
  public:
    static constexpr int kMaxN = 3;

    // Forgets everything and reads `tokens` (the prompt).
    void reset(std::span<const int32_t> tokens);
    // Appends one token (sampled or forced) to the text.
    void push(int32_t token);
    // Up to maxTokens proposed continuations of the text so far into `out` (cleared first);
    // returns how many. The n of the match is in *matchedN when given (0: no match).
    int propose(int maxTokens, std::vector<int32_t>& out, int* matchedN = nullptr) const;
    size_t size() const { return tokens_.size(); }

  private:
    // The last n tokens ending at index `end` (inclusive) as one key; ids use 21 bits each.
    uint64_t key(size_t end, int n) const;

    std::vector<int32_t> tokens_;
    // index_[n-1][key of an n-gram] = the index of its last token, for the latest occurrence
    // whose following token is known.
    std::unordered_map<uint64_t, uint32_t> index_[kMaxN];
};

} // namespace smoldesk::runtime
