#include "compute/vulkan/uploader.h"

#include <algorithm>
#include <cstring>

namespace smoldesk::compute::vk {

Uploader::Uploader(Device& device, Allocator& allocator, Recorder& recorder, uint64_t pieceBytes)
    : device_(device), allocator_(allocator), recorder_(recorder), pieceBytes_(pieceBytes) {
    pool_ = createCommandPool(device);
    for (Slot& slot : slots_) {
        slot.cmd = allocateCommandBuffer(device, pool_);
        slot.fence = createFence(device);
    }
}

Uploader::~Uploader() {
    const Api& api = device_.api();
    VkDevice dev = device_.handle();
    for (Slot& slot : slots_)
        if (slot.inFlight && !recorder_.settleFence(slot.fence)) return; // leak, as Recorder does
    for (Slot& slot : slots_) api.vkDestroyFence(dev, slot.fence, nullptr);
    api.vkDestroyCommandPool(dev, pool_, nullptr);
}

void Uploader::write(const uint8_t* src, uint64_t bytes, VkBuffer dst, uint64_t dstOffset,
                     const std::function<void(uint64_t)>& afterPiece) {
    if (bytes == 0) return;
    recorder_.checkUsable();
    for (Slot& slot : slots_)
        if (!slot.staging)
            slot.staging = allocator_.create(pieceBytes_, MemoryKind::Upload, "upload staging buffer");
    try {
        for (uint64_t done = 0; done < bytes;) {
            Slot& slot = slots_[next_];
            next_ = (next_ + 1) % slots_.size();
            await(slot); // the GPU has copied this buffer's previous piece out
            const uint64_t n = std::min(pieceBytes_, bytes - done);
            std::memcpy(slot.staging.mapped, src + done, n);
            submitPiece(slot, dst, dstOffset + done, n);
            done += n;
            if (afterPiece) afterPiece(n);
        }
    } catch (...) {
        drainAfterError(); // the caller may free dst (a cancelled load frees all memory)
        throw;
    }
}

void Uploader::drain() {
    if (!inFlight()) return; // (every step calls this)
    // Oldest submission first; each wait is bounded.
    for (size_t i = 0; i < slots_.size(); ++i) await(slots_[(next_ + i) % slots_.size()]);
    device_.instance().throwOnMessages("an upload to the GPU");
}

bool Uploader::settle() {
    if (!recorder_.broken()) return true;
    for (Slot& slot : slots_)
        if (slot.inFlight && !recorder_.settleFence(slot.fence)) return false;
    return true;
}

void Uploader::await(Slot& slot) {
    if (!slot.inFlight) return;
    try {
        recorder_.waitAndReset(slot.fence);
    } catch (...) {
        slot.inFlight = recorder_.broken(); // else the work finished and the fence was reset
        throw;
    }
    slot.inFlight = false;
}

void Uploader::drainAfterError() noexcept {
    // A broken device is waited for by settle() when the backend is destroyed; another error
    // of one wait must not keep the other slot's wait from happening.
    if (recorder_.broken()) return;
    for (Slot& slot : slots_) try {
            await(slot);
        } catch (...) {
        }
}

void Uploader::submitPiece(Slot& slot, VkBuffer dst, uint64_t dstOffset, uint64_t bytes) {
    const Api& api = device_.api();
    check(api.vkResetCommandBuffer(slot.cmd, 0), "vkResetCommandBuffer");
    VkCommandBufferBeginInfo begin{};
    begin.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO;
    begin.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT;
    check(api.vkBeginCommandBuffer(slot.cmd, &begin), "vkBeginCommandBuffer");
    const VkBufferCopy region{0, dstOffset, bytes};
    api.vkCmdCopyBuffer(slot.cmd, slot.staging.handle, dst, 1, &region);
    // The copy's writes reach every later command in submission order (the steps that read
    // the weight are submitted after it on the same queue).
    VkMemoryBarrier b{};
    b.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER;
    b.srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT;
    b.dstAccessMask = VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_SHADER_WRITE_BIT | VK_ACCESS_TRANSFER_READ_BIT |
                      VK_ACCESS_TRANSFER_WRITE_BIT;
    api.vkCmdPipelineBarrier(slot.cmd, VK_PIPELINE_STAGE_TRANSFER_BIT,
                             VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT | VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 1, &b,
                             0, nullptr, 0, nullptr);
    check(api.vkEndCommandBuffer(slot.cmd), "vkEndCommandBuffer");
    VkSubmitInfo submit{};
    submit.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO;
    submit.commandBufferCount = 1;
    submit.pCommandBuffers = &slot.cmd;
    const VkResult submitted = api.vkQueueSubmit(device_.queue(), 1, &submit, slot.fence);
    if (submitted == VK_ERROR_DEVICE_LOST) recorder_.deviceLost();
    check(submitted, "vkQueueSubmit");
    slot.inFlight = true;
}

} // namespace smoldesk::compute::vk
