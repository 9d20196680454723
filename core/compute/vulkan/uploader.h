#pragma once
// Host-to-device uploads (weights, and the KV rows of a restored session) through two
// host-visible staging buffers used in turn: the CPU copies piece N+1 into one while the GPU
// copies piece N out of the other, and the CPU waits only for the submission that last used
// the buffer it is about to overwrite. Each piece is its own submission with its own command
// buffer and fence, beside the Recorder's: its waits are the Recorder's (bounded; a hang or a
// lost device breaks the Recorder, so every later step fails with the same sentence).
#include "compute/vulkan/memory.h"
#include "compute/vulkan/recorder.h"

#include <array>
#include <cstdint>
#include <functional>

namespace smoldesk::compute::vk {

class Uploader {
  public:
    // pieceBytes: the size of each staging buffer (allocated at the first upload).
    Uploader(Device& device, Allocator& allocator, Recorder& recorder, uint64_t pieceBytes);
    // Waits for what is still in flight; the owner calls settle() first after a hang.
    ~Uploader();
    Uploader(const Uploader&) = delete;
    Uploader& operator=(const Uploader&) = delete;

    uint64_t pieceBytes() const { return pieceBytes_; }
    // Whether a submitted piece has not been waited for yet.
    bool inFlight() const { return slots_[0].inFlight || slots_[1].inFlight; }

    // Copies `bytes` from host memory to dst at dstOffset, one piece per staging buffer fill.
    // afterPiece(n), when given, runs after each piece of n bytes is submitted (not yet
    // copied). The last pieces may still be in flight on return: drain() waits for them. When
    // anything throws (afterPiece cancelling, a failed wait), what is in flight is waited for
    // before the exception leaves, so the caller may free the destination.
    void write(const uint8_t* src, uint64_t bytes, VkBuffer dst, uint64_t dstOffset,
               const std::function<void(uint64_t)>& afterPiece = {});
    // Waits until every submitted piece has been copied.
    void drain();
    // False when a hung device still runs an upload after one more bounded wait (see
    // Recorder::settle).
    bool settle();

  private:
    struct Slot {
        Buffer staging;
        VkCommandBuffer cmd = VK_NULL_HANDLE;
        VkFence fence = VK_NULL_HANDLE;
        bool inFlight = false;
    };
    void await(Slot& slot);
    void submitPiece(Slot& slot, VkBuffer dst, uint64_t dstOffset, uint64_t bytes);
    void drainAfterError() noexcept;

    Device& device_;
    Allocator& allocator_;
    Recorder& recorder_;
    uint64_t pieceBytes_;
    VkCommandPool pool_ = VK_NULL_HANDLE;
    std::array<Slot, 2> slots_;
    size_t next_ = 0; // the slot the next piece goes through
};

} // namespace smoldesk::compute::vk
