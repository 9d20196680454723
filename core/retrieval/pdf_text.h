#pragma once
// PDF text for the library: core cannot read PDFs itself (that needs Qt PDF, which core must not
// include), so a reader of page texts is plugged in from where Qt is allowed (app/library's
// pdf_reader.cpp, installed by the app and the Qt build of the CLI). With a reader, a PDF's pages
// become blocks with their 1-based page; pages without any text (a scanned page is a picture) are
// listed so the library can say so instead of silently indexing nothing. Without one, a PDF gets
// the sentence that this build cannot read PDFs.
#include "retrieval/chunker.h"
#include "retrieval/index_failure.h"

#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace smoldesk::retrieval {

// One string per page, first page first. Throws Error with one sentence (damaged, encrypted…).
// Must be callable from any thread.
using PdfTextReader = std::function<std::vector<std::string>(std::string_view bytes)>;

// Installs (or, with an empty function, removes) the process's PDF reader. Call it at start.
void setPdfTextReader(PdfTextReader reader);
bool havePdfTextReader();

struct PdfText {
    std::vector<Block> blocks;
    std::vector<int> pagesWithoutText; // 1-based
    int pages = 0;
};

// The blocks of a PDF whose bytes are `content` (`name` is used in sentences). `why` is set, and
// nothing returned, when there is no reader, the file cannot be read or no page has any text.
// Never throws. `failure`, when given, gets the reason as a code too (index_failure.h).
PdfText pdfFileText(const std::string& name, std::string_view content, std::string& why,
                    IndexFailure* failure = nullptr);

// "page 3 has no text — scanned?", "pages 2, 5 and 9 have no text — scanned?" (the first ten
// pages named, then how many more); empty for none.
std::string pagesWithoutTextNote(const std::vector<int>& pages);

} // namespace smoldesk::retrieval
