// How much device memory the backend will allocate for a model, known before the device is
// created: the memory check refuses a GPU that cannot hold it, and a test holds this estimate
// against the allocator's own count.
#include "compute/vulkan/backend_impl.h"

#include <algorithm>

namespace smoldesk::compute {

// What VulkanBackend::attention() allocates: the most splits the context can need for
// kMaxMatvecTokens query rows, headDim + 2 floats each (partial output, max, sum).
uint64_t vk::VulkanBackend::attentionScratchBytes(uint64_t nCtx, uint64_t nHead, uint64_t headDim) {
    const uint64_t maxSplits =
        std::min<uint64_t>((nCtx + kAttentionMinSplit - 1) / kAttentionMinSplit, kAttentionMaxSplits);
    return std::max<uint64_t>(kMaxMatvecTokens * nHead * maxSplits * (headDim + 2) * sizeof(float), 16);
}

uint64_t vulkanBytesNeeded(const VulkanMemoryNeed& need) {
    using vk::VulkanBackend;
    const auto positive = [](int v) { return v > 0 ? static_cast<uint64_t>(v) : 0; };
    // Each term is bounded by the hyper-parameter limits (saturated in planMemory), and the sum
    // of a few of them stays far below 2^64 unless one is already saturated.
    const uint64_t parts[] = {
        need.weightBytes,
        need.kvCacheBytes,
        need.activationBytes,
        VulkanBackend::attentionScratchBytes(positive(need.nCtx), positive(need.nHead),
                                             positive(need.headDim)),
        VulkanBackend::kStagingBuffers * VulkanBackend::kStagingBytes,
        VulkanBackend::kIdsArenaBytes,
        VulkanBackend::kPositionSlots * sizeof(uint32_t),
        VulkanBackend::kCodebookBytes,
        std::max<uint64_t>(need.largestReadBytes, 1 << 20), // the readback buffer's minimum
    };
    uint64_t total = 0;
    for (uint64_t p : parts) total = p > UINT64_MAX - total ? UINT64_MAX : total + p;
    return total;
}

uint64_t vulkanBytesNeededWithMargin(const VulkanMemoryNeed& need) {
    const uint64_t bytes = vulkanBytesNeeded(need);
    // Each memory kind's last block is partly used; 5% for alignment and blocks left with gaps,
    // and 32 MiB for the driver's own allocations.
    const uint64_t margin =
        bytes / 20 + vk::Allocator::kMemoryKinds * vk::Allocator::kBlockBytes + (32ull << 20);
    return bytes > UINT64_MAX - margin ? UINT64_MAX : bytes + margin;
}

} // namespace smoldesk::compute
