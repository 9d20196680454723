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

// The same in a child process, `smoldesk-cli docs pdf-pages` (`helper`), ended after timeoutMs:
// Qt PDF 6.4's pdfium loops for ever on some damaged files (a page tree that holds itself, found
// by fuzz_pdf) while holding its global lock, so in-process a single such file would stop all
// PDF reading and a quit would wait for it. Error(Io) with the sentence on a timeout.
std::vector<std::string> readPdfPagesIsolated(std::string_view bytes, const std::string& helper,
                                              int timeoutMs);

// What `docs pdf-pages` writes for the pages: each page's byte count, a newline, its bytes.
std::string encodePages(const std::vector<std::string>& pages);
std::vector<std::string> decodePages(std::string_view data); // Error(Io) when malformed

// Installs the process's PDF reader (retrieval::setPdfTextReader): readPdfPages in this process,
// or readPdfPagesIsolated when `helper` names a program.
void installPdfReader(const std::string& helper = {}, int timeoutMs = 60000);

} // namespace smoldesk::library
