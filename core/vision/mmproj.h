#pragma once
// The parameters of an mmproj file (the vision encoder and projector llama.cpp's libmtmd loads,
// general.architecture "clip"), read from its clip.* keys and checked before anything is bound.
// Supported, both after a SigLIP ViT: idefics3 (SmolVLM, SmolVLM2: pixel shuffle, one linear layer)
// and gemma3 (average pooling, RMS norm, one linear layer). Every other projector is refused in
// one sentence naming it.
#include "gguf/file.h"

#include <array>
#include <cstdint>
#include <string>

namespace smoldesk::vision {

enum class Projector {
    Idefics3, // SmolVLM: pixel shuffle by scaleFactor, then mm.model.fc
    Gemma3,   // Gemma 3: scaleFactor² average pooling, mm.soft_emb_norm, mm.input_projection
};

struct VisionParams {
    std::string projectorName; // as the file writes it: "idefics3"
    Projector projector = Projector::Idefics3;
    int imageSize = 0; // the encoder's square input, pixels
    int patchSize = 0; // pixels per patch side
    int nEmbd = 0, nHead = 0, headDim = 0, nFf = 0, nLayer = 0;
    int projectionDim = 0; // the text model's embedding width
    int scaleFactor = 1;   // scaleFactor² patches become one token (shuffled or pooled)
    int longestEdge = 0;   // idefics3: images are resized so their longest edge is this
    float eps = 1e-6f;
    std::array<float, 3> mean{}, std{};

    int patchesPerSide() const { return imageSize / patchSize; }
    int patches() const { return patchesPerSide() * patchesPerSide(); }
    // Tokens one encoded image (a tile or the overview) gives the text model.
    int tokensPerImage() const { return patches() / (scaleFactor * scaleFactor); }
};

// The most floats one activation buffer of the encoder may hold (256 MiB; Gemma 3's largest is
// 4096 patches × 4304 = 17.6 M).
constexpr int64_t kMaxActivationFloats = int64_t(1) << 26;

// Reads and checks the file's clip.* keys. Error in one sentence for a file that is not an
// mmproj, has no vision encoder, names a projector SmolDesk does not run, or impossible sizes.
VisionParams readVisionParams(const gguf::File& file);

// Checks that the image embeddings fit the text model they are spliced into (its embedding
// width); Error in one sentence naming both widths otherwise.
void checkTextModelWidth(const VisionParams& p, int textWidth);

} // namespace smoldesk::vision
