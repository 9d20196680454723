#pragma once
// Token sampling in llama.cpp's default order: repeat penalty → top-k → top-p → min-p →
// temperature → draw. Temperature ≤ 0 means greedy. A fixed seed makes runs reproducible.
#include <cstdint>
#include <deque>
#include <random>
#include <span>
#include <vector>

namespace smoldesk::runtime {

struct SamplingParams {
    float temperature = 0.8f;
    int topK = 40;              // ≤ 0: off
    float topP = 0.95f;         // ≥ 1: off
    float minP = 0.05f;         // ≤ 0: off
    float repeatPenalty = 1.0f; // 1: off
    int repeatLastN = 64;
    uint64_t seed = 0; // 0: a random seed
};

class Sampler {
  public:
    explicit Sampler(const SamplingParams& params);
    // Picks the next token from one row of logits. With `allowed` (bit i: token i may come, as
    // grammar::GrammarMatcher gives it) only those tokens are candidates: the mask is applied
    // before the penalties and the truncations, so top-k and top-p see allowed tokens only.
    // Returns -1 when the mask allows nothing.
    int32_t sample(std::span<const float> logits, const std::vector<uint64_t>* allowed = nullptr);
    // Remembers a token for the repeat penalty window (prompt and generated tokens).
    void accept(int32_t token);
    uint64_t seed() const { return seed_; }

  private:
    struct Candidate {
        int32_t id;
        float logit;
    };
    SamplingParams p_;
    uint64_t seed_;
    std::mt19937_64 rng_;
    std::deque<int32_t> recent_;
    std::vector<Candidate> cand_;
};

int32_t argmax(std::span<const float> logits);

} // namespace smoldesk::runtime
