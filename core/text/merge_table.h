#pragma once
// Open-addressing hash table from a pair of symbol ids to the merge that joins them. BPE looks up
// every adjacent pair of every word, so this is the hot path of encoding; a flat table is several
// times faster than std::unordered_map here.
#include <cstdint>
#include <vector>

namespace smoldesk::text {

struct Merge {
    int32_t rank = -1;   // position in tokenizer.ggml.merges; lower merges first
    int32_t result = -1; // symbol id of the joined text
};

class MergeTable {
  public:
    void reserve(size_t count) {
        size_t capacity = 16;
        while (capacity < count + count / 2) capacity <<= 1;  // load factor <= 2/3
        slots_.assign(capacity, Slot{});
        mask_ = capacity - 1;
        shift_ = 64;
        for (size_t c = capacity; c > 1; c >>= 1) --shift_;
    }

    // Keeps the first merge of a pair, as llama.cpp does when a pair is listed twice.
    void insert(int32_t left, int32_t right, Merge merge) {
        const uint64_t key = pack(left, right);
        for (size_t i = hash(key);; i = (i + 1) & mask_) {
            Slot& s = slots_[i];
            if (s.key == kEmpty) {
                s.key = key;
                s.merge = merge;
                return;
            }
            if (s.key == key) return;
        }
    }

    const Merge* find(int32_t left, int32_t right) const {
        const uint64_t key = pack(left, right);
        for (size_t i = hash(key);; i = (i + 1) & mask_) {
            const Slot& s = slots_[i];
            if (s.key == key) return &s.merge;
            if (s.key == kEmpty) return nullptr;
        }
    }

  private:
    static constexpr uint64_t kEmpty = ~0ull;
    struct Slot {
        uint64_t key = kEmpty;
        Merge merge;
    };
    static uint64_t pack(int32_t l, int32_t r) {
        return (static_cast<uint64_t>(static_cast<uint32_t>(l)) << 32) | static_cast<uint32_t>(r);
    }
    size_t hash(uint64_t key) const {
        return static_cast<size_t>((key * 0x9E3779B97F4A7C15ull) >> 20) & mask_;
    }

    std::vector<Slot> slots_;
    size_t mask_ = 0;
    unsigned shift_ = 64;
};

} // namespace smoldesk::text
