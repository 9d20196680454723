// Feeds arbitrary bytes to the GGUF reader: it must reject them with an Error or return a
// file whose every tensor lies inside the map — never crash, hang or allocate wildly.
#include "common/error.h"
#include "fuzz_file.h"
#include "gguf/file.h"

#include <cstdint>
#include <cstdio>
#include <string>
#include <unistd.h>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const std::string path = writeFuzzFile("gguf", data, size);
    if (path.empty()) return 0;
    try {
        auto file = smoldesk::gguf::File::open(path);
        const uint8_t* begin = file->map().data();
        const uint8_t* end = begin + file->fileSize();
        for (const auto& t : file->tensors())
            if (t.nBytes && (t.data < begin || t.data + t.nBytes > end)) __builtin_trap();
        for (const auto& [key, value] : file->metadata()) (void)value.describe();
    } catch (const smoldesk::Error&) {
    }
    return 0;
}
