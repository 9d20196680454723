#include "runtime/ngram_proposer.h"

#include <algorithm>

namespace smoldesk::runtime {

namespace {
constexpr uint32_t kIdBits = 21; // every vocabulary we load has fewer than 2^21 tokens
constexpr uint64_t kIdMask = (uint64_t{1} << kIdBits) - 1;
} // namespace

uint64_t NgramProposer::key(size_t end, int n) const {
    uint64_t k = 0;
    for (int i = 0; i < n; ++i)
        k = (k << kIdBits) |
            (static_cast<uint64_t>(static_cast<uint32_t>(tokens_[end - static_cast<size_t>(i)])) & kIdMask);
    return k;
}

void NgramProposer::reset(std::span<const int32_t> tokens) {
    tokens_.clear();
    for (auto& m : index_) m.clear();
    tokens_.reserve(tokens.size() + 1024);
    for (int32_t t : tokens) push(t);
}

void NgramProposer::push(int32_t token) {
    tokens_.push_back(token);
    // The n-grams that end just before this token now have a known continuation.
    const size_t end = tokens_.size() - 1;
    if (end == 0) return;
    for (int n = 1; n <= kMaxN && static_cast<size_t>(n) <= end; ++n)
        index_[n - 1][key(end - 1, n)] = static_cast<uint32_t>(end - 1);
}

int NgramProposer::propose(int maxTokens, std::vector<int32_t>& out, int* matchedN) const {
    out.clear();
    if (matchedN) *matchedN = 0;
    if (maxTokens <= 0 || tokens_.empty()) return 0;
    const size_t last = tokens_.size() - 1;
    for (int n = std::min<int>(kMaxN, static_cast<int>(tokens_.size())); n >= 1; --n) {
        const auto& index = index_[n - 1];
        const auto it = index.find(key(last, n));
        if (it == index.end()) continue;
        // A hash match of ids that differ beyond 21 bits would be a false match: compare.
        const size_t at = it->second;
        bool same = true;
        for (int i = 0; i < n && same; ++i)
            same = tokens_[at - static_cast<size_t>(i)] == tokens_[last - static_cast<size_t>(i)];
        if (!same) continue;
        for (size_t j = at + 1; j <= last && static_cast<int>(out.size()) < maxTokens; ++j)
            out.push_back(tokens_[j]);
        if (matchedN) *matchedN = n;
        return static_cast<int>(out.size());
    }
    return 0;
}

} // namespace smoldesk::runtime
