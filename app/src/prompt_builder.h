#pragma once
// Turns the conversation into prompt tokens with the model's chat template (ChatFormatter).
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
};

class PromptBuilder {
  public:
    PromptBuilder(const gguf::File& file, const text::Tokenizer& tokenizer);
    BuiltPrompt build(const QList<ChatTurn>& turns, bool enableThinking) const;
    bool supportsThinking() const;
    QString templateDescription() const;

  private:
    std::unique_ptr<chat::ChatFormatter> formatter_;
};

} // namespace smoldesk::app
