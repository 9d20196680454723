#pragma once
// One chat turn, the same for the app's worker, the CLI's `chat` and the API server: the prompt
// (ChatPrompt's mode, or a raw completion text), the tools offered and the grammar their calls
// are held to (family, forced / lazy / named, harmony's own form), then the stream split once
// into thought, answer and complete tool calls. Documents the request names (a library, attached
// files) go into the prompt too, and their sources are reported (grounding/). Callers convert events to their
// own types; no caller decides any of this itself, so the three cannot disagree.
//
// A tool whose parameters schema no grammar can express is left out of the request (named in
// leftOutTools()), never failing the turn: one odd tool of an MCP server must not sink a chat.
#include "grammar/grammar_cache.h"
#include "grounding/documents.h"
#include "runtime/chat_prompt.h"
#include "runtime/session.h"

#include <atomic>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace smoldesk::runtime {

// OpenAI's tool_choice. Auto: free text, a call's arguments held to its schema once the model
// starts one; Required: the answer is a call to one of the tools; Named: a call to that one;
// None: the tools are not offered.
enum class ToolChoice { Auto, None, Required, Named };

struct ChatTurnRequest {
    PromptRequest prompt;
    // A raw completion (/v1/completions): this text continues as it is, no template, typed tags
    // stay text, no thought is split off. Unset: the conversation in `prompt`.
    std::optional<std::string> rawText;
    ToolChoice toolChoice = ToolChoice::Auto;
    std::string toolChoiceName; // Named
    bool parallelToolCalls = true;
    // The answer held to a grammar (response_format, llama.cpp's grammar); the thought stays free.
    std::optional<grammar::GrammarSource> constraint;
    // Documents the answer draws on (a library, attached files): whole or as passages, with the
    // sources the turn reports (grounding/documents.h). Empty: none.
    grounding::DocumentRequest documents;
    // Images the messages place with kMediaMarker (prompt_image.h), in order; the turn attaches
    // them to the session, which encodes only those whose positions it does not hold yet.
    std::vector<std::shared_ptr<PromptImage>> images;
};

struct LeftOutTool {
    std::string name;
    std::string reason; // the converter's sentence
};

struct ChatTurnEvents {
    // New thought and answer text (either may be empty, not both); generated: tokens so far.
    std::function<void(const std::string& thought, const std::string& answer, int generated)> onText;
    // A complete call, its text not in the answer; index counts from 0 in this turn.
    std::function<void(const chat::ToolCall& call, int index)> onToolCall;
    std::function<void(double thoughtSeconds)> onThoughtEnded;
    // Before the first text, when the request named documents: what went into the prompt (whole
    // documents or passages) and the sources the answer may cite.
    std::function<void(const grounding::Grounding& documents)> onDocuments;
};

struct ChatTurnResult {
    GenerationStats stats;
    int toolCalls = 0;
    bool hadThought = false;
    double thoughtSeconds = 0.0;
};

class ChatTurn {
  public:
    // Builds the prompt and compiles the grammar. Throws Error with one sentence: a template that
    // fails, malformed tools, a call that cannot be required of this model, an unknown named tool.
    ChatTurn(Session& session, const ChatPrompt& chatPrompt, grammar::GrammarCache& grammars,
             const ChatTurnRequest& request);

    const BuiltPrompt& prompt() const { return prompt_; }
    const std::vector<LeftOutTool>& leftOutTools() const { return leftOut_; }
    chat::ToolCallFamily toolCallFamily() const { return family_; }
    // The documents put into the prompt (mode None when the request named none).
    const grounding::Grounding& documents() const { return documents_; }

    // Generates with `params`' sampling, limits, stop strings and thinking budget; the turn sets
    // the thought and grammar fields. Once *stop is set nothing more is reported.
    ChatTurnResult run(GenerateParams params, const ChatTurnEvents& events, const std::atomic<bool>* stop);

  private:
    void chooseToolGrammar(const ChatTurnRequest& request, std::vector<chat::ToolSpec> specs);

    Session& session_;
    grammar::GrammarCache& grammars_;
    bool raw_ = false;
    BuiltPrompt prompt_;
    grounding::Grounding documents_;
    bool hasDocuments_ = false;
    chat::ToolCallFamily family_ = chat::ToolCallFamily::None;
    std::vector<LeftOutTool> leftOut_;
    std::shared_ptr<grammar::GrammarTables> grammar_;
    // The tools a call grammar holds (empty: none), compiled once the prompt is built.
    bool harmonyForced_ = false;
    bool parallelCalls_ = false;
    std::vector<chat::ToolSpec> toolSpecs_;
    std::string grammarTrigger_;
    bool grammarLazy_ = false;
};

// A call id for a call the model wrote without one: Mistral's template insists on 9 letters and
// digits, the others take OpenAI's "call_" and 24 hex digits.
std::string newToolCallId(chat::ToolCallFamily family);

} // namespace smoldesk::runtime
