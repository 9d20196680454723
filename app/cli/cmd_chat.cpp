// smoldesk-cli chat: an interactive terminal chat on the model's own chat template, with
// SmolLM3's thinking modes, an optional thinking budget, prefix reuse between turns, and tools
// from MCP servers (--mcp MCP.json), each call run only after the user says yes (or --yes).
#include "chat_tools.h"
#include "commands.h"
#include "remote_command.h"
#include "session_options.h"

#include "common/error.h"
#include "common/platform.h"
#include "grammar/grammar_cache.h"
#include "runtime/chat_turn.h"

#include <cstdio>
#include <iostream>
#include <set>
#include <string>

namespace smoldesk::cli {
namespace {

constexpr int kMaxToolRounds = 8; // model answers with calls per prompt, as the app's default

// Consent at the terminal, read from the same input as the prompts.
bool userAllows(const std::string& what, const std::string& arguments) {
    std::fprintf(stderr, "Run the tool %s with %s? [y/N] ", what.c_str(), arguments.c_str());
    std::string answer;
    if (!std::getline(std::cin, answer)) return false;
    return answer == "y" || answer == "Y" || answer == "yes";
}

} // namespace

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
    const auto mcpConfig = args.option("--mcp");
    const bool allowAll = args.flag("--yes");
    // OpenAI's tool_choice for the first answer to each prompt: auto, none, required or a tool's name.
    const std::string toolChoice = args.option("--tool-choice").value_or("auto");
    runtime::SamplingParams defaults;
    defaults.temperature = 0.6f; // the SmolLM3 model card's recommendation
    defaults.topP = 0.95f;
    runtime::SamplingParams sampling = samplingOptions(args, defaults);
    auto session = loadSession(args);
    if (!args.positionals().empty()) throw UsageError("Unexpected argument '" + args.positionals()[0] + "'.");
    if ((allowAll || toolChoice != "auto") && !mcpConfig)
        throw UsageError("--yes and --tool-choice are about tools: they need --mcp MCP.json.");
    const std::unique_ptr<ChatTools> tools = mcpConfig ? openChatTools(*mcpConfig) : nullptr;

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
    std::set<std::string> leftOutNamed; // each left-out tool is named once
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
        for (int round = 0;; ++round) {
            runtime::ChatTurnRequest request;
            request.prompt.messages = history;
            if (think || noThink) request.prompt.enableThinking = think;
            if (effort) request.prompt.reasoningEffort = *effort;
            // Past the round limit the model answers without tools.
            if (tools && round < kMaxToolRounds) request.prompt.toolsJson = tools->toolsJson();
            if (round == 0) {
                request.toolChoice = toolChoice == "none"       ? runtime::ToolChoice::None
                                     : toolChoice == "required" ? runtime::ToolChoice::Required
                                     : toolChoice == "auto"     ? runtime::ToolChoice::Auto
                                                                : runtime::ToolChoice::Named;
                if (request.toolChoice == runtime::ToolChoice::Named) request.toolChoiceName = toolChoice;
            }
            runtime::ChatTurn turn(*session, chatPrompt, grammars, request);
            for (const runtime::LeftOutTool& t : turn.leftOutTools())
                if (leftOutNamed.insert(t.name).second)
                    std::fprintf(stderr, "note: the tool %s is left out: %s\n", t.name.c_str(),
                                 t.reason.c_str());
            runtime::GenerateParams gp;
            gp.maxTokens = maxTokens;
            gp.sampling = sampling;
            gp.thinkingBudget = budget;
            chat::Message reply{"assistant", ""};
            bool thoughtOpen = false;
            runtime::ChatTurnEvents events;
            events.onText = [&](const std::string& thought, const std::string& text, int) {
                if (!thought.empty()) {
                    if (!thoughtOpen) std::printf("%s[thinking] ", dim);
                    thoughtOpen = true;
                    std::printf("%s", thought.c_str());
                }
                std::printf("%s", text.c_str());
                reply.content += text;
                std::fflush(stdout);
            };
            events.onThoughtEnded = [&](double seconds) {
                std::printf("%s\n[thought for %.1f s]\n", plain, seconds);
                thoughtOpen = false;
            };
            events.onToolCall = [&](const chat::ToolCall& call, int) { reply.toolCalls.push_back(call); };
            const runtime::GenerationStats stats = turn.run(gp, events, nullptr).stats;
            std::printf("%s\n", plain);
            history.push_back(reply); // the thought is never sent back
            std::fprintf(
                stderr,
                "[%d prompt tokens (%d reused), %.1f tokens/s prompt, %d tokens at %.1f tokens/s; %s]\n",
                stats.promptTokens, stats.reusedTokens, stats.promptTokensPerSecond(), stats.generatedTokens,
                stats.decodeTokensPerSecond(), runtime::stopReasonName(stats.stopReason));
            if (reply.toolCalls.empty() || !tools) break;
            for (const chat::ToolCall& call : reply.toolCalls) {
                const std::string what = tools->describe(call.name);
                std::printf("[tool call] %s %s\n", what.empty() ? call.name.c_str() : what.c_str(),
                            call.arguments.c_str());
                const bool allowed = allowAll || userAllows(what.empty() ? call.name : what, call.arguments);
                chat::Message result{"tool",
                                     allowed ? tools->run(call) : "The user did not allow this call."};
                result.toolCallId = call.id;
                result.name = call.name;
                std::printf("[tool result] %s\n", result.content.c_str());
                history.push_back(std::move(result));
            }
        }
    }
    return kExitOk;
}

} // namespace smoldesk::cli
