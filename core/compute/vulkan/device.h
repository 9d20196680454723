#pragma once
// Physical-device capabilities (the feature chain and limits SmolDesk's shaders depend on)
// and the logical device with its compute queue.
#include "compute/vulkan/instance.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace smoldesk::compute::vk {

// One f16 × f16 cooperative-matrix shape of subgroup scope: MxK times KxN into MxN, accumulated
// in f32 (else f16).
struct CoopShape {
    uint32_t m = 16, n = 16, k = 16;
    bool f32Acc = true;
};

// The shape the prompt GEMM (matmul_coop.comp) takes from a device's list: f16 inputs, m and n
// dividing 16 (a warp's smallest tile) and k of 8 or 16 (the step is 16 or 32 columns); f32
// accumulators before f16, then the most work per operation, then 16x16x16. False: none fits.
bool pickCoopShape(const std::vector<CoopShape>& shapes, CoopShape& chosen);

struct DeviceCaps {
    VkPhysicalDevice physical = VK_NULL_HANDLE;
    std::string name;
    std::string type; // "discrete", "integrated", "virtual", "cpu", "other"
    VkPhysicalDeviceType vkType = VK_PHYSICAL_DEVICE_TYPE_OTHER;
    uint32_t apiVersion = 0;
    std::string driverVersion; // as the vendor writes it (NVIDIA 580.159.4, Mesa 22.3.6)
    uint64_t memoryBytes = 0;  // the largest device-local heap
    uint64_t memoryBudget = 0; // what the driver says we may use now (VK_EXT_memory_budget), else memoryBytes
    uint32_t queueFamily = UINT32_MAX;
    bool storage16 = false;          // storageBuffer16BitAccess
    bool subgroupArithmetic = false; // subgroupAdd & co. in compute shaders
    bool subgroupShuffle = false;    // subgroupShuffleXor in compute shaders
    uint32_t subgroupSize = 1;
    // VK_EXT_subgroup_size_control: pipelines may require a subgroup size in [min, max] (and
    // full subgroups) for compute; when absent the driver picks (subgroupSize above is a hint).
    bool subgroupSizeControl = false;
    bool computeFullSubgroups = false;
    uint32_t minSubgroupSize = 0, maxSubgroupSize = 0, maxComputeWorkgroupSubgroups = 0;
    // SMOLDESK_VK_PIPELINE_STATS=1 on a device with VK_KHR_pipeline_executable_properties: each
    // pipeline's compiler statistics (registers, spills, ...) are printed when it is created.
    bool pipelineStats = false;
    // The pipeline-cache identity (a persisted cache is only read back on the same device and driver).
    uint32_t vendorId = 0, deviceId = 0;
    uint8_t pipelineCacheUuid[VK_UUID_SIZE] = {};
    // VK_EXT_pipeline_creation_feedback: pipeline creation reports pipeline-cache hits.
    bool creationFeedback = false;
    // VK_NV_cooperative_matrix (tensor cores): every f16 shape of subgroup scope the driver lists,
    // and whether the prompt GEMM uses one (the extension and its feature for compute, with
    // shaderFloat16 and the Vulkan memory model its SPIR-V declares, subgroups of 32, a shape that
    // pickCoopShape accepts).
    std::vector<CoopShape> coopShapes;
    bool coopmat = false;
    CoopShape coopShape;
    uint64_t maxStorageBufferRange = 0;
    uint32_t maxStorageBuffersPerStage = 0;
    uint64_t maxAllocationSize = 0;
    uint64_t minStorageBufferOffsetAlignment = 0;
    uint32_t maxSharedMemory = 0;
    uint32_t maxWorkgroupInvocations = 0;
    uint32_t maxWorkgroupCount[3] = {0, 0, 0};
    float timestampPeriod = 0;       // nanoseconds per timestamp tick
    uint32_t timestampValidBits = 0; // of the compute queue family; 0: no timestamps
    bool usable = false;
    std::string whyNot; // one sentence when not usable
};

DeviceCaps queryDeviceCaps(const Api& api, VkPhysicalDevice physical);

class Device {
  public:
    // Creates the logical device with one compute queue; throws Error(Backend) on failure.
    Device(Instance& instance, const DeviceCaps& caps);
    ~Device();
    Device(const Device&) = delete;
    Device& operator=(const Device&) = delete;

    const Api& api() const { return api_; }
    VkDevice handle() const { return device_; }
    VkQueue queue() const { return queue_; }
    const DeviceCaps& caps() const { return caps_; }
    Instance& instance() const { return instance_; }

  private:
    Instance& instance_;
    Api api_;
    DeviceCaps caps_;
    VkDevice device_ = VK_NULL_HANDLE;
    VkQueue queue_ = VK_NULL_HANDLE;
};

// Command recording objects on the device's compute queue family (throw on failure): a pool
// whose buffers can be reset one by one, a primary command buffer from it, and an unsignalled
// fence.
VkCommandPool createCommandPool(const Device& device);
VkCommandBuffer allocateCommandBuffer(const Device& device, VkCommandPool pool);
VkFence createFence(const Device& device);

} // namespace smoldesk::compute::vk
