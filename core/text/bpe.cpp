#include "text/bpe.h"

#include "common/error.h"
#include "gguf/file.h"
#include "text/byte_encoding.h"
#include "common/utf8.h"
#include "text/vocab.h"

#include <algorithm>

namespace smoldesk::text {

namespace {

// Heap order: the candidate with the lowest rank, then the leftmost one, is on top.
bool laterCandidate(const auto& a, const auto& b) {
    return a.rank != b.rank ? a.rank > b.rank : a.left > b.left;
}

} // namespace

BpeEncoder::BpeEncoder(const Vocab& vocab, const gguf::File& file)
    : vocab_(vocab), preTokenizer_(vocab.preName()), vocabSize_(vocab.size()) {
    const gguf::Value* merges = file.getArray("tokenizer.ggml.merges", gguf::ValueType::String);
    if (!merges)
        throw Error(ErrorCode::MissingKey, "The BPE vocabulary has no merges (tokenizer.ggml.merges).");

    merges_.reserve(merges->size());
    std::string joined;
    for (size_t rank = 0; rank < merges->size(); ++rank) {
        std::string_view line = merges->stringAt(rank);
        // Split at the first space after the first byte, as llama.cpp does ("Ġ Ġ" has two).
        const size_t space = line.find(' ', 1);
        if (space == std::string_view::npos) continue;
        const std::string_view left = line.substr(0, space), right = line.substr(space + 1);
        const int32_t leftId = internSymbol(left), rightId = internSymbol(right);
        joined.assign(left);
        joined += right;
        const int32_t resultId = internSymbol(joined);
        merges_.insert(leftId, rightId, Merge{static_cast<int32_t>(rank), resultId});
    }

    for (int b = 0; b < 256; ++b) {
        byteSymbol_[b] = symbolId(byteToUnicode(static_cast<uint8_t>(b)));
        singleByteToken_[b] = vocab.find(std::string(1, static_cast<char>(b))).value_or(-1);
    }
}

int32_t BpeEncoder::symbolId(std::string_view text) const {
    if (auto id = vocab_.find(text)) return *id;
    auto it = extraIndex_.find(text);
    return it == extraIndex_.end() ? -1 : it->second;
}

int32_t BpeEncoder::internSymbol(std::string_view text) {
    if (int32_t id = symbolId(text); id >= 0) return id;
    const int32_t id = vocabSize_ + static_cast<int32_t>(extraSymbols_.size());
    extraSymbols_.emplace_back(text);
    extraIndex_.emplace(extraSymbols_.back(), id);
    return id;
}

void BpeEncoder::encode(std::string_view text, bool, std::vector<int32_t>& out) const {
    // llama.cpp reads the text as code points first, so invalid bytes become U+FFFD.
    const std::string clean = sanitizeUtf8(text);
    std::vector<std::pair<size_t, size_t>> words;
    preTokenizer_.split(clean, words);
    Workspace ws;
    for (const auto& [offset, length] : words) {
        const std::string_view raw = std::string_view(clean).substr(offset, length);
        if (preTokenizer_.ignoreMerges()) {
            ws.encoded.clear();
            appendByteEncoded(ws.encoded, raw);
            if (auto id = vocab_.find(ws.encoded)) {
                out.push_back(*id);
                continue;
            }
        }
        encodeWord(raw, ws, out);
    }
}

void BpeEncoder::pushCandidate(Workspace& ws, int32_t left, int32_t right) const {
    if (left < 0 || right < 0) return;
    const int32_t leftId = ws.symbols[left].id, rightId = ws.symbols[right].id;
    if (leftId < 0 || rightId < 0) return;
    const Merge* merge = merges_.find(leftId, rightId);
    if (!merge) return;
    ws.heap.push_back({merge->rank, left, right, leftId, rightId, merge->result});
    std::push_heap(ws.heap.begin(), ws.heap.end(),
                   [](const Candidate& a, const Candidate& b) { return laterCandidate(a, b); });
}

void BpeEncoder::encodeWord(std::string_view raw, Workspace& ws, std::vector<int32_t>& out) const {
    // Every byte starts as the symbol of its GPT-2 character; merges only ever join neighbours.
    const int32_t n = static_cast<int32_t>(raw.size());
    auto& syms = ws.symbols;
    syms.clear();
    for (int32_t i = 0; i < n; ++i)
        syms.push_back({byteSymbol_[static_cast<uint8_t>(raw[i])], static_cast<uint32_t>(i), 1, i - 1,
                        i + 1 < n ? i + 1 : -1});

    const auto later = [](const Candidate& a, const Candidate& b) { return laterCandidate(a, b); };
    ws.heap.clear();
    for (int32_t i = 1; i < n; ++i) pushCandidate(ws, i - 1, i);
    while (!ws.heap.empty()) {
        std::pop_heap(ws.heap.begin(), ws.heap.end(), later);
        const Candidate c = ws.heap.back();
        ws.heap.pop_back();
        Symbol& left = syms[c.left];
        Symbol& right = syms[c.right];
        // Stale: one side was merged into something else since this pair was queued.
        if (left.length == 0 || right.length == 0 || left.id != c.leftId || right.id != c.rightId ||
            left.next != c.right)
            continue;
        left.id = c.result;
        left.length += right.length;
        right.length = 0;
        left.next = right.next;
        if (right.next >= 0) syms[right.next].prev = c.left;
        pushCandidate(ws, left.prev, c.left);
        pushCandidate(ws, c.left, left.next);
    }

    for (int32_t i = n > 0 ? 0 : -1; i != -1; i = syms[i].next) {
        const Symbol& s = syms[i];
        if (s.id >= 0 && s.id < vocabSize_) {
            out.push_back(s.id);
            continue;
        }
        // Not a token: llama.cpp looks up each byte of the symbol's byte-level text on its own.
        ws.encoded.clear();
        appendByteEncoded(ws.encoded, raw.substr(s.start, s.length));
        for (char ch : ws.encoded)
            if (int32_t t = singleByteToken_[static_cast<uint8_t>(ch)]; t >= 0) out.push_back(t);
    }
}

} // namespace smoldesk::text
