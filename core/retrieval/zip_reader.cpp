// ZIP per PKWARE's APPNOTE: the end-of-central-directory record found from the end, central
// directory entries, and each entry's local header for where its data starts. All offsets and
// sizes are checked against the buffer before use.
#include "zip_reader.h"

#include "common/error.h"

#include <zlib.h>

#include <algorithm>

namespace smoldesk::retrieval {

namespace {

[[noreturn]] void corrupt(const std::string& why) {
    throw Error(ErrorCode::Corrupt, "The archive is damaged: " + why + ".");
}

uint32_t le(std::string_view d, uint64_t at, int bytes) {
    if (at + static_cast<uint64_t>(bytes) > d.size()) corrupt("a header runs past the end of the file");
    uint32_t v = 0;
    for (int i = bytes - 1; i >= 0; --i)
        v = v << 8 | static_cast<unsigned char>(d[at + static_cast<uint64_t>(i)]);
    return v;
}

std::string inflateRaw(std::string_view in, uint64_t expected) {
    z_stream z{};
    if (inflateInit2(&z, -MAX_WBITS) != Z_OK) corrupt("zlib could not start");
    std::string out;
    out.resize(static_cast<size_t>(std::min<uint64_t>(expected, ZipReader::kMaxEntryBytes)) + 1);
    z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(in.data()));
    z.avail_in = static_cast<uInt>(in.size());
    z.next_out = reinterpret_cast<Bytef*>(out.data());
    z.avail_out = static_cast<uInt>(out.size());
    const int rc = inflate(&z, Z_FINISH);
    const uint64_t produced = z.total_out;
    inflateEnd(&z);
    // One byte of room past the announced size: filling it means the entry is larger than it says.
    if (rc != Z_STREAM_END || produced != expected)
        corrupt("a compressed entry does not inflate to its stated size");
    out.resize(static_cast<size_t>(produced));
    return out;
}

} // namespace

ZipReader::ZipReader(std::string_view data) : data_(data) {
    if (data.size() < 22) corrupt("it is too short to be a ZIP file");
    // The end record: its signature within the last 64 KiB + 22 bytes (a comment may follow it).
    uint64_t eocd = UINT64_MAX;
    const uint64_t lowest = data.size() > 65557 ? data.size() - 65557 : 0;
    for (uint64_t at = data.size() - 22;; --at) {
        if (le(data, at, 4) == 0x06054b50) {
            eocd = at;
            break;
        }
        if (at == lowest) break;
    }
    if (eocd == UINT64_MAX) corrupt("it has no ZIP directory");
    if (le(data, eocd + 4, 2) != 0 || le(data, eocd + 6, 2) != 0) corrupt("it spans several disks");
    const uint32_t count = le(data, eocd + 10, 2);
    const uint64_t dirSize = le(data, eocd + 12, 4), dirOffset = le(data, eocd + 16, 4);
    if (count == 0xFFFF || dirOffset == 0xFFFFFFFF) corrupt("it is a Zip64 archive, which is not read");
    if (dirOffset + dirSize > eocd) corrupt("its directory lies outside the file");
    uint64_t at = dirOffset;
    for (uint32_t i = 0; i < count; ++i) {
        if (le(data, at, 4) != 0x02014b50) corrupt("a directory entry has a wrong signature");
        Entry e;
        const uint32_t flags = le(data, at + 8, 2);
        e.method = static_cast<uint16_t>(le(data, at + 10, 2));
        e.compressedSize = le(data, at + 20, 4);
        e.size = le(data, at + 24, 4);
        const uint32_t nameLen = le(data, at + 28, 2), extraLen = le(data, at + 30, 2),
                       commentLen = le(data, at + 32, 2);
        e.localOffset = le(data, at + 42, 4);
        if (at + 46 + nameLen > dirOffset + dirSize) corrupt("a directory entry runs past the directory");
        e.name = std::string(data.substr(at + 46, nameLen));
        if (flags & 1) corrupt("an entry is encrypted");
        entries_.push_back(std::move(e));
        at += 46ull + nameLen + extraLen + commentLen;
    }
}

std::string ZipReader::read(const Entry& e) const {
    if (le(data_, e.localOffset, 4) != 0x04034b50) corrupt("an entry's local header has a wrong signature");
    const uint64_t start =
        e.localOffset + 30 + le(data_, e.localOffset + 26, 2) + le(data_, e.localOffset + 28, 2);
    if (start + e.compressedSize > data_.size()) corrupt("an entry's data runs past the end of the file");
    if (e.size > kMaxEntryBytes) corrupt("an entry is larger than 64 MiB");
    const std::string_view raw = data_.substr(start, e.compressedSize);
    if (e.method == 0) {
        if (e.size != e.compressedSize) corrupt("a stored entry's sizes differ");
        return std::string(raw);
    }
    if (e.method != 8)
        corrupt("an entry uses compression method " + std::to_string(e.method) + ", not deflate");
    return inflateRaw(raw, e.size);
}

std::optional<std::string> ZipReader::read(std::string_view name) const {
    for (const Entry& e : entries_)
        if (e.name == name) return read(e);
    return std::nullopt;
}

} // namespace smoldesk::retrieval
