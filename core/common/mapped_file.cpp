#include "common/mapped_file.h"

#include "common/error.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

namespace smoldesk {

MappedFile::MappedFile(const std::string& path) : path_(path) {
    int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        int err = errno;
        if (err == ENOENT) throw Error(ErrorCode::Io, "File '" + path + "' does not exist.");
        throw Error(ErrorCode::Io, "Cannot open '" + path + "': " + std::strerror(err) + ".");
    }
    struct stat st {};
    if (::fstat(fd, &st) != 0) {
        int err = errno;
        ::close(fd);
        throw Error(ErrorCode::Io, "Cannot read '" + path + "': " + std::strerror(err) + ".");
    }
    if (S_ISDIR(st.st_mode)) {
        ::close(fd);
        throw Error(ErrorCode::Io, "'" + path + "' is a directory, not a model file.");
    }
    size_ = static_cast<size_t>(st.st_size);
    if (size_ > 0) {
        void* p = ::mmap(nullptr, size_, PROT_READ, MAP_SHARED, fd, 0);
        if (p == MAP_FAILED) {
            int err = errno;
            ::close(fd);
            throw Error(ErrorCode::Io, "Cannot map '" + path + "' into memory: " + std::strerror(err) + ".");
        }
        data_ = static_cast<const uint8_t*>(p);
    }
    ::close(fd);
}

MappedFile::~MappedFile() {
    if (data_) ::munmap(const_cast<uint8_t*>(data_), size_);
}

void MappedFile::prefetch(size_t offset, size_t length) const {
    if (!data_ || offset >= size_) return;
    if (length > size_ - offset) length = size_ - offset;
    long page = ::sysconf(_SC_PAGESIZE);
    size_t aligned = offset - offset % static_cast<size_t>(page);
    ::madvise(const_cast<uint8_t*>(data_) + aligned, length + (offset - aligned), MADV_WILLNEED);
}

void releaseMappedPages(const void* begin, size_t length) {
    const size_t page = static_cast<size_t>(::sysconf(_SC_PAGESIZE));
    const uintptr_t start = (reinterpret_cast<uintptr_t>(begin) + page - 1) / page * page;
    const uintptr_t end = (reinterpret_cast<uintptr_t>(begin) + length) / page * page;
    if (end > start) ::madvise(reinterpret_cast<void*>(start), end - start, MADV_DONTNEED);
}

} // namespace smoldesk
