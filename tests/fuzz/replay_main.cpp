// Replays a fuzz target's corpus without libFuzzer, so the normal test suite (g++, no
// instrumentation) runs every seed and every input that once crashed. Arguments: files or
// folders; fails when a folder is missing or holds nothing, so a moved corpus cannot pass silently.
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);
// Optional, as with libFuzzer: one-time set-up before the first input.
extern "C" __attribute__((weak)) int LLVMFuzzerInitialize(int* argc, char*** argv);

namespace fs = std::filesystem;

namespace {

void replay(const fs::path& file) {
    std::ifstream in(file, std::ios::binary);
    const std::vector<uint8_t> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    std::printf("%s (%zu bytes)\n", file.c_str(), bytes.size());
    std::fflush(stdout); // the name is on record if the input crashes
    LLVMFuzzerTestOneInput(bytes.data(), bytes.size());
}

} // namespace

int main(int argc, char** argv) {
    if (LLVMFuzzerInitialize) LLVMFuzzerInitialize(&argc, &argv);
    size_t inputs = 0;
    for (int i = 1; i < argc; ++i) {
        const fs::path arg = argv[i];
        std::error_code ec;
        if (fs::is_regular_file(arg, ec)) {
            replay(arg);
            ++inputs;
        } else if (fs::is_directory(arg, ec)) {
            for (const auto& entry : fs::directory_iterator(arg))
                if (entry.is_regular_file() && entry.path().filename().string()[0] != '.') {
                    replay(entry.path());
                    ++inputs;
                }
        } else {
            std::fprintf(stderr, "replay: %s is neither a file nor a folder.\n", argv[i]);
            return 2;
        }
    }
    if (inputs == 0) {
        std::fprintf(stderr, "replay: no inputs.\n");
        return 2;
    }
    std::printf("replayed %zu inputs\n", inputs);
    return 0;
}
