// llama.cpp-exact image preprocessing: normalisation (and, for idefics3, the tiling that
// the encoder's callers lay out).
#include "vision/preprocess.h"

#include "common/error.h"

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

} // namespace smoldesk::vision
