// The mmproj reader and the vision encoder on a mutated tiny mmproj (seeds in corpus/mmproj: the
// SmolVLM- and Gemma-3-shaped files of tests/data/vision): every input is either refused with an
// Error, or it binds an encoder that turns a grey image into tokensPerImage × projectionDim
// values. Never a crash, undefined behaviour or a huge allocation.
#include "common/error.h"
#include "compute/cpu/cpu_backend.h"
#include "fuzz_file.h"
#include "gguf/file.h"
#include "vision/mmproj.h"
#include "vision/preprocess.h"
#include "vision/resize.h"
#include "vision/vision_encoder.h"

#include <cstdint>
#include <cstdio>
#include <string>
#include <unistd.h>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    using namespace smoldesk;
    const std::string path = writeFuzzFile("mmproj", data, size);
    if (path.empty()) return 0;
    try {
        auto file = gguf::File::open(path);
        const vision::VisionParams p = vision::readVisionParams(*file);
        if (p.tokensPerImage() <= 0 || p.headDim * p.nHead != p.nEmbd) __builtin_trap();
        compute::CpuBackend backend(1);
        vision::VisionEncoder encoder(*file, p, backend);
        vision::RgbImage image;
        image.width = 7;
        image.height = 5;
        image.rgb.assign(7 * 5 * 3, 128);
        std::vector<float> out;
        // (idefics3's tiles would first upscale to the longest edge: only its overview here)
        const std::vector<float> chw =
            p.projector == vision::Projector::Gemma3
                ? vision::preprocessGemma3(image, p)
                : vision::normalize(vision::resizeBilinear(image, p.imageSize, p.imageSize), p);
        encoder.encode(chw, out);
        if (out.size() != static_cast<size_t>(p.tokensPerImage()) * static_cast<size_t>(p.projectionDim))
            __builtin_trap();
    } catch (const Error&) {
    }
    return 0;
}
