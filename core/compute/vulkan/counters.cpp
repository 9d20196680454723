#include "compute/split_backend.h"
#include "compute/vulkan/backend_impl.h"

namespace smoldesk::compute {

std::optional<VulkanCounters> vulkanCounters(const Backend& backend) {
    // A model split by layers: its GPU part's counters (the CPU's layers add none).
    if (const auto* split = dynamic_cast<const SplitBackend*>(&backend)) return vulkanCounters(split->gpu());
    const auto* vulkan = dynamic_cast<const vk::VulkanBackend*>(&backend);
    if (!vulkan) return std::nullopt;
    return vulkan->counters();
}

namespace vk {

VulkanCounters VulkanBackend::counters() const {
    const RecorderStats& s = recorder_->stats();
    VulkanCounters c;
    c.dispatches = s.dispatches;
    c.descriptorSetAllocations = s.descriptorSetAllocations;
    c.descriptorWrites = s.descriptorWrites;
    c.submits = s.submits;
    c.fenceWaits = s.fenceWaits;
    c.barriers = s.barriers;
    c.pipelineCreations = pipelines_->creations();
    c.pipelineCreateUs = pipelines_->creationMicroseconds();
    c.pipelineCacheBytesLoaded = pipelines_->loadedCacheBytes();
    c.pipelineCacheHits = pipelines_->cacheHits();
    c.weightBytesRead = weightBytesRead_;
    c.pipelinesPrepared = prepared_.pipelines;
    c.pipelinePrepareMs = prepared_.seconds * 1000.0;
    c.hostRecordUs = static_cast<double>(s.hostRecordNs) / 1000.0;
    if (const GpuProfiler* p = recorder_->profiler()) c.kernels = p->totals();
    return c;
}

} // namespace vk
} // namespace smoldesk::compute
