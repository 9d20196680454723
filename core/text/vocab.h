#pragma once
// The vocabulary of a GGUF file: token strings, scores, types and the special-token facts that
// llama.cpp derives from them (EOG set, attribute promotions, special-token matching order).
#include "text/string_index.h"
#include "text/tokenizer.h"

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace smoldesk::gguf {
class File;
}

namespace smoldesk::text {

enum class VocabKind { BytePairEncoding, SentencePiece, WordPiece };

// llama.cpp's token attributes: a bit set, because a token can carry its GGUF type and be
// promoted (for example a USER_DEFINED "<|im_end|>" also becomes CONTROL).
enum TokenAttr : uint16_t {
    kAttrUnknown = 1 << 0,
    kAttrUnused = 1 << 1,
    kAttrNormal = 1 << 2,
    kAttrControl = 1 << 3,
    kAttrUserDefined = 1 << 4,
    kAttrByte = 1 << 5,
    kAttrLstrip = 1 << 7, // a special token swallows whitespace on its left
    kAttrRstrip = 1 << 8, // ... and on its right
    // A CONTROL token whose text shows even when special tokens are not rendered: the harmony
    // markers (<|channel|>, <|message|>, …) that the stream parser reads. Unlike llama.cpp's
    // USER_DEFINED promotion it does not make plain text match the token, as in tiktoken.
    kAttrRendered = 1 << 9,
};

class Vocab {
  public:
    // Throws Error(UnsupportedTokenizer) for vocab types other than gpt2, llama and bert.
    static std::unique_ptr<Vocab> load(const gguf::File& file);

    VocabKind kind() const { return kind_; }
    const std::string& modelName() const { return modelName_; }
    const std::string& preName() const { return preName_; }

    int32_t size() const { return static_cast<int32_t>(types_.size()); }
    bool valid(int32_t id) const { return id >= 0 && id < size(); }
    std::string_view text(int32_t id) const {
        return std::string_view(arena_).substr(offsets_[id], offsets_[id + 1] - offsets_[id]);
    }
    float score(int32_t id) const { return scores_.empty() ? 0.0f : scores_[id]; }
    TokenType type(int32_t id) const { return types_[id]; }
    uint16_t attrs(int32_t id) const { return attrs_[id]; }
    std::optional<int32_t> find(std::string_view text) const;

    int32_t bos() const { return bos_; }
    int32_t eos() const { return eos_; }
    int32_t unk() const { return unk_; }
    int32_t sep() const { return sep_; }
    bool addBos() const { return addBos_; }
    bool addEos() const { return addEos_; } // tokenizer.ggml.add_eos_token (Qwen3-Embedding)
    bool addSep() const { return addSep_; } // WordPiece's [SEP] after the text
    // WordPiece normalisation (tokenizer.ggml.normalizer.*): lowercase, and strip accents, which
    // follows lowercase unless the file says otherwise (as in Hugging Face's BertNormalizer).
    bool lowercase() const { return lowercase_; }
    bool stripAccents() const { return stripAccents_; }
    bool addSpacePrefix() const { return addSpacePrefix_; }
    bool isEndOfGeneration(int32_t id) const { return valid(id) && eog_[id]; }

    // CONTROL, USER_DEFINED and UNKNOWN tokens, longest text first: the order in which llama.cpp
    // cuts them out of the text before the real tokenizer runs.
    const std::vector<int32_t>& specialTokens() const { return specialTokens_; }

    // The bytes a token stands for, CONTROL/UNKNOWN text included (llama.cpp's piece cache).
    std::string_view piece(int32_t id) const {
        return std::string_view(pieceArena_)
            .substr(pieceOffsets_[id], pieceOffsets_[id + 1] - pieceOffsets_[id]);
    }

    // SentencePiece byte-fallback token of each byte (<0xNN>), -1 where missing.
    int32_t byteToken(uint8_t byte) const { return byteTokens_[byte]; }

  private:
    Vocab() = default;
    void readTokens(const gguf::File& file);
    void readSpecialIds(const gguf::File& file);
    void deriveSpecialTokens(const gguf::File& file);
    void markHarmonyTokens();
    void buildPieces();

    VocabKind kind_ = VocabKind::BytePairEncoding;
    std::string modelName_;
    std::string preName_;

    std::string arena_; // all token strings back to back; views into it stay valid on move
    std::vector<uint32_t> offsets_;
    std::vector<float> scores_;
    std::vector<TokenType> types_;
    std::vector<uint16_t> attrs_;
    StringIndex index_;

    int32_t bos_ = -1, eos_ = -1, unk_ = -1, sep_ = -1, eot_ = -1, eom_ = -1;
    int32_t fimPad_ = -1, fimRep_ = -1, fimSep_ = -1;
    bool addBos_ = false;
    bool addEos_ = false;
    bool addSep_ = false;
    bool lowercase_ = false;
    bool stripAccents_ = false;
    bool addSpacePrefix_ = false;
    std::vector<bool> eog_;
    std::vector<int32_t> specialTokens_;
    std::array<int32_t, 256> byteTokens_{};
    std::string pieceArena_;
    std::vector<uint32_t> pieceOffsets_;
};

} // namespace smoldesk::text
