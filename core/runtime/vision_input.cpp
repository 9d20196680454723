// Loading an mmproj next to a session, and images prepared for prompts.
#include "runtime/vision_input.h"

#include "common/error.h"
#include "compute/cpu/cpu_backend.h"
#ifdef SMOLDESK_HAVE_VULKAN
#include "compute/vulkan/vulkan_backend.h"
#endif
#include "vision/mmproj.h"

#include <algorithm>
#include <filesystem>

namespace smoldesk::runtime {

VisionInput::~VisionInput() = default;

std::unique_ptr<VisionInput> VisionInput::load(const std::string& mmprojPath, const Session& session,
                                               BackendChoice backend, int device) {
    return load(mmprojPath, session.hparams().nEmbd, session.threads(), backend, device);
}

std::unique_ptr<VisionInput> VisionInput::load(const std::string& mmprojPath, int textWidth, int threads,
                                               BackendChoice backend, int device) {
    std::unique_ptr<VisionInput> v(new VisionInput());
    v->file_ = gguf::File::open(mmprojPath);
    v->params_ = vision::readVisionParams(*v->file_);
    if (textWidth > 0) vision::checkTextModelWidth(v->params_, textWidth);
    if (backend != BackendChoice::Cpu) {
#ifdef SMOLDESK_HAVE_VULKAN
        compute::VulkanOptions vk;
        vk.device = device;
        std::string why;
        v->backend_ = compute::createVulkanBackend(vk, &why);
        if (!v->backend_)
            v->fallbackReason_ =
                why.empty() ? "No usable Vulkan GPU was found, so the CPU encodes images." : why;
#else
        (void)device;
        v->fallbackReason_ = "This build of SmolDesk has no Vulkan support, so the CPU encodes images.";
#endif
    }
    if (!v->backend_) v->backend_ = std::make_unique<compute::CpuBackend>(threads > 0 ? threads : 1);
    v->encoder_ = std::make_unique<vision::VisionEncoder>(*v->file_, v->params_, *v->backend_);
    return v;
}

std::shared_ptr<PromptImage> VisionInput::prepare(vision::RgbImage image) {
    vision::checkImage(image);
    auto p = std::make_shared<PromptImage>();
    p->key = imageKey(image.width, image.height, image.rgb);
    p->layout = vision::imageLayout(params_, image.width, image.height);
    p->bidirectional = params_.projector == vision::Projector::Gemma3;
    // The encoder outlives the prompt images it hands out only while this VisionInput lives.
    p->encode = [this, image = std::move(image)] { return vision::embedImage(*encoder_, image).rows; };
    return p;
}

vision::ImageEmbedding VisionInput::embed(const vision::RgbImage& image) {
    return vision::embedImage(*encoder_, image);
}

std::string findMmprojNextTo(const std::string& modelPath) {
    namespace fs = std::filesystem;
    std::error_code ec;
    const fs::path model(modelPath);
    const fs::path dir = model.has_parent_path() ? model.parent_path() : fs::path(".");
    std::vector<fs::path> found;
    for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
        const std::string name = it->path().filename().string();
        std::string lower = name;
        std::transform(lower.begin(), lower.end(), lower.begin(),
                       [](unsigned char c) { return std::tolower(c); });
        if (lower.rfind("mmproj", 0) == 0 && lower.size() > 5 && lower.substr(lower.size() - 5) == ".gguf")
            found.push_back(it->path());
    }
    if (found.empty()) return {};
    // The one sharing the longest prefix with the model's name (mmproj-<model>-f16.gguf), then by name.
    const std::string stem = model.stem().string();
    const auto shared = [&](const fs::path& p) {
        std::string n = p.stem().string().substr(6);
        while (!n.empty() && (n[0] == '-' || n[0] == '_' || n[0] == '.')) n.erase(0, 1);
        size_t k = 0;
        while (k < n.size() && k < stem.size() &&
               std::tolower(static_cast<unsigned char>(n[k])) ==
                   std::tolower(static_cast<unsigned char>(stem[k])))
            ++k;
        return k;
    };
    std::sort(found.begin(), found.end(), [&](const fs::path& a, const fs::path& b) {
        const size_t sa = shared(a), sb = shared(b);
        return sa != sb ? sa > sb : a.filename() < b.filename();
    });
    return found.front().string();
}

} // namespace smoldesk::runtime
