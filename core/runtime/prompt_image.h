#pragma once
// Images in a prompt. An image's positions hold negative token ids, one id per piece (SmolVLM's
// tiles and overview, Gemma 3's one image), derived from a hash of its pixels: the same image in
// a follow-up question gives the same ids, so the session's prefix reuse (and a saved chat
// state) keeps its positions without encoding it again. The rows are computed only when a
// position of the image actually has to go through the model (PromptImage::rows).
#include "text/tokenizer.h"
#include "vision/image_embedding.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace smoldesk::runtime {

// llama.cpp's media marker: where a prompt's text puts an image.
inline constexpr std::string_view kMediaMarker = "<__media__>";
// A prompt without images takes kMediaMarker as plain text; in a prompt with images it marks their
// places, so a message that holds it as text is refused with this sentence (CLI, API server and
// app alike) rather than the count of markers against images.
inline constexpr std::string_view kMediaMarkerInText =
    "The message holds the text <__media__>, which marks an image's place in a conversation with images; "
    "remove it from the message.";
// How often kMediaMarker occurs in text.
size_t countMediaMarkers(std::string_view text);

inline bool isImageToken(int32_t id) {
    return id < 0;
}

struct PromptImage {
    uint64_t key = 0;              // the pixels' hash (imageKey)
    vision::ImageEmbedding layout; // markers, pieces and tokens per piece; rows filled by rows()
    // Gemma 3: the image's tokens attend to each other both ways (libmtmd decodes them non-causal).
    bool bidirectional = false;
    // Computes layout.pieces × tokensPerPiece rows of the text model's width; called once.
    std::function<std::vector<float>()> encode;

    // The id every position of piece p holds.
    int32_t pieceToken(int piece) const;
    // The rows, encoded on first use.
    const std::vector<float>& rows();
};

// A hash of an image's size and pixels (64-bit FNV-1a over the RGB bytes).
uint64_t imageKey(int width, int height, std::span<const uint8_t> rgb);

// Tokenizes text that holds one kMediaMarker per image: the text between markers as usual
// (addBos for the first part only, control tokens parsed), each image as its markers (tokenized
// with control tokens, as libmtmd does) around its pieces' positions. Inside `literal` (byte ranges
// of text, sorted: the messages' own texts) control tokens stay text, as Tokenizer::encode does.
// Without images the marker is plain text. Error in one sentence when the markers and the images do
// not pair up (kMediaMarkerInText when the text holds more markers than there are images).
std::vector<int32_t> tokenizeWithImages(const text::Tokenizer& tokenizer, std::string_view text, bool addBos,
                                        std::span<const std::shared_ptr<PromptImage>> images,
                                        std::span<const text::Tokenizer::ByteRange> literal = {});

} // namespace smoldesk::runtime
