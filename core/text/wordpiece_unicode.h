#pragma once
// The character facts the WordPiece pre-tokenizer needs (BERT's basic tokenizer as llama.cpp runs
// it): whether a code point is whitespace, a control or format character, punctuation, a combining
// mark or a CJK ideograph; its lowercase; and its canonical decomposition without combining marks
// (accent stripping). The tables are generated from Unicode 14 by gen_wordpiece_unicode.py.
#include <cstdint>
#include <vector>

namespace smoldesk::text::wordpiece {

enum class CharClass : uint8_t { Other, Whitespace, Control, Punctuation, Mark };

CharClass classify(uint32_t cp);
// A word of its own: punctuation, an ASCII symbol ($ + < = > ^ ` | ~) or a CJK ideograph.
bool standsAlone(uint32_t cp);
uint32_t toLower(uint32_t cp);
// Appends cp's canonical decomposition with the combining marks (Mn) dropped: "é" gives "e", a
// lone combining mark gives nothing, a Hangul syllable its jamo.
void appendStripped(uint32_t cp, std::vector<uint32_t>& out);

} // namespace smoldesk::text::wordpiece
