#pragma once
// Text <-> token ids for the vocabularies GGUF files carry, with the same ids llama.cpp produces:
// byte-level BPE (`tokenizer.ggml.model = gpt2`), SentencePiece (`llama`) and WordPiece (`bert`).
// Other vocabulary types are rejected with Error(UnsupportedTokenizer).
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace smoldesk::gguf {
class File;
}

namespace smoldesk::text {

// GGUF token types (tokenizer.ggml.token_type), same numbering as llama.cpp and SentencePiece.
enum class TokenType : int32_t {
    Undefined = 0,
    Normal = 1,
    Unknown = 2,
    Control = 3,
    UserDefined = 4,
    Unused = 5,
    Byte = 6,
};

class Vocab;
class FragmentEncoder;

class Tokenizer {
  public:
    // Reads the tokenizer.* keys; the file may be closed afterwards. Throws Error.
    static std::unique_ptr<Tokenizer> fromGguf(const gguf::File& file);
    ~Tokenizer();

    // addBos prepends BOS (only when the vocab has one). parseSpecial lets CONTROL tokens written
    // in the text become their ids; USER_DEFINED tokens always do, as in llama.cpp.
    std::vector<int32_t> encode(std::string_view text, bool addBos, bool parseSpecial) const;
    // The same, except that inside the byte ranges `literal` (sorted, not overlapping) CONTROL
    // tokens stay text: a chat message that spells "<|im_start|>" must not open a turn.
    struct ByteRange {
        size_t begin = 0, end = 0;
    };
    std::vector<int32_t> encode(std::string_view text, bool addBos, bool parseSpecial,
                                std::span<const ByteRange> literal) const;

    // The ids llama.cpp gives with add_special: BOS, EOS and WordPiece's [SEP] wherever the file
    // asks for them (add_bos_token, add_eos_token, add_sep_token and the vocab type's defaults):
    // "[CLS] text [SEP]" for BERT, "text <|endoftext|>" for Qwen3-Embedding. Embedding models
    // are fed this.
    std::vector<int32_t> encodeWithSpecials(std::string_view text, bool parseSpecial) const;

    // Concatenated token bytes. CONTROL and UNKNOWN tokens render only with renderSpecial (except
    // the harmony markers, which always render: see kAttrRendered in vocab.h). For
    // SentencePiece vocabs the space that encode() put in front of the text is removed from the
    // first token (a leading BOS is skipped for that purpose), so decode(encode(x)) == x.
    std::string decode(std::span<const int32_t> ids, bool renderSpecial) const;

    // Bytes of one token; may be a partial UTF-8 sequence. Error(InvalidArgument) for a bad id.
    std::string tokenPiece(int32_t id, bool renderSpecial) const;

    int32_t vocabSize() const;
    int32_t bos() const; // -1 when absent
    int32_t eos() const; // -1 when absent
    bool isEndOfGeneration(int32_t id) const;
    bool addBosByDefault() const; // tokenizer.ggml.add_bos_token, else llama.cpp's default
    bool addSpacePrefix() const;  // SentencePiece: a space is put in front of each text run
    std::optional<int32_t> tokenId(std::string_view text) const;
    std::string_view tokenText(int32_t id) const; // the raw vocab string
    std::string_view modelName() const;           // tokenizer.ggml.model
    std::string_view preName() const;             // tokenizer.ggml.pre ("default" when absent)
    TokenType tokenType(int32_t id) const;

  private:
    Tokenizer();
    friend class StreamingDetokenizer;
    void checkId(int32_t id) const;
    // tokenPiece() without the copy; `position` is the token's index in the decoded sequence and
    // `firstIsBos` whether the sequence starts with BOS, which decide the SentencePiece space.
    std::string_view piece(int32_t id, bool renderSpecial, size_t position, bool firstIsBos) const;

    std::unique_ptr<Vocab> vocab_;
    std::unique_ptr<FragmentEncoder> encoder_;
};

// Incremental decoding for streamed generation: emits only complete UTF-8 characters, so a
// character split over several byte tokens (or byte-level BPE pieces) comes out in one piece.
class StreamingDetokenizer {
  public:
    // continuation: the tokens continue earlier text (generation after a prompt), so a
    // SentencePiece leading space is kept on the first token instead of being dropped.
    explicit StreamingDetokenizer(const Tokenizer& tok, bool renderSpecial = false,
                                  bool continuation = false);

    // Text completed by this token; holds back a trailing incomplete sequence. Bytes that can
    // never become valid UTF-8 come out as U+FFFD. Error(InvalidArgument) for a bad id.
    std::string push(int32_t id);
    // Whatever is still held back, with invalid bytes as U+FFFD; resets the stream.
    std::string flush();

  private:
    const Tokenizer& tok_;
    bool renderSpecial_;
    bool continuation_;
    size_t position_ = 0;     // tokens pushed since the start (or the last flush)
    bool firstIsBos_ = false; // the stream started with BOS
    std::string pending_;
};

} // namespace smoldesk::text
