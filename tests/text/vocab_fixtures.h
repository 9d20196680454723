#pragma once
// Loading the tokenizer test vocabularies shared by the text tests.
#include "text/tokenizer.h"

#include <memory>
#include <string>

namespace smoldesk::test {

// A tokenizer from tests/data/text/NAME.
std::unique_ptr<text::Tokenizer> loadTokenizer(const std::string& name);

// The Llama-3 vocab (pre-tokenizer llama-bpe), built from smollm3-vocab.gguf instead of being
// stored: its 128000 regular tokens and 280147 merges are identical to
// ggml-vocab-llama-bpe.DERIVED.gguf; ids >= 128000 are all CONTROL as in that file.
std::unique_ptr<text::Tokenizer> loadLlama3Tokenizer();

} // namespace smoldesk::test
