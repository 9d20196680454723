// The document tools on any arguments a model may write: the first byte picks search_documents or
// read_document, the rest is the arguments' text (JSON or not). Over the chat corpus's three files
// attached (tests/data/docs/chat); every call must answer with text, never throw or crash. The
// same bytes are also a BM25 query over the corpus's lines and a tools array to append to.
#include "grounding/document_tools.h"
#include "grounding/keyword_rank.h"

#include <cstdint>
#include <string>

using namespace smoldesk;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    static grounding::DocumentTools tools = [] {
        grounding::DocumentRequest r;
        for (const char* f : {"boiler.md", "garden.txt", "recipes.md"})
            r.files.push_back(std::string(SMOLDESK_FUZZ_DATA_DIR) + "/docs/chat/" + f);
        return grounding::DocumentTools(r);
    }();
    if (size == 0) return 0;
    const std::string arguments(reinterpret_cast<const char*>(data) + 1, size - 1);
    const char* name = data[0] % 3 == 0 ? "search_documents" : data[0] % 3 == 1 ? "read_document" : "other";
    const std::string answer = tools.run({"call_1", name, arguments});
    if (answer.empty()) __builtin_trap(); // every call is answered with text
    grounding::bm25Rank(arguments, {"the boiler stops below 0.8 bar", "", arguments}, 2);
    (void)grounding::DocumentTools::withDocumentTools(arguments);
    return 0;
}
