#pragma once
// For the fuzz targets whose subject reads a file (the GGUF reader and what is built on it): each
// input is written to a scratch file of this process in /dev/shm (memory, no disk wear), one per
// target, overwritten by the next input.
#include <cstdint>
#include <cstdio>
#include <string>
#include <unistd.h>

// Writes the input to /dev/shm/smoldesk-fuzz-<target>-<pid>.gguf and returns the path; empty
// when the file cannot be opened (the input is then skipped).
inline std::string writeFuzzFile(const char* target, const uint8_t* data, size_t size) {
    const std::string path =
        "/dev/shm/smoldesk-fuzz-" + std::string(target) + "-" + std::to_string(getpid()) + ".gguf";
    FILE* f = std::fopen(path.c_str(), "wb");
    if (!f) return {};
    std::fwrite(data, 1, size, f);
    std::fclose(f);
    return path;
}
