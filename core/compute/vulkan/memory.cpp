#include "compute/vulkan/memory.h"

#include "common/error.h"
#include "compute/vulkan/vulkan_backend.h"

#include <algorithm>
#include <atomic>
#include <cstdio>

namespace smoldesk::compute::vk {

namespace {

// Process-wide, for vulkanMemoryTotals() (several backends may live at once in tests).
std::atomic<uint64_t> gAllocations{0};
std::atomic<uint64_t> gLiveBytes{0};

std::string gib(uint64_t bytes) {
    char text[32];
    std::snprintf(text, sizeof text, "%.1f GB", static_cast<double>(bytes) / 1e9);
    return text;
}

} // namespace

Allocator::Allocator(Device& device) : device_(device) {
    device.instance().api().vkGetPhysicalDeviceMemoryProperties(device.caps().physical, &props_);
}

Allocator::~Allocator() {
    const Api& api = device_.api();
    for (VkBuffer b : buffers_) api.vkDestroyBuffer(device_.handle(), b, nullptr);
    for (Block& b : blocks_) {
        if (b.mapped) api.vkUnmapMemory(device_.handle(), b.memory);
        api.vkFreeMemory(device_.handle(), b.memory, nullptr);
        gLiveBytes.fetch_sub(b.size);
    }
}

uint32_t Allocator::pickType(uint32_t allowedTypes, MemoryKind kind) const {
    // Preferred flags first, then the minimum that works.
    VkMemoryPropertyFlags want[2];
    switch (kind) {
    case MemoryKind::Device:
        want[0] = want[1] = VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT;
        break;
    case MemoryKind::Upload:
        want[0] = VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT;
        want[1] = want[0];
        break;
    case MemoryKind::Readback:
        want[0] = VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT |
                  VK_MEMORY_PROPERTY_HOST_CACHED_BIT;
        want[1] = VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT;
        break;
    }
    for (VkMemoryPropertyFlags flags : want)
        for (uint32_t i = 0; i < props_.memoryTypeCount; ++i)
            if ((allowedTypes & (1u << i)) && (props_.memoryTypes[i].propertyFlags & flags) == flags)
                return i;
    throw Error(ErrorCode::Backend, "The GPU '" + device_.caps().name + "' offers no suitable memory type.");
}

Allocator::Block& Allocator::blockFor(uint64_t size, uint64_t alignment, uint32_t typeIndex, MemoryKind kind,
                                      const char* what) {
    for (Block& b : blocks_) {
        if (b.typeIndex != typeIndex || b.kind != kind) continue;
        const uint64_t start = (b.used + alignment - 1) / alignment * alignment;
        if (start + size <= b.size) return b;
    }
    const uint64_t maxAlloc =
        device_.caps().maxAllocationSize ? device_.caps().maxAllocationSize : UINT64_MAX;
    if (size > maxAlloc)
        throw Error(ErrorCode::OutOfMemory, std::string("The ") + what + " needs " + gib(size) +
                                                " in one piece, more than the " + gib(maxAlloc) +
                                                " the GPU '" + device_.caps().name + "' allocates at once.");
    Block b;
    b.typeIndex = typeIndex;
    b.kind = kind;
    b.size = std::min(std::max(size, kBlockBytes), maxAlloc);
    VkMemoryAllocateInfo info{};
    info.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO;
    info.allocationSize = b.size;
    info.memoryTypeIndex = typeIndex;
    VkResult r = device_.api().vkAllocateMemory(device_.handle(), &info, nullptr, &b.memory);
    if (r != VK_SUCCESS && b.size > size) { // the large block failed: try exactly what is needed
        b.size = info.allocationSize = size;
        r = device_.api().vkAllocateMemory(device_.handle(), &info, nullptr, &b.memory);
    }
    if (r == VK_ERROR_OUT_OF_DEVICE_MEMORY || r == VK_ERROR_OUT_OF_HOST_MEMORY)
        throw Error(ErrorCode::OutOfMemory, std::string("The GPU '") + device_.caps().name +
                                                "' ran out of memory for the " + what + " (" +
                                                gib(deviceBytes_) + " already in use).");
    check(r, "vkAllocateMemory");
    gAllocations.fetch_add(1);
    gLiveBytes.fetch_add(b.size);
    allocatedBytes_ += b.size;
    if (kind != MemoryKind::Device) {
        void* p = nullptr;
        check(device_.api().vkMapMemory(device_.handle(), b.memory, 0, VK_WHOLE_SIZE, 0, &p), "vkMapMemory");
        b.mapped = static_cast<uint8_t*>(p);
    }
    blocks_.push_back(b);
    return blocks_.back();
}

Buffer Allocator::create(uint64_t size, MemoryKind kind, const char* what) {
    const Api& api = device_.api();
    VkBufferCreateInfo info{};
    info.sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO;
    info.size = std::max<uint64_t>(size, 16);
    info.usage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_SRC_BIT |
                 VK_BUFFER_USAGE_TRANSFER_DST_BIT;
    info.sharingMode = VK_SHARING_MODE_EXCLUSIVE;
    Buffer buffer;
    buffer.size = size;
    check(api.vkCreateBuffer(device_.handle(), &info, nullptr, &buffer.handle), "vkCreateBuffer");
    buffers_.push_back(buffer.handle); // destroyed with the allocator even if binding fails below

    VkMemoryRequirements req{};
    api.vkGetBufferMemoryRequirements(device_.handle(), buffer.handle, &req);
    // Some drivers (lavapipe) accept allocations beyond their heap; respect it ourselves.
    if (kind == MemoryKind::Device && device_.caps().memoryBytes &&
        deviceBytes_ + req.size > device_.caps().memoryBytes)
        throw Error(ErrorCode::OutOfMemory, "The GPU '" + device_.caps().name + "' has " +
                                                gib(device_.caps().memoryBytes) + "; the " + what +
                                                " does not fit after " + gib(deviceBytes_) + " in use.");
    const uint32_t typeIndex = pickType(req.memoryTypeBits, kind);
    Block& block = blockFor(req.size, req.alignment, typeIndex, kind, what);
    const uint64_t offset = (block.used + req.alignment - 1) / req.alignment * req.alignment;
    check(api.vkBindBufferMemory(device_.handle(), buffer.handle, block.memory, offset),
          "vkBindBufferMemory");
    block.used = offset + req.size;
    if (block.mapped) buffer.mapped = block.mapped + offset;
    if (kind == MemoryKind::Device) deviceBytes_ += req.size;
    bufferBytes_ += req.size;
    return buffer;
}

} // namespace smoldesk::compute::vk

namespace smoldesk::compute {

VulkanMemoryTotals vulkanMemoryTotals() {
    return {vk::gAllocations.load(), vk::gLiveBytes.load()};
}

} // namespace smoldesk::compute
