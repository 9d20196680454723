// Preprocess, encode piece by piece, and gather the rows with their markers.
#include "vision/image_embedding.h"

namespace smoldesk::vision {

ImageEmbedding imageLayout(const VisionParams& p, int width, int height) {
    if (width <= 0 || height <= 0 || width > kMaxImageSide || height > kMaxImageSide)
        checkImage(RgbImage{width, height, {}}); // its sentence for an empty or huge image
    ImageEmbedding e;
    e.tokensPerPiece = p.tokensPerImage();
    if (p.projector == Projector::Gemma3) {
        e.markers = {kGemma3ImageStart, kGemma3ImageEnd};
        e.pieces = 1;
    } else {
        const TileGrid grid = idefics3Grid(width, height, p);
        e.markers = idefics3Markers(grid.rows, grid.cols);
        e.pieces = grid.rows * grid.cols + 1;
    }
    return e;
}

ImageEmbedding embedImage(VisionEncoder& encoder, const RgbImage& image) {
    const VisionParams& p = encoder.params();
    ImageEmbedding e;
    e.tokensPerPiece = p.tokensPerImage();
    std::vector<std::vector<float>> inputs;
    if (p.projector == Projector::Gemma3) {
        inputs.push_back(preprocessGemma3(image, p));
        e.markers = {kGemma3ImageStart, kGemma3ImageEnd};
    } else {
        Idefics3Input in = preprocessIdefics3(image, p);
        e.markers = idefics3Markers(in.rows, in.cols);
        inputs = std::move(in.tiles);
        inputs.push_back(std::move(in.overview));
    }
    e.pieces = static_cast<int>(inputs.size());
    std::vector<float> piece;
    for (const std::vector<float>& chw : inputs) {
        encoder.encode(chw, piece);
        e.rows.insert(e.rows.end(), piece.begin(), piece.end());
    }
    return e;
}

} // namespace smoldesk::vision
