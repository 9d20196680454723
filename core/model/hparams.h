#pragma once
// Hyper-parameters of a decoder-only transformer, read from GGUF metadata, plus the
// per-layer facts the forward pass needs (RoPE on or off for SmolLM3's NoPE layers).
#include "compute/backend.h"
#include "gguf/file.h"

#include <string>
#include <vector>

namespace smoldesk::model {

struct HyperParams {
    std::string arch;
    int nLayer = 0;
    int nEmbd = 0;
    int nHead = 0;
    int nHeadKv = 0;
    int headDim = 0;
    int nFf = 0;
    int nVocab = 0;
    int nCtxTrain = 0;
    int ropeDims = 0;
    float ropeFreqBase = 10000.0f;
    float rmsEps = 1e-5f;
    compute::RopeStyle ropeStyle = compute::RopeStyle::Adjacent;
    std::vector<bool> layerUsesRope; // false on NoPE layers

    int qDim() const { return nHead * headDim; }
    int kvDim() const { return nHeadKv * headDim; }
    int nopeLayerCount() const;
};

// Architectures with a forward pass in this engine, e.g. {"smollm3", "llama"}.
const std::vector<std::string>& supportedArchitectures();
std::string supportedArchitecturesText(); // "smollm3, llama"

// Reads and checks the hyper-parameters. Fails with Error(UnsupportedArch) naming the
// supported architectures before any heavy work, or Error(MissingKey/BadShape) with a sentence.
HyperParams readHyperParams(const gguf::File& file);

} // namespace smoldesk::model
