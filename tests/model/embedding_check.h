#pragma once
// The embedding goldens of tests/data/embed (llama.cpp's llama-embedding on the tiny bert,
// nomic-bert and qwen3 embedders) checked on one backend, shared by the CPU and Vulkan tests.
// Tolerance (README there): cosine >= 0.9999, max-abs <= 2e-3 normalised and <= 1e-2 raw.
#include "compute/backend.h"

#include <string>

namespace smoldesk::test {

struct EmbeddingWorst {
    double cosine = 1.0; // the lowest cosine to a golden vector
    double maxAbs = 0.0; // the largest |difference|, as a fraction of the tolerance (<= 1 passes)
};

// Every run of "<name>.embd.json" (each pooling, raw and normalised, batched and one by one
// goldens) through an embedder of "<name>.gguf" on `backend`.
EmbeddingWorst checkEmbeddingGoldens(compute::Backend& backend, const std::string& name);

} // namespace smoldesk::test
