// smoldesk-cli chat: an interactive terminal chat on the same chat turn as the app's
// (runtime/chat_turn.h): the model's template (or plain continuation for a file without one),
// SmolLM3's thinking modes, an optional thinking budget, prefix reuse between turns, and tools —
// the definitions of a JSON file (--tools: calls are shown, not run) or of MCP servers (--mcp),
// whose calls run only after the user says yes (or --yes). --image FILE (or a /image FILE line)
// shows the model an image with the next message, through its mmproj (--mmproj, or found next to
// the model); later turns reuse its positions in the cache instead of encoding it again.
#include "chat_documents.h"
#include "chat_tools.h"
#include "cli_image.h"
#include "commands.h"
#include "remote_command.h"
#include "session_options.h"

#include "common/error.h"
#include "common/platform.h"
#include "grammar/grammar_cache.h"
#include "runtime/chat_turn.h"

#include <cstdio>
#include <fstream>
#include <iostream>
#include <iterator>
#include <set>
#include <string>

namespace smoldesk::cli {
namespace {

constexpr int kMaxToolRounds = 8; // model answers with calls per prompt, as the app's default

struct ChatOptions {
    std::optional<bool> think; // unset: the template's default
    std::optional<std::string> effort;
    int budget = -1;
    int maxTokens = 2048;
    runtime::SamplingParams sampling;
    runtime::SpecOptions spec;
    std::optional<std::string> system;
    std::string toolsJson;               // --tools: OpenAI definitions, calls shown but not run
    std::unique_ptr<ChatTools> mcp;      // --mcp: servers that run calls
    std::unique_ptr<ChatDocuments> docs; // --library, --doc: documents, and their tools
    bool allowAll = false;               // --yes
    runtime::ToolChoice toolChoice = runtime::ToolChoice::Auto; // the first answer to each prompt
    std::string toolChoiceName;
    bool verbosePrompt = false;
    std::optional<std::string> image;  // --image: shown with the first message
    std::optional<std::string> mmproj; // --mmproj; else the one next to the model
    std::string modelPath;
};

std::string readToolsFile(const std::string& path) {
    std::ifstream f(path, std::ios::binary);
    if (!f) throw UsageError("Cannot read the tools file " + path + ".");
    return std::string((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
}

runtime::ToolChoice toolChoiceFrom(const std::string& text) {
    if (text == "none") return runtime::ToolChoice::None;
    if (text == "required") return runtime::ToolChoice::Required;
    if (text == "auto") return runtime::ToolChoice::Auto;
    return runtime::ToolChoice::Named;
}

// Consent at the terminal, read from the same input as the prompts.
bool userAllows(const std::string& what, const std::string& arguments) {
    std::fprintf(stderr, "Run the tool %s with %s? [y/N] ", what.c_str(), arguments.c_str());
    std::string answer;
    if (!std::getline(std::cin, answer)) return false;
    return answer == "y" || answer == "Y" || answer == "yes";
}

class TerminalChat {
  public:
    TerminalChat(runtime::Session& session, ChatOptions& options)
        : session_(session), o_(options), prompt_(session.file(), session.tokenizer()) {
        if (o_.system) history_.push_back({"system", *o_.system});
    }

    const runtime::ChatPrompt& prompt() const { return prompt_; }

    void reset() {
        history_.resize(o_.system ? 1 : 0);
        session_.reset();
        images_.clear();
        pending_.clear();
    }

    // Whether the conversation has images (sent or pending): its text cannot hold the media marker.
    bool hasImages() const { return !images_.empty() || !pending_.empty(); }

    // An image for the next message (decoded now, encoded when the model first reads it).
    void addImage(const std::string& path) {
        if (!vision_) vision_ = loadVision(o_.mmproj ? &*o_.mmproj : nullptr, o_.modelPath, session_, false);
        pending_.push_back(vision_->prepare(loadImage(path)));
        std::fprintf(stderr, "[image %s: %d positions]\n", path.c_str(),
                     pending_.back()->layout.pieces * pending_.back()->layout.tokensPerPiece);
    }

    // One prompt: the answer, and while it calls tools, their results and the answer after them.
    void answer(const std::string& line) {
        std::string content;
        for (size_t i = 0; i < pending_.size(); ++i) content += runtime::kMediaMarker;
        images_.insert(images_.end(), pending_.begin(), pending_.end());
        pending_.clear();
        history_.push_back({"user", content + line});
        for (int round = 0;; ++round) {
            chat::Message reply = runTurn(round);
            history_.push_back(reply); // the thought is never sent back
            if (reply.toolCalls.empty()) break;
            for (const chat::ToolCall& call : reply.toolCalls) {
                const std::string what = docTools() && grounding::DocumentTools::isDocumentTool(call.name)
                                             ? "documents/" + call.name
                                         : o_.mcp ? o_.mcp->describe(call.name)
                                                  : std::string();
                std::printf("[tool call] %s %s\n", what.empty() ? call.name.c_str() : what.c_str(),
                            call.arguments.c_str());
            }
            if (!o_.mcp && !docTools()) break; // --tools: shown, never run
            for (const chat::ToolCall& call : reply.toolCalls) history_.push_back(runCall(call));
        }
    }

  private:
    chat::Message runTurn(int round) {
        runtime::ChatTurnRequest request;
        request.prompt.messages = history_;
        request.images = images_;
        request.prompt.enableThinking = o_.think;
        if (o_.effort) request.prompt.reasoningEffort = *o_.effort;
        // Past the round limit the model answers without tools.
        if (round < kMaxToolRounds) request.prompt.toolsJson = o_.mcp ? o_.mcp->toolsJson() : o_.toolsJson;
        if (round < kMaxToolRounds && docTools())
            request.prompt.toolsJson = grounding::DocumentTools::withDocumentTools(request.prompt.toolsJson);
        if (o_.docs) request.documents = o_.docs->request;
        if (round == 0) {
            request.toolChoice = o_.toolChoice;
            request.toolChoiceName = o_.toolChoiceName;
        }
        runtime::ChatTurn turn(session_, prompt_, grammars_, request);
        for (const runtime::LeftOutTool& t : turn.leftOutTools())
            if (leftOutNamed_.insert(t.name).second)
                std::fprintf(stderr, "note: the tool %s is left out: %s\n", t.name.c_str(), t.reason.c_str());
        if (o_.verbosePrompt) {
            std::fprintf(stderr, "prompt tokens:");
            for (int32_t id : turn.prompt().tokens) std::fprintf(stderr, " %d", id);
            std::fprintf(stderr, "\n");
        }
        runtime::GenerateParams gp;
        gp.maxTokens = o_.maxTokens;
        gp.sampling = o_.sampling;
        gp.thinkingBudget = o_.budget;
        gp.speculation = o_.spec;
        const bool tty = platform::stdoutIsTerminal();
        const char* dim = tty ? "\033[2m" : "";
        const char* plain = tty ? "\033[0m" : "";
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
        events.onDocuments = [&](const grounding::Grounding& g) {
            if (docTools()) docTools()->setNextNumber(static_cast<int>(g.sources.size()) + 1);
            if (round == 0) printDocuments(g, stderr);
        };
        const runtime::GenerationStats stats = turn.run(gp, events, nullptr).stats;
        std::printf("%s\n", plain);
        std::fprintf(
            stderr,
            "[%d prompt tokens (%d reused), %.1f tokens/s prompt, %d tokens at %.1f tokens/s%s; %s]\n",
            stats.promptTokens, stats.reusedTokens, stats.promptTokensPerSecond(), stats.generatedTokens,
            stats.decodeTokensPerSecond(), specNote(stats).c_str(),
            runtime::stopReasonName(stats.stopReason));
        return reply;
    }

    // The document tools, when the model can call tools and --tools did not name others.
    grounding::DocumentTools* docTools() const { return o_.docs ? o_.docs->tools.get() : nullptr; }

    chat::Message runCall(const chat::ToolCall& call) {
        const bool document = docTools() && grounding::DocumentTools::isDocumentTool(call.name);
        const std::string what = document ? "documents/" + call.name
                                 : o_.mcp ? o_.mcp->describe(call.name)
                                          : "";
        const bool allowed = o_.allowAll || userAllows(what.empty() ? call.name : what, call.arguments);
        const std::string text = !allowed   ? "The user did not allow this call."
                                 : document ? docTools()->run(call)
                                 : o_.mcp   ? o_.mcp->run(call)
                                            : "There is no tool named '" + call.name + "'.";
        chat::Message result{"tool", text};
        result.toolCallId = call.id;
        result.name = call.name;
        std::printf("[tool result] %s\n", result.content.c_str());
        return result;
    }

    runtime::Session& session_;
    ChatOptions& o_;
    const runtime::ChatPrompt prompt_;
    grammar::GrammarCache grammars_;
    std::vector<chat::Message> history_;
    std::set<std::string> leftOutNamed_; // each left-out tool is named once
    std::unique_ptr<runtime::VisionInput> vision_;
    std::vector<std::shared_ptr<runtime::PromptImage>> images_;  // those in history_, in order
    std::vector<std::shared_ptr<runtime::PromptImage>> pending_; // for the next message
};

} // namespace

bool platformStdoutIsTerminal() {
    return platform::stdoutIsTerminal();
}

int cmdChat(Args& args) {
    // A model on an OpenAI-compatible endpoint instead of a local file (cmd_chat_remote.cpp).
    if (auto endpoint = args.option("--endpoint")) return cmdChatRemote(args, *endpoint);
    ChatOptions o;
    const bool think = args.flag("--think");
    const bool noThink = args.flag("--no-think");
    if (think && noThink) throw UsageError("Choose either --think or --no-think.");
    if (think || noThink) o.think = think;
    o.budget = static_cast<int>(args.intOption("--think-budget", "", -1));
    // gpt-oss: low, medium or high; --think/--no-think alone mean medium/low.
    o.effort = args.option("--reasoning-effort");
    if (o.effort && *o.effort != "low" && *o.effort != "medium" && *o.effort != "high")
        throw UsageError("--reasoning-effort must be low, medium or high.");
    o.maxTokens = static_cast<int>(args.intOption("--n-predict", "-n", 2048));
    o.system = args.option("--system");
    const auto mcpConfig = args.option("--mcp");
    const auto toolsFile = args.option("--tools");
    o.allowAll = args.flag("--yes");
    const std::string toolChoice = args.option("--tool-choice").value_or("auto");
    o.toolChoice = toolChoiceFrom(toolChoice);
    if (o.toolChoice == runtime::ToolChoice::Named) o.toolChoiceName = toolChoice;
    o.verbosePrompt = args.flag("--verbose-prompt");
    o.image = args.option("--image");
    o.mmproj = args.option("--mmproj");
    runtime::SamplingParams defaults;
    defaults.temperature = 0.6f; // the SmolLM3 model card's recommendation
    defaults.topP = 0.95f;
    o.sampling = samplingOptions(args, defaults);
    std::string draftPath;
    o.spec = specOptions(args, &draftPath);
    if (mcpConfig && toolsFile) throw UsageError("Choose either --mcp or --tools.");
    o.docs = takeChatDocuments(args, 0);
    if (o.allowAll && !mcpConfig && !o.docs)
        throw UsageError(
            "--yes allows tool calls to run: it needs --mcp MCP.json (or documents: --library, --doc).");
    if (toolChoice != "auto" && !mcpConfig && !toolsFile && !o.docs)
        throw UsageError("--tool-choice is about tools: it needs --mcp MCP.json or --tools FILE.json.");
    auto session = loadSession(args, false, &o.modelPath);
    attachDraft(o.spec, draftPath, *session);
    if (!args.positionals().empty()) throw UsageError("Unexpected argument '" + args.positionals()[0] + "'.");
    if (toolsFile) o.toolsJson = readToolsFile(*toolsFile);
    if (mcpConfig) o.mcp = openChatTools(*mcpConfig);
    // Document tools for a model that writes tool calls (not next to --tools, whose calls only show).
    if (o.docs && !toolsFile) {
        const runtime::ChatPrompt probe(session->file(), session->tokenizer());
        if (probe.toolCallFamily() != chat::ToolCallFamily::None)
            o.docs->tools = std::make_unique<grounding::DocumentTools>(o.docs->request, session->tokenizer());
    }

    TerminalChat chat(*session, o);
    std::fprintf(stderr, "chat template: %s\n", chat.prompt().description().c_str());
    if (o.image) chat.addImage(*o.image);
    std::fprintf(stderr,
                 "Type a message and press Enter; /image FILE shows the next message an image, /reset "
                 "starts over, /exit or Ctrl+D quits.\n");
    std::string line;
    while (true) {
        std::fprintf(stderr, "\n> ");
        if (!std::getline(std::cin, line) || line == "/exit") break;
        if (line == "/reset") {
            chat.reset();
            continue;
        }
        if (line.rfind("/image ", 0) == 0) {
            try {
                chat.addImage(line.substr(7));
            } catch (const Error& e) {
                std::fprintf(stderr, "%s\n", e.what());
            }
            continue;
        }
        if (!line.empty() && chat.hasImages() && runtime::countMediaMarkers(line) > 0) {
            std::fprintf(stderr, "%s\n", std::string(runtime::kMediaMarkerInText).c_str()); // ask again
            continue;
        }
        if (!line.empty()) chat.answer(line);
    }
    return kExitOk;
}

} // namespace smoldesk::cli
