#pragma once
// Flat open-addressing index from strings (kept elsewhere) to ids. Loading a 128k-token vocab
// with 280k merges does about a million lookups; std::unordered_map's node chasing made that the
// slowest part of loading, while this table costs one probe sequence and one string compare.
#include <cstdint>
#include <functional> // std::hash
#include <string_view>
#include <vector>

namespace smoldesk::text {

class StringIndex {
  public:
    void reset(size_t count) {
        size_t capacity = 16;
        while (capacity < count * 2) capacity <<= 1;
        slots_.assign(capacity, 0);
        mask_ = capacity - 1;
    }

    // Returns the id already stored for the text, or stores `id` and returns it.
    template <typename TextOfFn> int32_t insert(std::string_view text, int32_t id, const TextOfFn& textOf) {
        const uint64_t h = hash(text);
        for (size_t i = h & mask_;; i = (i + 1) & mask_) {
            const uint64_t s = slots_[i];
            if (s == 0) {
                slots_[i] = (h & kHashMask) | static_cast<uint32_t>(id + 1);
                return id;
            }
            if ((s & kHashMask) == (h & kHashMask)) {
                const int32_t other = static_cast<int32_t>(static_cast<uint32_t>(s)) - 1;
                if (textOf(other) == text) return other;
            }
        }
    }

    template <typename TextOfFn> int32_t find(std::string_view text, const TextOfFn& textOf) const {
        if (slots_.empty()) return -1;
        const uint64_t h = hash(text);
        for (size_t i = h & mask_;; i = (i + 1) & mask_) {
            const uint64_t s = slots_[i];
            if (s == 0) return -1;
            if ((s & kHashMask) == (h & kHashMask)) {
                const int32_t id = static_cast<int32_t>(static_cast<uint32_t>(s)) - 1;
                if (textOf(id) == text) return id;
            }
        }
    }

  private:
    static constexpr uint64_t kHashMask = 0xFFFFFFFF00000000ull; // slot: hash bits | id + 1
    static uint64_t hash(std::string_view text) {
        uint64_t h = std::hash<std::string_view>{}(text);
        return h ^ (h << 32); // spread the low bits (used for the slot) into the stored high bits
    }

    std::vector<uint64_t> slots_;
    size_t mask_ = 0;
};

} // namespace smoldesk::text
