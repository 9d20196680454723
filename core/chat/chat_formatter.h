#pragma once
// Turns a conversation into the prompt text a model expects, using the GGUF's own
// tokenizer.chat_template (rendered by the Jinja engine) or, when the file has none, a
// built-in ChatML template (with a notice). The result is tokenized with special parsing on,
// except inside the messages' own texts.
#include "chat/output_parser.h"
#include "gguf/file.h"
#include "text/tokenizer.h"

#include <ctime>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace smoldesk::chat {

struct Message {
    std::string role;    // "system", "user", "assistant", "tool"
    std::string content; // for assistant turns: the answer only, never the thought
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
