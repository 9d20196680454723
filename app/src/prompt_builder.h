#pragma once
// Turns the conversation into prompt tokens. Three ways, decided once per model:
// - the model's own chat template (ChatFormatter, rendered by the Jinja engine);
// - the built-in ChatML template, for a file without a template whose vocabulary has ChatML's
//   <|im_start|>/<|im_end|> tokens;
// - plain continuation, for a file with neither (base models such as the stories260K demo):
//   the conversation is one running text that the model continues. Wrapping such a model's
//   prompt in ChatML tags it has never seen makes it answer in gibberish.
// Assistant turns carry only the answer: thoughts are never sent back.
#include "engine_types.h"

#include "chat/chat_formatter.h"

#include <cstdint>
#include <memory>
#include <vector>

namespace smoldesk::app {

struct BuiltPrompt {
    std::vector<int32_t> tokens;
    bool startsInThought = false; // the generation prompt already opened <think>
    chat::OutputFormat outputFormat = chat::OutputFormat::ThinkTags;
};

class PromptBuilder {
  public:
    PromptBuilder(const gguf::File& file, const text::Tokenizer& tokenizer);
    // reasoningEffort: for templates that take one (gpt-oss); empty: from enableThinking.
    // toolsJson: OpenAI tool definitions (a JSON array) the template renders as `tools`.
    BuiltPrompt build(const QList<ChatTurn>& turns, bool enableThinking, const QString& reasoningEffort = {},
                      const QString& toolsJson = {}) const;
    // The family the template writes tool calls in (None without a template of its own).
    chat::ToolCallFamily toolCallFamily() const;
    bool supportsThinking() const;
    bool supportsReasoningEffort() const;
    // The effort a request asks for: its own, else "high" for Think on with the per-model
    // "think hard" setting, else empty (the formatter maps Think off/on to low/medium).
    static QString reasoningEffortFor(const QString& requested, bool enableThinking, bool thinkHard);
    PromptMode mode() const { return mode_; }
    // The mode a file's template and vocabulary lead to (also for the facts shown before loading).
    static PromptMode modeFor(const chat::ChatFormatter& formatter, const text::Tokenizer& tokenizer);
    // The running text plain continuation feeds the model: each prompt continued by its answer,
    // a new line before each later prompt, the system prompt as the first paragraph.
    static std::string continuationText(const QList<ChatTurn>& turns);

  private:
    const text::Tokenizer& tokenizer_;
    std::unique_ptr<chat::ChatFormatter> formatter_;
    PromptMode mode_;
};

} // namespace smoldesk::app
