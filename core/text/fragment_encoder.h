#pragma once
// The part of a tokenizer that turns one run of plain text (special tokens already cut out) into
// ids. Each vocabulary type has its own.
#include <cstdint>
#include <string_view>
#include <vector>

namespace smoldesk::text {

class FragmentEncoder {
  public:
    virtual ~FragmentEncoder() = default;
    // `afterSpecial`: the run starts the text or follows a special token (SentencePiece puts
    // its space prefix only there).
    virtual void encode(std::string_view text, bool afterSpecial, std::vector<int32_t>& out) const = 0;
};

} // namespace smoldesk::text
