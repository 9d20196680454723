#include "common/mapped_file.h"

#include "common/platform.h"

namespace smoldesk {

MappedFile::MappedFile(const std::string& path) : path_(path) {
    const platform::FileMap map = platform::mapFileReadOnly(path);
    data_ = map.data;
    size_ = map.size;
}

MappedFile::~MappedFile() {
    platform::unmapFile(data_, size_);
}

void MappedFile::prefetch(size_t offset, size_t length) const {
    if (!data_ || offset >= size_) return;
    if (length > size_ - offset) length = size_ - offset;
    platform::adviseWillNeed(data_ + offset, length);
}

void releaseMappedPages(const void* begin, size_t length) {
    platform::adviseDontNeed(begin, length);
}

} // namespace smoldesk
