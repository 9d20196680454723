#pragma once
// SHA-256 of a byte string (FIPS 180-4), as lowercase hex: the library's content hash, so that a
// renamed or moved file is recognised and not embedded again.
#include <string>
#include <string_view>

namespace smoldesk::retrieval {

std::string sha256Hex(std::string_view data);

} // namespace smoldesk::retrieval
