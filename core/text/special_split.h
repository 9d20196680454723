#pragma once
// Cuts special tokens out of the text before the real tokenizer runs, exactly in llama.cpp's
// order: token by token, longest text first, each one split out of every remaining text run.
#include <cstdint>
#include <string_view>
#include <vector>

namespace smoldesk::text {

class Vocab;

struct Fragment {
    int32_t token = -1; // a special token, or -1 for a run of plain text
    size_t offset = 0;  // text run: byte range in the input
    size_t length = 0;
};

// CONTROL and UNKNOWN tokens are matched only when parseSpecial is set; USER_DEFINED always.
std::vector<Fragment> splitSpecialTokens(const Vocab& vocab, std::string_view text, bool parseSpecial);

} // namespace smoldesk::text
