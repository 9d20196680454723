// smoldesk-cli chat: an interactive terminal chat on the model's own chat template, with
// SmolLM3's thinking modes, an optional thinking budget and prefix reuse between turns.
#include "commands.h"
#include "remote_command.h"
#include "session_options.h"

#include "chat/chat_formatter.h"
#include "chat/output_parser.h"
#include "common/error.h"
#include "common/platform.h"

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

    auto formatter = chat::ChatFormatter::fromGguf(session->file(), session->tokenizer());
    std::fprintf(stderr, "chat template: %s%s\n", formatter->templateDescription().c_str(),
                 formatter->supportsThinking() ? "; thinking supported" : "");
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
        chat::ChatRequest req{history, true, {}, {}};
        if (think || noThink) req.enableThinking = think;
        if (effort) req.reasoningEffort = *effort;
        const std::string prompt = formatter->render(req);
        runtime::GenerateParams gp;
        gp.maxTokens = maxTokens;
        gp.sampling = sampling;
        gp.thinkingBudget = budget;
        gp.startsInThought = chat::ChatFormatter::promptOpensThought(prompt);
        gp.outputFormat = formatter->outputFormat();
        const auto parserOwner = chat::makeOutputParser(gp.outputFormat, gp.startsInThought);
        chat::OutputParser& parser = *parserOwner;
        std::string answer;
        bool thoughtOpen = false;
        auto stats = session->generate(formatter->tokenize(req), gp, [&](const runtime::TokenEvent& ev) {
            chat::ParsedDelta d = parser.push(ev.text);
            if (!d.thought.empty()) {
                if (!thoughtOpen) std::printf("%s[thinking] ", dim);
                thoughtOpen = true;
                std::printf("%s", d.thought.c_str());
            }
            if (d.thoughtEnded) std::printf("%s\n[thought for %.1f s]\n", plain, parser.thoughtSeconds());
            std::printf("%s", d.answer.c_str());
            answer += d.answer;
            std::fflush(stdout);
            return true;
        });
        chat::ParsedDelta rest = parser.flush();
        std::printf("%s%s%s\n", rest.thought.c_str(), plain, rest.answer.c_str());
        answer += rest.answer;
        history.push_back({"assistant", answer}); // the thought is never sent back
        std::fprintf(
            stderr, "[%d prompt tokens (%d reused), %.1f tokens/s prompt, %d tokens at %.1f tokens/s; %s]\n",
            stats.promptTokens, stats.reusedTokens, stats.promptTokensPerSecond(), stats.generatedTokens,
            stats.decodeTokensPerSecond(), runtime::stopReasonName(stats.stopReason));
    }
    return kExitOk;
}

} // namespace smoldesk::cli
