#pragma once
// Remembers what one step looked up, in order, so that a step repeating the previous one (as
// every decode step does) finds each entry with one comparison at its position instead of a
// hash-table lookup. A step that differs overwrites the entries from where it differs.
#include <cstddef>
#include <utility>
#include <vector>

namespace smoldesk::compute::vk {

template <class Key, class Value> class StepMemo {
  public:
    // The next lookups belong to a new step.
    void restart() { cursor_ = 0; }
    // Forgets everything (the remembered values are no longer valid).
    void clear() {
        entries_.clear();
        cursor_ = 0;
    }
    // The value remembered at this position of the previous step, when its key equals `key`.
    const Value* next(const Key& key) {
        if (cursor_ < entries_.size() && entries_[cursor_].first == key) return &entries_[cursor_++].second;
        return nullptr;
    }
    // Records what a lookup that next() missed found.
    void remember(const Key& key, const Value& value) {
        if (cursor_ < entries_.size())
            entries_[cursor_] = {key, value};
        else if (entries_.size() < kMaxEntries)
            entries_.emplace_back(key, value);
        else
            return; // a step of thousands of commands (a long prompt chunk): not worth keeping
        ++cursor_;
    }

  private:
    static constexpr size_t kMaxEntries = 4096;
    std::vector<std::pair<Key, Value>> entries_;
    size_t cursor_ = 0;
};

} // namespace smoldesk::compute::vk
