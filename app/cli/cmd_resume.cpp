// smoldesk-cli resume: what saving a chat's KV cache buys. For a history of N tokens and a new
// turn of M tokens it measures, R times each, the time to the first token when the history is
// read again (cold) and when its saved state is restored first (resumed), plus the time to
// save and to restore and the state file's size; prints medians.
#include "bench_json.h"
#include "commands.h"
#include "session_options.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <vector>

namespace smoldesk::cli {
namespace {

using Clock = std::chrono::steady_clock;
double msSince(Clock::time_point t) {
    return std::chrono::duration<double, std::milli>(Clock::now() - t).count();
}

// Text-like token ids: varied sentences, so that the cache holds what a real chat would.
std::vector<int32_t> historyTokens(const text::Tokenizer& tok, size_t n) {
    static const char* kParts[] = {
        "The committee met on a rainy Tuesday to discuss the budget for the new library. ",
        "Maria explained that the roof would need repairs before winter, and nobody disagreed. ",
        "In the second hour the talk turned to the garden, the parking lot and the old piano. ",
        "Could the children's corner move upstairs? Several parents had asked about it. ",
        "def total(items):\n    return sum(i.price * i.count for i in items)\n",
        "Numbers from the survey: 412 replies, 37% by mail, the rest online. ",
    };
    std::string text;
    std::vector<int32_t> ids;
    for (int i = 0; ids.size() < n; ++i) {
        text += kParts[i % 6];
        text += std::to_string(i) + ". ";
        if (i % 6 == 5) ids = tok.encode(text, tok.addBosByDefault(), false);
    }
    ids.resize(n);
    return ids;
}

} // namespace

int cmdResume(Args& args) {
    const auto history = static_cast<size_t>(args.intOption("--history", "", 2000));
    const auto turn = static_cast<size_t>(args.intOption("--turn", "", 32));
    const int repeats = static_cast<int>(args.intOption("--repetitions", "-r", 3));
    const std::string path = args.option("--state").value_or("smoldesk-resume.kvstate");
    auto session = loadSession(args);
    if (!args.positionals().empty()) throw UsageError("Unexpected argument '" + args.positionals()[0] + "'.");
    if (history + turn + 1 > static_cast<size_t>(session->contextSize()))
        throw UsageError("--history and --turn must fit the context (--ctx).");
    std::vector<int32_t> all = historyTokens(session->tokenizer(), history + turn);
    const std::vector<int32_t> past(all.begin(), all.begin() + static_cast<long>(history));

    std::vector<double> cold, resumed, save, restore;
    uint64_t bytes = 0;
    for (int r = 0; r < repeats; ++r) {
        session->reset();
        auto t = Clock::now();
        session->evaluate(all); // the next token's logits: its first token can be sampled now
        cold.push_back(msSince(t));

        session->reset();
        session->evaluate(past);
        t = Clock::now();
        bytes = session->saveStateFile(path);
        save.push_back(msSince(t));

        session->reset();
        t = Clock::now();
        session->restoreStateFile(path);
        restore.push_back(msSince(t));
        int reused = 0;
        session->evaluate(all, false, nullptr, &reused);
        resumed.push_back(msSince(t));
        if (static_cast<size_t>(reused) != history) throw UsageError("the restored state was not reused");
    }
    std::printf("history %zu tokens + turn %zu tokens, %d runs (medians), %s\n", history, turn, repeats,
                session->deviceName().c_str());
    std::printf("time to first token, cold (read the history again): %.1f ms\n", median(cold));
    std::printf("time to first token, resumed (restore + new turn):  %.1f ms\n", median(resumed));
    std::printf("save: %.1f ms, restore: %.1f ms, state file: %llu bytes (%s)\n", median(save),
                median(restore), static_cast<unsigned long long>(bytes), path.c_str());
    return kExitOk;
}

} // namespace smoldesk::cli
