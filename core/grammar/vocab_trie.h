#pragma once
// The model's vocabulary as a byte trie, built once per tokenizer: the grammar mask walks it
// once per step, so tokens that share a prefix share the work of matching it.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace smoldesk::text {
class Tokenizer;
}

namespace smoldesk::grammar {

class VocabTrie {
  public:
    // A further byte string a token matches: the keys of grammar token references (grammar.h).
    struct Alias {
        int32_t id;
        std::string key;
    };
    // pieces[id]: the bytes token id adds to the text (empty: never allowed by a grammar's text,
    // e.g. control tokens; a piece with a byte F5–FF, which no grammar text contains, is left
    // out too); endTokens: the end-of-generation ids, allowed where the grammar may end;
    // aliases: what token references match (fromTokenizer gives every control and user-defined
    // token that is not an end token its text and id keys).
    VocabTrie(const std::vector<std::string>& pieces, std::vector<int32_t> endTokens,
              std::vector<Alias> aliases = {});
    static VocabTrie fromTokenizer(const text::Tokenizer& tokenizer);

    struct Edge {
        uint8_t byte;
        uint32_t child;
    };
    size_t vocabSize() const { return pieces_.size(); }
    size_t nodeCount() const { return edgeBegin_.size() - 1; }
    const std::string& piece(int32_t id) const { return pieces_[size_t(id)]; }
    const std::vector<int32_t>& endTokens() const { return endTokens_; }
    // The reference keys token id matches besides its piece (sorted by id).
    std::vector<std::string_view> aliasesOf(int32_t id) const;
    // Children of node (0 is the root) and the tokens whose piece ends there.
    const Edge* edgesBegin(uint32_t node) const { return edges_.data() + edgeBegin_[node]; }
    const Edge* edgesEnd(uint32_t node) const { return edges_.data() + edgeBegin_[node + 1]; }
    const int32_t* tokensBegin(uint32_t node) const { return tokens_.data() + tokenBegin_[node]; }
    const int32_t* tokensEnd(uint32_t node) const { return tokens_.data() + tokenBegin_[node + 1]; }

  private:
    std::vector<std::string> pieces_;
    std::vector<int32_t> endTokens_;
    std::vector<Alias> aliases_;
    std::vector<uint32_t> edgeBegin_, tokenBegin_;
    std::vector<Edge> edges_;
    std::vector<int32_t> tokens_;
};

} // namespace smoldesk::grammar
