// Image bytes through the decoder the CLI and the API server use (Qt's QImageReader, app/imageio)
// and on into the preprocessing of both projectors: every input is refused with an Error, or
// decodes to an image within vision::kMaxImageSide whose SmolVLM tiles and Gemma 3 input have the
// sizes the encoder expects. Seeds in corpus/image: small PNGs and a JPEG, whole and truncated.
#include "common/error.h"
#include "imageio/image_decode.h"
#include "vision/mmproj.h"
#include "vision/preprocess.h"

#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    using namespace smoldesk;
    try {
        const vision::RgbImage image = imageio::decodeImage(
            QByteArray(reinterpret_cast<const char*>(data), static_cast<qsizetype>(size)));
        if (image.width <= 0 || image.height <= 0 || image.width > vision::kMaxImageSide ||
            image.height > vision::kMaxImageSide ||
            image.rgb.size() != static_cast<size_t>(image.width) * static_cast<size_t>(image.height) * 3)
            __builtin_trap();
        if (static_cast<int64_t>(image.width) * image.height > 1 << 20)
            return 0; // resizing is not the subject
        vision::VisionParams p;
        p.imageSize = 16;
        p.patchSize = 8;
        p.longestEdge = 32;
        p.mean = {0.5f, 0.5f, 0.5f};
        p.std = {0.5f, 0.5f, 0.5f};
        const vision::Idefics3Input in = vision::preprocessIdefics3(image, p);
        const size_t plane = 3 * 16 * 16;
        if (in.rows < 1 || in.cols < 1 || in.rows > 2 || in.cols > 2 ||
            in.tiles.size() != static_cast<size_t>(in.rows * in.cols) || in.overview.size() != plane)
            __builtin_trap();
        for (const std::vector<float>& t : in.tiles)
            if (t.size() != plane) __builtin_trap();
        p.projector = vision::Projector::Gemma3;
        if (vision::preprocessGemma3(image, p).size() != plane) __builtin_trap();
    } catch (const Error&) {
    }
    return 0;
}
