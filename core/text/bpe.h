#pragma once
// Byte-level BPE (tokenizer.ggml.model = gpt2): regex pre-tokenizer, then merges by rank within
// each word (lowest rank first, leftmost on ties), then vocab lookup, as llama.cpp does.
#include "text/fragment_encoder.h"
#include "text/merge_table.h"
#include "text/pretokenizer.h"

#include <array>
#include <deque>
#include <string>
#include <string_view>
#include <unordered_map>

namespace smoldesk::gguf {
class File;
}

namespace smoldesk::text {

class Vocab;

class BpeEncoder : public FragmentEncoder {
  public:
    // Reads tokenizer.ggml.merges; throws Error when it is missing or the pre-tokenizer is unknown.
    BpeEncoder(const Vocab& vocab, const gguf::File& file);
    void encode(std::string_view text, bool afterSpecial, std::vector<int32_t>& out) const override;

  private:
    struct Symbol {
        int32_t id; // symbol id: a token id, an extra merge result (>= vocab size) or -1
        uint32_t start, length;
        int32_t prev, next;
    };
    struct Candidate {
        int32_t rank, left, right, leftId, rightId, result;
    };
    struct Workspace {
        std::vector<Symbol> symbols;
        std::vector<Candidate> heap;
        std::string encoded;
    };

    int32_t symbolId(std::string_view text) const; // -1 when the text is no symbol
    int32_t internSymbol(std::string_view text);
    void encodeWord(std::string_view raw, Workspace& ws, std::vector<int32_t>& out) const;
    void pushCandidate(Workspace& ws, int32_t left, int32_t right) const;

    const Vocab& vocab_;
    PreTokenizer preTokenizer_;
    int32_t vocabSize_ = 0;
    // Merge results that are not tokens themselves (rare): ids from vocabSize_ upwards.
    std::deque<std::string> extraSymbols_;
    std::unordered_map<std::string_view, int32_t> extraIndex_;
    MergeTable merges_;
    std::array<int32_t, 256> byteSymbol_{};      // symbol of each byte's GPT-2 character
    std::array<int32_t, 256> singleByteToken_{}; // token whose text is that single byte, or -1
};

} // namespace smoldesk::text
