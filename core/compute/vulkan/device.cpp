#include "compute/vulkan/device.h"
#include "compute/vulkan/recorder.h"

#include "common/error.h"
#include "common/platform.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <tuple>
#include <vector>

namespace smoldesk::compute::vk {

namespace {

const char* typeName(VkPhysicalDeviceType t) {
    switch (t) {
    case VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU:
        return "discrete";
    case VK_PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU:
        return "integrated";
    case VK_PHYSICAL_DEVICE_TYPE_VIRTUAL_GPU:
        return "virtual";
    case VK_PHYSICAL_DEVICE_TYPE_CPU:
        return "cpu";
    default:
        return "other";
    }
}

bool hasDeviceExtension(const Api& api, VkPhysicalDevice physical, const char* name) {
    uint32_t count = 0;
    if (api.vkEnumerateDeviceExtensionProperties(physical, nullptr, &count, nullptr) != VK_SUCCESS)
        return false;
    std::vector<VkExtensionProperties> exts(count);
    if (api.vkEnumerateDeviceExtensionProperties(physical, nullptr, &count, exts.data()) != VK_SUCCESS)
        return false;
    for (const auto& e : exts)
        if (std::strcmp(e.extensionName, name) == 0) return true;
    return false;
}

// VK_NV_cooperative_matrix: the shapes, and whether the prompt GEMM can use one (see DeviceCaps).
// SMOLDESK_VK_NO_COOPMAT=1 turns it off (the tiled GEMM then runs, as on devices without it).
void queryCooperativeMatrix(const Api& api, VkPhysicalDevice physical, DeviceCaps& c) {
    if (!api.vkGetPhysicalDeviceCooperativeMatrixPropertiesNV ||
        !hasDeviceExtension(api, physical, VK_NV_COOPERATIVE_MATRIX_EXTENSION_NAME) ||
        !hasDeviceExtension(api, physical, VK_KHR_SHADER_FLOAT16_INT8_EXTENSION_NAME) ||
        !hasDeviceExtension(api, physical, VK_KHR_VULKAN_MEMORY_MODEL_EXTENSION_NAME))
        return;
    uint32_t count = 0;
    if (api.vkGetPhysicalDeviceCooperativeMatrixPropertiesNV(physical, &count, nullptr) != VK_SUCCESS) return;
    VkCooperativeMatrixPropertiesNV blank{};
    blank.sType = VK_STRUCTURE_TYPE_COOPERATIVE_MATRIX_PROPERTIES_NV;
    std::vector<VkCooperativeMatrixPropertiesNV> list(count, blank);
    if (api.vkGetPhysicalDeviceCooperativeMatrixPropertiesNV(physical, &count, list.data()) != VK_SUCCESS)
        return;
    for (const VkCooperativeMatrixPropertiesNV& p : list) {
        const bool f16In = p.AType == VK_COMPONENT_TYPE_FLOAT16_NV && p.BType == VK_COMPONENT_TYPE_FLOAT16_NV;
        const bool f32 = p.CType == VK_COMPONENT_TYPE_FLOAT32_NV && p.DType == VK_COMPONENT_TYPE_FLOAT32_NV;
        const bool f16 = p.CType == VK_COMPONENT_TYPE_FLOAT16_NV && p.DType == VK_COMPONENT_TYPE_FLOAT16_NV;
        if (f16In && (f32 || f16) && p.scope == VK_SCOPE_SUBGROUP_NV)
            c.coopShapes.push_back({p.MSize, p.NSize, p.KSize, f32});
    }
    VkPhysicalDeviceCooperativeMatrixPropertiesNV props{};
    props.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_COOPERATIVE_MATRIX_PROPERTIES_NV;
    VkPhysicalDeviceProperties2 props2{};
    props2.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2;
    props2.pNext = &props;
    api.vkGetPhysicalDeviceProperties2(physical, &props2);
    VkPhysicalDeviceCooperativeMatrixFeaturesNV coop{};
    coop.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_COOPERATIVE_MATRIX_FEATURES_NV;
    VkPhysicalDeviceShaderFloat16Int8FeaturesKHR half{};
    half.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_FLOAT16_INT8_FEATURES_KHR;
    half.pNext = &coop;
    VkPhysicalDeviceVulkanMemoryModelFeaturesKHR model{};
    model.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_MEMORY_MODEL_FEATURES_KHR;
    model.pNext = &half;
    VkPhysicalDeviceFeatures2 features{};
    features.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2;
    features.pNext = &model;
    api.vkGetPhysicalDeviceFeatures2(physical, &features);
    // matmul_coop.comp's warps are subgroups of 32 (NVIDIA's only size), numbered by
    // gl_SubgroupID (the basic subgroup operations, which subgroupArithmetic includes).
    const bool warps32 =
        c.subgroupArithmetic &&
        (c.subgroupSizeControl ? c.minSubgroupSize <= 32 && 32 <= c.maxSubgroupSize : c.subgroupSize == 32);
    const char* off = std::getenv("SMOLDESK_VK_NO_COOPMAT");
    c.coopmat = coop.cooperativeMatrix && half.shaderFloat16 && model.vulkanMemoryModel &&
                (props.cooperativeMatrixSupportedStages & VK_SHADER_STAGE_COMPUTE_BIT) && warps32 &&
                c.maxWorkgroupInvocations >= 128 && pickCoopShape(c.coopShapes, c.coopShape) &&
                !(off && *off && *off != '0');
}

} // namespace

bool pickCoopShape(const std::vector<CoopShape>& shapes, CoopShape& chosen) {
    bool found = false;
    auto rank = [](const CoopShape& s) {
        return std::tuple(s.f32Acc, uint64_t(s.m) * s.n * s.k, s.m == 16 && s.n == 16 && s.k == 16);
    };
    for (const CoopShape& s : shapes) {
        const bool fits = s.m > 0 && s.n > 0 && 16 % s.m == 0 && 16 % s.n == 0 && (s.k == 8 || s.k == 16) &&
                          s.m * s.n >= 32; // an emulated fragment gives each of 32 lanes a value
        if (fits && (!found || rank(s) > rank(chosen))) chosen = s, found = true;
    }
    return found;
}

// VkPhysicalDeviceProperties::driverVersion is vendor-encoded: NVIDIA packs 10.8.8.6 bits, the
// Windows Intel driver 18.14, everyone else (Mesa, AMD) Vulkan's own 10.10.12.
std::string driverVersionText(uint32_t vendor, uint32_t v) {
    auto dotted = [](std::initializer_list<uint32_t> parts) {
        std::string s;
        for (uint32_t p : parts) s += (s.empty() ? "" : ".") + std::to_string(p);
        return s;
    };
    if (vendor == 0x10DE) return dotted({v >> 22, (v >> 14) & 0xFF, (v >> 6) & 0xFF, v & 0x3F});
#ifdef _WIN32
    if (vendor == 0x8086) return dotted({v >> 14, v & 0x3FFF});
#endif
    return dotted({v >> 22, (v >> 12) & 0x3FF, v & 0xFFF});
}

namespace {

// The largest device-local heap and what of it SmolDesk may use now.
void queryMemory(const Api& api, VkPhysicalDevice physical, DeviceCaps& c) {
    VkPhysicalDeviceMemoryBudgetPropertiesEXT budget{};
    budget.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MEMORY_BUDGET_PROPERTIES_EXT;
    VkPhysicalDeviceMemoryProperties2 memory{};
    memory.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MEMORY_PROPERTIES_2;
    const bool hasBudget = hasDeviceExtension(api, physical, VK_EXT_MEMORY_BUDGET_EXTENSION_NAME);
    if (hasBudget) memory.pNext = &budget;
    api.vkGetPhysicalDeviceMemoryProperties2(physical, &memory);
    const VkPhysicalDeviceMemoryProperties& mp = memory.memoryProperties;
    for (uint32_t h = 0; h < mp.memoryHeapCount; ++h) {
        if (!(mp.memoryHeaps[h].flags & VK_MEMORY_HEAP_DEVICE_LOCAL_BIT) ||
            mp.memoryHeaps[h].size <= c.memoryBytes)
            continue;
        c.memoryBytes = mp.memoryHeaps[h].size;
        c.memoryBudget = hasBudget && budget.heapBudget[h] ? budget.heapBudget[h] : mp.memoryHeaps[h].size;
    }
    // A CPU implementation (lavapipe) allocates "device" memory with malloc: its heap size is a
    // made-up figure (2 GiB), which it does not even enforce. What bounds it is the RAM free now.
    if (c.vkType == VK_PHYSICAL_DEVICE_TYPE_CPU)
        c.memoryBudget = std::max(c.memoryBudget, platform::availableMemoryBytes());
    // Tests (and users who share the GPU): the device memory SmolDesk may use, in MiB. Lavapipe
    // has no real limit of its own, so the memory check is testable only this way.
    if (const char* env = std::getenv("SMOLDESK_VK_MEMORY_BUDGET_MB"); env && *env) {
        const uint64_t limit = std::strtoull(env, nullptr, 10) << 20;
        c.memoryBudget = std::min(c.memoryBudget, limit);
        c.memoryBytes = std::min(c.memoryBytes, limit);
    }
}

// The first queue family that computes, and its timestamp width.
void queryComputeQueue(const Api& api, VkPhysicalDevice physical, DeviceCaps& c) {
    uint32_t familyCount = 0;
    api.vkGetPhysicalDeviceQueueFamilyProperties(physical, &familyCount, nullptr);
    std::vector<VkQueueFamilyProperties> families(familyCount);
    api.vkGetPhysicalDeviceQueueFamilyProperties(physical, &familyCount, families.data());
    for (uint32_t f = 0; f < familyCount && c.queueFamily == UINT32_MAX; ++f)
        if (families[f].queueFlags & VK_QUEUE_COMPUTE_BIT) {
            c.queueFamily = f;
            c.timestampValidBits = families[f].timestampValidBits;
        }
}

// c.usable, or one sentence in c.whyNot naming what the shaders need and the device lacks.
void judgeUsability(DeviceCaps& c) {
    if (c.queueFamily == UINT32_MAX)
        c.whyNot = "The device '" + c.name + "' has no compute queue.";
    else if (!c.storage16)
        c.whyNot = "The device '" + c.name + "' lacks 16-bit storage buffers, which SmolDesk's shaders need.";
    else if (c.maxSharedMemory < 16384 || c.maxWorkgroupInvocations < 128)
        c.whyNot = "The device '" + c.name +
                   "' has too little shared memory or too small workgroups for SmolDesk's shaders.";
    else if (c.maxStorageBufferRange < (1u << 24))
        c.whyNot = "The device '" + c.name + "' cannot bind storage buffers of 16 MiB.";
    else if (c.maxStorageBuffersPerStage < kRequiredBindings)
        c.whyNot = "The device '" + c.name + "' cannot bind the " + std::to_string(kRequiredBindings) +
                   " storage buffers one of SmolDesk's shaders reads.";
    else
        c.usable = true;
}

} // namespace

DeviceCaps queryDeviceCaps(const Api& api, VkPhysicalDevice physical) {
    DeviceCaps c;
    c.physical = physical;

    VkPhysicalDeviceSubgroupSizeControlPropertiesEXT sizeControl{};
    sizeControl.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SUBGROUP_SIZE_CONTROL_PROPERTIES_EXT;
    const bool hasSizeControl =
        hasDeviceExtension(api, physical, VK_EXT_SUBGROUP_SIZE_CONTROL_EXTENSION_NAME);
    VkPhysicalDeviceSubgroupProperties subgroup{};
    subgroup.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SUBGROUP_PROPERTIES;
    if (hasSizeControl) subgroup.pNext = &sizeControl;
    VkPhysicalDeviceMaintenance3Properties maintenance3{};
    maintenance3.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MAINTENANCE_3_PROPERTIES;
    maintenance3.pNext = &subgroup;
    VkPhysicalDeviceProperties2 props{};
    props.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2;
    props.pNext = &maintenance3;
    api.vkGetPhysicalDeviceProperties(physical, &props.properties);
    c.apiVersion = props.properties.apiVersion;
    c.driverVersion = driverVersionText(props.properties.vendorID, props.properties.driverVersion);
    c.name = props.properties.deviceName;
    c.vkType = props.properties.deviceType;
    c.vendorId = props.properties.vendorID;
    c.deviceId = props.properties.deviceID;
    std::memcpy(c.pipelineCacheUuid, props.properties.pipelineCacheUUID, VK_UUID_SIZE);
    c.creationFeedback = hasDeviceExtension(api, physical, VK_EXT_PIPELINE_CREATION_FEEDBACK_EXTENSION_NAME);
    c.type = typeName(c.vkType);
    if (c.apiVersion < VK_API_VERSION_1_1) {
        c.whyNot = "The device '" + c.name + "' only supports Vulkan 1.0; SmolDesk needs 1.1.";
        return c;
    }
    api.vkGetPhysicalDeviceProperties2(physical, &props);
    const VkPhysicalDeviceLimits& lim = props.properties.limits;
    c.maxStorageBufferRange = lim.maxStorageBufferRange;
    c.maxStorageBuffersPerStage = lim.maxPerStageDescriptorStorageBuffers;
    c.maxAllocationSize = maintenance3.maxMemoryAllocationSize;
    c.minStorageBufferOffsetAlignment = lim.minStorageBufferOffsetAlignment;
    c.maxSharedMemory = lim.maxComputeSharedMemorySize;
    c.maxWorkgroupInvocations = lim.maxComputeWorkGroupInvocations;
    for (int i = 0; i < 3; ++i) c.maxWorkgroupCount[i] = lim.maxComputeWorkGroupCount[i];
    c.timestampPeriod = lim.timestampPeriod;
    c.subgroupSize = subgroup.subgroupSize;
    c.subgroupArithmetic = (subgroup.supportedStages & VK_SHADER_STAGE_COMPUTE_BIT) &&
                           (subgroup.supportedOperations & VK_SUBGROUP_FEATURE_BASIC_BIT) &&
                           (subgroup.supportedOperations & VK_SUBGROUP_FEATURE_ARITHMETIC_BIT) &&
                           subgroup.subgroupSize >= 4;
    c.subgroupShuffle = (subgroup.supportedStages & VK_SHADER_STAGE_COMPUTE_BIT) &&
                        (subgroup.supportedOperations & VK_SUBGROUP_FEATURE_BASIC_BIT) &&
                        (subgroup.supportedOperations & VK_SUBGROUP_FEATURE_SHUFFLE_BIT);
    // Tests (and bug hunts) run the shared-memory reductions.
    if (const char* off = std::getenv("SMOLDESK_VK_NO_SUBGROUP"); off && *off && *off != '0')
        c.subgroupArithmetic = c.subgroupShuffle = false;

    VkPhysicalDevicePipelineExecutablePropertiesFeaturesKHR executables{};
    executables.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PIPELINE_EXECUTABLE_PROPERTIES_FEATURES_KHR;
    const char* wantStats = std::getenv("SMOLDESK_VK_PIPELINE_STATS");
    const bool hasStats =
        wantStats && *wantStats && *wantStats != '0' &&
        hasDeviceExtension(api, physical, VK_KHR_PIPELINE_EXECUTABLE_PROPERTIES_EXTENSION_NAME);
    VkPhysicalDeviceSubgroupSizeControlFeaturesEXT sizeFeatures{};
    sizeFeatures.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SUBGROUP_SIZE_CONTROL_FEATURES_EXT;
    VkPhysicalDevice16BitStorageFeatures storage16{};
    storage16.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_16BIT_STORAGE_FEATURES;
    void* chain = nullptr; // the optional features' structures, where their extensions exist
    if (hasStats) {
        executables.pNext = chain;
        chain = &executables;
    }
    if (hasSizeControl) {
        sizeFeatures.pNext = chain;
        chain = &sizeFeatures;
    }
    storage16.pNext = chain;
    VkPhysicalDeviceFeatures2 features{};
    features.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2;
    features.pNext = &storage16;
    api.vkGetPhysicalDeviceFeatures2(physical, &features);
    c.storage16 = storage16.storageBuffer16BitAccess == VK_TRUE;
    // Pinning the subgroup size (matvec.comp's teams assume nothing about it, but run best at
    // the size the host planned for); SMOLDESK_VK_NO_SUBGROUP_SIZE=1 turns it off.
    const char* noPin = std::getenv("SMOLDESK_VK_NO_SUBGROUP_SIZE");
    if (hasSizeControl && sizeFeatures.subgroupSizeControl &&
        (sizeControl.requiredSubgroupSizeStages & VK_SHADER_STAGE_COMPUTE_BIT) &&
        !(noPin && *noPin && *noPin != '0')) {
        c.subgroupSizeControl = true;
        c.computeFullSubgroups = sizeFeatures.computeFullSubgroups == VK_TRUE;
        c.minSubgroupSize = sizeControl.minSubgroupSize;
        c.maxSubgroupSize = sizeControl.maxSubgroupSize;
        c.maxComputeWorkgroupSubgroups = sizeControl.maxComputeWorkgroupSubgroups;
    }
    c.pipelineStats = hasStats && executables.pipelineExecutableInfo == VK_TRUE;
    queryCooperativeMatrix(api, physical, c);

    queryMemory(api, physical, c);
    queryComputeQueue(api, physical, c);
    judgeUsability(c);
    return c;
}

Device::Device(Instance& instance, const DeviceCaps& caps)
    : instance_(instance), api_(instance.api()), caps_(caps) {
    const float priority = 1.0f;
    VkDeviceQueueCreateInfo queueInfo{};
    queueInfo.sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO;
    queueInfo.queueFamilyIndex = caps.queueFamily;
    queueInfo.queueCount = 1;
    queueInfo.pQueuePriorities = &priority;

    // Optional features, chained only where present (and their extensions enabled).
    std::vector<const char*> extensions;
    void* chain = nullptr;
    VkPhysicalDevicePipelineExecutablePropertiesFeaturesKHR executables{};
    executables.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PIPELINE_EXECUTABLE_PROPERTIES_FEATURES_KHR;
    executables.pipelineExecutableInfo = VK_TRUE;
    if (caps.pipelineStats) {
        extensions.push_back(VK_KHR_PIPELINE_EXECUTABLE_PROPERTIES_EXTENSION_NAME);
        executables.pNext = chain;
        chain = &executables;
    }
    VkPhysicalDeviceSubgroupSizeControlFeaturesEXT sizeControl{};
    sizeControl.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SUBGROUP_SIZE_CONTROL_FEATURES_EXT;
    sizeControl.subgroupSizeControl = VK_TRUE;
    sizeControl.computeFullSubgroups = caps.computeFullSubgroups ? VK_TRUE : VK_FALSE;
    if (caps.subgroupSizeControl) {
        extensions.push_back(VK_EXT_SUBGROUP_SIZE_CONTROL_EXTENSION_NAME);
        sizeControl.pNext = chain;
        chain = &sizeControl;
    }
    if (caps.creationFeedback) extensions.push_back(VK_EXT_PIPELINE_CREATION_FEEDBACK_EXTENSION_NAME);
    // Tensor cores (matmul_coop.comp): the extension, f16 arithmetic and the Vulkan memory model.
    VkPhysicalDeviceCooperativeMatrixFeaturesNV coop{};
    coop.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_COOPERATIVE_MATRIX_FEATURES_NV;
    coop.cooperativeMatrix = VK_TRUE;
    VkPhysicalDeviceShaderFloat16Int8FeaturesKHR half{};
    half.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_FLOAT16_INT8_FEATURES_KHR;
    half.shaderFloat16 = VK_TRUE;
    VkPhysicalDeviceVulkanMemoryModelFeaturesKHR model{};
    model.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_MEMORY_MODEL_FEATURES_KHR;
    model.vulkanMemoryModel = VK_TRUE;
    if (caps.coopmat) {
        extensions.push_back(VK_NV_COOPERATIVE_MATRIX_EXTENSION_NAME);
        extensions.push_back(VK_KHR_SHADER_FLOAT16_INT8_EXTENSION_NAME);
        extensions.push_back(VK_KHR_VULKAN_MEMORY_MODEL_EXTENSION_NAME);
        coop.pNext = chain;
        half.pNext = &coop;
        model.pNext = &half;
        chain = &model;
    }
    VkPhysicalDevice16BitStorageFeatures storage16{};
    storage16.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_16BIT_STORAGE_FEATURES;
    storage16.storageBuffer16BitAccess = VK_TRUE;
    storage16.pNext = chain;
    VkPhysicalDeviceFeatures2 features{};
    features.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2;
    features.pNext = &storage16;

    VkDeviceCreateInfo info{};
    info.sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO;
    info.pNext = &features;
    info.enabledExtensionCount = static_cast<uint32_t>(extensions.size());
    info.ppEnabledExtensionNames = extensions.data();
    info.queueCreateInfoCount = 1;
    info.pQueueCreateInfos = &queueInfo;
    check(api_.vkCreateDevice(caps.physical, &info, nullptr, &device_), "vkCreateDevice");
    if (const char* missing = loadDeviceFunctions(api_, device_)) {
        api_.vkDestroyDevice =
            reinterpret_cast<PFN_vkDestroyDevice>(api_.vkGetDeviceProcAddr(device_, "vkDestroyDevice"));
        if (api_.vkDestroyDevice) api_.vkDestroyDevice(device_, nullptr);
        throw Error(ErrorCode::Backend,
                    std::string("The Vulkan driver of '") + caps.name + "' lacks " + missing + ".");
    }
    api_.vkGetDeviceQueue(device_, caps.queueFamily, 0, &queue_);
}

Device::~Device() {
    if (device_ != VK_NULL_HANDLE) {
        api_.vkDeviceWaitIdle(device_);
        api_.vkDestroyDevice(device_, nullptr);
    }
}

VkCommandPool createCommandPool(const Device& device) {
    VkCommandPoolCreateInfo info{};
    info.sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO;
    info.flags = VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT;
    info.queueFamilyIndex = device.caps().queueFamily;
    VkCommandPool pool = VK_NULL_HANDLE;
    check(device.api().vkCreateCommandPool(device.handle(), &info, nullptr, &pool), "vkCreateCommandPool");
    return pool;
}

VkCommandBuffer allocateCommandBuffer(const Device& device, VkCommandPool pool) {
    VkCommandBufferAllocateInfo info{};
    info.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO;
    info.commandPool = pool;
    info.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
    info.commandBufferCount = 1;
    VkCommandBuffer cmd = VK_NULL_HANDLE;
    check(device.api().vkAllocateCommandBuffers(device.handle(), &info, &cmd), "vkAllocateCommandBuffers");
    return cmd;
}

VkFence createFence(const Device& device) {
    VkFenceCreateInfo info{};
    info.sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO;
    VkFence fence = VK_NULL_HANDLE;
    check(device.api().vkCreateFence(device.handle(), &info, nullptr, &fence), "vkCreateFence");
    return fence;
}

} // namespace smoldesk::compute::vk
