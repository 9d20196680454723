#pragma once
// Buffers suballocated from a few large device-memory blocks. Nothing is freed before the
// allocator is destroyed: the backend creates its weights, activations and caches once.
#include "compute/vulkan/device.h"

#include <cstdint>
#include <vector>

namespace smoldesk::compute::vk {

enum class MemoryKind {
    Device,   // device-local: weights, activations, KV cache
    Upload,   // host-visible, coherent: staging and token ids written by the CPU
    Readback, // host-visible, preferably cached: results read by the CPU
};

struct Buffer {
    VkBuffer handle = VK_NULL_HANDLE;
    uint64_t size = 0;
    uint8_t* mapped = nullptr; // set for Upload and Readback buffers
    explicit operator bool() const { return handle != VK_NULL_HANDLE; }
};

class Allocator {
  public:
    explicit Allocator(Device& device);
    ~Allocator();
    Allocator(const Allocator&) = delete;
    Allocator& operator=(const Allocator&) = delete;

    // A storage + transfer buffer of `size` bytes; throws Error(OutOfMemory) when the device
    // refuses or the size exceeds maxMemoryAllocationSize.
    Buffer create(uint64_t size, MemoryKind kind, const char* what);

    // Memory is allocated in blocks of this size (larger buffers get their own), one set of
    // blocks per memory kind.
    static constexpr uint64_t kBlockBytes = 64ull << 20;
    static constexpr int kMemoryKinds = 3;

    uint64_t deviceBytes() const { return deviceBytes_; }       // device-local bytes handed out
    uint64_t bufferBytes() const { return bufferBytes_; }       // bytes handed out, every kind
    uint64_t allocatedBytes() const { return allocatedBytes_; } // vkAllocateMemory'd, every kind

  private:
    struct Block {
        VkDeviceMemory memory = VK_NULL_HANDLE;
        uint32_t typeIndex = 0;
        uint64_t size = 0, used = 0;
        uint8_t* mapped = nullptr;
        MemoryKind kind = MemoryKind::Device;
    };
    uint32_t pickType(uint32_t allowedTypes, MemoryKind kind) const;
    Block& blockFor(uint64_t size, uint64_t alignment, uint32_t typeIndex, MemoryKind kind, const char* what);

    Device& device_;
    VkPhysicalDeviceMemoryProperties props_{};
    std::vector<Block> blocks_;
    std::vector<VkBuffer> buffers_;
    uint64_t deviceBytes_ = 0;
    uint64_t bufferBytes_ = 0;
    uint64_t allocatedBytes_ = 0;
};

} // namespace smoldesk::compute::vk
