#pragma once
// The GPU's first start: before a freshly loaded model's first prompt, the Vulkan pipelines its
// prompt and decode steps use are compiled in parallel (compute::prepareVulkanPipelines), so the
// user's first message does not wait for them one after the other (7.5 s for 20 pipelines on an
// H200 with a cold driver cache). With the driver's and our persisted pipeline cache warm, the
// same call takes milliseconds.
#include "compute/backend.h"
#include "model/decoder.h"

#include <functional>

namespace smoldesk::runtime {

// What the warm-up did; pipelines 0 and seconds 0 when there was none (a CPU backend, a layer
// split, SMOLDESK_VK_WARMUP=0, or a build without Vulkan).
struct GpuWarmup {
    bool ran = false;
    uint64_t pipelines = 0, failed = 0;
    int threads = 0;
    double seconds = 0;
};

// The shapes covered: one decode step at the start and at the end of the context (long contexts
// split their attention), and prompt chunks of the full batch, 192, 128, 64 and 32 tokens (the
// classes of GEMM tiles up to the default batch of 256; a prompt of 2-8 tokens, which takes the
// multi-token matvec, or a length of a class not covered still compiles lazily, correctly). `progress`
// gets (done, total) pipelines and returns false to cancel (Error Cancelled).
GpuWarmup warmUpGpu(model::Decoder& decoder, compute::Backend& backend,
                    const std::function<bool(size_t, size_t)>& progress = {});

} // namespace smoldesk::runtime
