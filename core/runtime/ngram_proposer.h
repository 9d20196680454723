#pragma once
// Prompt lookup for speculative decoding. Every n-gram of the text (prompt and output so far,
// n = 1…4) counts the tokens that followed it; a proposal is built one token at a time, each
// the most frequent follower of the longest n-gram ending the text-plus-proposal whose
// statistics are convincing: enough occurrences and a clear majority (2 and 66% for a single
// token, 2 and 50% for a pair, 1 and 50% for three or four tokens — the thresholds of
// llama.cpp's lookup). Pasted documents, code being edited and rewrites repeat long runs of the
// prompt, so the proposals there are often right; where a short n-gram was followed by many
// different tokens nothing is proposed, since a wrong guess costs its share of a batched pass.
// Counts are updated incrementally, so a lookup costs the same on a 30,000-token prompt as on a
// short one; and only when a proposal is asked for, so while the gate keeps speculation off the
// proposer costs one append per token (and an answer that never proposes never indexes its prompt).
#include <cstdint>
#include <span>
#include <unordered_map>
#include <vector>

namespace smoldesk::runtime {

class NgramProposer {
  public:
    static constexpr int kMaxN = 4;

    // Forgets everything and reads `tokens` (the prompt).
    void reset(std::span<const int32_t> tokens);
    // Appends one token (sampled or forced) to the text.
    void push(int32_t token) { tokens_.push_back(token); }
    // Up to maxTokens proposed continuations of the text so far into `out` (cleared first);
    // returns how many. The n that chose the first proposal is in *matchedN when given (0: none).
    int propose(int maxTokens, std::vector<int32_t>& out, int* matchedN = nullptr);
    size_t size() const { return tokens_.size(); }

  private:
    // An n-gram's tokens (n ≤ 4), unused slots -1.
    struct Key {
        int32_t t[kMaxN];
        bool operator==(const Key&) const = default;
    };
    struct KeyHash {
        size_t operator()(const Key& k) const;
    };
    // One token seen after an n-gram: how often, and where last (ties go to the latest).
    struct Follower {
        int32_t token;
        int32_t count;
        uint32_t last;
    };
    using Table = std::unordered_map<Key, std::vector<Follower>, KeyHash>;

    // The n tokens of `seq` ending just before index `end` (exclusive).
    static Key keyOf(const int32_t* seq, size_t end, int n);
    // The token the statistics of an n-gram choose, or -1 when they are not convincing.
    int32_t choose(const Key& key, int n) const;

    // Counts the tokens not counted yet as followers of the n-grams before them.
    void catchUp();

    std::vector<int32_t> tokens_;
    size_t counted_ = 0;     // tokens_[0, counted_) are in the tables
    Table followers_[kMaxN]; // followers_[n-1]: the n-grams of length n
};

} // namespace smoldesk::runtime
