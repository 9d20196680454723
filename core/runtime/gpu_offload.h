#pragma once
// Where a session's model runs when a GPU may take it: wholly on the GPU, split by layers between
// the GPU and the CPU (compute::SplitBackend) when the GPU's free memory holds only part of it,
// or not on the GPU at all, with one sentence saying why.
#include "compute/backend.h"
#include "compute/layer_split.h"
#include "gguf/file.h"
#include "model/hparams.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <string>

namespace smoldesk::runtime {

struct LoadOptions;

// The most layers whose share (model::planGpuShare, with the Vulkan backend's own buffers and
// the memory check's margin) fits `budgetBytes`, MoE experts kept on the CPU first when that lets
// every layer's attention onto the GPU. gpuLayers 0: not even one layer fits. The whole model on
// the GPU is not a split: callers check it first (it also places the embedding table there).
compute::LayerSplit chooseSplit(const gguf::File& file, const model::HyperParams& hp, int nCtx, int batch,
                                uint64_t budgetBytes);

// The GPU's backend for the model: the Vulkan backend (whole model), a SplitBackend over a CPU
// backend of `threads` threads (options.gpuLayers, or automatically when the whole model does not
// fit), or nullptr with *reason set to one sentence when the CPU runs everything. A split, too,
// sets *reason to the sentence saying why only part is on the GPU. Throws Error(InvalidArgument)
// when options.gpuLayers asks for more layers than the model has. onUpload gets the bytes uploaded.
std::unique_ptr<compute::Backend> createGpuBackend(const gguf::File& file, const model::HyperParams& hp,
                                                   int nCtx, int batch, const LoadOptions& options,
                                                   int threads, std::function<bool(uint64_t)> onUpload,
                                                   std::string* reason);

} // namespace smoldesk::runtime
