// The codebooks as one array of 32-bit words for the GPU, in the order iq_grids.cpp declares
// them (shaders/grids_glsl.cmake derives the shaders' offsets from that same order).
#include "quant/iq_grids.h"

#include <iterator>

namespace smoldesk::quant::grids {

namespace {

template <size_t N> void appendWords(std::vector<uint32_t>& out, const uint64_t (&table)[N]) {
    for (uint64_t entry : table) {
        out.push_back(static_cast<uint32_t>(entry));
        out.push_back(static_cast<uint32_t>(entry >> 32));
    }
}
template <size_t N> void appendWords(std::vector<uint32_t>& out, const uint32_t (&table)[N]) {
    out.insert(out.end(), std::begin(table), std::end(table));
}

} // namespace

std::vector<uint32_t> codebookWords() {
    std::vector<uint32_t> words;
    appendWords(words, kIq2xxs);
    appendWords(words, kIq2xs);
    appendWords(words, kIq2s);
    appendWords(words, kIq3xxs);
    appendWords(words, kIq3s);
    appendWords(words, kIq1s);
    return words;
}

} // namespace smoldesk::quant::grids
