#pragma once
// Matching text against a grammar, and the set of tokens that may come next.
//
// The matcher follows llama.cpp's idea — a parse is a stack of grammar positions, ambiguity is
// a set of such stacks — with two changes that make it cheap per token:
//   - stacks are interned persistent lists and stack sets are interned too, so a parse state is
//     one integer; the transition (state, byte) → state is memoised, which builds a DFA lazily
//     from the grammar as text is matched;
//   - the allowed-token mask depends only on the state, so it is computed by walking the
//     vocabulary trie once and kept; inside a JSON string, say, every step reuses one mask.
// Rule calls in the last position pop their caller first, so right recursion (x*) runs in
// constant stack depth and regular parts of a grammar reach a finite set of states.
#include "grammar/grammar.h"
#include "grammar/vocab_trie.h"

#include <array>
#include <cstdint>
#include <memory>
#include <mutex>
#include <span>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace smoldesk::grammar {

// The lazily built automaton of one grammar over one vocabulary (the vocabulary may be absent
// for byte-level matching only). Shared by every matcher of that grammar; thread-safe.
class GrammarTables {
  public:
    GrammarTables(std::shared_ptr<const Grammar> grammar, std::shared_ptr<const VocabTrie> vocab);

    static constexpr int32_t kDead = -1;
    int32_t initialState() const { return initial_; }
    int32_t advance(int32_t state, uint8_t byte);
    int32_t advance(int32_t state, std::string_view bytes);
    bool canEnd(int32_t state);
    // Bit i set: token i may come next in this state (end-of-generation tokens where the
    // grammar may end). Needs a vocabulary. The reference stays valid until the next call.
    const std::vector<uint64_t>& allowedTokens(int32_t state);

    const Grammar& grammar() const { return *grammar_; }
    const VocabTrie* vocab() const { return vocab_.get(); }
    size_t stateCount();

  private:
    struct Node {
        uint32_t pos;    // element index at the top of this stack
        uint32_t parent; // the rest of the stack; 0 is the empty stack
    };
    uint32_t node(uint32_t pos, uint32_t parent);
    void expand(uint32_t start, std::vector<uint32_t>& out);
    int32_t internSet(std::vector<uint32_t>& stacks);
    int32_t step(int32_t state, uint8_t byte); // needs mutex_ held
    void trimMemory();

    std::shared_ptr<const Grammar> grammar_;
    std::shared_ptr<const VocabTrie> vocab_;
    std::mutex mutex_;
    std::vector<Node> nodes_;
    std::unordered_map<uint64_t, uint32_t> nodeIds_;
    std::vector<std::vector<uint32_t>> sets_;
    struct VecHash {
        size_t operator()(const std::vector<uint32_t>& v) const;
    };
    std::unordered_map<std::vector<uint32_t>, int32_t, VecHash> setIds_;
    std::vector<std::unique_ptr<std::array<int32_t, 256>>> next_;
    size_t transitionTables_ = 0;
    std::unordered_map<int32_t, std::vector<uint64_t>> masks_;
    size_t maskBytes_ = 0;
    std::vector<uint64_t> scratchMask_;
    int32_t initial_ = kDead;
    // scratch for expand()
    std::vector<uint32_t> work_;
    std::vector<uint32_t> seenMark_;
    uint32_t seenEpoch_ = 0;
};

// One generation's position in the grammar.
class GrammarMatcher {
  public:
    explicit GrammarMatcher(std::shared_ptr<GrammarTables> tables);
    // Consumes text; false (and no change) when the grammar does not allow it.
    bool accept(std::string_view bytes);
    bool acceptToken(int32_t id);
    bool canEnd() const { return tables_->canEnd(state_); }
    // The grammar is complete and nothing more can follow.
    bool mustEnd() const;
    const std::vector<uint64_t>& allowedTokens() const { return tables_->allowedTokens(state_); }
    void reset() { state_ = tables_->initialState(); }
    const GrammarTables& tables() const { return *tables_; }

  private:
    std::shared_ptr<GrammarTables> tables_;
    int32_t state_;
};

// Whether the whole of `text` is a sentence of the grammar (tests, validation of outputs).
bool matchesWhole(GrammarTables& tables, std::string_view text);

} // namespace smoldesk::grammar
