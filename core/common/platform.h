#pragma once
// The one platform layer of the engine: file mapping, dynamic loading, CPU and memory facts,
// clocks and time conversion. platform_posix.cpp (Linux, macOS) and platform_windows.cpp
// implement it; nothing else in core/ includes an operating-system header.
#include <cstddef>
#include <cstdint>
#include <ctime>
#include <string>
#include <vector>

namespace smoldesk::platform {

// --- Files ---------------------------------------------------------------------------------------

// A read-only mapping of a whole file.
struct FileMap {
    const uint8_t* data = nullptr; // nullptr for an empty file
    size_t size = 0;
};

// Throws Error(Io) with one sentence when the file is missing, a directory, unreadable or
// cannot be mapped.
FileMap mapFileReadOnly(const std::string& path);
void unmapFile(const uint8_t* data, size_t size);

size_t pageSize();
// Hints only; they never fail. Ask the OS to read a range of a mapping ahead.
void adviseWillNeed(const void* begin, size_t length);
// Maps every page of a range of a file mapping into this process now (reading what is not
// cached), so that later reads take no page faults; false where the OS cannot (then a no-op).
bool populateMapped(const void* begin, size_t length);
// Whole pages inside [begin, begin + length) of a read-only file mapping leave this process's
// resident memory (a later read maps them again).
void adviseDontNeed(const void* begin, size_t length);
// SmolDesk's per-user cache folder, which may not exist yet: $XDG_CACHE_HOME/smoldesk or
// ~/.cache/smoldesk on Linux and macOS, %LOCALAPPDATA%\SmolDesk\cache on Windows (UTF-8);
// empty when the environment names no home.
std::string userCacheDirectory();

// --- Memory --------------------------------------------------------------------------------------

// `alignment` is a power of two; nullptr when out of memory. Free with alignedFree.
void* alignedAlloc(size_t alignment, size_t bytes);
void alignedFree(void* p);
// Ask for transparent huge pages where the OS has them (Linux); a no-op elsewhere.
void adviseHugePages(void* begin, size_t length);
// Memory the OS could give this process now without swapping; 0 when unknown.
uint64_t availableMemoryBytes();
// The largest resident set of this process so far; 0 when unknown.
uint64_t peakResidentBytes();

// --- Dynamic libraries ---------------------------------------------------------------------------

// A handle kept for the life of the process, or nullptr when the library cannot be loaded.
void* openLibrary(const char* name);
void* librarySymbol(void* library, const char* name);
// Paths of the shared libraries mapped into this process now; empty where the OS cannot say
// (Windows).
std::vector<std::string> loadedLibraries();
// Keeps these already loaded libraries mapped for the life of the process, whoever unloads them
// later; a no-op where loadedLibraries() is empty.
void keepLibrariesLoaded(const std::vector<std::string>& paths);
// File names of the Vulkan loader in the order to try (libvulkan.so.1, vulkan-1.dll, MoltenVK…).
std::vector<const char*> vulkanLoaderNames();

// --- CPU -----------------------------------------------------------------------------------------

int logicalCpuCount();   // at least 1
int physicalCoreCount(); // at least 1, at most logicalCpuCount()

enum class CpuFeature { Avx2, Fma, F16c, Bmi2, Avx512F, Avx512Bw, Avx512Vl, Avx512Vnni };
// What this CPU and OS support (the OS must save the wide registers); false on non-x86 CPUs.
bool cpuHas(CpuFeature feature);

// CPU time consumed by the calling thread, in nanoseconds.
uint64_t threadCpuNanoseconds();

// --- Time and terminal ---------------------------------------------------------------------------

std::tm localTime(std::time_t t);
std::tm utcTime(std::time_t t);
// The inverse of utcTime (timegm): normalises the fields and reads them as UTC.
std::time_t fromUtc(std::tm tm);
bool stdoutIsTerminal();

} // namespace smoldesk::platform
