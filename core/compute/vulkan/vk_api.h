#pragma once
// The Vulkan entry points SmolDesk uses, loaded at run time from libvulkan.so.1 so that a
// machine without a Vulkan loader still starts (and runs on the CPU).
#ifndef VK_NO_PROTOTYPES
#define VK_NO_PROTOTYPES
#endif
#include <vulkan/vulkan.h>

#include <string>

namespace smoldesk::compute::vk {

// Functions that need no instance.
#define SMOLDESK_VK_GLOBAL_FUNCTIONS(X)                                                                      \
    X(vkCreateInstance)                                                                                      \
    X(vkEnumerateInstanceVersion)                                                                            \
    X(vkEnumerateInstanceLayerProperties)                                                                    \
    X(vkEnumerateInstanceExtensionProperties)

#define SMOLDESK_VK_INSTANCE_FUNCTIONS(X)                                                                    \
    X(vkDestroyInstance)                                                                                     \
    X(vkEnumeratePhysicalDevices)                                                                            \
    X(vkGetPhysicalDeviceProperties)                                                                         \
    X(vkGetPhysicalDeviceProperties2)                                                                        \
    X(vkGetPhysicalDeviceFeatures2)                                                                          \
    X(vkGetPhysicalDeviceMemoryProperties)                                                                   \
    X(vkGetPhysicalDeviceMemoryProperties2)                                                                  \
    X(vkGetPhysicalDeviceQueueFamilyProperties)                                                              \
    X(vkEnumerateDeviceExtensionProperties)                                                                  \
    X(vkCreateDevice)                                                                                        \
    X(vkGetDeviceProcAddr)

#define SMOLDESK_VK_DEVICE_FUNCTIONS(X)                                                                      \
    X(vkDestroyDevice)                                                                                       \
    X(vkGetDeviceQueue)                                                                                      \
    X(vkDeviceWaitIdle)                                                                                      \
    X(vkQueueSubmit)                                                                                         \
    X(vkAllocateMemory)                                                                                      \
    X(vkFreeMemory)                                                                                          \
    X(vkMapMemory)                                                                                           \
    X(vkUnmapMemory)                                                                                         \
    X(vkCreateBuffer)                                                                                        \
    X(vkDestroyBuffer)                                                                                       \
    X(vkGetBufferMemoryRequirements)                                                                         \
    X(vkBindBufferMemory)                                                                                    \
    X(vkCreateShaderModule)                                                                                  \
    X(vkDestroyShaderModule)                                                                                 \
    X(vkCreateDescriptorSetLayout)                                                                           \
    X(vkDestroyDescriptorSetLayout)                                                                          \
    X(vkCreatePipelineLayout)                                                                                \
    X(vkDestroyPipelineLayout)                                                                               \
    X(vkCreateComputePipelines)                                                                              \
    X(vkCreatePipelineCache)                                                                                 \
    X(vkDestroyPipelineCache)                                                                                \
    X(vkGetPipelineCacheData)                                                                                \
    X(vkDestroyPipeline)                                                                                     \
    X(vkCreateDescriptorPool)                                                                                \
    X(vkDestroyDescriptorPool)                                                                               \
    X(vkResetDescriptorPool)                                                                                 \
    X(vkAllocateDescriptorSets)                                                                              \
    X(vkUpdateDescriptorSets)                                                                                \
    X(vkCreateCommandPool)                                                                                   \
    X(vkDestroyCommandPool)                                                                                  \
    X(vkAllocateCommandBuffers)                                                                              \
    X(vkBeginCommandBuffer)                                                                                  \
    X(vkEndCommandBuffer)                                                                                    \
    X(vkResetCommandBuffer)                                                                                  \
    X(vkCreateFence)                                                                                         \
    X(vkDestroyFence)                                                                                        \
    X(vkWaitForFences)                                                                                       \
    X(vkGetFenceStatus)                                                                                      \
    X(vkResetFences)                                                                                         \
    X(vkCmdBindPipeline)                                                                                     \
    X(vkCmdBindDescriptorSets)                                                                               \
    X(vkCmdPushConstants)                                                                                    \
    X(vkCmdDispatch)                                                                                         \
    X(vkCmdPipelineBarrier)                                                                                  \
    X(vkCmdCopyBuffer)                                                                                       \
    X(vkCmdFillBuffer)                                                                                       \
    X(vkCreateQueryPool)                                                                                     \
    X(vkDestroyQueryPool)                                                                                    \
    X(vkCmdResetQueryPool)                                                                                   \
    X(vkCmdWriteTimestamp)                                                                                   \
    X(vkGetQueryPoolResults)

struct Api {
    PFN_vkGetInstanceProcAddr vkGetInstanceProcAddr = nullptr;
#define SMOLDESK_VK_DECLARE(name) PFN_##name name = nullptr;
    SMOLDESK_VK_GLOBAL_FUNCTIONS(SMOLDESK_VK_DECLARE)
    SMOLDESK_VK_INSTANCE_FUNCTIONS(SMOLDESK_VK_DECLARE)
    SMOLDESK_VK_DEVICE_FUNCTIONS(SMOLDESK_VK_DECLARE)
    PFN_vkCreateDebugUtilsMessengerEXT vkCreateDebugUtilsMessengerEXT = nullptr;
    PFN_vkDestroyDebugUtilsMessengerEXT vkDestroyDebugUtilsMessengerEXT = nullptr;
    // VK_NV_cooperative_matrix's shape list (null where the driver lacks it).
    PFN_vkGetPhysicalDeviceCooperativeMatrixPropertiesNV vkGetPhysicalDeviceCooperativeMatrixPropertiesNV =
        nullptr;
#undef SMOLDESK_VK_DECLARE
};

// The process-wide loader: global functions filled in, or nullptr with *reason set when
// libvulkan cannot be opened. Never throws.
const Api* loadVulkanLoader(std::string* reason);

// Fills the instance-level functions (and the debug-utils pair when present).
void loadInstanceFunctions(Api& api, VkInstance instance);
// Fills the device-level functions through vkGetDeviceProcAddr (no loader trampoline).
// Returns the name of the first missing function, or nullptr.
const char* loadDeviceFunctions(Api& api, VkDevice device);

// "VK_ERROR_OUT_OF_DEVICE_MEMORY" for a result code.
const char* resultName(VkResult result);

// Throws Error(Backend) naming the call and result unless result is VK_SUCCESS.
void check(VkResult result, const char* what);

} // namespace smoldesk::compute::vk
