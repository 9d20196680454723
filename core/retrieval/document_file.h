#pragma once
// A document file's blocks by its format, for the library's indexer and for a chat's attached
// files alike: DOCX and ODT out of their ZIP, Markdown, HTML, source code and plain text by
// structure, PDF by pages through the reader the app installs (pdf_text.h). A file that cannot be
// read (binary, damaged, too large, a PDF without a reader) gets one sentence instead of blocks.
#include "retrieval/chunker.h"
#include "retrieval/index_failure.h"

#include <cstdint>
#include <string>
#include <vector>

namespace smoldesk::retrieval {

constexpr uintmax_t kMaxDocumentBytes = 32u << 20;

// The blocks of a file whose bytes are `content`; `why` is set (and nothing returned) when the
// file has no text that can be read. Never throws.
// `failure`, when given, gets the reason as a code too (index_failure.h).
std::vector<Block> documentFileBlocks(const std::string& path, const std::string& content, std::string& why,
                                      IndexFailure* failure = nullptr);

// Reads the file and returns its blocks; Error(Io) with the sentence when it cannot.
std::vector<Block> readDocumentBlocks(const std::string& path);

} // namespace smoldesk::retrieval
