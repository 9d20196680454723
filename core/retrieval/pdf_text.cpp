// PDF page texts through a plugged-in reader (see pdf_text.h).
#include "retrieval/pdf_text.h"

#include "common/error.h"

#include <algorithm>
#include <mutex>

namespace smoldesk::retrieval {

namespace {

std::mutex readerMutex;
PdfTextReader& installedReader() {
    static PdfTextReader reader;
    return reader;
}

PdfTextReader currentReader() {
    std::lock_guard lock(readerMutex);
    return installedReader();
}

bool hasText(std::string_view page) {
    for (char c : page)
        if (c != ' ' && c != '\t' && c != '\n' && c != '\r' && c != '\f' && c != '\v') return true;
    return false;
}

} // namespace

void setPdfTextReader(PdfTextReader reader) {
    std::lock_guard lock(readerMutex);
    installedReader() = std::move(reader);
}

bool havePdfTextReader() {
    return static_cast<bool>(currentReader());
}

PdfText pdfFileText(const std::string& name, std::string_view content, std::string& why,
                    IndexFailure* failure) {
    PdfText out;
    auto fail = [&](IndexFailure f) {
        why = f.sentence();
        if (failure) *failure = std::move(f);
        return out;
    };
    const PdfTextReader reader = currentReader();
    if (!reader) return fail({IndexFailure::kNoPdfReader, {name}});
    std::vector<std::string> pages;
    try {
        pages = reader(content);
    } catch (const std::exception& e) {
        return fail({IndexFailure::kUnreadable, {name, e.what()}});
    }
    out.pages = static_cast<int>(pages.size());
    for (size_t i = 0; i < pages.size(); ++i)
        if (!hasText(pages[i])) out.pagesWithoutText.push_back(static_cast<int>(i + 1));
    if (pages.empty()) return fail({IndexFailure::kNoPages, {name}});
    if (out.pagesWithoutText.size() == pages.size())
        return pages.size() == 1 ? fail({IndexFailure::kNoTextPage, {name}})
                                 : fail({IndexFailure::kNoTextPages, {name, std::to_string(pages.size())}});
    out.blocks = pageBlocks(pages);
    return out;
}

std::string pagesWithoutTextNote(const std::vector<int>& pages) {
    if (pages.empty()) return {};
    if (pages.size() == 1) return "page " + std::to_string(pages[0]) + " has no text — scanned?";
    constexpr size_t kNamed = 10;
    std::string s = "pages ";
    const size_t named = std::min(pages.size(), kNamed);
    for (size_t i = 0; i < named; ++i) {
        if (i > 0) s += (i + 1 == named && pages.size() <= kNamed) ? " and " : ", ";
        s += std::to_string(pages[i]);
    }
    if (pages.size() > kNamed) s += " and " + std::to_string(pages.size() - kNamed) + " more";
    return s + " have no text — scanned?";
}

} // namespace smoldesk::retrieval
