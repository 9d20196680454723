#pragma once
// A context-free grammar over bytes, compiled from llama.cpp's GBNF syntax (see gbnf_parser.h).
// Characters of the source grammar are code points; the compiler turns every character class
// into UTF-8 byte sequences, so the matcher and the vocabulary trie deal in bytes only and a
// token that ends inside a multi-byte character needs no special case.
#include <array>
#include <cstdint>
#include <string>
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

struct Grammar {
    std::vector<Element> elements;
    std::vector<ByteSet> byteSets;
    // rules[r]: the element index where each alternative of rule r starts.
    std::vector<std::vector<uint32_t>> rules;
    std::vector<std::string> ruleNames;
    uint32_t root = 0;
};

} // namespace smoldesk::grammar
