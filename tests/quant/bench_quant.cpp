// bench-quant: single-thread GB/s of vecDotRows for each weight type and kernel variant over a
// 1.9 GB weight stream (SmolLM3-3B Q4_K_M reads ~1.9 GB per decoded token). The buffer is far
// larger than the caches, so the figures are memory-bound when the kernel keeps up.
// Times are this thread's CPU time (the machine may be shared).
// Usage: bench-quant [GB streamed per measurement, default 1.9]; BENCH_QUANT_TYPE=T measures type T alone;
// BENCH_QUANT_ROWS=R calls vecDotRows on R rows at a time (default 64).
#include "quant/block_formats.h"
#include "quant/cpu_kernels.h"
#include "quant/fp16.h"
#include "quant/quantize.h"
#include "quant/vec_dot.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <vector>

namespace quant = smoldesk::quant;
using quant::Type;

namespace {

constexpr int64_t kRowValues = 2048;        // SmolLM3 hidden size
constexpr size_t kBufferBytes = 512u << 20; // 512 MiB of weights, streamed repeatedly
constexpr size_t kCacheBytes = 256u << 10;  // fits in L2

uint64_t nextRandom(uint64_t& s) {
    s ^= s << 13;
    s ^= s >> 7;
    s ^= s << 17;
    return s;
}

// Random quants with sane f16 super-scales at the given byte offsets of each block.
std::vector<uint8_t> makeWeights(Type type, size_t bytes, std::vector<int> halfOffsets) {
    std::vector<uint8_t> w(bytes);
    uint64_t s = 0x9E3779B97F4A7C15ull;
    for (size_t i = 0; i + 8 <= w.size(); i += 8) {
        const uint64_t r = nextRandom(s);
        std::memcpy(w.data() + i, &r, 8);
    }
    const auto& info = quant::typeInfo(type);
    const uint16_t half = quant::fp32ToFp16(0.01f);
    if (info.blockSize == 1) { // plain floats: small normal values
        for (size_t i = 0; i < w.size(); i += info.blockBytes) {
            if (type == Type::F32) {
                const float v = 0.01f * static_cast<float>(w[i] % 17);
                std::memcpy(w.data() + i, &v, 4);
            } else {
                std::memcpy(w.data() + i, &half, 2);
            }
        }
        return w;
    }
    for (size_t b = 0; b + info.blockBytes <= w.size(); b += info.blockBytes) {
        for (int off : halfOffsets) std::memcpy(w.data() + b + off, &half, 2);
        if (type == Type::MXFP4) w[b] = 120; // E8M0 scale 2^-7: no denormals in the sums
        // IQ1_M's f16 scale is the top nibbles of its four scale words.
        if (type == Type::IQ1_M) {
            for (int k = 0; k < 4; ++k) {
                uint8_t& top = w[b + 48 + 2 * k + 1];
                top = static_cast<uint8_t>((top & 0x0F) | (((half >> (4 * k)) & 0x0F) << 4));
            }
        }
    }
    return w;
}

// This thread's CPU time: on a shared machine, time spent descheduled does not count.
double threadSeconds() {
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
}

} // namespace

int main(int argc, char** argv) {
    const double streamGb = argc > 1 ? std::atof(argv[1]) : 1.9;
    struct Case {
        Type type;
        std::vector<int> halfOffsets;
    };
    // The i-quants and MXFP4 too: their decode kernels are compute-bound on some variants.
    const std::vector<Case> cases = {{Type::Q4_K, {0, 2}}, {Type::Q6_K, {208}}, {Type::Q8_0, {0}},
                                     {Type::F16, {}},      {Type::F32, {}},     {Type::Q5_K, {0, 2}},
                                     {Type::IQ2_XXS, {0}}, {Type::IQ2_XS, {0}}, {Type::IQ2_S, {0}},
                                     {Type::IQ3_XXS, {0}}, {Type::IQ3_S, {0}},  {Type::IQ4_XS, {0}},
                                     {Type::IQ4_NL, {0}},  {Type::MXFP4, {}},   {Type::IQ1_S, {0}},
                                     {Type::IQ1_M, {}},    {Type::TQ1_0, {52}}, {Type::TQ2_0, {64}}};
    const char* only = std::getenv("BENCH_QUANT_TYPE"); // e.g. MXFP4: that type alone
    // Rows per vecDotRows call: 64 like one thread's share of a matmul; 16 like an MoE unit.
    const char* rowsEnv = std::getenv("BENCH_QUANT_ROWS");
    const int chunkRows = rowsEnv ? std::max(1, std::atoi(rowsEnv)) : 64;
    std::vector<float> x(kRowValues);
    for (int64_t i = 0; i < kRowValues; ++i) x[i] = static_cast<float>((i * 37) % 101 - 50) * 0.02f;
    std::printf("bench-quant: single thread, rows of %lld values, %.2f GB streamed per figure\n",
                static_cast<long long>(kRowValues), streamGb);
    for (const Case& c : cases) {
        if (only && std::strcmp(only, quant::typeName(c.type)) != 0) continue;
        const size_t rowBytes = quant::rowBytes(c.type, kRowValues);
        const int rowsInBuffer = static_cast<int>(kBufferBytes / rowBytes);
        const auto weights = makeWeights(c.type, rowsInBuffer * rowBytes, c.halfOffsets);
        const Type actType = quant::vecDotType(c.type);
        std::vector<uint8_t> act(quant::rowBytes(actType, kRowValues));
        quant::quantizeRow(actType, x.data(), act.data(), kRowValues);
        std::vector<float> out(static_cast<size_t>(rowsInBuffer));
        for (auto isa : {quant::cpu::Isa::Scalar, quant::cpu::Isa::Avx2, quant::cpu::Isa::Avx512}) {
            const auto* k = quant::cpu::kernelsFor(isa);
            if (!k) continue;
            // From memory: the whole buffer; in cache: the first kCacheBytes again and again, which
            // shows how far the kernel's own speed is above the memory bandwidth.
            auto measure = [&](int rows) {
                const int kChunkRows = chunkRows;
                auto pass = [&] {
                    for (int r = 0; r < rows; r += kChunkRows) {
                        const int nr = rows - r < kChunkRows ? rows - r : kChunkRows;
                        k->vecDotRows(c.type, kRowValues, weights.data() + r * rowBytes, rowBytes, nr,
                                      act.data(), out.data() + r);
                    }
                };
                pass(); // warm up (page faults, caches, clock)
                const double passBytes = static_cast<double>(rows) * static_cast<double>(rowBytes);
                const double gb = isa == quant::cpu::Isa::Scalar ? std::min(streamGb, 0.25) : streamGb;
                const int passes = static_cast<int>(std::ceil(gb * 1e9 / passBytes));
                // Best of three: other processes on a small machine only ever make a run slower.
                double best = 0;
                for (int attempt = 0; attempt < 3; ++attempt) {
                    const double t0 = threadSeconds();
                    for (int p = 0; p < passes; ++p) pass();
                    const double s = threadSeconds() - t0;
                    best = std::max(best, passes * passBytes / s / 1e9);
                }
                return best;
            };
            const double fromMemory = measure(rowsInBuffer);
            const double inCache = measure(std::max(1, static_cast<int>(kCacheBytes / rowBytes)));
            float check = 0;
            for (float v : out) check += v;
            std::printf("  %-5s %-7s %6.2f GB/s from memory, %6.2f GB/s in L2 (checksum %g)\n",
                        quant::typeName(c.type), k->name, fromMemory, inCache, static_cast<double>(check));
        }
    }
    return 0;
}
