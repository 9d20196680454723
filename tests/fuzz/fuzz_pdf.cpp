// The library's PDF path on any bytes: the answer of the PDF reader's child process
// (library::decodePages, a parser of ours: it reads what `docs pdf-pages` writes) and what the
// engine makes of page texts (pages without text, blocks by page) with the input cut into pages at
// form feeds. A damaged input must give Error or a sentence, nothing else.
// Qt PDF itself (pdfium, Qt's build, not instrumented) is fuzzed only with SMOLDESK_FUZZ_PDFIUM=1 in
// the environment: fuzz_pdf found that it loops for ever on a page tree holding itself
// (tests/data/docs/pdf/cycle.pdf), which is why the app reads PDFs in a child process it can end.
#include "common/error.h"
#include "library/pdf_reader.h"
#include "retrieval/pdf_text.h"

#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

using namespace smoldesk;

// Qt PDF 6.4 (Debian 12) keeps about 4 KB per loaded document for good, whatever the input (also
// from a file path, and with one QPdfDocument reused; measured over 8,000 loads): its leak, not
// ours, so LeakSanitizer skips allocations made under libQt6Pdf.
extern "C" const char* __lsan_default_suppressions() {
    return "leak:libQt6Pdf.so\n";
}

namespace {

std::vector<std::string> formFeedPages(std::string_view bytes) {
    std::vector<std::string> pages(1);
    for (char c : bytes) {
        if (c == '\f')
            pages.emplace_back();
        else
            pages.back() += c;
    }
    return pages;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    static const bool pdfium = std::getenv("SMOLDESK_FUZZ_PDFIUM") != nullptr;
    const std::string_view bytes(reinterpret_cast<const char*>(data), size);
    try {
        const std::vector<std::string> pages = library::decodePages(bytes);
        if (library::decodePages(library::encodePages(pages)) != pages) __builtin_trap(); // round trip
    } catch (const Error&) {
    }
    if (pdfium)
        library::installPdfReader();
    else
        retrieval::setPdfTextReader(&formFeedPages);
    std::string why;
    const retrieval::PdfText t = retrieval::pdfFileText("fuzz.pdf", bytes, why);
    if (why.empty() && t.blocks.empty() && t.pagesWithoutText.size() != static_cast<size_t>(t.pages))
        __builtin_trap(); // a PDF with text must give blocks, or say why not
    return 0;
}
