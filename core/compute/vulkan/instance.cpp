#include "compute/vulkan/instance.h"

#include "common/error.h"
#include "common/platform.h"

#include <algorithm>
#include <cstring>

namespace smoldesk::compute::vk {

namespace {

constexpr const char* kValidationLayer = "VK_LAYER_KHRONOS_validation";

bool hasLayer(const Api& api, const char* name) {
    uint32_t count = 0;
    if (api.vkEnumerateInstanceLayerProperties(&count, nullptr) != VK_SUCCESS) return false;
    std::vector<VkLayerProperties> layers(count);
    if (api.vkEnumerateInstanceLayerProperties(&count, layers.data()) != VK_SUCCESS) return false;
    for (const auto& l : layers)
        if (std::strcmp(l.layerName, name) == 0) return true;
    return false;
}

bool hasInstanceExtension(const Api& api, const char* layer, const char* name) {
    uint32_t count = 0;
    if (api.vkEnumerateInstanceExtensionProperties(layer, &count, nullptr) != VK_SUCCESS) return false;
    std::vector<VkExtensionProperties> exts(count);
    if (api.vkEnumerateInstanceExtensionProperties(layer, &count, exts.data()) != VK_SUCCESS) return false;
    for (const auto& e : exts)
        if (std::strcmp(e.extensionName, name) == 0) return true;
    return false;
}

} // namespace

std::unique_ptr<Instance> Instance::create(bool validation, std::string* reason) {
    const Api* loader = loadVulkanLoader(reason);
    if (!loader) return nullptr;
    std::unique_ptr<Instance> self(new Instance());
    self->librariesBefore_ = platform::loadedLibraries();
    self->api_ = *loader;
    const Api& api = self->api_;

    uint32_t loaderVersion = VK_API_VERSION_1_0;
    if (api.vkEnumerateInstanceVersion) api.vkEnumerateInstanceVersion(&loaderVersion);
    if (loaderVersion < VK_API_VERSION_1_1) {
        if (reason)
            *reason = "The Vulkan loader on this system only supports Vulkan 1.0; SmolDesk needs 1.1.";
        return nullptr;
    }
    self->apiVersion_ = loaderVersion >= VK_API_VERSION_1_2 ? VK_API_VERSION_1_2 : VK_API_VERSION_1_1;

    std::vector<const char*> layers, extensions;
    if (validation) {
        if (!hasLayer(api, kValidationLayer)) {
            if (reason)
                *reason = "The Vulkan validation layer (VK_LAYER_KHRONOS_validation) is not installed.";
            return nullptr;
        }
        layers.push_back(kValidationLayer);
        if (hasInstanceExtension(api, nullptr, VK_EXT_DEBUG_UTILS_EXTENSION_NAME) ||
            hasInstanceExtension(api, kValidationLayer, VK_EXT_DEBUG_UTILS_EXTENSION_NAME))
            extensions.push_back(VK_EXT_DEBUG_UTILS_EXTENSION_NAME);
    }

    VkApplicationInfo app{};
    app.sType = VK_STRUCTURE_TYPE_APPLICATION_INFO;
    app.pApplicationName = "SmolDesk";
    app.pEngineName = "SmolDesk";
    app.apiVersion = self->apiVersion_;
    VkInstanceCreateInfo info{};
    info.sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO;
    info.pApplicationInfo = &app;
    info.enabledLayerCount = static_cast<uint32_t>(layers.size());
    info.ppEnabledLayerNames = layers.data();
    info.enabledExtensionCount = static_cast<uint32_t>(extensions.size());
    info.ppEnabledExtensionNames = extensions.data();
    VkResult r = api.vkCreateInstance(&info, nullptr, &self->instance_);
    if (r != VK_SUCCESS) {
        if (reason)
            *reason = r == VK_ERROR_INCOMPATIBLE_DRIVER
                          ? "The Vulkan loader found no driver for this system."
                          : std::string("Creating a Vulkan instance failed with ") + resultName(r) + ".";
        return nullptr;
    }
    loadInstanceFunctions(self->api_, self->instance_);

    if (validation && !extensions.empty() && self->api_.vkCreateDebugUtilsMessengerEXT) {
        VkDebugUtilsMessengerCreateInfoEXT m{};
        m.sType = VK_STRUCTURE_TYPE_DEBUG_UTILS_MESSENGER_CREATE_INFO_EXT;
        m.messageSeverity =
            VK_DEBUG_UTILS_MESSAGE_SEVERITY_WARNING_BIT_EXT | VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT;
        m.messageType = VK_DEBUG_UTILS_MESSAGE_TYPE_GENERAL_BIT_EXT |
                        VK_DEBUG_UTILS_MESSAGE_TYPE_VALIDATION_BIT_EXT |
                        VK_DEBUG_UTILS_MESSAGE_TYPE_PERFORMANCE_BIT_EXT;
        m.pfnUserCallback = &Instance::onMessage;
        m.pUserData = self.get();
        r = self->api_.vkCreateDebugUtilsMessengerEXT(self->instance_, &m, nullptr, &self->messenger_);
        if (r != VK_SUCCESS) self->messenger_ = VK_NULL_HANDLE;
    }
    if (validation && self->messenger_ == VK_NULL_HANDLE) {
        if (reason)
            *reason =
                "The Vulkan validation layer is installed but its message callback could not be set up.";
        return nullptr;
    }
    return self;
}

Instance::~Instance() {
    if (messenger_ != VK_NULL_HANDLE) api_.vkDestroyDebugUtilsMessengerEXT(instance_, messenger_, nullptr);
    if (instance_ != VK_NULL_HANDLE) {
        // The loader unloads its drivers and layers with the last instance, but drivers keep state
        // for the life of the process: Mesa's CPU topology (util_cpu_detect, on AMD Zen), allocated
        // once and held only by the driver's globals, leaked 128 bytes each time lavapipe was
        // unloaded and loaded again (LeakSanitizer: realloc in an unknown module). So whatever the
        // loader brought in stays mapped, as the loader itself does (vk_api.cpp), and the next
        // instance reuses it instead of loading LLVM and the drivers again.
        std::vector<std::string> loaded = platform::loadedLibraries();
        std::sort(librariesBefore_.begin(), librariesBefore_.end());
        std::erase_if(loaded, [&](const std::string& path) {
            return std::binary_search(librariesBefore_.begin(), librariesBefore_.end(), path);
        });
        platform::keepLibrariesLoaded(loaded);
        api_.vkDestroyInstance(instance_, nullptr);
    }
}

std::vector<VkPhysicalDevice> Instance::physicalDevices() const {
    // A failing driver is reported, not turned into "no device": the caller says why.
    uint32_t count = 0;
    VkResult r = api_.vkEnumeratePhysicalDevices(instance_, &count, nullptr);
    std::vector<VkPhysicalDevice> devices;
    if (r == VK_SUCCESS) {
        devices.resize(count);
        r = api_.vkEnumeratePhysicalDevices(instance_, &count, devices.data());
    }
    if (r < 0)
        throw Error(ErrorCode::Backend,
                    std::string("Listing the Vulkan devices failed with ") + resultName(r) + ".");
    devices.resize(count);
    return devices;
}

VKAPI_ATTR VkBool32 VKAPI_CALL Instance::onMessage(VkDebugUtilsMessageSeverityFlagBitsEXT severity,
                                                   VkDebugUtilsMessageTypeFlagsEXT,
                                                   const VkDebugUtilsMessengerCallbackDataEXT* data,
                                                   void* self) {
    auto* instance = static_cast<Instance*>(self);
    std::string text = (severity & VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT) ? "error: " : "warning: ";
    text += data && data->pMessage ? data->pMessage : "(no text)";
    std::lock_guard<std::mutex> lock(instance->messagesMutex_);
    instance->messages_.push_back(std::move(text));
    return VK_FALSE;
}

std::vector<std::string> Instance::takeMessages() {
    std::lock_guard<std::mutex> lock(messagesMutex_);
    std::vector<std::string> out;
    out.swap(messages_);
    return out;
}

void Instance::throwOnMessages(const char* during) {
    if (!validating()) return;
    std::vector<std::string> messages = takeMessages();
    if (messages.empty()) return;
    throw Error(ErrorCode::Backend, "Vulkan validation reported " + std::to_string(messages.size()) +
                                        " message(s) during " + during + "; the first: " + messages.front());
}

} // namespace smoldesk::compute::vk
