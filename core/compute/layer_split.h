#pragma once
// Partial offload: which of a model's tensors live on the GPU and which on the CPU when the GPU
// cannot hold the whole model. The last gpuLayers layers run on the GPU, with the output norm
// and head (the largest single matrix, and the one that ends every step), so the hidden state
// crosses once per step (CPU → GPU) and the logits come back as they always do. The first
// layers, and the embedding lookup (a few rows read per token), stay on the CPU. Of the GPU's
// layers, the first cpuExpertLayers may keep their mixture-of-experts tensors on the CPU: the
// experts are most of a MoE model's bytes but few are read per token (llama.cpp's --n-cpu-moe).
// Placement goes by GGUF tensor name, so the planner (model::planGpuLayers) and the composite
// backend (SplitBackend) agree on every byte.
#include <string>
#include <string_view>

namespace smoldesk::compute {

enum Place : unsigned { kOnCpu = 1, kOnGpu = 2, kOnBoth = 3 };

struct LayerSplit {
    int nLayer = 0;
    int gpuLayers = 0;       // the last gpuLayers layers run on the GPU
    int cpuExpertLayers = 0; // of those, the first cpuExpertLayers keep their experts on the CPU
    bool tiedOutput = false; // the output head reads token_embd.weight (the file has no output.weight)

    int firstGpuLayer() const { return nLayer - gpuLayers; }
    bool layerOnGpu(int layer) const { return layer >= firstGpuLayer(); }
    // Where a tensor of this name lives (kOnBoth: a copy on each, e.g. a tied embedding table,
    // or RoPE factors every layer reads).
    unsigned place(std::string_view tensorName) const;
    // "24 of 36 layers on the GPU" (", the experts of 6 on the CPU").
    std::string describe() const;
};

} // namespace smoldesk::compute
