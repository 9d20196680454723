#pragma once
// WordPiece vocabularies (tokenizer.ggml.model = bert), as llama.cpp reads them from GGUF: BERT's
// basic pre-tokenization (whitespace splits, control characters vanish, punctuation and CJK
// ideographs become words of their own; lowercasing and accent stripping as the file's
// tokenizer.ggml.normalizer.lowercase / strip_accents say), then greedy longest-match pieces per
// word. The GGUF spells a word-initial piece "▁piece" and a continuation (Hugging Face's
// "##piece") as the bare "piece"; a word with a part no piece matches becomes one [UNK].
#include "text/fragment_encoder.h"

#include <string>

namespace smoldesk::text {

class Vocab;

class WordPieceEncoder : public FragmentEncoder {
  public:
    explicit WordPieceEncoder(const Vocab& vocab);
    void encode(std::string_view text, bool afterSpecial, std::vector<int32_t>& out) const override;

  private:
    // The words of a text run, each already normalised and prefixed with U+2581.
    std::vector<std::string> words(std::string_view text) const;
    void encodeWord(std::string_view word, std::vector<int32_t>& out) const;

    const Vocab& vocab_;
    size_t maxTokenBytes_ = 0;
};

} // namespace smoldesk::text
