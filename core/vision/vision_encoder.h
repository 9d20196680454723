#pragma once
// A vision encoder and its projector bound to a backend: SigLIP's ViT (patch embedding as a
// matmul over unfolded patches, learned positions, pre-LayerNorm blocks with biases, bidirectional
// attention, GELU MLP, post LayerNorm) and its projector (idefics3: pixel shuffle + linear; gemma3:
// average pooling + RMS norm + linear), written
// once against the compute interface so the CPU and Vulkan backends share it. Input: one
// preprocessed image (vision/preprocess.h); output: its tokens' embeddings for the text model.
// The encoder's attention goes through the backend's KV cache, which it (re)creates for the image's
// patches: give it a backend of its own, not the text model's (whose cache it would replace).
#include "compute/backend.h"
#include "gguf/file.h"
#include "vision/mmproj.h"

#include <deque>
#include <span>
#include <string>
#include <vector>

namespace smoldesk::vision {

class VisionEncoder {
  public:
    // Binds and checks every tensor before any compute; Error in one sentence for a missing
    // tensor, a wrong shape or a type SmolDesk does not compute with.
    VisionEncoder(const gguf::File& file, VisionParams params, compute::Backend& backend);

    const VisionParams& params() const { return p_; }

    // One image's embeddings: chw holds 3 × imageSize × imageSize normalised floats (planar,
    // row-major, as llama.cpp feeds its encoder); out gets tokensPerImage() × projectionDim.
    void encode(std::span<const float> chw, std::vector<float>& out);

  private:
    static constexpr compute::WeightId kAbsent = -1;
    struct Norm {
        compute::WeightId w = kAbsent, b = kAbsent;
    };
    struct Layer {
        Norm ln1, ln2;
        compute::WeightId wq, wk, wv, wo, up, down;
        compute::WeightId bq, bk, bv, bo, bUp, bDown;
    };
    compute::WeightId bind(const gguf::File& file, const std::string& name, std::vector<uint64_t> shape);
    compute::WeightId bindAs(const gguf::File& file, const std::string& name, std::vector<uint64_t> shape,
                             std::vector<uint64_t> as);
    Norm bindNorm(const gguf::File& file, const std::string& name, bool optional);
    Layer bindLayer(const gguf::File& file, int il);
    void unfoldPatches(std::span<const float> chw); // forward_siglip.cpp
    void layer(const Layer& L, int il);             // forward_siglip.cpp
    void pixelShuffle();                            // forward_siglip.cpp
    void averagePool();                             // forward_siglip.cpp
    void bindProjector(const gguf::File& file);

    VisionParams p_;
    compute::Backend& be_;
    compute::WeightId patchW_, patchB_ = kAbsent, posEmbd_, projW_, softEmbNorm_ = kAbsent;
    Norm preLn_, postLn_;
    std::vector<Layer> layers_;
    std::deque<gguf::TensorInfo> views_; // the patch embedding seen as a [3·p·p][nEmbd] matrix
    compute::BufferId pixels_, x_, h_, q_, k_, v_, attn_, ffn_, proj_, merged_, out_;
    std::vector<float> unfolded_;
    std::vector<float> projT_; // gemma3: mm.input_projection transposed to [out][in], F32
    gguf::TensorInfo projTInfo_;
    std::vector<int32_t> positions_;
};

} // namespace smoldesk::vision
