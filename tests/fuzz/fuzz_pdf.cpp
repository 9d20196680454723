// The library's PDF path on any bytes: Qt PDF's page texts (app/library/pdf_reader.cpp) and what
// the engine makes of them (pages without text, blocks by page). A damaged file must give Error
// or a sentence, nothing else. pdfium itself is Qt's build, not instrumented here: this fuzzes our
// glue and the chunker on pdfium's output.
#include "common/error.h"
#include "library/pdf_reader.h"
#include "retrieval/pdf_text.h"

#include <cstdint>
#include <string>
#include <string_view>

using namespace smoldesk;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    static const bool installed = [] {
        library::installPdfReader();
        return true;
    }();
    (void)installed;
    const std::string_view bytes(reinterpret_cast<const char*>(data), size);
    try {
        library::readPdfPages(bytes);
    } catch (const Error&) {
    }
    std::string why;
    const retrieval::PdfText t = retrieval::pdfFileText("fuzz.pdf", bytes, why);
    if (why.empty() && t.blocks.empty() && t.pagesWithoutText.size() != static_cast<size_t>(t.pages))
        __builtin_trap(); // a PDF with text must give blocks, or say why not
    return 0;
}
