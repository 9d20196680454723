#pragma once
// How an embedding model turns its per-token hidden states into one vector: the pooling its
// GGUF names ({arch}.pooling_type, llama.cpp's numbering), and L2 normalisation.
#include "gguf/file.h"

#include <optional>
#include <span>
#include <string_view>
#include <vector>

namespace smoldesk::model {

enum class Pooling {
    None, // every token's vector
    Mean, // the average over the tokens
    Cls,  // the first token's ([CLS])
    Last, // the last token's (decoder embedders: Qwen3-Embedding)
};

// The file's {general.architecture}.pooling_type, or nullopt when it has none (a model that is
// not an embedding model). Error(UnsupportedArch) for rank pooling (rerankers) and unknown values.
std::optional<Pooling> poolingOfFile(const gguf::File& file);
// "none", "mean", "cls", "last"; nullopt for anything else.
std::optional<Pooling> parsePooling(std::string_view name);
const char* poolingName(Pooling p);

// rows × dim hidden states → dim values (rows × dim for None).
std::vector<float> pool(Pooling p, std::span<const float> hidden, int rows, int dim);
// v /= ‖v‖₂ per row of dim values (a zero row stays zero), as llama.cpp's --embd-normalize 2.
void normalizeRows(std::span<float> v, int dim);

} // namespace smoldesk::model
