// Packing blocks into chunks of about ChunkOptions::targetTokens. A block that fits goes in whole
// (a code block is never split unless it alone is over the target); a larger one is cut at its
// lines, and a line over the target at spaces (or, for text without spaces, at UTF-8 boundaries).
// The next chunk of the same section starts with the previous chunk's last pieces, up to
// overlapTokens, so a passage cut at a boundary is still found whole in one of the two.
#include "chunker.h"

#include <algorithm>
#include <optional>

namespace smoldesk::retrieval {

namespace {

struct Piece {
    std::string text;
    int lineBegin = 0, lineEnd = 0;
    int tokens = 0;
    bool newBlock = false; // joined to the piece before by a blank line, not a newline
};

// Cuts `s` into parts of at most `target` tokens: at spaces, else at UTF-8 boundaries.
void cutLong(std::string_view s, int line, const TokenCounter& count, int target, std::vector<Piece>& out) {
    while (!s.empty()) {
        size_t n = s.size();
        int tokens = count(s);
        while (tokens > target && n > 1) {
            size_t cut = s.rfind(' ', n / 2);
            if (cut == std::string_view::npos || cut == 0) {
                cut = n / 2;
                while (cut > 1 && (static_cast<unsigned char>(s[cut]) & 0xC0) == 0x80) --cut;
            }
            n = cut;
            tokens = count(s.substr(0, n));
        }
        out.push_back({std::string(s.substr(0, n)), line, line, tokens, false});
        s.remove_prefix(n);
        while (!s.empty() && s.front() == ' ') s.remove_prefix(1);
    }
}

std::vector<Piece> piecesOf(const Block& b, const TokenCounter& count, int target) {
    std::vector<Piece> pieces;
    const int tokens = count(b.text);
    if (tokens <= target) {
        pieces.push_back({b.text, b.lineBegin, b.lineEnd, tokens, true});
        return pieces;
    }
    // One piece per line, numbered from the block's first line (when the block's lines are the
    // source's: HTML's collapsed text has fewer lines, so the numbers stop at its last line).
    size_t start = 0;
    int line = b.lineBegin;
    while (start <= b.text.size()) {
        size_t end = b.text.find('\n', start);
        if (end == std::string::npos) end = b.text.size();
        const std::string_view l = std::string_view(b.text).substr(start, end - start);
        const int n = line < b.lineEnd ? line : b.lineEnd;
        if (!l.empty()) {
            const int t = count(l);
            if (t <= target)
                pieces.push_back({std::string(l), n, n, t, false});
            else
                cutLong(l, n, count, target, pieces);
        }
        ++line;
        if (end == b.text.size()) break;
        start = end + 1;
    }
    if (!pieces.empty()) pieces.front().newBlock = true;
    return pieces;
}

struct Packer {
    const ChunkOptions& options;
    const TokenCounter& count;
    std::vector<Chunk> chunks;
    std::vector<Piece> current;
    int tokens = 0;
    std::string heading;
    int page = 0;

    void emit() {
        if (current.empty()) return;
        Chunk c;
        c.page = page;
        c.headingPath = heading;
        c.lineBegin = current.front().lineBegin;
        c.lineEnd = current.front().lineEnd;
        for (size_t i = 0; i < current.size(); ++i) {
            if (i) c.text += current[i].newBlock ? "\n\n" : "\n";
            c.text += current[i].text;
            c.lineBegin = std::min(c.lineBegin, current[i].lineBegin);
            c.lineEnd = std::max(c.lineEnd, current[i].lineEnd);
        }
        c.tokens = tokens;
        chunks.push_back(std::move(c));
    }
    // Ends the chunk; keeps its tail (whole pieces, up to overlapTokens) to start the next one.
    void cut(bool overlap) {
        emit();
        size_t keep = current.size();
        int kept = 0;
        while (overlap && keep > 1 && kept + current[keep - 1].tokens <= options.overlapTokens)
            kept += current[--keep].tokens;
        if (!overlap) keep = current.size(), kept = 0;
        // No whole piece fits the overlap (prose paragraphs rarely do): carry the last piece's
        // final words instead.
        std::optional<Piece> tail;
        if (overlap && keep == current.size() && !current.empty()) tail = lastWords(current.back());
        current.erase(current.begin(), current.begin() + static_cast<std::ptrdiff_t>(keep));
        if (tail) current.push_back(std::move(*tail)), kept = current.back().tokens;
        tokens = kept;
    }
    // The longest run of whole words at the end of `p` within overlapTokens (nullopt: none).
    std::optional<Piece> lastWords(const Piece& p) const {
        std::optional<Piece> best;
        size_t start = p.text.size();
        for (int step = 0; step < 64 && start > 0; ++step) {
            const size_t space = p.text.find_last_of(" \n\t", start - 1);
            if (space == std::string::npos || space == 0) break;
            const std::string_view suffix = std::string_view(p.text).substr(space + 1);
            const int t = count(suffix);
            if (t > options.overlapTokens) break;
            if (!suffix.empty() && t > 0) {
                const auto newlines = std::count(suffix.begin(), suffix.end(), '\n');
                best =
                    Piece{std::string(suffix), std::max(p.lineBegin, p.lineEnd - static_cast<int>(newlines)),
                          p.lineEnd, t, true};
            }
            start = space;
        }
        return best;
    }
    void add(Piece p) {
        if (!current.empty() && tokens + p.tokens > options.targetTokens) {
            cut(true);
            if (tokens + p.tokens > options.targetTokens) current.clear(), tokens = 0;
        }
        tokens += p.tokens;
        current.push_back(std::move(p));
    }
};

} // namespace

std::vector<Chunk> packChunks(const std::vector<Block>& blocks, const TokenCounter& count,
                              const ChunkOptions& options) {
    ChunkOptions o = options;
    if (o.targetTokens < 1) o.targetTokens = 1;
    if (o.overlapTokens < 0 || o.overlapTokens >= o.targetTokens) o.overlapTokens = o.targetTokens / 4;
    Packer packer{o, count, {}, {}, 0, {}, 0};
    for (const Block& b : blocks) {
        if (b.headingPath != packer.heading || b.page != packer.page) {
            packer.cut(false);
            packer.heading = b.headingPath;
            packer.page = b.page;
        }
        for (Piece& p : piecesOf(b, count, o.targetTokens)) packer.add(std::move(p));
    }
    packer.emit();
    return std::move(packer.chunks);
}

} // namespace smoldesk::retrieval
