#pragma once
// Documents to chunks for the library's search: each format is read by its structure (Markdown
// headings, paragraphs and fenced code; HTML headings and block tags; source code at top-level
// definitions; pages of a PDF) into blocks, and blocks are packed into chunks of a few hundred
// tokens with some overlap. A chunk keeps where it came from (page, line range, heading path) so
// that a search result can cite it, and what is embedded is the heading path above the text.
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace smoldesk::retrieval {

enum class DocFormat { Markdown, PlainText, Html, Code };

// The format a file's name says (by extension, case-insensitive); nullopt for names we do not know.
std::optional<DocFormat> formatForPath(std::string_view path);

// A piece of a document, in the document's own words, before packing.
struct Block {
    int page = 0;      // 1-based for paged documents, 0 otherwise
    int lineBegin = 0; // 1-based, inclusive (within the page for paged documents)
    int lineEnd = 0;
    std::string headingPath; // "Title > Section > Subsection"
    std::string text;
    bool keepWhole = false; // a code block: split only when it alone is over the target
};

struct Chunk {
    int page = 0;
    int lineBegin = 0;
    int lineEnd = 0;
    std::string headingPath;
    std::string text;
    int tokens = 0; // as counted while packing (the sum over its pieces)
    // What the embedding model reads: the heading path, a blank line, the text.
    std::string embedText() const { return headingPath.empty() ? text : headingPath + "\n\n" + text; }
};

struct ChunkOptions {
    int targetTokens = 256; // a chunk grows up to this many tokens
    int overlapTokens = 32; // the tail of a chunk repeated at the head of the next one in its section
};

// Tokens in a text, as the embedding model counts them (without its special tokens).
using TokenCounter = std::function<int(std::string_view)>;

// Blocks by format. Never throw on any input (the parsers are fuzzed).
std::vector<Block> markdownBlocks(std::string_view text);
std::vector<Block> plainTextBlocks(std::string_view text, int page = 0);
std::vector<Block> codeBlocks(std::string_view text);
std::vector<Block> htmlBlocks(std::string_view html);
// Pre-extracted page texts (a PDF: one string per page): paragraphs with their 1-based page.
std::vector<Block> pageBlocks(const std::vector<std::string>& pages);
std::vector<Block> documentBlocks(std::string_view content, DocFormat format);

// Packs blocks into chunks: a chunk never spans two heading paths or two pages.
std::vector<Chunk> packChunks(const std::vector<Block>& blocks, const TokenCounter& count,
                              const ChunkOptions& options = {});

} // namespace smoldesk::retrieval
