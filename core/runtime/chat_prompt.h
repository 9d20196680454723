#pragma once
// Turns a conversation into prompt tokens, the same way for the app, the CLI and the API server.
// Three modes, decided once per model:
// - the model's own chat template (ChatFormatter, rendered by the Jinja engine);
// - the built-in ChatML template, for a file without a template whose vocabulary has ChatML's
//   <|im_start|>/<|im_end|> tokens;
// - plain continuation, for a file with neither (base models such as the stories260K demo):
//   the conversation is one running text that the model continues. Wrapping such a model's
//   prompt in ChatML tags it has never seen makes it answer in gibberish.
// Assistant turns carry only the answer: thoughts are never sent back.
#include "chat/chat_formatter.h"
#include "chat/tool_calls.h"
#include "runtime/prompt_image.h"
#include "runtime/prompt_mode.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace smoldesk::runtime {

struct PromptRequest {
    std::vector<chat::Message> messages;
    std::optional<bool> enableThinking; // unset: the template's default
    std::string reasoningEffort;        // templates that take one (gpt-oss); empty: from enableThinking
    std::string toolsJson;              // OpenAI tool definitions the template renders as `tools`
};

struct BuiltPrompt {
    std::vector<int32_t> tokens;
    bool startsInThought = false; // the generation prompt already opened <think>
    chat::OutputFormat outputFormat = chat::OutputFormat::ThinkTags;
};

class ChatPrompt {
  public:
    // Throws Error(Template) when the file's template does not parse.
    ChatPrompt(const gguf::File& file, const text::Tokenizer& tokenizer);
    ~ChatPrompt();
    // Throws Error(Template) when the template fails on this conversation. With images, the
    // messages hold one kMediaMarker per image where it goes (as llama.cpp's server writes them);
    // each becomes the image's markers and positions (tokenizeWithImages), and an Error of one
    // sentence says when markers and images do not pair up.
    BuiltPrompt build(const PromptRequest& request,
                      std::span<const std::shared_ptr<PromptImage>> images = {}) const;
    PromptMode mode() const { return mode_; }
    // The family the template writes tool calls in (None without a template of its own).
    chat::ToolCallFamily toolCallFamily() const;
    bool supportsThinking() const;
    bool supportsReasoningEffort() const;
    // One line for a terminal: which template, and whether it thinks.
    std::string description() const;
    // The mode a file's template and vocabulary lead to (also for the facts shown before loading).
    static PromptMode modeFor(const chat::ChatFormatter& formatter, const text::Tokenizer& tokenizer);
    // The running text plain continuation feeds the model: each prompt continued by its answer,
    // a new line before each later prompt, the system prompt as the first paragraph.
    static std::string continuationText(const std::vector<chat::Message>& messages);

  private:
    const text::Tokenizer& tokenizer_;
    std::unique_ptr<chat::ChatFormatter> formatter_;
    PromptMode mode_;
};

} // namespace smoldesk::runtime
