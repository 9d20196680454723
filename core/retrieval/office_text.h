#pragma once
// Text from word-processor files for the library: DOCX (word/document.xml) and ODT (content.xml)
// read out of their ZIP container, as blocks with the heading path their heading styles give. A
// block's "line" is its paragraph number in the document (these formats have no lines).
#include "retrieval/chunker.h"

#include <string_view>
#include <vector>

namespace smoldesk::retrieval {

// Blocks from the XML itself (never throw).
std::vector<Block> docxBlocks(std::string_view documentXml);
std::vector<Block> odtBlocks(std::string_view contentXml);
// From the archive's bytes: Error(Corrupt) for a damaged archive or one without the document part.
std::vector<Block> docxFileBlocks(std::string_view zipBytes);
std::vector<Block> odtFileBlocks(std::string_view zipBytes);

} // namespace smoldesk::retrieval
