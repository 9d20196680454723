// llama.cpp-exact image preprocessing: normalisation (and, for idefics3, the tiling that
// the encoder's callers lay out).
#include "vision/preprocess.h"

#include "common/error.h"
#include "vision/resize.h"

#include <algorithm>
#include <cmath>

namespace smoldesk::vision {

void checkImage(const RgbImage& image) {
    if (image.width <= 0 || image.height <= 0) throw Error(ErrorCode::InvalidArgument, "The image is empty.");
    if (image.width > kMaxImageSide || image.height > kMaxImageSide)
        throw Error(ErrorCode::InvalidArgument, "The image is " + std::to_string(image.width) + "x" +
                                                    std::to_string(image.height) +
                                                    " pixels; SmolDesk reads images up to " +
                                                    std::to_string(kMaxImageSide) + " pixels on a side.");
    if (image.rgb.size() != static_cast<size_t>(image.width) * static_cast<size_t>(image.height) * 3)
        throw Error(ErrorCode::InvalidArgument, "The image's pixel buffer does not match its size.");
}

std::vector<float> normalize(const RgbImage& image, const VisionParams& p) {
    checkImage(image);
    const size_t plane = static_cast<size_t>(image.width) * static_cast<size_t>(image.height);
    std::vector<float> chw(3 * plane);
    for (size_t i = 0; i < plane; ++i)
        for (size_t c = 0; c < 3; ++c)
            chw[c * plane + i] = (static_cast<float>(image.rgb[i * 3 + c]) / 255.0f - p.mean[c]) / p.std[c];
    return chw;
}

namespace {

// llama.cpp's calc_size_preserved_ratio: scale to the longest edge, round each side up to align.
int alignedSide(int side, float scale, int align) {
    const float scaled = static_cast<float>(side) * scale;
    return static_cast<int>(std::ceil(scaled / static_cast<float>(align))) * align;
}

} // namespace

TileGrid idefics3Grid(int width, int height, const VisionParams& p) {
    const float scale = std::min(static_cast<float>(p.longestEdge) / static_cast<float>(width),
                                 static_cast<float>(p.longestEdge) / static_cast<float>(height));
    return {alignedSide(height, scale, p.imageSize) / p.imageSize,
            alignedSide(width, scale, p.imageSize) / p.imageSize};
}

Idefics3Input preprocessIdefics3(const RgbImage& image, const VisionParams& p) {
    checkImage(image);
    const int s = p.imageSize;
    const TileGrid grid = idefics3Grid(image.width, image.height, p);
    const int width = grid.cols * s, height = grid.rows * s;
    Idefics3Input in;
    in.cols = grid.cols;
    in.rows = grid.rows;
    const RgbImage refined = resizePadded(image, width, height, Filter::Bicubic);
    for (int y = 0; y < height; y += s)
        for (int x = 0; x < width; x += s) in.tiles.push_back(normalize(crop(refined, x, y, s, s), p));
    const RgbImage overview = resizeBilinear(image, s, s); // bilinear here, as llama.cpp does
    in.overview = normalize(overview, p);
    return in;
}

std::vector<float> preprocessGemma3(const RgbImage& image, const VisionParams& p) {
    checkImage(image);
    // Bilinear inside the padding here (bicubic gives cosine 0.9995 against llama.cpp, stretching 0.90).
    return normalize(resizePadded(image, p.imageSize, p.imageSize, Filter::Bilinear), p);
}

std::vector<std::string> idefics3Markers(int rows, int cols) {
    std::vector<std::string> markers;
    for (int r = 1; r <= rows; ++r)
        for (int c = 1; c <= cols; ++c)
            markers.push_back(std::string(r > 1 && c == 1 ? "\n" : "") + "<fake_token_around_image><row_" +
                              std::to_string(r) + "_col_" + std::to_string(c) + ">");
    markers.push_back("\n\n<fake_token_around_image><global-img>");
    markers.push_back("<fake_token_around_image>");
    return markers;
}

} // namespace smoldesk::vision
