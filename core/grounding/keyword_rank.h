#pragma once
// Keyword ranking of a few attached files' passages, in memory: Okapi BM25 (k1 = 1.2, b = 0.75,
// FTS5's constants) over lower-cased words. The library's own search runs in SQLite's FTS5; files
// attached to one chat are not worth a database, and they are small.
#include <string>
#include <string_view>
#include <vector>

namespace smoldesk::grounding {

// Lower-cased words: runs of letters and digits, UTF-8 characters included ("Äpfel" is one word,
// "äpfel"), split at ASCII punctuation and at the common non-ASCII punctuation and spaces (curly
// quotes, dashes, ellipsis, no-break space); capitals folded in Latin, Greek and Cyrillic.
std::vector<std::string> words(std::string_view text);

// (index into `passages`, BM25 score), best first, passages without any query word left out;
// ties keep the passages' order. At most `top`.
std::vector<std::pair<size_t, double>> bm25Rank(std::string_view query,
                                                const std::vector<std::string>& passages, size_t top);

} // namespace smoldesk::grounding
