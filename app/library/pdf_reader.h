#pragma once
// The library's PDF reader on Qt PDF (pdfium): the text of each page of a PDF, for
// core/retrieval's plugged-in PdfTextReader (core stays Qt-free). Used by the app and by the Qt
// build of smoldesk-cli; QPdfDocument needs no QGuiApplication for text, so it runs on any thread.
#include <string>
#include <string_view>
#include <vector>

namespace smoldesk::library {

// One string per page (first page first; a page without text is empty), newlines as "\n" and
// control characters dropped. Error(Io) in one sentence for a damaged, encrypted or non-PDF file.
std::vector<std::string> readPdfPages(std::string_view bytes);

// Installs readPdfPages as the process's PDF reader (retrieval::setPdfTextReader).
void installPdfReader();

} // namespace smoldesk::library
