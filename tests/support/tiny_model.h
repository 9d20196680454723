#pragma once
// Writes small llama/smollm3 GGUF models with random weights for error and runtime tests.
// The tokenizer metadata is copied from the bundled stories260K model (SPM, 512 tokens).
#include "gguf/writer.h"

#include <functional>
#include <string>

namespace smoldesk::test {

struct TinyModelSpec {
    std::string arch = "llama";
    int nLayer = 2, nEmbd = 64, nHead = 4, nHeadKv = 2, nFf = 96, nCtx = 256;
    quant::Type matrixType = quant::Type::F32;
    unsigned seed = 1;
    // Last chance to edit the file (drop a tensor, change a key…) before it is written.
    std::function<void(gguf::Writer&)> edit;
    std::string skipTensor;       // leave this tensor out
    std::string wrongShapeTensor; // give this tensor one row too many
    bool nanWeights = false;      // fill attn_q of layer 0 with NaN
};

// Path of the bundled demo model (stories260K).
std::string demoModelPath();
// Writes the model to a scratch file and returns its path.
std::string writeTinyModel(const TinyModelSpec& spec, const std::string& name);
// The bundled tiny SmolLM3-shaped model (tests/data/models/smollm3-tiny.gguf, no chat template)
// with SmolLM3's real chat template, written into `dir`: the tool tests need a template that
// shows a tool-call format. Returns the path.
std::string writeTinyModelWithSmolLM3Template(const std::string& dir);
// The tiny SmolVLM-shaped pair (tests/data/vision: smolvlm-text-tiny.gguf and its 2x2-tiles
// mmproj) copied into `dir` with the mmproj named as the app finds it next to the model
// (mmproj-smolvlm-text-tiny.gguf): a model that can see. Returns the model's path.
std::string copySeeingModel(const std::string& dir);

} // namespace smoldesk::test
