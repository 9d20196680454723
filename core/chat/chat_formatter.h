#pragma once
// Turns a conversation into the prompt text a model expects, using the GGUF's own
// tokenizer.chat_template (rendered by the Jinja engine) or, when the file has none, a
// built-in ChatML template (with a notice). The result is tokenized with special parsing on,
// except inside the messages' own texts.
#include "chat/output_parser.h"
#include "chat/tool_calls.h"
#include "gguf/file.h"
#include "text/tokenizer.h"

#include <ctime>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace smoldesk::chat {

// One turn as OpenAI's API and transformers' apply_chat_template hand it to a template. The
// template sees a dict with the keys in this order (tojson and |items keep it): role, content,
// reasoning_content / thinking (when set), tool_calls (assistant, when any), then tool_call_id
// and name (tool results, when set).
struct Message {
    std::string role;                  // "system", "user", "assistant", "tool"
    std::string content;               // for assistant turns: the answer only, never the thought
    bool contentIsNull = false;        // OpenAI's `content: null` (an assistant turn that only calls tools)
    std::string reasoningContent = {}; // rendered as reasoning_content (Qwen3 shows it inside <think>)
    std::string thinking = {};         // rendered as thinking (gpt-oss's harmony template reads this one)
    // An assistant turn's calls, rendered as OpenAI sends them: {"id", "type": "function",
    // "function": {"name", "arguments"}}, the arguments as a JSON object (as transformers'
    // templates expect; text that is not a JSON object is passed as the string it is).
    std::vector<ToolCall> toolCalls = {};
    std::string toolCallId = {}; // a tool result: the call it answers
    std::string name = {};       // a tool result: the function's name
    // A user turn's document passages as its prompt showed them (grounding::Grounding::text when
    // passages were chosen for it). Kept with the turn, they go back in front of its content each
    // time the conversation is rendered (grounding::withDocuments): the answer's citations keep
    // their sources, and the prompt's prefix stays the one the model read (the prefix cache and
    // a chat's saved state match it). The formatter itself does not render this field.
    std::string passages = {};
};

struct ChatRequest {
    std::vector<Message> messages;
    bool addGenerationPrompt = true;
    std::optional<bool> enableThinking; // unset: the template's default
    // More template variables as a JSON object (tools, xml_tools, custom kwargs), key order kept.
    std::string extraContextJson;
    // "low", "medium" or "high" for templates that take reasoning_effort (gpt-oss); unset: from
    // enableThinking (off → low, on → medium), or the template's default when that is unset too.
    // (Initialized, so that the four-value aggregate initializers elsewhere stay warning-free.)
    std::optional<std::string> reasoningEffort = std::nullopt;
    // The tools the model may call: a JSON array of OpenAI tool definitions ({"type": "function",
    // "function": {"name", "description", "parameters"}}), rendered as transformers' `tools`.
    // Empty: `tools` is none (transformers always defines it, as it does `documents`).
    std::string toolsJson = {};
};

class ChatFormatter {
  public:
    // Throws Error(Template) with line and column when the file's template does not parse.
    static std::unique_ptr<ChatFormatter> fromGguf(const gguf::File& file, const text::Tokenizer& tokenizer);
    // The same from a template's source text (empty: the built-in ChatML) and the texts the
    // template sees as bos_token and eos_token; the fuzz target uses it without a GGUF file.
    static std::unique_ptr<ChatFormatter> fromTemplateSource(std::string source, std::string bosText,
                                                             std::string eosText,
                                                             const text::Tokenizer& tokenizer);
    virtual ~ChatFormatter() = default;

    // Renders the conversation; throws Error(Template) (e.g. raise_exception in the template).
    virtual std::string render(const ChatRequest& request) const = 0;
    // render() then tokenize with special parsing on for the template's text (BOS only when the
    // template does not add it); control tokens spelled inside the messages stay text whenever
    // the template copies the messages unchanged (see messageRanges).
    std::vector<int32_t> tokenize(const ChatRequest& request) const;
    // Where each message's text sits in `prompt` (render(request)), or nothing when the template
    // transforms the texts.
    std::vector<text::Tokenizer::ByteRange> messageRanges(const ChatRequest& request,
                                                          const std::string& prompt) const;

    // True when the file had no template and the built-in ChatML template is used.
    virtual bool usesBuiltinTemplate() const = 0;
    // True when the template reacts to enable_thinking (SmolLM3, Qwen3, …) or reasoning_effort.
    virtual bool supportsThinking() const = 0;
    // True when the template takes reasoning_effort (gpt-oss): thinking is turned down, never off.
    virtual bool supportsReasoningEffort() const = 0;
    // How the model's output is laid out: harmony channels when the template writes them.
    virtual OutputFormat outputFormat() const = 0;
    // The format this template renders tool calls in (and so the model writes them in), judged
    // from the template's source; nullptr when it shows none that is known.
    virtual std::unique_ptr<ToolCallFormat> toolCallFormat() const = 0;
    // The template's source ("" for the built-in ChatML).
    virtual const std::string& templateSource() const = 0;
    // "the model's own template" or "built-in ChatML (the file has no chat template)".
    virtual std::string templateDescription() const = 0;
    // True when the rendered prompt ends inside an opened <think> (DeepSeek-R1 style) or a
    // harmony analysis message, so the model's output starts as thought.
    static bool promptOpensThought(const std::string& prompt);
    // Overrides the clock that strftime_now reads (tests).
    virtual void setClock(std::function<std::tm()> now) = 0;

  protected:
    explicit ChatFormatter(const text::Tokenizer& tokenizer) : tokenizer_(tokenizer) {}
    const text::Tokenizer& tokenizer_;
};

} // namespace smoldesk::chat
