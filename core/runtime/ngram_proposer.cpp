#include "runtime/ngram_proposer.h"

#include <algorithm>

namespace smoldesk::runtime {

namespace {
// Occurrences an n-gram of length n needs, and the share its most frequent follower needs (in
// percent), before that follower is proposed: a single token is followed by many different ones
// in prose, so it must be seen twice and point one way; a match of three or four tokens is rare
// by chance and may propose after one sighting.
constexpr int kMinSamples[NgramProposer::kMaxN] = {2, 2, 1, 1};
constexpr int kMinPercent[NgramProposer::kMaxN] = {66, 50, 50, 50};
} // namespace

size_t NgramProposer::KeyHash::operator()(const Key& k) const {
    uint64_t h = 0x9E3779B97F4A7C15ull;
    for (int32_t t : k.t) h = (h ^ static_cast<uint32_t>(t)) * 0x100000001B3ull + (h >> 29);
    return static_cast<size_t>(h);
}

NgramProposer::Key NgramProposer::keyOf(const int32_t* seq, size_t end, int n) {
    Key k;
    std::fill(std::begin(k.t), std::end(k.t), -1);
    for (int i = 0; i < n; ++i) k.t[i] = seq[end - static_cast<size_t>(n) + static_cast<size_t>(i)];
    return k;
}

void NgramProposer::reset(std::span<const int32_t> tokens) {
    tokens_.assign(tokens.begin(), tokens.end());
    tokens_.reserve(tokens.size() + 1024);
    counted_ = 0;
    for (auto& table : followers_) table.clear();
}

void NgramProposer::catchUp() {
    for (; counted_ < tokens_.size(); ++counted_) {
        // The token follows the n-grams that end just before it.
        const size_t end = counted_;
        const int32_t token = tokens_[end];
        for (int n = 1; n <= kMaxN && static_cast<size_t>(n) <= end; ++n) {
            std::vector<Follower>& seen = followers_[n - 1][keyOf(tokens_.data(), end, n)];
            auto it =
                std::find_if(seen.begin(), seen.end(), [&](const Follower& f) { return f.token == token; });
            if (it == seen.end())
                seen.push_back({token, 1, static_cast<uint32_t>(end)});
            else
                ++it->count, it->last = static_cast<uint32_t>(end);
        }
    }
}

int32_t NgramProposer::choose(const Key& key, int n) const {
    const auto& table = followers_[n - 1];
    const auto it = table.find(key);
    if (it == table.end()) return -1;
    const Follower* best = nullptr;
    int sum = 0;
    for (const Follower& f : it->second) {
        sum += f.count;
        if (!best || f.count > best->count || (f.count == best->count && f.last > best->last)) best = &f;
    }
    if (sum < kMinSamples[n - 1] || 100 * best->count < kMinPercent[n - 1] * sum) return -1;
    return best->token;
}

int NgramProposer::propose(int maxTokens, std::vector<int32_t>& out, int* matchedN) {
    out.clear();
    if (matchedN) *matchedN = 0;
    if (maxTokens <= 0 || tokens_.empty()) return 0;
    catchUp();
    // The text's last kMaxN tokens followed by the proposal so far: each proposed token extends
    // the n-grams the next one is looked up by.
    std::vector<int32_t> tail(
        tokens_.end() - std::min<ptrdiff_t>(kMaxN, static_cast<ptrdiff_t>(tokens_.size())), tokens_.end());
    while (static_cast<int>(out.size()) < maxTokens) {
        int32_t next = -1;
        int chosenN = 0;
        for (int n = std::min<int>(kMaxN, static_cast<int>(tail.size())); n >= 1 && next < 0; --n) {
            next = choose(keyOf(tail.data(), tail.size(), n), n);
            chosenN = n;
        }
        if (next < 0) break;
        if (out.empty() && matchedN) *matchedN = chosenN;
        out.push_back(next);
        tail.push_back(next);
    }
    return static_cast<int>(out.size());
}

} // namespace smoldesk::runtime
