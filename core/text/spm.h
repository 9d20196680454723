#pragma once
// SentencePiece vocabularies (tokenizer.ggml.model = llama). The GGUF's tokens, scores and types
// become a SentencePiece BPE model (the algorithm llama.cpp runs on these vocabs: merge the
// highest-scoring adjacent pair that forms a piece, then fall back to <0xNN> byte pieces), and the
// SentencePiece library tokenizes. llama.cpp's own rules wrap it: a space before each text run
// that starts the text or follows a special token, and spaces written as U+2581.
#include "text/fragment_encoder.h"

#include <memory>
#include <string>

namespace sentencepiece {
class SentencePieceProcessor;
}

namespace smoldesk::text {

class Vocab;

class SpmEncoder : public FragmentEncoder {
  public:
    explicit SpmEncoder(const Vocab& vocab); // throws Error(UnsupportedTokenizer)
    ~SpmEncoder() override;
    void encode(std::string_view text, bool afterSpecial, std::vector<int32_t>& out) const override;

  private:
    const Vocab& vocab_;
    std::unique_ptr<sentencepiece::SentencePieceProcessor> processor_;
};

// The serialized sentencepiece.ModelProto for a vocab (exposed for tests).
std::string buildSentencePieceModel(const Vocab& vocab);

} // namespace smoldesk::text
