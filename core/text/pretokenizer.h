#pragma once
// The regex pre-tokenizer of byte-level BPE vocabs: splits text into the words BPE merges within.
// Each `tokenizer.ggml.pre` name maps to llama.cpp's list of regexes, applied one after another;
// each regex splits every piece left by the previous one, and text between matches stays a piece.
#include <cstddef>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace smoldesk::text {

class CompiledRegex;

class PreTokenizer {
  public:
    // Throws Error(UnsupportedTokenizer) for a pre-tokenizer name llama.cpp has but we do not.
    explicit PreTokenizer(std::string_view preName);
    ~PreTokenizer();

    // llama.cpp's ignore_merges: a word that is a whole vocab entry is taken as is.
    bool ignoreMerges() const { return ignoreMerges_; }

    // Byte ranges [offset, offset + length) of the words of `text`, in order, covering it fully.
    void split(std::string_view text, std::vector<std::pair<size_t, size_t>>& words) const;

  private:
    std::vector<std::unique_ptr<CompiledRegex>> regexes_;
    bool ignoreMerges_ = false;
};

} // namespace smoldesk::text
