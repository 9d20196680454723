// smoldesk-cli bench: prompt and decode speed, memory bandwidth measured in the same run,
// and the share of the bandwidth limit that decode reaches (see docs: tokens/s ≤ BW / bytes per token).
#include "commands.h"
#include "session_options.h"

#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
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

// Best-of-3 read bandwidth over a buffer far larger than the caches, with `threads` readers.
double measureReadBandwidth(int threads) {
    const size_t bytes = size_t(1) << 30;
    std::vector<uint64_t> buf(bytes / 8);
    for (size_t i = 0; i < buf.size(); i += 512) buf[i] = i; // touch every page
    std::fill(buf.begin(), buf.end(), 1);
    double best = 0;
    for (int rep = 0; rep < 3; ++rep) {
        std::vector<uint64_t> sums(static_cast<size_t>(threads));
        auto t0 = Clock::now();
        std::vector<std::thread> pool;
        for (int t = 0; t < threads; ++t)
            pool.emplace_back([&, t] {
                const size_t per = buf.size() / static_cast<size_t>(threads);
                const uint64_t* p = buf.data() + per * static_cast<size_t>(t);
                uint64_t a = 0, b = 0, c = 0, d = 0;
                for (size_t i = 0; i + 4 <= per; i += 4) {
                    a += p[i];
                    b += p[i + 1];
                    c += p[i + 2];
                    d += p[i + 3];
                }
                sums[static_cast<size_t>(t)] = a + b + c + d;
            });
        for (auto& th : pool) th.join();
        double s = seconds(t0, Clock::now());
        best = std::max(best, bytes / s);
        if (sums[0] == 42) std::printf(" "); // keeps the reads
    }
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
    const bool skipBandwidth = args.flag("--no-bandwidth");
    auto session = loadSession(args);
    if (!args.positionals().empty()) throw UsageError("Unexpected argument '" + args.positionals()[0] + "'.");
    if (nPrompt < 1 || nGen < 1 || reps < 1) throw UsageError("-p, -n and -r must be positive.");
    if (nPrompt + nGen > session->contextSize())
        throw UsageError("-p plus -n exceed the context of " + std::to_string(session->contextSize()) +
                         "; raise --ctx.");

    const auto& hp = session->hparams();
    uint64_t weightBytes = 0;
    for (const auto& t : session->file().tensors()) weightBytes += t.nBytes;
    std::mt19937 rng(1234);
    std::uniform_int_distribution<int32_t> dist(0, hp.nVocab - 1);
    std::vector<int32_t> prompt(static_cast<size_t>(nPrompt));
    for (auto& id : prompt) id = dist(rng);

    std::vector<double> pp, tg;
    for (int r = 0; r < reps; ++r) {
        session->reset();
        auto t0 = Clock::now();
        std::vector<float> logits = session->evaluate(prompt);
        pp.push_back(nPrompt / seconds(t0, Clock::now()));
        // Decode after a 1-token prompt so the KV cache stays short, as llama-bench's tg does.
        session->reset();
        logits = session->evaluate(std::vector<int32_t>{prompt[0]});
        auto t1 = Clock::now();
        for (int i = 0; i < nGen; ++i) logits = session->decode(dist(rng));
        tg.push_back(nGen / seconds(t1, Clock::now()));
    }
    struct rusage ru {};
    getrusage(RUSAGE_SELF, &ru);

    std::printf("model:        %s (%s, %.2f GB of tensors)\n", session->file().path().c_str(),
                hp.arch.c_str(), weightBytes / 1e9);
    std::printf("device:       %s\n", session->deviceName().c_str());
    std::printf("prompt %4d:  %.2f tokens/s (median of %d)\n", nPrompt, median(pp), reps);
    std::printf("decode %4d:  %.2f tokens/s (median of %d)\n", nGen, median(tg), reps);
    if (!skipBandwidth) {
        const double bw = measureReadBandwidth(session->threads());
        const double kvPerToken = 2.0 * 2.0 * hp.nLayer * hp.kvDim();
        const double limit = bw / (static_cast<double>(weightBytes) + kvPerToken * nGen / 2.0);
        std::printf(
            "bandwidth:    %.1f GB/s read (%d threads); decode limit %.2f tokens/s; decode reaches %.0f%%\n",
            bw / 1e9, session->threads(), limit, 100.0 * median(tg) / limit);
    }
    std::printf("peak RSS:     %.2f GB\n", ru.ru_maxrss / 1e6);
    return kExitOk;
}

} // namespace smoldesk::cli
