#include "runtime/sampler.h"

#include <algorithm>
#include <cmath>
#include <unordered_set>

namespace smoldesk::runtime {

int32_t argmax(std::span<const float> logits) {
    int32_t best = 0;
    for (size_t i = 1; i < logits.size(); ++i)
        if (logits[i] > logits[static_cast<size_t>(best)]) best = static_cast<int32_t>(i);
    return best;
}

Sampler::Sampler(const SamplingParams& params) : p_(params) {
    seed_ = params.seed ? params.seed
                        : std::random_device{}() | (static_cast<uint64_t>(std::random_device{}()) << 32);
    rng_.seed(seed_);
}

void Sampler::accept(int32_t token) {
    if (p_.repeatLastN <= 0) return;
    recent_.push_back(token);
    while (static_cast<int>(recent_.size()) > p_.repeatLastN) recent_.pop_front();
}

int32_t Sampler::sample(std::span<const float> logits, const std::vector<uint64_t>* allowed) {
    if (allowed) {
        cand_.clear();
        const size_t words = std::min(allowed->size(), (logits.size() + 63) / 64);
        for (size_t w = 0; w < words; ++w)
            for (uint64_t bits = (*allowed)[w]; bits; bits &= bits - 1) {
                const size_t i = w * 64 + static_cast<size_t>(__builtin_ctzll(bits));
                if (i < logits.size()) cand_.push_back({static_cast<int32_t>(i), logits[i]});
            }
        if (cand_.empty()) return -1;
    } else {
        cand_.resize(logits.size());
        for (size_t i = 0; i < logits.size(); ++i) cand_[i] = {static_cast<int32_t>(i), logits[i]};
    }

    if (p_.repeatPenalty != 1.0f && !recent_.empty()) {
        // Candidates are in id order, so a token's entry is found by binary search.
        std::unordered_set<int32_t> seen(recent_.begin(), recent_.end());
        for (int32_t id : seen) {
            auto it = std::lower_bound(cand_.begin(), cand_.end(), id,
                                       [](const Candidate& c, int32_t v) { return c.id < v; });
            if (it == cand_.end() || it->id != id) continue;
            float& l = it->logit;
            l = l > 0 ? l / p_.repeatPenalty : l * p_.repeatPenalty;
        }
    }
    // NaN logits (broken weights) never win and never poison the softmax.
    for (auto& c : cand_)
        if (std::isnan(c.logit)) c.logit = -INFINITY;

    if (p_.temperature <= 0.0f) {
        auto best = std::max_element(cand_.begin(), cand_.end(), [](const Candidate& a, const Candidate& b) {
            return a.logit < b.logit;
        });
        return best->id;
    }

    auto byLogit = [](const Candidate& a, const Candidate& b) { return a.logit > b.logit; };
    size_t k = cand_.size();
    if (p_.topK > 0 && static_cast<size_t>(p_.topK) < k) {
        k = static_cast<size_t>(p_.topK);
        std::partial_sort(cand_.begin(), cand_.begin() + static_cast<long>(k), cand_.end(), byLogit);
        cand_.resize(k);
    } else {
        std::sort(cand_.begin(), cand_.end(), byLogit);
    }

    // Softmax over the survivors (at temperature 1, as llama.cpp's top-p/min-p see them).
    std::vector<float> probs(cand_.size());
    const float maxLogit = cand_[0].logit;
    double sum = 0.0;
    for (size_t i = 0; i < cand_.size(); ++i) {
        probs[i] = std::exp(cand_[i].logit - maxLogit);
        sum += probs[i];
    }
    for (float& pr : probs) pr = static_cast<float>(pr / sum);

    size_t keep = cand_.size();
    if (p_.topP < 1.0f) {
        double cum = 0.0;
        for (size_t i = 0; i < keep; ++i) {
            cum += probs[i];
            if (cum >= p_.topP) {
                keep = i + 1;
                break;
            }
        }
    }
    if (p_.minP > 0.0f) {
        const float threshold = probs[0] * p_.minP;
        size_t i = 1;
        while (i < keep && probs[i] >= threshold) ++i;
        keep = i;
    }
    cand_.resize(keep);

    std::vector<double> weights(keep);
    for (size_t i = 0; i < keep; ++i)
        weights[i] = std::exp(static_cast<double>(cand_[i].logit - maxLogit) / p_.temperature);
    std::discrete_distribution<size_t> dist(weights.begin(), weights.end());
    return cand_[dist(rng_)].id;
}

} // namespace smoldesk::runtime
