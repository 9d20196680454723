#pragma once
// A Vulkan instance (API 1.1 or newer) with, on request, the Khronos validation layer and a
// messenger that collects every warning and error so callers can fail on them.
#include "compute/vulkan/vk_api.h"

#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace smoldesk::compute::vk {

class Instance {
  public:
    // nullptr with *reason set (one sentence) when no loader, no driver or no validation layer.
    static std::unique_ptr<Instance> create(bool validation, std::string* reason);
    ~Instance();
    Instance(const Instance&) = delete;
    Instance& operator=(const Instance&) = delete;

    const Api& api() const { return api_; }
    VkInstance handle() const { return instance_; }
    uint32_t apiVersion() const { return apiVersion_; }
    // Throws Error(Backend) naming the result when the driver fails to enumerate.
    std::vector<VkPhysicalDevice> physicalDevices() const;

    bool validating() const { return messenger_ != VK_NULL_HANDLE; }
    // Validation messages since the last call (empty when validation is off).
    std::vector<std::string> takeMessages();
    // Throws Error(Backend) quoting the first validation message, if any arrived.
    void throwOnMessages(const char* during);

  private:
    Instance() = default;
    static VKAPI_ATTR VkBool32 VKAPI_CALL onMessage(VkDebugUtilsMessageSeverityFlagBitsEXT severity,
                                                    VkDebugUtilsMessageTypeFlagsEXT types,
                                                    const VkDebugUtilsMessengerCallbackDataEXT* data,
                                                    void* self);

    Api api_;
    VkInstance instance_ = VK_NULL_HANDLE;
    VkDebugUtilsMessengerEXT messenger_ = VK_NULL_HANDLE;
    uint32_t apiVersion_ = VK_API_VERSION_1_1;
    // What was mapped before the loader first ran for this instance (see ~Instance).
    std::vector<std::string> librariesBefore_;
    std::mutex messagesMutex_;
    std::vector<std::string> messages_;
};

} // namespace smoldesk::compute::vk
