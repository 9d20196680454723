// smoldesk-cli bench: prompt and decode speed (optionally after DEPTH tokens already in the KV
// cache, like llama-bench's -d), peak memory, and the memory bandwidth measured in the same
// run, so that decode can be reported as a share of its limit (tokens/s ≤ bandwidth / bytes
// read per token). --json prints one object for scripts (tests/bench/compare_llama.py).
#include "bench_json.h"
#include "bench_vulkan.h"
#include "commands.h"
#include "session_options.h"

#include "common/platform.h"
#include "quant/vec_dot.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <thread>
#include <vector>

namespace smoldesk::cli {

namespace {

using Clock = std::chrono::steady_clock;
double seconds(Clock::time_point a, Clock::time_point b) {
    return std::chrono::duration<double>(b - a).count();
}

// Best-of-5 read bandwidth over 1 GiB, far larger than the caches, read the way the matmul
// kernels stream weights: the widest loads of the active kernel variant, `threads` readers
// on contiguous halves, memory in transparent huge pages like the repacked weights.
double measureReadBandwidth(int threads) {
    const size_t bytes = size_t(1) << 30, hugePage = size_t(2) << 20;
    auto* buf = static_cast<uint8_t*>(platform::alignedAlloc(hugePage, bytes));
    if (!buf) return 0.0;
    platform::adviseHugePages(buf, bytes);
    std::memset(buf, 1, bytes);
    double best = 0;
    for (int rep = 0; rep < 5; ++rep) {
        std::vector<uint64_t> sums(static_cast<size_t>(threads));
        const size_t per = bytes / static_cast<size_t>(threads) / 256 * 256;
        auto t0 = Clock::now();
        std::vector<std::thread> pool;
        for (int t = 0; t < threads; ++t)
            pool.emplace_back([&, t] {
                sums[static_cast<size_t>(t)] = quant::readStream(buf + per * static_cast<size_t>(t), per);
            });
        for (auto& th : pool) th.join();
        const double s = seconds(t0, Clock::now());
        best = std::max(best, static_cast<double>(per) * threads / s);
        if (sums[0] == 42) std::printf(" "); // keeps the reads
    }
    platform::alignedFree(buf);
    return best;
}

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

} // namespace

int cmdBench(Args& args) {
    const int nPrompt = static_cast<int>(args.intOption("--n-prompt", "-p", 512));
    const int nGen = static_cast<int>(args.intOption("--n-gen", "-n", 128));
    const int reps = static_cast<int>(args.intOption("--reps", "-r", 3));
    const int depth = static_cast<int>(args.intOption("--depth", "-d", 0));
    const bool skipBandwidth = args.flag("--no-bandwidth");
    const bool json = args.flag("--json");
    const auto loadStart = Clock::now();
    auto session = loadSession(args, json);
    const double loadSeconds = seconds(loadStart, Clock::now());
    if (!args.positionals().empty()) throw UsageError("Unexpected argument '" + args.positionals()[0] + "'.");
    if (nPrompt < 1 || nGen < 1 || reps < 1 || depth < 0)
        throw UsageError("-p, -n and -r must be positive and -d not negative.");
    if (depth + std::max(nPrompt, nGen + 1) > session->contextSize())
        throw UsageError("-d plus -p (or -n) exceed the context of " +
                         std::to_string(session->contextSize()) + " tokens; raise --ctx.");

    const auto& hp = session->hparams();
    BenchResult res;
    res.model = session->file().path();
    res.arch = hp.arch;
    res.device = session->deviceName();
    res.threads = session->threads();
    res.nPrompt = nPrompt;
    res.nGen = nGen;
    res.depth = depth;
    res.reps = reps;
    res.layers = hp.nLayer;
    res.loadSeconds = loadSeconds;
    for (const auto& t : session->file().tensors()) res.weightBytes += t.nBytes;
    res.kvBytesPerToken = 2ull * 2ull * static_cast<uint64_t>(hp.nLayer) * static_cast<uint64_t>(hp.kvDim());

    std::mt19937 rng(1234);
    std::uniform_int_distribution<int32_t> dist(0, hp.nVocab - 1);
    std::vector<int32_t> context(static_cast<size_t>(depth + nPrompt));
    for (auto& id : context) id = dist(rng);
    const std::span<const int32_t> history(context.data(), static_cast<size_t>(depth));
    const std::span<const int32_t> withPrompt(context);

    for (int r = 0; r < reps; ++r) {
        // Prompt: nPrompt new tokens after `depth` cached ones (the history is evaluated
        // untimed; evaluate() reuses it as the common prefix).
        session->reset();
        if (depth > 0) session->evaluate(history);
        auto t0 = Clock::now();
        session->evaluate(withPrompt);
        res.promptRuns.push_back(nPrompt / seconds(t0, Clock::now()));
        // Decode: nGen tokens one by one after depth + 1 cached tokens, as llama-bench's tg.
        session->reset();
        session->evaluate(withPrompt.first(static_cast<size_t>(depth) + 1));
        auto t1 = Clock::now();
        for (int i = 0; i < nGen; ++i) session->decode(dist(rng));
        res.decodeRuns.push_back(nGen / seconds(t1, Clock::now()));
    }
    res.peakRssBytes = platform::peakResidentBytes();
    res.promptTokensPerS = median(res.promptRuns);
    res.decodeTokensPerS = median(res.decodeRuns);
    if (!skipBandwidth) {
        res.bandwidthBytesPerS = measureReadBandwidth(session->threads());
        // Bytes per decode token: every weight once, plus the KV cache read at the mean depth.
        const double kvRead = static_cast<double>(res.kvBytesPerToken) * (depth + 1 + nGen / 2.0);
        res.decodeLimitTokensPerS = res.bandwidthBytesPerS / (static_cast<double>(res.weightBytes) + kvRead);
    }
    if (json) // the Vulkan host-cost counters, in passes of their own after the timed runs
        for (auto& member : vulkanBenchJson(*session, withPrompt.last(static_cast<size_t>(nPrompt)), nGen,
                                            [&] { return dist(rng); }))
            res.extraJson.push_back(std::move(member));
    std::fputs((json ? benchJson(res) : benchText(res)).c_str(), stdout);
    return kExitOk;
}

} // namespace smoldesk::cli
