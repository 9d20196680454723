#include "text/byte_encoding.h"

#include "common/utf8.h"

#include <array>

namespace smoldesk::text {

namespace {

struct ByteTables {
    std::array<std::string, 256> encoded;
    std::array<int16_t, 324> decoded; // code point (< 0x144) -> byte, -1 when none

    ByteTables() {
        decoded.fill(-1);
        int next = 256;
        for (int b = 0; b < 256; ++b) {
            const bool printable = (b >= 33 && b <= 126) || (b >= 161 && b <= 172) || (b >= 174 && b <= 255);
            const uint32_t cp = printable ? static_cast<uint32_t>(b) : static_cast<uint32_t>(next++);
            appendUtf8(encoded[b], cp);
            decoded[cp] = static_cast<int16_t>(b);
        }
    }
};

const ByteTables& tables() {
    static const ByteTables t;
    return t;
}

} // namespace

std::string_view byteToUnicode(uint8_t byte) {
    return tables().encoded[byte];
}

void appendByteEncoded(std::string& out, std::string_view raw) {
    const auto& enc = tables().encoded;
    for (char c : raw) out += enc[static_cast<uint8_t>(c)];
}

std::string byteDecode(std::string_view encoded) {
    const auto& dec = tables().decoded;
    std::string out;
    out.reserve(encoded.size());
    size_t i = 0;
    while (i < encoded.size()) {
        size_t len = 0;
        const Utf8Prefix kind = classifyUtf8Prefix(encoded.substr(i), len);
        if (kind != Utf8Prefix::Complete) { // malformed vocab string: keep its bytes
            out.append(encoded.substr(i, len));
            i += len;
            continue;
        }
        uint32_t cp = static_cast<uint8_t>(encoded[i]);
        if (len == 2) cp = ((cp & 0x1Fu) << 6) | (static_cast<uint8_t>(encoded[i + 1]) & 0x3Fu);
        if (len <= 2 && cp < dec.size() && dec[cp] >= 0) {
            out.push_back(static_cast<char>(dec[cp]));
        } else {
            out.append(encoded.substr(i, len));
        }
        i += len;
    }
    return out;
}

} // namespace smoldesk::text
