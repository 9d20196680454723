// Image token ids, the pixels' hash and the prompt tokenization around media markers.
#include "runtime/prompt_image.h"

#include "common/error.h"

#include <algorithm>

namespace smoldesk::runtime {

int32_t PromptImage::pieceToken(int piece) const {
    // splitmix64 of the key and the piece; 30 bits, so the id stays well inside int32's negatives.
    uint64_t z = key + 0x9e3779b97f4a7c15ull * static_cast<uint64_t>(piece + 1);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    z ^= z >> 31;
    return -1 - static_cast<int32_t>(z & 0x3fffffffu);
}

const std::vector<float>& PromptImage::rows() {
    if (layout.rows.empty()) {
        if (!encode) throw Error(ErrorCode::InvalidArgument, "The image has no encoder to compute its rows.");
        layout.rows = encode();
        encode = nullptr; // drops the pixels it held: the rows are all a prompt needs from now on
    }
    return layout.rows;
}

uint64_t imageKey(int width, int height, std::span<const uint8_t> rgb) {
    uint64_t h = 0xcbf29ce484222325ull;
    const auto mix = [&h](uint8_t b) {
        h ^= b;
        h *= 0x100000001b3ull;
    };
    for (int v : {width, height})
        for (int i = 0; i < 4; ++i) mix(static_cast<uint8_t>(static_cast<uint32_t>(v) >> (8 * i)));
    for (uint8_t b : rgb) mix(b);
    return h;
}

size_t countMediaMarkers(std::string_view text) {
    size_t n = 0;
    for (size_t m = text.find(kMediaMarker); m != std::string_view::npos; m = text.find(kMediaMarker, m + 1))
        ++n;
    return n;
}

std::vector<int32_t> tokenizeWithImages(const text::Tokenizer& tokenizer, std::string_view text, bool addBos,
                                        std::span<const std::shared_ptr<PromptImage>> images,
                                        std::span<const text::Tokenizer::ByteRange> literal) {
    std::vector<int32_t> out;
    // A part of text, with the literal ranges that fall in it moved to its own offsets.
    const auto appendText = [&](size_t begin, size_t end, bool bos) {
        std::vector<text::Tokenizer::ByteRange> ranges;
        for (const text::Tokenizer::ByteRange& r : literal)
            if (r.end > begin && r.begin < end)
                ranges.push_back({std::max(r.begin, begin) - begin, std::min(r.end, end) - begin});
        const std::vector<int32_t> ids = tokenizer.encode(text.substr(begin, end - begin), bos, true, ranges);
        out.insert(out.end(), ids.begin(), ids.end());
    };
    const auto append = [&](std::string_view marker) {
        const std::vector<int32_t> ids = tokenizer.encode(marker, false, true);
        out.insert(out.end(), ids.begin(), ids.end());
    };
    if (images.empty()) { // without images the marker is text like any other
        appendText(0, text.size(), addBos);
        return out;
    }
    const size_t markers = countMediaMarkers(text);
    if (markers > images.size()) throw Error(ErrorCode::InvalidArgument, std::string(kMediaMarkerInText));
    if (markers != images.size())
        throw Error(ErrorCode::InvalidArgument, "The prompt has " + std::to_string(markers) +
                                                    " image marker" + (markers == 1 ? "" : "s") + " (" +
                                                    std::string(kMediaMarker) + ") but " +
                                                    std::to_string(images.size()) + " image" +
                                                    (images.size() == 1 ? " is" : "s are") + " attached.");
    size_t at = 0;
    for (const std::shared_ptr<PromptImage>& image : images) {
        const size_t m = text.find(kMediaMarker, at);
        appendText(at, m, addBos && at == 0);
        at = m + kMediaMarker.size();
        const vision::ImageEmbedding& l = image->layout;
        for (int p = 0; p < l.pieces; ++p) {
            append(l.markers[static_cast<size_t>(p)]);
            out.insert(out.end(), static_cast<size_t>(l.tokensPerPiece), image->pieceToken(p));
        }
        append(l.markers.back());
    }
    appendText(at, text.size(), addBos && at == 0);
    return out;
}

} // namespace smoldesk::runtime
