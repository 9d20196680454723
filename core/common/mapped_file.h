#pragma once
// A read-only memory map of a whole file. Model weights are used in place from this map.
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>

namespace smoldesk {

class MappedFile {
  public:
    // Throws Error(Io) with one sentence when the file cannot be opened or mapped.
    explicit MappedFile(const std::string& path);
    ~MappedFile();
    MappedFile(const MappedFile&) = delete;
    MappedFile& operator=(const MappedFile&) = delete;

    const uint8_t* data() const { return data_; }
    size_t size() const { return size_; }
    std::span<const uint8_t> bytes() const { return {data_, size_}; }
    const std::string& path() const { return path_; }

    // Hint the kernel to read the given range ahead (used by loaders that report progress).
    void prefetch(size_t offset, size_t length) const;

  private:
    std::string path_;
    const uint8_t* data_ = nullptr;
    size_t size_ = 0;
};

// Tells the OS that the whole pages of a read-only file mapping inside [begin, begin + length)
// are no longer needed, so they leave this process's resident memory (a later read maps them
// again). Used when weights were copied into another layout.
void releaseMappedPages(const void* begin, size_t length);

} // namespace smoldesk
