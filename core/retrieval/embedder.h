#pragma once
// Text to embedding vectors with any embedding model SmolDesk runs: an encoder (bert,
// nomic-bert) or a decoder family whose GGUF names a pooling type (Qwen3-Embedding: qwen3 with
// last-token pooling). Tokenizes with the file's special tokens ([CLS] … [SEP], a trailing EOS),
// runs sequences one at a time or several per pass, pools as the file says and L2-normalises on
// request — what llama.cpp's llama-embedding computes.
#include "compute/backend.h"
#include "gguf/file.h"
#include "model/pooling.h"
#include "text/tokenizer.h"

#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace smoldesk::model {
class Encoder;
class Decoder;
} // namespace smoldesk::model

namespace smoldesk::retrieval {

struct EmbedderOptions {
    static constexpr int kDefaultMaxTokens = 8192;
    int maxTokens = 0;                     // 0: the model's trained context, at most kDefaultMaxTokens
    std::optional<model::Pooling> pooling; // overrides the file's
};

class Embedder {
  public:
    using Options = EmbedderOptions;
    static constexpr int kDefaultMaxTokens = EmbedderOptions::kDefaultMaxTokens;

    // Binds the model to the backend (which must outlive the embedder). Error(UnsupportedArch)
    // for a model that is not an embedding model: neither an encoder nor a file with a pooling type.
    Embedder(const gguf::File& file, compute::Backend& backend, const Options& options = {});
    ~Embedder();

    const std::string& architecture() const { return arch_; }
    int dimension() const { return dim_; }
    int maxTokens() const { return maxTokens_; }
    model::Pooling pooling() const { return pooling_; }
    const text::Tokenizer& tokenizer() const { return *tokenizer_; }

    // The ids the model reads for a text, special tokens as the file says (parsed in the text too).
    std::vector<int32_t> tokenize(std::string_view text) const;
    // The pooled vector of one token sequence (every token's vector, row after row, for
    // Pooling::None), L2-normalised per vector when normalize. Error(InvalidArgument) for no
    // tokens or more than maxTokens().
    std::vector<float> embed(std::span<const int32_t> ids, bool normalize);
    // Several sequences, one pooled vector each: an encoder reads them in one pass (their tokens
    // together at most maxTokens(); the matrix products shared, attention within each), a
    // decoder one after another. Pooling::None is not batched (use embed).
    std::vector<std::vector<float>> embedBatch(std::span<const std::vector<int32_t>> sequences,
                                               bool normalize);
    // Any number of sequences (each within maxTokens()), one pooled vector each (every token's
    // vectors for Pooling::None), in passes of at most kBatchSequences sequences and kBatchTokens
    // tokens: a pass's matrix products run over all its tokens, so many short texts cost far
    // less than one pass each.
    static constexpr int kBatchTokens = 1024;
    static constexpr size_t kBatchSequences = 32;
    std::vector<std::vector<float>> embedAll(std::span<const std::vector<int32_t>> sequences, bool normalize);

  private:
    std::string arch_;
    int dim_ = 0;
    int maxTokens_ = 0;
    model::Pooling pooling_ = model::Pooling::Mean;
    std::unique_ptr<text::Tokenizer> tokenizer_;
    std::unique_ptr<model::Encoder> encoder_;
    std::unique_ptr<model::Decoder> decoder_;
    std::vector<float> hidden_;
};

} // namespace smoldesk::retrieval
