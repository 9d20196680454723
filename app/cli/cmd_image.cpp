// smoldesk-cli image-embed: one image's projector rows as raw float32, for checking against
// llama.cpp (libmtmd lays the same rows into its prompts); and the mmproj lookup the image
// options of logits and chat share.
#include "cli_image.h"
#include "commands.h"

#include "common/error.h"
#include "compute/cpu/thread_pool.h"

#include <chrono>
#include <cstdio>
#include <fstream>

namespace smoldesk::cli {

std::unique_ptr<runtime::VisionInput> loadVision(const std::string* mmprojOption,
                                                 const std::string& modelPath,
                                                 const runtime::Session& session, bool quiet) {
    std::string path = mmprojOption ? *mmprojOption : runtime::findMmprojNextTo(modelPath);
    if (path.empty())
        throw Error(ErrorCode::InvalidArgument,
                    "The model cannot see images: no --mmproj was given and no mmproj*.gguf "
                    "lies next to it.");
    if (!mmprojOption && !quiet) std::fprintf(stderr, "mmproj: %s (found next to the model)\n", path.c_str());
    const bool gpu = session.deviceName().rfind("CPU", 0) != 0;
    auto vision = runtime::VisionInput::load(
        path, session, gpu ? runtime::BackendChoice::Vulkan : runtime::BackendChoice::Cpu);
    if (!quiet && !vision->fallbackReason().empty())
        std::fprintf(stderr, "note: %s\n", vision->fallbackReason().c_str());
    return vision;
}

// image-embed --mmproj FILE --image IMG -o OUT.f32 [--backend cpu|vulkan] [--device N] [-t THREADS]
int cmdImageEmbed(Args& args) {
    const auto mmproj = args.option("--mmproj");
    const auto image = args.option("--image");
    const auto out = args.option("--output", "-o");
    const auto backend = args.option("--backend");
    const int device = static_cast<int>(args.intOption("--device", "", -1));
    const int threads = static_cast<int>(args.intOption("--threads", "-t", 0));
    if (!args.positionals().empty()) throw UsageError("Unexpected argument '" + args.positionals()[0] + "'.");
    if (!mmproj || !image || !out)
        throw UsageError("image-embed needs --mmproj FILE, --image IMG and -o OUT.f32.");
    if (backend && *backend != "cpu" && *backend != "vulkan")
        throw UsageError("--backend takes cpu or vulkan.");
    const vision::RgbImage rgb = loadImage(*image);
    auto vision = runtime::VisionInput::load(
        *mmproj, 0, threads > 0 ? threads : compute::ThreadPool::physicalCores(),
        backend && *backend == "vulkan" ? runtime::BackendChoice::Vulkan : runtime::BackendChoice::Cpu,
        device);
    if (!vision->fallbackReason().empty())
        std::fprintf(stderr, "note: %s\n", vision->fallbackReason().c_str());
    const auto t0 = std::chrono::steady_clock::now();
    const vision::ImageEmbedding e = vision->embed(rgb);
    const double ms =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    std::ofstream f(*out, std::ios::binary | std::ios::trunc);
    f.write(reinterpret_cast<const char*>(e.rows.data()),
            static_cast<std::streamsize>(e.rows.size() * sizeof(float)));
    if (!f) throw Error(ErrorCode::Io, "Cannot write '" + *out + "'.");
    std::fprintf(stderr,
                 "wrote %d pieces x %d rows of %d floats to %s (%dx%d image, encoded in %.1f ms on %s)\n",
                 e.pieces, e.tokensPerPiece, vision->params().projectionDim, out->c_str(), rgb.width,
                 rgb.height, ms, vision->deviceName().c_str());
    return kExitOk;
}

} // namespace smoldesk::cli
