#include "runtime/gpu_warmup.h"

#ifdef SMOLDESK_HAVE_VULKAN
#include "compute/vulkan/vulkan_backend.h"
#endif

#include <algorithm>
#include <vector>

namespace smoldesk::runtime {

GpuWarmup warmUpGpu(model::Decoder& decoder, compute::Backend& backend,
                    const std::function<bool(size_t, size_t)>& progress) {
    GpuWarmup out;
#ifdef SMOLDESK_HAVE_VULKAN
    const int batch = decoder.maxBatch(), nCtx = decoder.contextSize();
    const auto steps = [&] {
        // Token 0 exists in every vocabulary; the dry steps compute nothing, so its value is moot.
        std::vector<int32_t> ids(static_cast<size_t>(std::max(1, batch)), 0);
        std::vector<float> logits;
        const std::span<const int32_t> all(ids);
        decoder.forward(all.first(1), 0, false, logits); // decode
        // Prompt chunks: more than kMaxMatvecTokens (8) take the tiled GEMM, whose tile depends
        // on the length in classes (9-32, 33-64, 65-128, 129-192, 193-256 tokens: the tile grid's
        // columns) and on the weight's rows; a full chunk of the batch is the largest. Running a
        // length costs only host time: only pipelines not seen yet are compiled.
        std::vector<int> lengths;
        for (int n : {batch, 192, 128, 64, 32})
            if (n > 8 && n <= batch && std::find(lengths.begin(), lengths.end(), n) == lengths.end())
                lengths.push_back(n);
        for (int n : lengths) decoder.forward(all.first(static_cast<size_t>(n)), 0, false, logits);
        if (nCtx > 1) decoder.forward(all.first(1), nCtx - 1, false, logits);
    };
    if (const auto w = compute::prepareVulkanPipelines(backend, steps, progress)) {
        out.ran = true;
        out.pipelines = w->pipelines;
        out.failed = w->failed;
        out.threads = w->threads;
        out.seconds = w->seconds;
    }
#else
    (void)decoder;
    (void)backend;
    (void)progress;
#endif
    return out;
}

} // namespace smoldesk::runtime
