// Device listing and choice, and the fallible construction of the Vulkan backend: every
// reason Vulkan cannot be used comes back as one sentence instead of an exception.
#include "common/error.h"
#include "compute/vulkan/backend_impl.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>

namespace smoldesk::compute {

namespace {

// "1.9 GB"; two decimals below 1 GB, so that small models and budgets do not read "0.0 GB".
std::string gigabytes(uint64_t bytes) {
    const double gb = static_cast<double>(bytes) / 1e9;
    char text[32];
    std::snprintf(text, sizeof text, gb < 1.0 ? "%.2f GB" : "%.1f GB", gb);
    return text;
}

std::string lower(std::string s) {
    std::transform(s.begin(), s.end(), s.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return s;
}

// The index the user asked for (options, then SMOLDESK_VK_DEVICE), -1 for automatic, or -2
// when the request matches nothing (reason set).
int requestedDevice(const VulkanOptions& options, const std::vector<vk::DeviceCaps>& devices,
                    std::string* reason) {
    if (options.device >= 0) {
        if (static_cast<size_t>(options.device) < devices.size()) return options.device;
        *reason = "There is no Vulkan device " + std::to_string(options.device) + " (this system has " +
                  std::to_string(devices.size()) + ").";
        return -2;
    }
    const char* env = std::getenv("SMOLDESK_VK_DEVICE");
    if (!env || !*env) return -1;
    const std::string want = env;
    if (std::all_of(want.begin(), want.end(), [](unsigned char c) { return std::isdigit(c); })) {
        const unsigned long index = std::strtoul(want.c_str(), nullptr, 10);
        if (index < devices.size()) return static_cast<int>(index);
        *reason = "SMOLDESK_VK_DEVICE names device " + want + ", but this system has " +
                  std::to_string(devices.size()) + ".";
        return -2;
    }
    for (size_t i = 0; i < devices.size(); ++i)
        if (lower(devices[i].name).find(lower(want)) != std::string::npos) return static_cast<int>(i);
    *reason = "No Vulkan device's name contains '" + want + "' (SMOLDESK_VK_DEVICE).";
    return -2;
}

// Best usable GPU: discrete, then integrated, then virtual; never a CPU implementation.
int automaticDevice(const std::vector<vk::DeviceCaps>& devices, std::string* reason) {
    for (VkPhysicalDeviceType type :
         {VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU, VK_PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU,
          VK_PHYSICAL_DEVICE_TYPE_VIRTUAL_GPU}) {
        int best = -1;
        for (size_t i = 0; i < devices.size(); ++i)
            if (devices[i].vkType == type && devices[i].usable &&
                (best < 0 || devices[i].memoryBytes > devices[static_cast<size_t>(best)].memoryBytes))
                best = static_cast<int>(i);
        if (best >= 0) return best;
    }
    for (const vk::DeviceCaps& d : devices)
        if (d.vkType != VK_PHYSICAL_DEVICE_TYPE_CPU && d.vkType != VK_PHYSICAL_DEVICE_TYPE_OTHER) {
            *reason = d.whyNot; // a GPU exists but cannot run our shaders
            return -1;
        }
    for (const vk::DeviceCaps& d : devices)
        if (d.vkType == VK_PHYSICAL_DEVICE_TYPE_CPU) {
            *reason = "The only Vulkan device is '" + d.name +
                      "', a CPU implementation slower than SmolDesk's own CPU backend.";
            return -1;
        }
    *reason = "No Vulkan GPU is available.";
    return -1;
}

// What each of the instance's devices offers (nothing without an instance).
std::vector<vk::DeviceCaps> deviceCaps(const vk::Instance* instance) {
    std::vector<vk::DeviceCaps> devices;
    if (instance)
        for (VkPhysicalDevice physical : instance->physicalDevices())
            devices.push_back(vk::queryDeviceCaps(instance->api(), physical));
    return devices;
}

// The device to use: the one asked for, else the best GPU; -1 with *why (kept when Instance::create
// set it, for a system without devices) when there is none or it cannot run SmolDesk's shaders.
int chooseDevice(const VulkanOptions& options, const std::vector<vk::DeviceCaps>& devices, std::string* why) {
    int index = devices.empty() ? -2 : requestedDevice(options, devices, why);
    if (index == -1) index = automaticDevice(devices, why);
    if (index >= 0 && !devices[size_t(index)].usable) {
        *why = devices[size_t(index)].whyNot;
        index = -1;
    }
    if (index < 0 && why->empty()) *why = "The Vulkan loader found no device.";
    return std::max(index, -1);
}

} // namespace

bool vulkanSupportsType(quant::Type type) {
    return quant::gpuSupported(type);
}

std::vector<VulkanDeviceInfo> listVulkanDevices(std::string* whyNone) {
    std::vector<VulkanDeviceInfo> out;
    std::string why;
    try {
        std::unique_ptr<vk::Instance> instance = vk::Instance::create(false, &why);
        if (instance) {
            int index = 0;
            for (VkPhysicalDevice physical : instance->physicalDevices()) {
                vk::DeviceCaps c = vk::queryDeviceCaps(instance->api(), physical);
                out.push_back(VulkanDeviceInfo{index++, c.name, c.type, c.memoryBytes, c.usable, c.whyNot,
                                               c.driverVersion});
            }
            if (out.empty()) why = "The Vulkan loader found no device.";
        }
    } catch (const std::exception& e) {
        // A broken driver is "no device" for the picker, never a crash, but the caller learns why.
        out.clear();
        why = std::string("Listing the Vulkan devices failed: ") + e.what();
    }
    if (whyNone) *whyNone = out.empty() ? why : std::string();
    return out;
}

int resolveVulkanDevice(const VulkanOptions& options, std::string* reason) {
    std::string why;
    try {
        const std::unique_ptr<vk::Instance> instance = vk::Instance::create(false, &why);
        const int index = chooseDevice(options, deviceCaps(instance.get()), &why);
        if (index < 0 && reason) *reason = why;
        return index;
    } catch (const std::exception& e) {
        if (reason) *reason = e.what();
        return -1;
    }
}

uint64_t vulkanMemoryBudget(const VulkanOptions& options, std::string* reason) {
    std::string why;
    try {
        const std::unique_ptr<vk::Instance> instance = vk::Instance::create(false, &why);
        const std::vector<vk::DeviceCaps> devices = deviceCaps(instance.get());
        const int index = chooseDevice(options, devices, &why);
        if (index >= 0) return devices[size_t(index)].memoryBudget;
        if (reason) *reason = why;
        return 0;
    } catch (const std::exception& e) {
        if (reason) *reason = e.what();
        return 0;
    }
}

std::unique_ptr<Backend> createVulkanBackend(const VulkanOptions& options, std::string* reason) {
    std::string why;
    try {
        std::unique_ptr<vk::Instance> instance = vk::Instance::create(options.validation, &why);
        if (!instance) {
            if (reason) *reason = why;
            return nullptr;
        }
        why.clear(); // a system without devices says so, whatever the instance noted
        const std::vector<vk::DeviceCaps> devices = deviceCaps(instance.get());
        const int index = chooseDevice(options, devices, &why);
        if (index < 0) {
            if (reason) *reason = why;
            return nullptr;
        }
        const vk::DeviceCaps& caps = devices[static_cast<size_t>(index)];
        // Before the device is created: a model that does not fit allocates nothing at all.
        const VulkanMemoryNeed& need = options.memoryNeed;
        if (need.weightBytes || need.kvCacheBytes || need.activationBytes) {
            const uint64_t needed = vulkanBytesNeededWithMargin(need);
            if (needed > caps.memoryBudget) {
                if (reason)
                    *reason = "The model needs " + gigabytes(needed) + " of GPU memory but the GPU has " +
                              gigabytes(caps.memoryBudget) + " free, so the CPU is used.";
                return nullptr;
            }
        }
        return std::make_unique<vk::VulkanBackend>(std::move(instance), caps, options);
    } catch (const std::exception& e) {
        if (reason) *reason = e.what();
        return nullptr;
    }
}

} // namespace smoldesk::compute
