#pragma once
// How a passage of a document reads in the prompt and in a citation: a numbered label with the
// file's name, page, heading path and lines ("[2] manual.md, page 3, Setup > Wi-Fi, lines 10-18"),
// a short one-line snippet, and the sources as JSON for the command line and the API.
#include "retrieval/library_index.h"

#include <string>
#include <string_view>
#include <vector>

namespace smoldesk::grounding {

// One source the answer may cite: where it is, and a snippet of what the model read there.
struct Source {
    int number = 0; // [n] as the model sees it, from 1
    std::string file;
    int page = 0;      // 1-based for paged documents, 0 otherwise
    int lineBegin = 0; // 1-based (paragraphs for DOCX/ODT), 0 when the whole file was read
    int lineEnd = 0;
    std::string heading;
    std::string snippet;
    double score = 0; // the search's fused score; 0 for a whole document
    bool whole = false;
};

// The file's last path component.
std::string fileName(std::string_view path);
// Text on one line (newlines and runs of blanks as one space), cut at `maxBytes` on a character
// boundary with "…".
std::string snippetOf(std::string_view text, size_t maxBytes = 240);
// "[n] name, page P, Heading > Path, lines A-B" (parts that are absent left out).
std::string sourceLabel(const Source& s);
// A search hit as a source numbered n.
Source sourceOf(const retrieval::SearchHit& hit, int number);
// [{"number", "file", "page" (null when none), "line", "line_end", "heading", "snippet", "score"}]
std::string sourcesJson(const std::vector<Source>& sources);

} // namespace smoldesk::grounding
