// The platform layer on Linux and macOS (see platform.h).
#include "common/platform.h"

#include "common/error.h"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <dlfcn.h>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#if defined(__APPLE__)
#include <mach-o/dyld.h>
#include <mach/mach.h>
#include <sys/sysctl.h>
#else
#include <fstream>
#include <link.h>
#include <set>
#include <utility>
#endif

namespace smoldesk::platform {

FileMap mapFileReadOnly(const std::string& path) {
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
    FileMap map;
    map.size = static_cast<size_t>(st.st_size);
    if (map.size > 0) {
        void* p = ::mmap(nullptr, map.size, PROT_READ, MAP_SHARED, fd, 0);
        if (p == MAP_FAILED) {
            int err = errno;
            ::close(fd);
            throw Error(ErrorCode::Io, "Cannot map '" + path + "' into memory: " + std::strerror(err) + ".");
        }
        map.data = static_cast<const uint8_t*>(p);
    }
    ::close(fd); // the mapping keeps the file open
    return map;
}

void unmapFile(const uint8_t* data, size_t size) {
    if (data) ::munmap(const_cast<uint8_t*>(data), size);
}

size_t pageSize() {
    static const size_t page = static_cast<size_t>(::sysconf(_SC_PAGESIZE));
    return page;
}

void adviseWillNeed(const void* begin, size_t length) {
    const uintptr_t start = reinterpret_cast<uintptr_t>(begin) / pageSize() * pageSize();
    ::madvise(reinterpret_cast<void*>(start), length + (reinterpret_cast<uintptr_t>(begin) - start),
              MADV_WILLNEED);
}

bool populateMapped([[maybe_unused]] const void* begin, [[maybe_unused]] size_t length) {
#if defined(__linux__)
    constexpr int kPopulateRead = 22; // MADV_POPULATE_READ, Linux 5.14 (older kernels: EINVAL)
    const uintptr_t start = reinterpret_cast<uintptr_t>(begin) / pageSize() * pageSize();
    return ::madvise(reinterpret_cast<void*>(start), length + (reinterpret_cast<uintptr_t>(begin) - start),
                     kPopulateRead) == 0;
#else
    return false;
#endif
}

void adviseDontNeed(const void* begin, size_t length) {
    const size_t page = pageSize();
    const uintptr_t start = (reinterpret_cast<uintptr_t>(begin) + page - 1) / page * page;
    const uintptr_t end = (reinterpret_cast<uintptr_t>(begin) + length) / page * page;
    if (end > start) ::madvise(reinterpret_cast<void*>(start), end - start, MADV_DONTNEED);
}

void* alignedAlloc(size_t alignment, size_t bytes) {
    // posix_memalign, unlike C's aligned_alloc, takes any size: a partial last huge page of
    // weights stays in small pages instead of being rounded up.
    if (alignment < sizeof(void*)) alignment = sizeof(void*);
    void* p = nullptr;
    return ::posix_memalign(&p, alignment, bytes) == 0 ? p : nullptr;
}

void alignedFree(void* p) {
    std::free(p);
}

void adviseHugePages([[maybe_unused]] void* begin, [[maybe_unused]] size_t length) {
#if defined(MADV_HUGEPAGE)
    ::madvise(begin, length, MADV_HUGEPAGE);
#endif
}

uint64_t availableMemoryBytes() {
#if defined(__APPLE__)
    vm_statistics64_data_t vm{};
    mach_msg_type_number_t count = HOST_VM_INFO64_COUNT;
    if (host_statistics64(mach_host_self(), HOST_VM_INFO64, reinterpret_cast<host_info64_t>(&vm), &count) !=
        KERN_SUCCESS)
        return 0;
    // Free pages plus those the OS drops without writing them out.
    return (uint64_t(vm.free_count) + vm.inactive_count + vm.purgeable_count) * pageSize();
#else
    std::ifstream meminfo("/proc/meminfo");
    std::string key;
    uint64_t kib = 0;
    std::string unit;
    while (meminfo >> key >> kib >> unit)
        if (key == "MemAvailable:") return kib * 1024;
    return 0;
#endif
}

uint64_t peakResidentBytes() {
    struct rusage ru {};
    if (getrusage(RUSAGE_SELF, &ru) != 0) return 0;
#if defined(__APPLE__)
    return static_cast<uint64_t>(ru.ru_maxrss); // bytes on macOS
#else
    return static_cast<uint64_t>(ru.ru_maxrss) * 1024u; // KiB on Linux
#endif
}

void* openLibrary(const char* name) {
    return ::dlopen(name, RTLD_NOW | RTLD_LOCAL);
}

void* librarySymbol(void* library, const char* name) {
    return ::dlsym(library, name);
}

std::vector<std::string> loadedLibraries() {
    std::vector<std::string> paths;
#if defined(__APPLE__)
    for (uint32_t i = 0, n = _dyld_image_count(); i < n; ++i)
        if (const char* name = _dyld_get_image_name(i)) paths.emplace_back(name);
#else
    dl_iterate_phdr(
        [](dl_phdr_info* info, size_t, void* out) {
            // The main program and the vDSO have no file name to reopen.
            if (info->dlpi_name && info->dlpi_name[0] == '/')
                static_cast<std::vector<std::string>*>(out)->emplace_back(info->dlpi_name);
            return 0;
        },
        &paths);
#endif
    return paths;
}

void keepLibrariesLoaded(const std::vector<std::string>& paths) {
    // RTLD_NOLOAD loads nothing new; RTLD_NODELETE makes every later dlclose leave it mapped. The
    // reference this takes is never released, on purpose. Done outside dl_iterate_phdr, which
    // holds the loader's lock.
    for (const std::string& path : paths) ::dlopen(path.c_str(), RTLD_NOW | RTLD_NOLOAD | RTLD_NODELETE);
}

std::string userCacheDirectory() {
    // XDG: a relative XDG_CACHE_HOME is invalid and ignored.
    if (const char* xdg = std::getenv("XDG_CACHE_HOME"); xdg && xdg[0] == '/')
        return std::string(xdg) + "/smoldesk";
    if (const char* home = std::getenv("HOME"); home && *home) return std::string(home) + "/.cache/smoldesk";
    return {};
}

std::vector<const char*> vulkanLoaderNames() {
#if defined(__APPLE__)
    // The Vulkan SDK's loader first (it finds MoltenVK through its ICD file), then MoltenVK
    // itself, which also exports vkGetInstanceProcAddr.
    return {"libvulkan.1.dylib", "libvulkan.dylib", "libMoltenVK.dylib"};
#else
    return {"libvulkan.so.1", "libvulkan.so"};
#endif
}

int physicalCoreCount() {
    const int logical = logicalCpuCount();
    int n = 0;
#if defined(__APPLE__)
    int cores = 0;
    size_t size = sizeof(cores);
    if (sysctlbyname("hw.physicalcpu", &cores, &size, nullptr, 0) == 0) n = cores;
#else
    // Distinct (physical id, core id) pairs.
    std::ifstream cpuinfo("/proc/cpuinfo");
    std::set<std::pair<int, int>> cores;
    std::string line;
    int physical = 0;
    while (std::getline(cpuinfo, line)) {
        if (line.rfind("physical id", 0) == 0)
            physical = std::atoi(line.c_str() + line.find(':') + 1);
        else if (line.rfind("core id", 0) == 0)
            cores.insert({physical, std::atoi(line.c_str() + line.find(':') + 1)});
    }
    n = static_cast<int>(cores.size());
#endif
    if (n <= 0 || n > logical) n = logical;
    return n;
}

uint64_t threadCpuNanoseconds() {
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return static_cast<uint64_t>(ts.tv_sec) * 1000000000ull + static_cast<uint64_t>(ts.tv_nsec);
}

std::tm localTime(std::time_t t) {
    std::tm tm{};
    localtime_r(&t, &tm);
    return tm;
}

std::tm utcTime(std::time_t t) {
    std::tm tm{};
    gmtime_r(&t, &tm);
    return tm;
}

std::time_t fromUtc(std::tm tm) {
    return timegm(&tm);
}

bool stdoutIsTerminal() {
    return isatty(STDOUT_FILENO) != 0;
}

} // namespace smoldesk::platform
