// smoldesk-cli bench: prompt and decode speed (optionally after DEPTH tokens already in the KV
// cache, like llama-bench's -d), peak memory, and the memory bandwidth measured in the same
// run, so that decode can be reported as a share of its limit (tokens/s ≤ bandwidth / bytes
// read per token). --json prints one object for scripts (tests/bench/compare_llama.py).
#include "bench_grammar.h"
#include "bench_json.h"
#include "bench_spec.h"
#include "bench_vulkan.h"
#include "commands.h"
#include "session_options.h"

#include "common/platform.h"
#include "quant/vec_dot.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <functional>
#include <optional>
#include <random>
#include <span>
#include <sstream>
#include <thread>
#include <vector>

namespace smoldesk::cli {

namespace {

using Clock = std::chrono::steady_clock;
double seconds(Clock::time_point a, Clock::time_point b) {
    return std::chrono::duration<double>(b - a).count();
}

// Reads memory the way the matmul kernels stream weights: the widest loads of the active
// kernel variant, `threads` readers on contiguous parts of a 1 GiB buffer (far larger than the
// caches) in transparent huge pages like the repacked weights.
class BandwidthProbe {
  public:
    explicit BandwidthProbe(int threads) : threads_(threads) {
        buf_ = static_cast<uint8_t*>(platform::alignedAlloc(kHugePage, kBytes));
        if (!buf_) return;
        platform::adviseHugePages(buf_, kBytes);
        std::memset(buf_, 1, kBytes);
    }
    ~BandwidthProbe() { platform::alignedFree(buf_); }
    BandwidthProbe(const BandwidthProbe&) = delete;
    BandwidthProbe& operator=(const BandwidthProbe&) = delete;

    struct Reading {
        double sustained = 0; // bytes/s over all passes
        double bestPass = 0;  // bytes/s of the fastest single pass
    };
    // Whole passes over the buffer until at least `bytes` were read (0 when allocation failed).
    Reading read(double bytes) {
        Reading r;
        if (!buf_) return r;
        const size_t per = kBytes / static_cast<size_t>(threads_) / 256 * 256;
        const double perPass = static_cast<double>(per) * threads_;
        const int passes = std::clamp(static_cast<int>(std::ceil(bytes / perPass)), 1, 256);
        double total = 0;
        for (int pass = 0; pass < passes; ++pass) {
            std::vector<uint64_t> sums(static_cast<size_t>(threads_));
            const auto t0 = Clock::now();
            std::vector<std::thread> pool;
            for (int t = 0; t < threads_; ++t)
                pool.emplace_back([&, t] {
                    sums[static_cast<size_t>(t)] =
                        quant::readStream(buf_ + per * static_cast<size_t>(t), per);
                });
            for (auto& th : pool) th.join();
            const double s = seconds(t0, Clock::now());
            total += s;
            r.bestPass = std::max(r.bestPass, perPass / s);
            if (sums[0] == 42) std::printf(" "); // keeps the reads
        }
        r.sustained = perPass * passes / total;
        return r;
    }

  private:
    static constexpr size_t kBytes = size_t(1) << 30, kHugePage = size_t(2) << 20;
    int threads_;
    uint8_t* buf_ = nullptr;
};

// The prompt file's text as a user turn in ChatML when the model has that template (as run does).
std::vector<int32_t> specPrompt(const runtime::Session& session, const std::string& path) {
    std::ifstream f(path, std::ios::binary);
    if (!f) throw UsageError("Cannot read the prompt file " + path + ".");
    std::stringstream ss;
    ss << f.rdbuf();
    std::string text = ss.str();
    const auto& tok = session.tokenizer();
    const bool chatml = tok.tokenId("<|im_start|>").has_value();
    if (chatml) text = "<|im_start|>user\n" + text + "<|im_end|>\n<|im_start|>assistant\n";
    return tok.encode(text, tok.addBosByDefault(), chatml);
}

// The file's facts a benchmark reports: architecture, device, threads, layers and the bytes a
// token reads.
BenchResult modelFacts(runtime::Session& session) {
    const auto& hp = session.hparams();
    BenchResult res;
    res.model = session.file().path();
    res.arch = hp.arch;
    res.device = session.deviceName();
    res.threads = session.threads();
    res.layers = hp.nLayer;
    // A mixture of experts reads only its tokens' experts: the 3-D expert tensors count with the
    // share nExpertUsed / nExpert (the model panel's rule), everything else once.
    for (const auto& t : session.file().tensors()) {
        res.weightBytes += t.nBytes;
        const bool experts = t.nDims == 3 && t.name.find("_exps.") != std::string::npos && hp.nExpert > 0;
        res.weightBytesPerToken +=
            experts ? t.nBytes * static_cast<uint64_t>(hp.nExpertUsed) / static_cast<uint64_t>(hp.nExpert)
                    : t.nBytes;
    }
    res.kvBytesPerToken = 2ull * 2ull * static_cast<uint64_t>(hp.nLayer) * static_cast<uint64_t>(hp.kvDim());
    return res;
}

// res.reps rounds of prompt (res.nPrompt new tokens after res.depth cached ones) and decode
// (res.nGen tokens), each followed by a bandwidth probe unless skipped; medians into res.
void measureRuns(runtime::Session& session, std::span<const int32_t> withPrompt, bool skipBandwidth,
                 BenchResult& res, const std::function<int32_t()>& randomToken) {
    const int depth = res.depth, nPrompt = res.nPrompt, nGen = res.nGen;
    const std::span<const int32_t> history = withPrompt.first(static_cast<size_t>(depth));
    // Bytes per decode token: every weight once (experts by their share), plus the KV cache read at the mean
    // depth.
    const double bytesPerToken = static_cast<double>(res.weightBytesPerToken) +
                                 static_cast<double>(res.kvBytesPerToken) * (depth + 1 + nGen / 2.0);
    // The probe follows each decode run and reads as many bytes as it did, so that both see the
    // same machine: a shared host's bandwidth moves by tens of percent within minutes.
    std::optional<BandwidthProbe> probe;
    std::vector<double> shareRuns; // decode tokens/s ÷ the limit of the probe that followed
    // The probe's 1 GiB pass evicts the caches: a model small enough to live in them gets one
    // untimed prompt pass afterwards (larger ones stream their weights from memory either way).
    const bool rewarmAfterProbe = res.weightBytes < (uint64_t(256) << 20);
    // One untimed pass of the same shapes first, as llama-bench does: a GPU compiles its pipelines at their
    // first use (about 0.2 s each on an H200 with a cold driver cache), which is start-up cost, not speed.
    if (res.warmupSeconds == 0) {
        const auto w0 = Clock::now();
        session.reset();
        session.evaluate(withPrompt);
        session.decode(randomToken());
        res.warmupSeconds = seconds(w0, Clock::now());
    }
    for (int r = 0; r < res.reps; ++r) {
        if (probe && rewarmAfterProbe) {
            session.reset();
            session.evaluate(withPrompt);
        }
        // Prompt: nPrompt new tokens after `depth` cached ones (the history is evaluated
        // untimed; evaluate() reuses it as the common prefix).
        session.reset();
        if (depth > 0) session.evaluate(history);
        auto t0 = Clock::now();
        session.evaluate(withPrompt);
        res.promptRuns.push_back(nPrompt / seconds(t0, Clock::now()));
        // Decode: nGen tokens one by one after depth + 1 cached tokens, as llama-bench's tg.
        session.reset();
        session.evaluate(withPrompt.first(static_cast<size_t>(depth) + 1));
        auto t1 = Clock::now();
        for (int i = 0; i < nGen; ++i) session.decode(randomToken());
        res.decodeRuns.push_back(nGen / seconds(t1, Clock::now()));
        if (skipBandwidth) continue;
        if (!probe) { // the later runs use no more memory than the first: its peak is theirs
            res.peakRssBytes = platform::peakResidentBytes();
            probe.emplace(session.threads());
        }
        const BandwidthProbe::Reading reading = probe->read(bytesPerToken * nGen);
        if (reading.sustained <= 0) continue;
        res.bandwidthRuns.push_back(reading.sustained);
        res.bandwidthBestPass = std::max(res.bandwidthBestPass, reading.bestPass);
        shareRuns.push_back(res.decodeRuns.back() * bytesPerToken / reading.sustained);
    }
    if (!probe) res.peakRssBytes = platform::peakResidentBytes();
    res.promptTokensPerS = median(res.promptRuns);
    res.decodeTokensPerS = median(res.decodeRuns);
    if (!res.bandwidthRuns.empty()) {
        res.bandwidthBytesPerS = median(res.bandwidthRuns);
        res.decodeLimitTokensPerS = res.bandwidthBytesPerS / bytesPerToken;
        res.decodeShareOfLimit = median(shareRuns);
        res.decodeShareOfBestPass = res.decodeTokensPerS * bytesPerToken / res.bandwidthBestPass;
    }
}

} // namespace

int cmdBench(Args& args) {
    const int nPrompt = static_cast<int>(args.intOption("--n-prompt", "-p", 512));
    const int nGen = static_cast<int>(args.intOption("--n-gen", "-n", 128));
    const int reps = static_cast<int>(args.intOption("--reps", "-r", 3));
    const int depth = static_cast<int>(args.intOption("--depth", "-d", 0));
    const bool skipBandwidth = args.flag("--no-bandwidth");
    const bool skipWarmup = args.flag("--no-warmup");
    const bool json = args.flag("--json");
    const auto specFile = args.option("--file", "-f");
    const bool specCeiling = args.flag("--spec-ceiling");
    std::string draftPath;
    runtime::SpecOptions spec = specOptions(args, &draftPath);
    deferGrammarOptions(args);
    const auto loadStart = Clock::now();
    auto session = loadSession(args, json);
    const double loadSeconds = seconds(loadStart, Clock::now());
    {
        GrammarBenchSetup g;
        g.tables = grammarOption(args, *session, &g.compileMs, &g.trieMs);
        if (g.tables) {
            if (!args.positionals().empty())
                throw UsageError("Unexpected argument '" + args.positionals()[0] + "'.");
            if (nGen < 1 || reps < 1) throw UsageError("-n and -r must be positive.");
            g.nGen = nGen, g.reps = reps, g.json = json;
            return benchGrammar(*session, g);
        }
    }
    if (!args.positionals().empty()) throw UsageError("Unexpected argument '" + args.positionals()[0] + "'.");
    if (specFile) {
        if (nGen < 1 || reps < 1) throw UsageError("-n and -r must be positive.");
        attachDraft(spec, draftPath, *session);
        SpecBenchSetup s{specPrompt(*session, *specFile), spec, nGen, reps, specCeiling};
        if (static_cast<int>(s.prompt.size()) + nGen >= session->contextSize())
            throw UsageError("The prompt and -n exceed the context of " +
                             std::to_string(session->contextSize()) + " tokens; raise --ctx.");
        return benchSpec(*session, s);
    }
    if (specCeiling || !draftPath.empty())
        throw UsageError("--spec-ceiling and --spec draft:FILE need a prompt: --file PROMPT.txt.");
    if (nPrompt < 1 || nGen < 1 || reps < 1 || depth < 0)
        throw UsageError("-p, -n and -r must be positive and -d not negative.");
    if (depth + std::max(nPrompt, nGen + 1) > session->contextSize())
        throw UsageError("-d plus -p (or -n) exceed the context of " +
                         std::to_string(session->contextSize()) + " tokens; raise --ctx.");

    BenchResult res = modelFacts(*session);
    res.nPrompt = nPrompt;
    res.nGen = nGen;
    res.depth = depth;
    res.reps = reps;
    res.loadSeconds = loadSeconds;
    res.warmupSeconds = skipWarmup ? -1 : 0; // measureRuns times it
    std::mt19937 rng(1234);
    std::uniform_int_distribution<int32_t> dist(0, session->hparams().nVocab - 1);
    std::vector<int32_t> context(static_cast<size_t>(depth + nPrompt));
    for (auto& id : context) id = dist(rng);
    const std::span<const int32_t> withPrompt(context);
    measureRuns(*session, withPrompt, skipBandwidth, res, [&] { return dist(rng); });
    if (json) // the Vulkan host-cost counters, in passes of their own after the timed runs
        for (auto& member : vulkanBenchJson(*session, withPrompt.last(static_cast<size_t>(nPrompt)), nGen,
                                            [&] { return dist(rng); }))
            res.extraJson.push_back(std::move(member));
    std::fputs((json ? benchJson(res) : benchText(res)).c_str(), stdout);
    return kExitOk;
}

} // namespace smoldesk::cli
