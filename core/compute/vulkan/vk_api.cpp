#include "compute/vulkan/vk_api.h"

#include "common/error.h"
#include "common/platform.h"

#include <mutex>

namespace smoldesk::compute::vk {

const Api* loadVulkanLoader(std::string* reason) {
    static Api api;
    static std::string failure;
    static std::once_flag once;
    std::call_once(once, [] {
        // The handle is kept for the life of the process: drivers may have registered
        // atexit handlers that must still find their code.
        const std::vector<const char*> names = platform::vulkanLoaderNames();
        void* lib = nullptr;
        for (const char* name : names)
            if (!lib) lib = platform::openLibrary(name);
        if (!lib) {
            failure = std::string("No Vulkan loader (") + names.front() + ") is installed.";
            return;
        }
        api.vkGetInstanceProcAddr = reinterpret_cast<PFN_vkGetInstanceProcAddr>(
            platform::librarySymbol(lib, "vkGetInstanceProcAddr"));
        if (!api.vkGetInstanceProcAddr) {
            failure = "The Vulkan loader on this system lacks vkGetInstanceProcAddr.";
            return;
        }
#define SMOLDESK_VK_LOAD(name)                                                                               \
    api.name = reinterpret_cast<PFN_##name>(api.vkGetInstanceProcAddr(nullptr, #name));
        SMOLDESK_VK_GLOBAL_FUNCTIONS(SMOLDESK_VK_LOAD)
#undef SMOLDESK_VK_LOAD
        if (!api.vkCreateInstance || !api.vkEnumerateInstanceLayerProperties ||
            !api.vkEnumerateInstanceExtensionProperties)
            failure = "The Vulkan loader on this system is incomplete.";
    });
    if (!failure.empty()) {
        if (reason) *reason = failure;
        return nullptr;
    }
    return &api;
}

void loadInstanceFunctions(Api& api, VkInstance instance) {
#define SMOLDESK_VK_LOAD(name)                                                                               \
    api.name = reinterpret_cast<PFN_##name>(api.vkGetInstanceProcAddr(instance, #name));
    SMOLDESK_VK_INSTANCE_FUNCTIONS(SMOLDESK_VK_LOAD)
    SMOLDESK_VK_LOAD(vkCreateDebugUtilsMessengerEXT)
    SMOLDESK_VK_LOAD(vkDestroyDebugUtilsMessengerEXT)
    SMOLDESK_VK_LOAD(vkGetPhysicalDeviceCooperativeMatrixPropertiesNV)
#undef SMOLDESK_VK_LOAD
}

const char* loadDeviceFunctions(Api& api, VkDevice device) {
    const char* missing = nullptr;
#define SMOLDESK_VK_LOAD(name)                                                                               \
    api.name = reinterpret_cast<PFN_##name>(api.vkGetDeviceProcAddr(device, #name));                         \
    if (!api.name && !missing) missing = #name;
    SMOLDESK_VK_DEVICE_FUNCTIONS(SMOLDESK_VK_LOAD)
#undef SMOLDESK_VK_LOAD
    return missing;
}

const char* resultName(VkResult result) {
    switch (result) {
#define SMOLDESK_VK_CASE(r)                                                                                  \
    case r:                                                                                                  \
        return #r;
        SMOLDESK_VK_CASE(VK_SUCCESS)
        SMOLDESK_VK_CASE(VK_NOT_READY)
        SMOLDESK_VK_CASE(VK_TIMEOUT)
        SMOLDESK_VK_CASE(VK_INCOMPLETE)
        SMOLDESK_VK_CASE(VK_ERROR_OUT_OF_HOST_MEMORY)
        SMOLDESK_VK_CASE(VK_ERROR_OUT_OF_DEVICE_MEMORY)
        SMOLDESK_VK_CASE(VK_ERROR_INITIALIZATION_FAILED)
        SMOLDESK_VK_CASE(VK_ERROR_DEVICE_LOST)
        SMOLDESK_VK_CASE(VK_ERROR_MEMORY_MAP_FAILED)
        SMOLDESK_VK_CASE(VK_ERROR_LAYER_NOT_PRESENT)
        SMOLDESK_VK_CASE(VK_ERROR_EXTENSION_NOT_PRESENT)
        SMOLDESK_VK_CASE(VK_ERROR_FEATURE_NOT_PRESENT)
        SMOLDESK_VK_CASE(VK_ERROR_INCOMPATIBLE_DRIVER)
        SMOLDESK_VK_CASE(VK_ERROR_TOO_MANY_OBJECTS)
        SMOLDESK_VK_CASE(VK_ERROR_OUT_OF_POOL_MEMORY)
        SMOLDESK_VK_CASE(VK_ERROR_FRAGMENTED_POOL)
        SMOLDESK_VK_CASE(VK_ERROR_UNKNOWN)
#undef SMOLDESK_VK_CASE
    default:
        return "an unknown Vulkan error";
    }
}

void check(VkResult result, const char* what) {
    if (result == VK_SUCCESS) return;
    if (result == VK_ERROR_DEVICE_LOST)
        throw Error(ErrorCode::DeviceLost,
                    std::string("The GPU stopped responding (device lost in ") + what + ").");
    if (result == VK_ERROR_OUT_OF_DEVICE_MEMORY || result == VK_ERROR_OUT_OF_HOST_MEMORY)
        throw Error(ErrorCode::OutOfMemory,
                    std::string("The GPU ran out of memory in ") + what + " (" + resultName(result) + ").");
    throw Error(ErrorCode::Backend, std::string(what) + " failed with " + resultName(result) + ".");
}

} // namespace smoldesk::compute::vk
