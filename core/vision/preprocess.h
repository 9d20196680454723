#pragma once
// Image preprocessing for the vision encoder, exactly as llama.cpp's libmtmd does it, on decoded
// RGB8 pixels (decoding is the app's job, with Qt). Qt-free.
#include "vision/mmproj.h"

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace smoldesk::vision {

// Decoded pixels: width × height RGB triples, row-major, top row first.
struct RgbImage {
    int width = 0, height = 0;
    std::vector<uint8_t> rgb;
};

// Images larger than this on either side are refused before any work (a 16384² image is already
// 768 MiB of RGB).
constexpr int kMaxImageSide = 16384;

// Checks an image's size and buffer; Error in one sentence for an empty, huge or short image.
void checkImage(const RgbImage& image);

// The planar float tensor the encoder reads: (v / 255 - mean[c]) / std[c] for every channel c,
// [3][height][width], llama.cpp's normalisation (clip_image_f32 before encoding).
std::vector<float> normalize(const RgbImage& image, const VisionParams& p);

// SmolVLM's input for one image, as llama.cpp's idefics3 preprocessor makes it: the image resized
// (aspect kept) so its longest edge is p.longestEdge, each side rounded up to a multiple of
// p.imageSize (bicubic, centred on black), cut into rows × cols tiles of imageSize², plus the
// whole image resized to imageSize² (the overview, bilinear and stretched). Every image is 3 × imageSize²
// floats.
struct Idefics3Input {
    int rows = 0, cols = 0;
    std::vector<std::vector<float>> tiles; // row-major
    std::vector<float> overview;
};
Idefics3Input preprocessIdefics3(const RgbImage& image, const VisionParams& p);
// The tile grid preprocessIdefics3 cuts an image of this size into (from its size alone).
struct TileGrid {
    int rows = 0, cols = 0;
};
TileGrid idefics3Grid(int width, int height, const VisionParams& p);

// Gemma 3's input for one image, as llama.cpp makes it: the whole image resized bilinear with its
// aspect kept into imageSize² and centred on black (one image, no tiles).
std::vector<float> preprocessGemma3(const RgbImage& image, const VisionParams& p);
// The text llama.cpp puts before and after a Gemma 3 image's tokens.
inline const char* const kGemma3ImageStart = "<start_of_image>";
inline const char* const kGemma3ImageEnd = "<end_of_image>";

// The text llama.cpp puts around the image's tokens, in its order: markers[i] precedes the
// i-th image (the tiles row by row, then the overview) and markers.back() follows the overview:
//   <fake_token_around_image><row_R_col_C> before each tile ("\n" first when a row starts),
//   "\n\n<fake_token_around_image><global-img>" before the overview,
//   "<fake_token_around_image>" after it.
std::vector<std::string> idefics3Markers(int rows, int cols);

} // namespace smoldesk::vision
