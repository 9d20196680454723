// Tensor placement for partial offload by GGUF tensor name (see layer_split.h).
#include "compute/layer_split.h"

#include <charconv>

namespace smoldesk::compute {

namespace {

// The layer of a "blk.N.…" tensor, or -1.
int layerOf(std::string_view name) {
    constexpr std::string_view kPrefix = "blk.";
    if (name.substr(0, kPrefix.size()) != kPrefix) return -1;
    const char* first = name.data() + kPrefix.size();
    const char* last = name.data() + name.size();
    int layer = -1;
    const auto [end, ec] = std::from_chars(first, last, layer);
    if (ec != std::errc() || end == last || *end != '.') return -1;
    return layer;
}

// The router and the expert tensors of a MoE layer (gate/up/down and their biases).
bool isExpertTensor(std::string_view name) {
    return name.find("_exps.") != std::string_view::npos ||
           name.find(".ffn_gate_inp.") != std::string_view::npos;
}

} // namespace

unsigned LayerSplit::place(std::string_view name) const {
    const unsigned gpuSide = gpuLayers > 0 ? kOnGpu : kOnCpu;
    if (const int layer = layerOf(name); layer >= 0) {
        if (!layerOnGpu(layer)) return kOnCpu;
        if (layer < firstGpuLayer() + cpuExpertLayers && isExpertTensor(name)) return kOnCpu;
        return kOnGpu;
    }
    if (name == "token_embd.weight") return tiedOutput ? kOnCpu | gpuSide : kOnCpu;
    if (name == "output.weight" || name == "output_norm.weight") return gpuSide;
    // Anything else a decoder binds is small and shared by all layers (RoPE factors).
    return kOnCpu | gpuSide;
}

std::string LayerSplit::describe() const {
    std::string s = std::to_string(gpuLayers) + " of " + std::to_string(nLayer) + " layers on the GPU";
    if (cpuExpertLayers > 0)
        s += cpuExpertLayers == gpuLayers
                 ? ", their experts on the CPU"
                 : ", the experts of " + std::to_string(cpuExpertLayers) + " on the CPU";
    return s;
}

} // namespace smoldesk::compute
