// bench-packed: single-thread speed of the row-interleaved (packed) Q4_K/Q6_K/IQ4_XS kernels of
// each variant. Decode: one token against 16-row groups, GB/s from memory (a 256 MiB matrix) and in
// L2 (the first 256 KiB again and again: how far the kernel itself is above the memory wall).
// Prompt: 32 tokens against an L2-resident block of groups, in weight-GB/s per token (×32 = work).
// Times are this thread's CPU time (the machine may be shared). Usage: bench-packed [seconds per figure,
// default 0.5]; BENCH_PACKED_TYPE=T measures type T alone.
#include "quant/cpu_kernels.h"
#include "quant/packed.h"
#include "quant/quantize.h"
#include "quant/vec_dot.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <vector>

namespace quant = smoldesk::quant;
using quant::Type;

namespace {

constexpr int64_t kCols = 2048;
constexpr int kGroupRows = 16;
constexpr size_t kMatrixBytes = 256u << 20;
constexpr size_t kCacheBytes = 256u << 10;
constexpr int kPromptTokens = 32;

// A GGUF matrix quantized from a smooth pseudo-random signal (valid scales and mins), then packed.
std::vector<uint8_t> packedMatrix(Type type, int groups) {
    const size_t rowBytes = quant::rowBytes(type, kCols);
    const size_t groupBytes = quant::packedGroupBytes(type, kCols);
    std::vector<uint8_t> rows(rowBytes * kGroupRows), out(groupBytes * static_cast<size_t>(groups));
    std::vector<float> x(kCols);
    uint32_t s = 12345;
    for (int g = 0; g < std::min(groups, 8); ++g) {
        for (int r = 0; r < kGroupRows; ++r) {
            for (auto& v : x) {
                s = s * 1664525u + 1013904223u;
                v = (static_cast<float>(s >> 8) / 16777216.0f - 0.5f) * 0.05f * static_cast<float>(1 + r % 3);
            }
            // IQ4_XS has no quantizer here: reuse Q4_K-like random bytes with sane scales.
            if (type == Type::IQ4_XS) {
                for (size_t b = 0; b < rowBytes; ++b) {
                    s = s * 1664525u + 1013904223u;
                    rows[static_cast<size_t>(r) * rowBytes + b] = static_cast<uint8_t>(s >> 24);
                }
                for (size_t b = 0; b < rowBytes; b += 136) {
                    const uint16_t half = 0x2000; // ≈ 0.0078
                    std::memcpy(&rows[static_cast<size_t>(r) * rowBytes + b], &half, 2);
                }
            } else {
                quant::quantizeRow(type, x.data(), rows.data() + static_cast<size_t>(r) * rowBytes, kCols);
            }
        }
        quant::packRowGroup(type, kCols, rows.data(), rowBytes,
                            out.data() + static_cast<size_t>(g) * groupBytes);
    }
    for (int g = 8; g < groups; ++g) // the rest repeats the first eight groups
        std::memcpy(out.data() + static_cast<size_t>(g) * groupBytes,
                    out.data() + static_cast<size_t>(g % 8) * groupBytes, groupBytes);
    return out;
}

// This thread's CPU time: on a shared machine, time spent descheduled does not count.
double threadSeconds() {
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
}

template <typename F> double bestRate(double seconds, double bytesPerCall, F call) {
    call();
    double best = 0;
    for (int attempt = 0; attempt < 3; ++attempt) {
        int calls = 0;
        const double t0 = threadSeconds();
        double s = 0;
        do {
            call();
            ++calls;
            s = threadSeconds() - t0;
        } while (s < seconds / 3);
        best = std::max(best, calls * bytesPerCall / s / 1e9);
    }
    return best;
}

} // namespace

int main(int argc, char** argv) {
    const double seconds = argc > 1 ? std::atof(argv[1]) : 0.5;
    const char* only = std::getenv("BENCH_PACKED_TYPE");
    std::vector<float> x(static_cast<size_t>(kCols) * kPromptTokens);
    for (size_t i = 0; i < x.size(); ++i) x[i] = static_cast<float>((i * 37) % 101) * 0.02f - 1.0f;
    const size_t actBytes = quant::rowBytes(Type::Q8_K, kCols);
    std::vector<uint8_t> act(actBytes * kPromptTokens);
    for (int c = 0; c < kPromptTokens; ++c)
        quant::quantizeRow(Type::Q8_K, x.data() + static_cast<size_t>(c) * kCols, act.data() + c * actBytes,
                           kCols);
    std::printf(
        "bench-packed: single thread, %lld columns; decode GB/s from memory / in L2, prompt (%d tokens) "
        "weight-GB/s per token\n",
        static_cast<long long>(kCols), kPromptTokens);
    for (Type type : {Type::Q4_K, Type::Q6_K, Type::IQ4_XS}) {
        if (only && std::strcmp(only, quant::typeName(type)) != 0) continue;
        const size_t groupBytes = quant::packedGroupBytes(type, kCols);
        const int groups = static_cast<int>(kMatrixBytes / groupBytes);
        const int cacheGroups = std::max(1, static_cast<int>(kCacheBytes / groupBytes));
        const auto w = packedMatrix(type, groups);
        std::vector<float> out(static_cast<size_t>(groups) * kGroupRows * 2);
        for (auto isa : {quant::cpu::Isa::Avx2, quant::cpu::Isa::Avx512}) {
            const auto* k = quant::cpu::kernelsFor(isa);
            if (!k || !k->packedTile) continue;
            auto decode = [&](int nGroups) {
                // Chunks of 4 groups, like the backend's units.
                for (int g = 0; g < nGroups; g += 4)
                    k->packedTile(type, kCols, w.data() + static_cast<size_t>(g) * groupBytes,
                                  std::min(4, nGroups - g), act.data(), actBytes, 1,
                                  out.data() + static_cast<size_t>(g) * kGroupRows, 0, false);
            };
            const double mem =
                bestRate(seconds, static_cast<double>(groups) * groupBytes, [&] { decode(groups); });
            const double l2 = bestRate(seconds, static_cast<double>(cacheGroups) * groupBytes,
                                       [&] { decode(cacheGroups); });
            const int promptGroups = std::min(cacheGroups, 4);
            std::vector<float> pout(static_cast<size_t>(promptGroups) * kGroupRows * kPromptTokens);
            const double prompt =
                bestRate(seconds, static_cast<double>(promptGroups) * groupBytes * kPromptTokens, [&] {
                    k->packedTile(type, kCols, w.data(), promptGroups, act.data(), actBytes, kPromptTokens,
                                  pout.data(), static_cast<size_t>(promptGroups) * kGroupRows, false);
                });
            float check = 0;
            for (int i = 0; i < cacheGroups * kGroupRows; ++i) check += out[static_cast<size_t>(i)];
            std::printf("  %-6s %-6s decode %6.2f GB/s mem, %6.2f GB/s L2; prompt %6.2f GB/s (check %g)\n",
                        quant::typeName(type), k->name, mem, l2, prompt, static_cast<double>(check));
        }
    }
    return 0;
}
