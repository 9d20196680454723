#include "runtime/chat_prompt.h"

namespace smoldesk::runtime {

ChatPrompt::ChatPrompt(const gguf::File& file, const text::Tokenizer& tokenizer)
    : tokenizer_(tokenizer), formatter_(chat::ChatFormatter::fromGguf(file, tokenizer)),
      mode_(modeFor(*formatter_, tokenizer)) {}

ChatPrompt::~ChatPrompt() = default;

PromptMode ChatPrompt::modeFor(const chat::ChatFormatter& formatter, const text::Tokenizer& tokenizer) {
    if (!formatter.usesBuiltinTemplate()) return PromptMode::OwnTemplate;
    const bool hasChatMl = tokenizer.tokenId("<|im_start|>") && tokenizer.tokenId("<|im_end|>");
    return hasChatMl ? PromptMode::BuiltinChatMl : PromptMode::PlainContinuation;
}

std::string ChatPrompt::continuationText(const std::vector<chat::Message>& messages) {
    std::string text;
    std::string previousRole;
    for (const chat::Message& m : messages) {
        if (m.role == "system") {
            text += m.content + "\n\n";
        } else if (m.role == "user") {
            // A prompt after an answer starts a new paragraph; the answer itself continued its prompt.
            if (previousRole == "assistant") text += "\n";
            text += m.content;
        } else {
            text += m.content;
        }
        previousRole = m.role;
    }
    return text;
}

BuiltPrompt ChatPrompt::build(const PromptRequest& request,
                              std::span<const std::shared_ptr<PromptImage>> images) const {
    BuiltPrompt out;
    if (mode_ == PromptMode::PlainContinuation) {
        // Typed text never becomes control tokens here: there is no template to protect.
        const std::string text = continuationText(request.messages);
        const text::Tokenizer::ByteRange all[] = {{0, text.size()}};
        out.tokens = images.empty()
                         ? tokenizer_.encode(text, tokenizer_.addBosByDefault(), false)
                         : tokenizeWithImages(tokenizer_, text, tokenizer_.addBosByDefault(), images, all);
        return out;
    }
    chat::ChatRequest chatRequest;
    chatRequest.messages = request.messages;
    chatRequest.toolsJson = request.toolsJson;
    chatRequest.addGenerationPrompt = true;
    if (formatter_->supportsThinking()) chatRequest.enableThinking = request.enableThinking;
    if (formatter_->supportsReasoningEffort() && !request.reasoningEffort.empty())
        chatRequest.reasoningEffort = request.reasoningEffort;
    out.outputFormat = formatter_->outputFormat();
    out.startsInThought = chat::ChatFormatter::promptOpensThought(formatter_->render(chatRequest));
    if (images.empty()) {
        out.tokens = formatter_->tokenize(chatRequest);
        return out;
    }
    // ChatFormatter::tokenize's rules (BOS unless the template wrote it, the messages' texts
    // literal), with the images between the parts.
    const std::string prompt = formatter_->render(chatRequest);
    bool addBos = tokenizer_.addBosByDefault();
    if (addBos && tokenizer_.bos() >= 0) {
        const std::string bosText = tokenizer_.tokenPiece(tokenizer_.bos(), true);
        if (!bosText.empty() && prompt.compare(0, bosText.size(), bosText) == 0) addBos = false;
    }
    out.tokens = tokenizeWithImages(tokenizer_, prompt, addBos, images,
                                    formatter_->messageRanges(chatRequest, prompt));
    return out;
}

bool ChatPrompt::supportsReasoningEffort() const {
    return mode_ == PromptMode::OwnTemplate && formatter_->supportsReasoningEffort();
}

chat::ToolCallFamily ChatPrompt::toolCallFamily() const {
    if (mode_ != PromptMode::OwnTemplate) return chat::ToolCallFamily::None;
    return chat::toolCallFamilyForTemplate(formatter_->templateSource());
}

bool ChatPrompt::supportsThinking() const {
    return mode_ == PromptMode::OwnTemplate && formatter_->supportsThinking();
}

std::string ChatPrompt::description() const {
    if (mode_ == PromptMode::PlainContinuation)
        return "none (the file has no chat template): the model continues your words";
    return formatter_->templateDescription() + (supportsThinking() ? "; thinking supported" : "");
}

} // namespace smoldesk::runtime
