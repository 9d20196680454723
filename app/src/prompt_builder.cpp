#include "prompt_builder.h"

namespace smoldesk::app {

PromptBuilder::PromptBuilder(const gguf::File& file, const text::Tokenizer& tokenizer)
    : formatter_(chat::ChatFormatter::fromGguf(file, tokenizer)) {}

BuiltPrompt PromptBuilder::build(const QList<ChatTurn>& turns, bool enableThinking) const {
    chat::ChatRequest request;
    for (const auto& t : turns) request.messages.push_back({t.role.toStdString(), t.content.toStdString()});
    request.addGenerationPrompt = true;
    if (formatter_->supportsThinking()) request.enableThinking = enableThinking;
    BuiltPrompt out;
    out.startsInThought = chat::ChatFormatter::promptOpensThought(formatter_->render(request));
    out.tokens = formatter_->tokenize(request);
    return out;
}

bool PromptBuilder::supportsThinking() const {
    return formatter_->supportsThinking();
}

QString PromptBuilder::templateDescription() const {
    return QString::fromStdString(formatter_->templateDescription());
}

} // namespace smoldesk::app
