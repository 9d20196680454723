// The choice between the whole model on the GPU, a split by layers and the CPU alone, made from
// the device's free memory before anything is allocated on it (see gpu_offload.h).
#include "runtime/gpu_offload.h"

#include "common/error.h"
#include "compute/cpu/cpu_backend.h"
#include "compute/split_backend.h"
#include "model/memory_plan.h"
#include "runtime/session.h"
#ifdef SMOLDESK_HAVE_VULKAN
#include "compute/vulkan/vulkan_backend.h"
#endif

#include <cstdio>

namespace smoldesk::runtime {

namespace {

compute::LayerSplit splitOf(const gguf::File& file, const model::HyperParams& hp, int gpuLayers,
                            int cpuExpertLayers) {
    compute::LayerSplit s;
    s.nLayer = hp.nLayer;
    s.gpuLayers = gpuLayers;
    s.cpuExpertLayers = cpuExpertLayers;
    s.tiedOutput = file.findTensor("output.weight") == nullptr;
    return s;
}

#ifdef SMOLDESK_HAVE_VULKAN
// "1.9 GB", as the memory check's own sentence writes it.
std::string gigabytes(uint64_t bytes) {
    const double gb = static_cast<double>(bytes) / 1e9;
    char text[32];
    std::snprintf(text, sizeof text, gb < 1.0 ? "%.2f GB" : "%.1f GB", gb);
    return text;
}

compute::VulkanMemoryNeed needOf(const model::MemoryPlan& plan, int nCtx, const model::HyperParams& hp) {
    return {plan.weightBytes, plan.kvCacheBytes, plan.activationBytes, plan.logitBytes, nCtx,
            hp.nHead,         hp.headDim};
}

// The sentence for a model whose tensors (those `onGpu` selects) include a type the shaders lack.
std::string unsupportedType(const gguf::File& file, const compute::LayerSplit* split) {
    for (const auto& t : file.tensors())
        if (t.nDims >= 2 && (!split || (split->place(t.name) & compute::kOnGpu)) &&
            !compute::vulkanSupportsType(t.type))
            return std::string("The GPU backend cannot compute with ") + quant::typeName(t.type) +
                   " tensors yet, so the CPU is used.";
    return {};
}
#endif

} // namespace

compute::LayerSplit chooseSplit(const gguf::File& file, const model::HyperParams& hp, int nCtx, int batch,
                                uint64_t budgetBytes) {
#ifdef SMOLDESK_HAVE_VULKAN
    const auto fits = [&](const compute::LayerSplit& s) {
        const model::MemoryPlan share = model::planGpuShare(file, hp, nCtx, batch, s);
        return compute::vulkanBytesNeededWithMargin(needOf(share, nCtx, hp)) <= budgetBytes;
    };
    const int layers = hp.nLayer;
    const bool moe = hp.nExpert > 0;
    // A MoE model: every layer's attention on the GPU, and as few layers' experts on the CPU as fit.
    for (int k = 0; moe && k <= layers; ++k)
        if (const compute::LayerSplit s = splitOf(file, hp, layers, k); fits(s)) return s;
    // Else the most layers (a MoE model's with their experts on the CPU) that fit.
    for (int n = layers; n > 0; --n)
        if (const compute::LayerSplit s = splitOf(file, hp, n, moe ? n : 0); fits(s)) return s;
#else
    (void)nCtx, (void)batch, (void)budgetBytes;
#endif
    return splitOf(file, hp, 0, 0);
}

std::unique_ptr<compute::Backend> createGpuBackend(const gguf::File& file, const model::HyperParams& hp,
                                                   int nCtx, int batch, const LoadOptions& options,
                                                   int threads, std::function<bool(uint64_t)> onUpload,
                                                   std::string* reason) {
    const int layers = hp.nLayer;
    if (options.gpuLayers < -1)
        throw Error(ErrorCode::InvalidArgument, "The number of GPU layers must be 0 or more, not " +
                                                    std::to_string(options.gpuLayers) + ".");
    if (options.gpuLayers > layers)
        throw Error(ErrorCode::InvalidArgument, "The model has " + std::to_string(layers) + " layers, so " +
                                                    std::to_string(options.gpuLayers) +
                                                    " cannot run on the GPU.");
    if (options.gpuLayers == 0) return nullptr; // the CPU, as asked
#ifdef SMOLDESK_HAVE_VULKAN
    const model::MemoryPlan whole = model::planMemory(file, hp, nCtx, batch);
    compute::VulkanOptions vk;
    vk.device = options.device;
    vk.uploadProgress = std::move(onUpload);
    std::string why;
    int gpuLayers = options.gpuLayers;
    compute::LayerSplit split;
    if (gpuLayers < 0) {
        const uint64_t budget = compute::vulkanMemoryBudget(vk, &why);
        if (budget == 0) {
            *reason = why.empty() ? "No usable Vulkan GPU was found, so the CPU is used." : why;
            return nullptr;
        }
        const uint64_t needed = compute::vulkanBytesNeededWithMargin(needOf(whole, nCtx, hp));
        if (needed <= budget) {
            gpuLayers = layers;
        } else {
            split = chooseSplit(file, hp, nCtx, batch, budget);
            const std::string memory = "The model needs " + gigabytes(needed) +
                                       " of GPU memory but the GPU has " + gigabytes(budget) + " free, so ";
            if (split.gpuLayers == 0) {
                *reason = memory + "the CPU is used.";
                return nullptr;
            }
            *reason = memory + "it is split: " + split.describe() + ", the rest on the CPU.";
            gpuLayers = split.gpuLayers;
        }
    } else if (gpuLayers < layers) {
        split = splitOf(file, hp, gpuLayers, 0);
    }
    const bool whollyOnGpu = gpuLayers == layers && split.nLayer == 0;
    if (const std::string bad = unsupportedType(file, whollyOnGpu ? nullptr : &split); !bad.empty()) {
        *reason = bad;
        return nullptr;
    }
    const model::MemoryPlan share = whollyOnGpu ? whole : model::planGpuShare(file, hp, nCtx, batch, split);
    vk.memoryNeed = needOf(share, nCtx, hp);
    auto gpu = compute::createVulkanBackend(vk, &why);
    if (!gpu) {
        *reason = why.empty() ? "No usable Vulkan GPU was found, so the CPU is used." : why;
        return nullptr;
    }
    if (whollyOnGpu) return gpu;
    return std::make_unique<compute::SplitBackend>(std::make_unique<compute::CpuBackend>(threads),
                                                   std::move(gpu), split);
#else
    (void)file, (void)nCtx, (void)batch, (void)threads, (void)onUpload;
    *reason = "This build of SmolDesk has no Vulkan support, so the CPU is used.";
    return nullptr;
#endif
}

} // namespace smoldesk::runtime
