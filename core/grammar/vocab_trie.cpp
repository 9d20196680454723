#include "grammar/vocab_trie.h"

#include "grammar/grammar.h"
#include "text/tokenizer.h"

#include <algorithm>
#include <numeric>

namespace smoldesk::grammar {

VocabTrie::VocabTrie(const std::vector<std::string>& pieces, std::vector<int32_t> endTokens,
                     std::vector<Alias> aliases)
    : pieces_(pieces), endTokens_(std::move(endTokens)), aliases_(std::move(aliases)) {
    // A byte F5–FF never occurs in UTF-8 text, so no grammar's text matches such a piece; leaving
    // it out keeps raw byte tokens off the reference keys, which start with those bytes.
    auto usable = [](const std::string& p) {
        return !p.empty() && std::none_of(p.begin(), p.end(), [](char c) { return uint8_t(c) >= 0xF5; });
    };
    for (auto& p : pieces_)
        if (!usable(p)) p.clear();
    std::stable_sort(aliases_.begin(), aliases_.end(),
                     [](const Alias& a, const Alias& b) { return a.id < b.id; });
    // Sorting the strings lays the trie out depth-first in one pass: a node's subtree is the run
    // of strings that share its prefix, and its children follow their parent.
    std::vector<std::pair<std::string_view, int32_t>> order;
    for (size_t i = 0; i < pieces_.size(); ++i)
        if (!pieces_[i].empty()) order.emplace_back(pieces_[i], int32_t(i));
    for (const Alias& a : aliases_)
        if (a.id >= 0 && size_t(a.id) < pieces_.size() && !a.key.empty()) order.emplace_back(a.key, a.id);
    std::sort(order.begin(), order.end());
    struct Build {
        std::vector<Edge> edges;
        std::vector<int32_t> tokens;
    };
    std::vector<Build> nodes(1);
    std::vector<uint32_t> path{0}; // node at each depth of the previous piece
    std::string_view prev;
    for (const auto& [p, id] : order) {
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
    std::vector<Alias> aliases;
    for (int32_t id = 0; id < n; ++id) {
        const auto type = tokenizer.tokenType(id);
        if (tokenizer.isEndOfGeneration(id) ||
            (type != text::TokenType::Control && type != text::TokenType::UserDefined))
            continue;
        aliases.push_back({id, tokenTextKey(tokenizer.tokenPiece(id, true))});
        aliases.push_back({id, tokenIdKey(id)});
    }
    return VocabTrie(pieces, std::move(ends), std::move(aliases));
}

std::vector<std::string_view> VocabTrie::aliasesOf(int32_t id) const {
    std::vector<std::string_view> out;
    auto it = std::lower_bound(aliases_.begin(), aliases_.end(), id,
                               [](const Alias& a, int32_t v) { return a.id < v; });
    for (; it != aliases_.end() && it->id == id; ++it) out.push_back(it->key);
    return out;
}

} // namespace smoldesk::grammar
