#pragma once
// Documents in `smoldesk-cli chat`: --library DB.sqlite (a library made by `docs index`), --doc
// FILE (repeated: files attached to the chat) and --embedding-model FILE (hybrid search; without
// it, keywords only). Each answer draws on them through the chat turn (core/grounding: whole when
// they fit in half the context, else the best passages), the sources it used are listed on
// stderr, and a model with a tool-call format is offered search_documents and read_document,
// whose calls are asked for at the terminal like MCP calls.
#include "args.h"

#include "grounding/document_tools.h"
#include "grounding/documents.h"

#include <cstdio>
#include <memory>

namespace smoldesk::gguf {
class File;
}
namespace smoldesk::compute {
class CpuBackend;
}

namespace smoldesk::cli {

struct ChatDocuments {
    ChatDocuments();
    ~ChatDocuments();
    grounding::DocumentRequest request;
    std::unique_ptr<gguf::File> embedFile;
    std::unique_ptr<compute::CpuBackend> cpu;
    std::unique_ptr<retrieval::Embedder> embedder;
    std::unique_ptr<grounding::DocumentTools> tools; // once the chat model's tokenizer is known
};

// Takes --library, --doc (any number) and --embedding-model; nullptr when neither --library nor
// --doc is given. A missing library or file is a UsageError of one sentence, before the model loads.
std::unique_ptr<ChatDocuments> takeChatDocuments(Args& args, int threads);

// "[documents: 2 passages from library.sqlite, keyword search]" and a line per source, to `out`.
void printDocuments(const grounding::Grounding& g, std::FILE* out);

} // namespace smoldesk::cli
