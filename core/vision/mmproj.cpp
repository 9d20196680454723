// Reading an mmproj file's clip.* keys (the names llama.cpp's converter writes).
#include "vision/mmproj.h"

#include "common/error.h"

#include <algorithm>

namespace smoldesk::vision {

namespace {

int sizeKey(const gguf::File& f, const std::string& key, int64_t limit) {
    const uint64_t v = f.requireUInt(key);
    if (v == 0 || v > static_cast<uint64_t>(limit))
        throw Error(ErrorCode::BadShape,
                    "Metadata '" + key + "' has the impossible value " + std::to_string(v) + ".");
    return static_cast<int>(v);
}

std::array<float, 3> triple(const gguf::File& f, const std::string& key) {
    const gguf::Value* v = f.getArray(key, gguf::ValueType::F32);
    if (!v) throw Error(ErrorCode::MissingKey, "The mmproj file lacks the metadata key '" + key + "'.");
    if (v->size() != 3)
        throw Error(ErrorCode::BadShape, "Metadata '" + key + "' must hold 3 values (R, G, B).");
    return {static_cast<float>(v->floatAt(0)), static_cast<float>(v->floatAt(1)),
            static_cast<float>(v->floatAt(2))};
}

Projector projectorFromName(const std::string& name) {
    if (name == "idefics3") return Projector::Idefics3;
    if (name == "gemma3") return Projector::Gemma3;
    throw Error(ErrorCode::UnsupportedArch,
                "The image projector '" + name +
                    "' is not supported yet (SmolDesk runs idefics3: SmolVLM, and gemma3: Gemma 3).");
}

void checkGeometry(const VisionParams& p) {
    if (p.nEmbd % p.nHead != 0)
        throw Error(ErrorCode::BadShape, "The vision width " + std::to_string(p.nEmbd) +
                                             " is not a multiple of the " + std::to_string(p.nHead) +
                                             " heads.");
    if (p.imageSize % p.patchSize != 0)
        throw Error(ErrorCode::BadShape, "The image size " + std::to_string(p.imageSize) +
                                             " is not a multiple of the patch size " +
                                             std::to_string(p.patchSize) + ".");
    const int least = p.projector == Projector::Idefics3 ? 2 : 1;
    if (p.scaleFactor < least || p.patchesPerSide() % p.scaleFactor != 0)
        throw Error(ErrorCode::BadShape, "The projector's scale factor " + std::to_string(p.scaleFactor) +
                                             " does not divide the " + std::to_string(p.patchesPerSide()) +
                                             " patches per side.");
    // Activations are patches × max(width, FFN, 3·patch²) floats and the KV cache layers × patches
    // × width: a file whose tensors are small can still ask for terabytes here.
    const int64_t patches = p.patches();
    const int64_t widest = std::max<int64_t>({p.nEmbd, p.nFf, 3LL * p.patchSize * p.patchSize});
    if (patches * widest > kMaxActivationFloats || patches * p.nEmbd * p.nLayer > kMaxActivationFloats * 4)
        throw Error(ErrorCode::BadShape, "The vision encoder's sizes (" + std::to_string(patches) +
                                             " patches, width " + std::to_string(widest) + ", " +
                                             std::to_string(p.nLayer) +
                                             " layers) are beyond what SmolDesk runs.");
    for (float s : p.std)
        if (!(s > 0.0f)) throw Error(ErrorCode::BadShape, "The mmproj file's image_std must be positive.");
}

} // namespace

VisionParams readVisionParams(const gguf::File& file) {
    const std::string arch(file.getString("general.architecture").value_or(""));
    if (arch != "clip")
        throw Error(ErrorCode::UnsupportedArch,
                    "This is not an mmproj file (its architecture is '" + arch + "', not 'clip').");
    if (!file.getBool("clip.has_vision_encoder").value_or(false))
        throw Error(ErrorCode::UnsupportedArch, "The mmproj file has no vision encoder.");
    VisionParams p;
    p.projectorName = std::string(file.getString("clip.projector_type")
                                      .value_or(file.getString("clip.vision.projector_type").value_or("")));
    if (p.projectorName.empty())
        throw Error(ErrorCode::MissingKey, "The mmproj file does not say its projector type.");
    p.projector = projectorFromName(p.projectorName);
    constexpr int64_t kWidth = 1 << 16, kPixels = 1 << 14, kMaxLongestEdge = 8192;
    p.nEmbd = sizeKey(file, "clip.vision.embedding_length", kWidth);
    p.nHead = sizeKey(file, "clip.vision.attention.head_count", 1024);
    p.nFf = sizeKey(file, "clip.vision.feed_forward_length", kWidth * 8);
    p.nLayer = sizeKey(file, "clip.vision.block_count", 1024);
    p.projectionDim = sizeKey(file, "clip.vision.projection_dim", kWidth);
    p.imageSize = sizeKey(file, "clip.vision.image_size", kPixels);
    p.patchSize = sizeKey(file, "clip.vision.patch_size", kPixels);
    // Gemma 3 pools 4x4 unless the file says otherwise (llama.cpp's default for the family).
    p.scaleFactor = p.projector == Projector::Gemma3 && !file.has("clip.vision.projector.scale_factor")
                        ? 4
                        : sizeKey(file, "clip.vision.projector.scale_factor", 64);
    p.longestEdge = file.has("clip.vision.preproc_image_size")
                        ? sizeKey(file, "clip.vision.preproc_image_size", kMaxLongestEdge)
                        : p.imageSize;
    // SmolVLM cuts an image into (longest edge / image size)² tiles, each encoded on its own: a
    // file that asks for thousands would exhaust memory before any check on one encode (real
    // files: 2048 / 512 → 4 × 4).
    constexpr int64_t kMaxTilesPerSide = 16;
    if ((p.longestEdge + p.imageSize - 1) / p.imageSize > kMaxTilesPerSide)
        throw Error(ErrorCode::BadShape, "The mmproj file cuts images into more than " +
                                             std::to_string(kMaxTilesPerSide * kMaxTilesPerSide) + " tiles.");
    const double eps = file.getFloat("clip.vision.attention.layer_norm_epsilon").value_or(1e-6);
    if (!(eps > 0.0 && eps < 1.0))
        throw Error(ErrorCode::BadShape, "The vision LayerNorm epsilon is invalid.");
    p.eps = static_cast<float>(eps);
    p.mean = triple(file, "clip.vision.image_mean");
    p.std = triple(file, "clip.vision.image_std");
    // llama.cpp runs the FFN with GELU only when clip.use_gelu says so (else quick GELU).
    if (!file.getBool("clip.use_gelu").value_or(false) || file.getBool("clip.use_silu").value_or(false))
        throw Error(ErrorCode::UnsupportedArch,
                    "The vision encoder's activation is not GELU, which SmolDesk does not run yet.");
    p.headDim = p.nEmbd / p.nHead;
    checkGeometry(p);
    return p;
}

void checkTextModelWidth(const VisionParams& p, int textWidth) {
    if (p.projectionDim != textWidth)
        throw Error(ErrorCode::BadShape,
                    "The mmproj file makes image embeddings " + std::to_string(p.projectionDim) +
                        " wide, but the text model's embeddings are " + std::to_string(textWidth) +
                        " wide: they do not belong together.");
}

} // namespace smoldesk::vision
