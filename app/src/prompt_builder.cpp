#include "prompt_builder.h"

namespace smoldesk::app {

PromptBuilder::PromptBuilder(const gguf::File& file, const text::Tokenizer& tokenizer)
    : tokenizer_(tokenizer), formatter_(chat::ChatFormatter::fromGguf(file, tokenizer)),
      mode_(modeFor(*formatter_, tokenizer)) {}

PromptMode PromptBuilder::modeFor(const chat::ChatFormatter& formatter, const text::Tokenizer& tokenizer) {
    if (!formatter.usesBuiltinTemplate()) return PromptMode::OwnTemplate;
    const bool hasChatMl = tokenizer.tokenId("<|im_start|>") && tokenizer.tokenId("<|im_end|>");
    return hasChatMl ? PromptMode::BuiltinChatMl : PromptMode::PlainContinuation;
}

std::string PromptBuilder::continuationText(const QList<ChatTurn>& turns) {
    std::string text;
    QString previousRole;
    for (const ChatTurn& t : turns) {
        const std::string content = t.content.toStdString();
        if (t.role == QLatin1String("system")) {
            text += content + "\n\n";
        } else if (t.role == QLatin1String("user")) {
            // A prompt after an answer starts a new paragraph; the answer itself continued its prompt.
            if (previousRole == QLatin1String("assistant")) text += "\n";
            text += content;
        } else {
            text += content;
        }
        previousRole = t.role;
    }
    return text;
}

BuiltPrompt PromptBuilder::build(const QList<ChatTurn>& turns, bool enableThinking,
                                 const QString& reasoningEffort, const QString& toolsJson) const {
    BuiltPrompt out;
    if (mode_ == PromptMode::PlainContinuation) {
        // Typed text never becomes control tokens here: there is no template to protect.
        out.tokens = tokenizer_.encode(continuationText(turns), tokenizer_.addBosByDefault(), false);
        return out;
    }
    chat::ChatRequest request;
    for (const auto& t : turns) {
        chat::Message m{t.role.toStdString(), t.content.toStdString()};
        m.contentIsNull = t.contentIsNull;
        for (const ToolCallInfo& c : t.toolCalls)
            m.toolCalls.push_back({c.id.toStdString(), c.name.toStdString(), c.arguments.toStdString()});
        m.toolCallId = t.toolCallId.toStdString();
        m.name = t.name.toStdString();
        request.messages.push_back(std::move(m));
    }
    request.toolsJson = toolsJson.toStdString();
    request.addGenerationPrompt = true;
    if (formatter_->supportsThinking()) request.enableThinking = enableThinking;
    if (formatter_->supportsReasoningEffort() && !reasoningEffort.isEmpty())
        request.reasoningEffort = reasoningEffort.toStdString();
    out.outputFormat = formatter_->outputFormat();
    out.startsInThought = chat::ChatFormatter::promptOpensThought(formatter_->render(request));
    out.tokens = formatter_->tokenize(request);
    return out;
}

QString PromptBuilder::reasoningEffortFor(const QString& requested, bool enableThinking, bool thinkHard) {
    if (!requested.isEmpty()) return requested;
    return enableThinking && thinkHard ? QStringLiteral("high") : QString();
}

bool PromptBuilder::supportsReasoningEffort() const {
    return mode_ == PromptMode::OwnTemplate && formatter_->supportsReasoningEffort();
}

chat::ToolCallFamily PromptBuilder::toolCallFamily() const {
    if (mode_ != PromptMode::OwnTemplate) return chat::ToolCallFamily::None;
    return chat::toolCallFamilyForTemplate(formatter_->templateSource());
}

bool PromptBuilder::supportsThinking() const {
    return mode_ == PromptMode::OwnTemplate && formatter_->supportsThinking();
}

} // namespace smoldesk::app
