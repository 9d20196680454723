#pragma once
// A context-free grammar over bytes, compiled from llama.cpp's GBNF syntax (see gbnf_parser.h).
// Characters of the source grammar are code points; the compiler turns every character class
// into UTF-8 byte sequences, so the matcher and the vocabulary trie deal in bytes only and a
// token that ends inside a multi-byte character needs no special case.
#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace smoldesk::grammar {

// A set of bytes (one terminal position).
struct ByteSet {
    std::array<uint64_t, 4> bits{};
    bool has(uint8_t b) const { return (bits[b >> 6] >> (b & 63)) & 1; }
    void add(uint8_t b) { bits[b >> 6] |= uint64_t(1) << (b & 63); }
    void addRange(uint8_t lo, uint8_t hi) {
        for (int b = lo; b <= hi; ++b) add(static_cast<uint8_t>(b));
    }
    bool operator==(const ByteSet&) const = default;
};

// One position of an alternative: match a byte of a set, call a rule, or the end of the
// alternative. Alternatives are stored back to back in Grammar::elements, each closed by End.
struct Element {
    enum class Kind : uint8_t { Bytes, Rule, End };
    Kind kind = Kind::End;
    uint32_t value = 0; // Bytes: index into Grammar::byteSets; Rule: rule index
};

// Token references (`<|call|>`, `<think>`, `<[200012]>` in GBNF) name one control or user-defined
// token. They match byte strings no text can contain — bytes F5–FF never occur in UTF-8 and every
// character class compiles to UTF-8 — which the vocabulary trie gives those tokens besides their
// text: FF <token text> FF and FE <decimal id> FE. So a grammar without references never allows
// a control token, and one with them allows exactly the tokens it names.
constexpr uint8_t kTokenTextMark = 0xFF;
constexpr uint8_t kTokenIdMark = 0xFE;
inline std::string tokenTextKey(std::string_view text) {
    return char(kTokenTextMark) + std::string(text) + char(kTokenTextMark);
}
inline std::string tokenIdKey(int32_t id) {
    return char(kTokenIdMark) + std::to_string(id) + char(kTokenIdMark);
}

struct Grammar {
    std::vector<Element> elements;
    std::vector<ByteSet> byteSets;
    // rules[r]: the element index where each alternative of rule r starts.
    std::vector<std::vector<uint32_t>> rules;
    std::vector<std::string> ruleNames;
    uint32_t root = 0;
};

} // namespace smoldesk::grammar
