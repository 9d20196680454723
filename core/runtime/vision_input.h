#pragma once
// A session's eyes: an mmproj file's encoder and projector on a backend of their own (the
// encoder's attention (re)creates its backend's KV cache, so it cannot share the text model's),
// checked against the text model's width. Turns decoded images into PromptImages whose rows are
// encoded only when a prompt needs them (a follow-up question about the same image finds its
// positions in the cache and encodes nothing).
#include "runtime/prompt_image.h"
#include "runtime/session.h"
#include "vision/vision_encoder.h"

#include <memory>
#include <string>

namespace smoldesk::runtime {

class VisionInput {
  public:
    // Opens and checks the mmproj for this session's model; backend Vulkan uses the same kind of
    // device as LoadOptions would (falling back to the CPU with fallbackReason()). Error in one
    // sentence for a broken file, an unsupported projector or another embedding width.
    static std::unique_ptr<VisionInput> load(const std::string& mmprojPath, const Session& session,
                                             BackendChoice backend = BackendChoice::Cpu, int device = -1);
    // Without a text model (image-embed): textWidth 0 checks no width.
    static std::unique_ptr<VisionInput> load(const std::string& mmprojPath, int textWidth, int threads,
                                             BackendChoice backend, int device);
    ~VisionInput();

    const vision::VisionParams& params() const { return params_; }
    std::string deviceName() const { return backend_->deviceName(); }
    const std::string& fallbackReason() const { return fallbackReason_; }

    // The image laid out for a prompt (markers, pieces), its rows encoded on first need. Error in
    // one sentence for an empty or huge image.
    std::shared_ptr<PromptImage> prepare(vision::RgbImage image);
    // Preprocesses and encodes now (image-embed).
    vision::ImageEmbedding embed(const vision::RgbImage& image);

  private:
    VisionInput() = default;
    std::unique_ptr<gguf::File> file_;
    vision::VisionParams params_;
    std::unique_ptr<compute::Backend> backend_;
    std::unique_ptr<vision::VisionEncoder> encoder_;
    std::string fallbackReason_;
};

// The mmproj file next to a model, by the names people download them under ("mmproj*.gguf" in
// the model's folder; the one sharing most of the model's name first). Empty when there is none.
std::string findMmprojNextTo(const std::string& modelPath);

} // namespace smoldesk::runtime
