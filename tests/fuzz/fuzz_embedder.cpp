// Embedding models from mutated files (seeds in corpus/embedder: the tiny bert, nomic-bert and
// qwen3 embedders of tests/data/embed): every input is either refused with an Error, or it
// builds an Embedder whose vector for a text and for two raw token ids has the model's width.
// Never a crash, undefined behaviour (the fuzz build runs UBSan), or a huge allocation.
#include "common/error.h"
#include "compute/cpu/cpu_backend.h"
#include "fuzz_file.h"
#include "gguf/file.h"
#include "retrieval/embedder.h"

#include <cstdint>
#include <cstdio>
#include <string>
#include <unistd.h>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    using namespace smoldesk;
    const std::string path = writeFuzzFile("embedder", data, size);
    if (path.empty()) return 0;
    try {
        auto file = gguf::File::open(path);
        compute::CpuBackend backend(1);
        retrieval::EmbedderOptions options;
        options.maxTokens = 8; // bounds the buffers and the KV cache whatever the file says
        retrieval::Embedder embedder(*file, backend, options);
        const size_t dim = static_cast<size_t>(embedder.dimension());
        const auto check = [&](const std::vector<float>& v, size_t tokens) {
            const size_t rows = embedder.pooling() == model::Pooling::None ? tokens : 1;
            if (v.size() != rows * dim) __builtin_trap();
        };
        const std::vector<int32_t> ids = embedder.tokenize("hello world");
        if (!ids.empty() && ids.size() <= 8) check(embedder.embed(ids, true), ids.size());
        const int32_t last = embedder.tokenizer().vocabSize() - 1;
        const std::vector<int32_t> raw = {0, last};
        check(embedder.embed(raw, false), raw.size());
    } catch (const Error&) {
    }
    return 0;
}
