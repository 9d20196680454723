#pragma once
// How a conversation becomes a model's prompt (ChatPrompt), apart so that plain data types can
// name it without the template engine's headers.

namespace smoldesk::runtime {

enum class PromptMode {
    OwnTemplate,      // the file's tokenizer.chat_template
    BuiltinChatMl,    // no template, but the vocabulary has ChatML's tokens
    PlainContinuation // neither: the conversation is one text the model continues
};

} // namespace smoldesk::runtime
