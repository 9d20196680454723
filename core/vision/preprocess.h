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

} // namespace smoldesk::vision
