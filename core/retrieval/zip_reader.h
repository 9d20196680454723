#pragma once
// A small, bounds-checked reader of ZIP archives held in memory, for the XML inside DOCX and ODT
// files: the central directory, stored and deflated entries (zlib's raw inflate), sizes capped.
// Zip64, encryption and multi-disk archives are refused. Every malformed archive gives
// Error(Corrupt) in one sentence, never a read outside the buffer.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace smoldesk::retrieval {

class ZipReader {
  public:
    static constexpr uint64_t kMaxEntryBytes = 64u << 20; // an uncompressed entry larger than this is refused

    // Reads the central directory of `data` (which must outlive the reader).
    explicit ZipReader(std::string_view data);

    struct Entry {
        std::string name;
        uint16_t method = 0;
        uint64_t compressedSize = 0, size = 0, localOffset = 0;
    };
    const std::vector<Entry>& entries() const { return entries_; }
    // The uncompressed bytes of the entry called `name`; nullopt when there is none.
    std::optional<std::string> read(std::string_view name) const;
    std::string read(const Entry& e) const;

  private:
    std::string_view data_;
    std::vector<Entry> entries_;
};

} // namespace smoldesk::retrieval
