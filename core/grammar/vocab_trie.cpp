#include "grammar/vocab_trie.h"

#include "text/tokenizer.h"

#include <algorithm>
#include <numeric>

namespace smoldesk::grammar {

VocabTrie::VocabTrie(const std::vector<std::string>& pieces, std::vector<int32_t> endTokens)
    : pieces_(pieces), endTokens_(std::move(endTokens)) {
    // Sorting the pieces lays the trie out depth-first in one pass: a node's subtree is the
    // run of pieces that share its prefix, and its children follow their parent.
    std::vector<int32_t> order;
    for (size_t i = 0; i < pieces_.size(); ++i)
        if (!pieces_[i].empty()) order.push_back(int32_t(i));
    std::sort(order.begin(), order.end(),
              [&](int32_t a, int32_t b) { return pieces_[size_t(a)] < pieces_[size_t(b)]; });
    struct Build {
        std::vector<Edge> edges;
        std::vector<int32_t> tokens;
    };
    std::vector<Build> nodes(1);
    std::vector<uint32_t> path{0}; // node at each depth of the previous piece
    std::string prev;
    for (int32_t id : order) {
        const std::string& p = pieces_[size_t(id)];
        size_t common = 0;
        while (common < prev.size() && common < p.size() && prev[common] == p[common]) ++common;
        path.resize(common + 1);
        for (size_t d = common; d < p.size(); ++d) {
            const uint32_t child = uint32_t(nodes.size());
            nodes.emplace_back();
            nodes[path.back()].edges.push_back({uint8_t(p[d]), child});
            path.push_back(child);
        }
        nodes[path.back()].tokens.push_back(id);
        prev = p;
    }
    edgeBegin_.reserve(nodes.size() + 1);
    tokenBegin_.reserve(nodes.size() + 1);
    for (auto& n : nodes) {
        edgeBegin_.push_back(uint32_t(edges_.size()));
        tokenBegin_.push_back(uint32_t(tokens_.size()));
        edges_.insert(edges_.end(), n.edges.begin(), n.edges.end());
        tokens_.insert(tokens_.end(), n.tokens.begin(), n.tokens.end());
    }
    edgeBegin_.push_back(uint32_t(edges_.size()));
    tokenBegin_.push_back(uint32_t(tokens_.size()));
}

VocabTrie VocabTrie::fromTokenizer(const text::Tokenizer& tokenizer) {
    const int32_t n = tokenizer.vocabSize();
    std::vector<std::string> pieces(static_cast<size_t>(n));
    std::vector<int32_t> ends;
    for (int32_t id = 0; id < n; ++id) {
        if (tokenizer.isEndOfGeneration(id)) {
            ends.push_back(id);
            continue;
        }
        const auto type = tokenizer.tokenType(id);
        if (type == text::TokenType::Control || type == text::TokenType::Unknown ||
            type == text::TokenType::Unused)
            continue;
        pieces[size_t(id)] = tokenizer.tokenPiece(id, false);
    }
    return VocabTrie(pieces, std::move(ends));
}

} // namespace smoldesk::grammar
