#pragma once
// Pieces shared by the HTML and the office-XML readers.
#include <string>
#include <string_view>

namespace smoldesk::retrieval {

// Decodes the character reference at text[i] == '&' (named, &#N; or &#xH;) into out and returns
// the bytes consumed; an unknown or broken reference is a literal '&' (1 byte consumed).
size_t decodeEntity(std::string_view text, size_t i, std::string& out);

} // namespace smoldesk::retrieval
