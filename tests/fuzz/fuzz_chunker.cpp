// The document chunker's parsers (Markdown, HTML, source code, plain text and pages) on any
// bytes: the first byte picks the format, the rest is the document. Every chunk must stay within
// the target (or be a single piece the counter could not cut) and have a sane line range.
// The same bytes are also read as a stored index failure (files.reason, index_failure.h): decoding
// any text never fails badly and re-encoding what it gives is stable.
#include "retrieval/chunker.h"
#include "retrieval/index_failure.h"

#include <cstdint>
#include <cstdlib>
#include <string>

using namespace smoldesk::retrieval;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    if (size == 0) return 0;
    const std::string text(reinterpret_cast<const char*>(data) + 1, size - 1);
    if (const auto failure = IndexFailure::decode(text)) {
        const auto again = IndexFailure::decode(failure->encode());
        if (!again || again->encode() != failure->encode() || failure->encode() != text) std::abort();
        if (failure->sentence().empty()) std::abort();
    }
    std::vector<Block> blocks;
    switch (data[0] % 5) {
    case 0:
        blocks = markdownBlocks(text);
        break;
    case 1:
        blocks = htmlBlocks(text);
        break;
    case 2:
        blocks = codeBlocks(text);
        break;
    case 3:
        blocks = plainTextBlocks(text);
        break;
    default:
        blocks = pageBlocks({text.substr(0, text.size() / 2), text.substr(text.size() / 2)});
        break;
    }
    // Bytes / 4 as tokens: a counter that is cheap, monotone and can be cut by the packer.
    const TokenCounter count = [](std::string_view s) { return static_cast<int>((s.size() + 3) / 4); };
    for (const Chunk& c : packChunks(blocks, count, {16, 4})) {
        if (c.lineBegin > c.lineEnd || c.lineBegin < 0) std::abort();
        if (c.tokens > 16 && c.text.size() > 4) std::abort();
    }
    return 0;
}
