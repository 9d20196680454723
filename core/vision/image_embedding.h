#pragma once
// One image's embeddings in the order llama.cpp's libmtmd lays them into the prompt: for SmolVLM
// every tile row by row and then the overview, for Gemma 3 the one image; with the marker text
// that goes around each piece. What a chat splices into its sequence, and what
// `image-embed` writes (the rows, as raw float32).
#include "vision/preprocess.h"
#include "vision/vision_encoder.h"

#include <string>
#include <vector>

namespace smoldesk::vision {

struct ImageEmbedding {
    // markers[i] precedes piece i; markers.back() follows the last piece (pieces + 1 strings).
    std::vector<std::string> markers;
    int pieces = 0;
    int tokensPerPiece = 0;
    std::vector<float> rows; // pieces × tokensPerPiece rows of projectionDim floats
};

// Where one image's rows go, known from its size alone (nothing encoded): what a prompt lays out
// before deciding whether the image needs encoding at all (a follow-up question finds its rows in
// the cache). rows stays empty.
ImageEmbedding imageLayout(const VisionParams& p, int width, int height);

// Preprocesses and encodes one image for the encoder's projector. Error in one sentence for an
// image checkImage refuses.
ImageEmbedding embedImage(VisionEncoder& encoder, const RgbImage& image);

} // namespace smoldesk::vision
