// smoldesk-cli chat: an interactive terminal chat on the model's own chat template, with
// SmolLM3's thinking modes, an optional thinking budget and prefix reuse between turns.
#include "commands.h"
#include "remote_command.h"
#include "session_options.h"

#include "common/error.h"
#include "common/platform.h"
#include "grammar/grammar_cache.h"
#include "runtime/chat_turn.h"

#include <cstdio>
#include <iostream>
#include <string>

namespace smoldesk::cli {

bool platformStdoutIsTerminal() {
    return platform::stdoutIsTerminal();
}

int cmdChat(Args& args) {
    // A model on an OpenAI-compatible endpoint instead of a local file (cmd_chat_remote.cpp).
    if (auto endpoint = args.option("--endpoint")) return cmdChatRemote(args, *endpoint);
    const bool think = args.flag("--think");
    const bool noThink = args.flag("--no-think");
    if (think && noThink) throw UsageError("Choose either --think or --no-think.");
    const int budget = static_cast<int>(args.intOption("--think-budget", "", -1));
    // gpt-oss: low, medium or high; --think/--no-think alone mean medium/low.
    auto effort = args.option("--reasoning-effort");
    if (effort && *effort != "low" && *effort != "medium" && *effort != "high")
        throw UsageError("--reasoning-effort must be low, medium or high.");
    const int maxTokens = static_cast<int>(args.intOption("--n-predict", "-n", 2048));
    auto system = args.option("--system");
    runtime::SamplingParams defaults;
    defaults.temperature = 0.6f; // the SmolLM3 model card's recommendation
    defaults.topP = 0.95f;
    runtime::SamplingParams sampling = samplingOptions(args, defaults);
    auto session = loadSession(args);
    if (!args.positionals().empty()) throw UsageError("Unexpected argument '" + args.positionals()[0] + "'.");

    // The same turn as the app's: a file without a template is continued as plain text, never
    // wrapped in ChatML it has never seen.
    const runtime::ChatPrompt chatPrompt(session->file(), session->tokenizer());
    grammar::GrammarCache grammars;
    std::fprintf(stderr, "chat template: %s\n", chatPrompt.description().c_str());
    std::fprintf(stderr, "Type a message and press Enter; /reset starts over, /exit or Ctrl+D quits.\n");
    const bool tty = platform::stdoutIsTerminal();
    const char* dim = tty ? "\033[2m" : "";
    const char* plain = tty ? "\033[0m" : "";

    std::vector<chat::Message> history;
    if (system) history.push_back({"system", *system});
    std::string line;
    while (true) {
        std::fprintf(stderr, "\n> ");
        if (!std::getline(std::cin, line) || line == "/exit") break;
        if (line == "/reset") {
            history.resize(system ? 1 : 0);
            session->reset();
            continue;
        }
        if (line.empty()) continue;
        history.push_back({"user", line});
        runtime::ChatTurnRequest request;
        request.prompt.messages = history;
        if (think || noThink) request.prompt.enableThinking = think;
        if (effort) request.prompt.reasoningEffort = *effort;
        runtime::ChatTurn turn(*session, chatPrompt, grammars, request);
        runtime::GenerateParams gp;
        gp.maxTokens = maxTokens;
        gp.sampling = sampling;
        gp.thinkingBudget = budget;
        std::string answer;
        bool thoughtOpen = false;
        runtime::ChatTurnEvents events;
        events.onText = [&](const std::string& thought, const std::string& text, int) {
            if (!thought.empty()) {
                if (!thoughtOpen) std::printf("%s[thinking] ", dim);
                thoughtOpen = true;
                std::printf("%s", thought.c_str());
            }
            std::printf("%s", text.c_str());
            answer += text;
            std::fflush(stdout);
        };
        events.onThoughtEnded = [&](double seconds) {
            std::printf("%s\n[thought for %.1f s]\n", plain, seconds);
            thoughtOpen = false;
        };
        const runtime::GenerationStats stats = turn.run(gp, events, nullptr).stats;
        std::printf("%s\n", plain);
        history.push_back({"assistant", answer}); // the thought is never sent back
        std::fprintf(
            stderr, "[%d prompt tokens (%d reused), %.1f tokens/s prompt, %d tokens at %.1f tokens/s; %s]\n",
            stats.promptTokens, stats.reusedTokens, stats.promptTokensPerSecond(), stats.generatedTokens,
            stats.decodeTokensPerSecond(), runtime::stopReasonName(stats.stopReason));
    }
    return kExitOk;
}

} // namespace smoldesk::cli
