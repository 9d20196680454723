// The chat command's documents (see chat_documents.h).
#include "chat_documents.h"

#include "compute/cpu/cpu_backend.h"
#include "compute/cpu/thread_pool.h"
#include "gguf/file.h"
#include "retrieval/embedder.h"
#include "retrieval/model_identity.h"
#ifdef SMOLDESK_HAVE_PDF
#include "library/pdf_reader.h"
#endif

#include <filesystem>

namespace smoldesk::cli {

namespace fs = std::filesystem;

ChatDocuments::ChatDocuments() = default;
ChatDocuments::~ChatDocuments() = default;

std::unique_ptr<ChatDocuments> takeChatDocuments(Args& args, int threads) {
    auto docs = std::make_unique<ChatDocuments>();
    if (auto library = args.option("--library")) {
        if (!fs::is_regular_file(*library))
            throw UsageError("There is no document library at " + *library + "; make one with docs index.");
        docs->request.libraryPath = *library;
    }
    while (auto file = args.option("--doc")) {
        if (!fs::is_regular_file(*file)) throw UsageError("There is no file at " + *file + " to attach.");
        docs->request.files.push_back(fs::absolute(*file).lexically_normal().string());
    }
    const auto embedding = args.option("--embedding-model");
    if (docs->request.empty()) {
        if (embedding) throw UsageError("--embedding-model is for documents: it needs --library or --doc.");
        return nullptr;
    }
#ifdef SMOLDESK_HAVE_PDF
    library::installPdfReader();
#endif
    if (embedding) {
        docs->embedFile = gguf::File::open(*embedding);
        docs->cpu = std::make_unique<compute::CpuBackend>(threads > 0 ? threads
                                                                      : compute::ThreadPool::physicalCores());
        docs->embedder = std::make_unique<retrieval::Embedder>(*docs->embedFile, *docs->cpu);
        docs->request.embedder = docs->embedder.get();
        docs->request.embedderId = retrieval::embedderModelId(*embedding, *docs->embedder);
    }
    return docs;
}

void printDocuments(const grounding::Grounding& g, std::FILE* out) {
    using Mode = grounding::Grounding::Mode;
    if (g.mode == Mode::None) return;
    const size_t n = g.sources.size();
    if (g.mode == Mode::Whole)
        std::fprintf(out, "[documents: %zu %s read whole, %d tokens]\n", n, n == 1 ? "file" : "files",
                     g.tokens);
    else
        std::fprintf(out, "[documents: %zu %s of %d %s, %d tokens]\n", n, n == 1 ? "passage" : "passages",
                     g.files, g.files == 1 ? "file" : "files", g.tokens);
    for (const grounding::Source& s : g.sources)
        std::fprintf(out, "  %s\n", grounding::sourceLabel(s).c_str());
    if (!g.note.empty()) std::fprintf(out, "  (%s)\n", g.note.c_str());
}

} // namespace smoldesk::cli
