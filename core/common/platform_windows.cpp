// The platform layer on Windows (see platform.h). Paths are UTF-8 and converted to UTF-16 for
// the wide Win32 calls, so model files in folders with any name open.
#ifndef NOMINMAX
#define NOMINMAX
#endif
#ifndef WIN32_LEAN_AND_MEAN
#define WIN32_LEAN_AND_MEAN
#endif
#ifndef PSAPI_VERSION
#define PSAPI_VERSION 2 // GetProcessMemoryInfo from kernel32, no psapi.lib needed
#endif
#include <windows.h>
// windows.h first: psapi.h and io.h rely on its types.
#include <io.h>
#include <malloc.h>
#include <psapi.h>

#include "common/platform.h"

#include "common/error.h"

#include <algorithm>
#include <cstdio>

namespace smoldesk::platform {

namespace {

std::wstring widen(const std::string& utf8) {
    if (utf8.empty()) return {};
    const int n = MultiByteToWideChar(CP_UTF8, 0, utf8.data(), static_cast<int>(utf8.size()), nullptr, 0);
    std::wstring w(static_cast<size_t>(n), L'\0');
    MultiByteToWideChar(CP_UTF8, 0, utf8.data(), static_cast<int>(utf8.size()), w.data(), n);
    return w;
}

std::string lastErrorText() {
    const DWORD code = GetLastError();
    char* text = nullptr;
    const DWORD n = FormatMessageA(FORMAT_MESSAGE_ALLOCATE_BUFFER | FORMAT_MESSAGE_FROM_SYSTEM |
                                       FORMAT_MESSAGE_IGNORE_INSERTS,
                                   nullptr, code, 0, reinterpret_cast<char*>(&text), 0, nullptr);
    std::string s = n && text ? std::string(text, n) : "error " + std::to_string(code);
    if (text) LocalFree(text);
    while (!s.empty() && (s.back() == '\n' || s.back() == '\r' || s.back() == '.')) s.pop_back();
    return s;
}

} // namespace

FileMap mapFileReadOnly(const std::string& path) {
    const std::wstring wide = widen(path);
    const DWORD attributes = GetFileAttributesW(wide.c_str());
    if (attributes == INVALID_FILE_ATTRIBUTES) {
        const DWORD err = GetLastError();
        if (err == ERROR_FILE_NOT_FOUND || err == ERROR_PATH_NOT_FOUND)
            throw Error(ErrorCode::Io, "File '" + path + "' does not exist.");
        throw Error(ErrorCode::Io, "Cannot open '" + path + "': " + lastErrorText() + ".");
    }
    if (attributes & FILE_ATTRIBUTE_DIRECTORY)
        throw Error(ErrorCode::Io, "'" + path + "' is a directory, not a model file.");
    HANDLE file = CreateFileW(wide.c_str(), GENERIC_READ, FILE_SHARE_READ | FILE_SHARE_DELETE, nullptr,
                              OPEN_EXISTING, FILE_ATTRIBUTE_NORMAL, nullptr);
    if (file == INVALID_HANDLE_VALUE)
        throw Error(ErrorCode::Io, "Cannot open '" + path + "': " + lastErrorText() + ".");
    LARGE_INTEGER size{};
    if (!GetFileSizeEx(file, &size)) {
        const std::string why = lastErrorText();
        CloseHandle(file);
        throw Error(ErrorCode::Io, "Cannot read '" + path + "': " + why + ".");
    }
    FileMap map;
    map.size = static_cast<size_t>(size.QuadPart);
    if (map.size > 0) {
        // An empty file cannot be mapped on Windows; it needs no mapping either.
        HANDLE mapping = CreateFileMappingW(file, nullptr, PAGE_READONLY, 0, 0, nullptr);
        const void* view = mapping ? MapViewOfFile(mapping, FILE_MAP_READ, 0, 0, 0) : nullptr;
        if (!view) {
            const std::string why = lastErrorText();
            if (mapping) CloseHandle(mapping);
            CloseHandle(file);
            throw Error(ErrorCode::Io, "Cannot map '" + path + "' into memory: " + why + ".");
        }
        CloseHandle(mapping); // the view keeps the mapping alive
        map.data = static_cast<const uint8_t*>(view);
    }
    CloseHandle(file);
    return map;
}

void unmapFile(const uint8_t* data, size_t) {
    if (data) UnmapViewOfFile(data);
}

size_t pageSize() {
    SYSTEM_INFO info{};
    GetSystemInfo(&info);
    return info.dwPageSize;
}

void adviseWillNeed(const void* begin, size_t length) {
    WIN32_MEMORY_RANGE_ENTRY range{const_cast<void*>(begin), length};
    PrefetchVirtualMemory(GetCurrentProcess(), 1, &range, 0);
}

bool populateMapped(const void*, size_t) {
    return false; // PrefetchVirtualMemory (adviseWillNeed) reads ahead but maps nothing
}

void adviseDontNeed(const void* begin, size_t length) {
    // Unlocking pages that are not locked removes them from the working set (documented).
    VirtualUnlock(const_cast<void*>(begin), length);
}

void* alignedAlloc(size_t alignment, size_t bytes) {
    return _aligned_malloc(bytes, alignment);
}

void alignedFree(void* p) {
    _aligned_free(p);
}

void adviseHugePages(void*, size_t) {
    // Large pages need the SeLockMemoryPrivilege, which normal users lack.
}

uint64_t availableMemoryBytes() {
    MEMORYSTATUSEX status{};
    status.dwLength = sizeof(status);
    return GlobalMemoryStatusEx(&status) ? status.ullAvailPhys : 0;
}

uint64_t peakResidentBytes() {
    PROCESS_MEMORY_COUNTERS counters{};
    counters.cb = sizeof(counters);
    return GetProcessMemoryInfo(GetCurrentProcess(), &counters, sizeof(counters))
               ? counters.PeakWorkingSetSize
               : 0;
}

void* openLibrary(const char* name) {
    return reinterpret_cast<void*>(LoadLibraryA(name));
}

void* librarySymbol(void* library, const char* name) {
    return reinterpret_cast<void*>(GetProcAddress(static_cast<HMODULE>(library), name));
}

std::vector<std::string> loadedLibraries() {
    std::vector<HMODULE> modules(1024);
    DWORD bytes = 0;
    if (!EnumProcessModules(GetCurrentProcess(), modules.data(), DWORD(modules.size() * sizeof(HMODULE)),
                            &bytes))
        return {};
    modules.resize(std::min<size_t>(modules.size(), bytes / sizeof(HMODULE)));
    std::vector<std::string> paths;
    for (HMODULE module : modules) {
        wchar_t path[MAX_PATH];
        const DWORD length = GetModuleFileNameW(module, path, MAX_PATH);
        if (length == 0 || length >= MAX_PATH) continue;
        const int n = WideCharToMultiByte(CP_UTF8, 0, path, int(length), nullptr, 0, nullptr, nullptr);
        std::string utf8(size_t(n), '\0');
        WideCharToMultiByte(CP_UTF8, 0, path, int(length), utf8.data(), n, nullptr, nullptr);
        paths.push_back(std::move(utf8));
    }
    return paths;
}

void keepLibrariesLoaded(const std::vector<std::string>& paths) {
    for (const std::string& path : paths) {
        HMODULE module = nullptr;
        GetModuleHandleExW(GET_MODULE_HANDLE_EX_FLAG_PIN, widen(path).c_str(), &module);
    }
}

std::string userCacheDirectory() {
    const DWORD n = GetEnvironmentVariableW(L"LOCALAPPDATA", nullptr, 0);
    if (n == 0) return {};
    std::wstring w(n, L'\0');
    const DWORD len = GetEnvironmentVariableW(L"LOCALAPPDATA", w.data(), n);
    if (len == 0 || len >= n) return {};
    w.resize(len);
    const int bytes = WideCharToMultiByte(CP_UTF8, 0, w.data(), int(len), nullptr, 0, nullptr, nullptr);
    std::string utf8(size_t(bytes), '\0');
    WideCharToMultiByte(CP_UTF8, 0, w.data(), int(len), utf8.data(), bytes, nullptr, nullptr);
    return utf8 + "\\SmolDesk\\cache";
}

std::vector<const char*> vulkanLoaderNames() {
    return {"vulkan-1.dll"};
}

int physicalCoreCount() {
    const int logical = logicalCpuCount();
    DWORD bytes = 0;
    GetLogicalProcessorInformation(nullptr, &bytes);
    std::vector<SYSTEM_LOGICAL_PROCESSOR_INFORMATION> info(bytes /
                                                           sizeof(SYSTEM_LOGICAL_PROCESSOR_INFORMATION));
    int n = 0;
    if (!info.empty() && GetLogicalProcessorInformation(info.data(), &bytes))
        for (const auto& entry : info)
            if (entry.Relationship == RelationProcessorCore) ++n;
    if (n <= 0 || n > logical) n = logical;
    return n;
}

uint64_t threadCpuNanoseconds() {
    FILETIME created{}, exited{}, kernel{}, user{};
    if (!GetThreadTimes(GetCurrentThread(), &created, &exited, &kernel, &user)) return 0;
    auto ticks = [](FILETIME t) { return (uint64_t(t.dwHighDateTime) << 32) | t.dwLowDateTime; };
    return (ticks(kernel) + ticks(user)) * 100; // 100 ns units
}

std::tm localTime(std::time_t t) {
    std::tm tm{};
    localtime_s(&tm, &t);
    return tm;
}

std::tm utcTime(std::time_t t) {
    std::tm tm{};
    gmtime_s(&tm, &t);
    return tm;
}

std::time_t fromUtc(std::tm tm) {
    return _mkgmtime(&tm);
}

bool stdoutIsTerminal() {
    return _isatty(_fileno(stdout)) != 0;
}

} // namespace smoldesk::platform
