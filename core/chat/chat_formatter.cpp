#include "chat/chat_formatter.h"

#include "common/error.h"
#include "jinja/template.h"

#include <optional>
#include <random>
#include <string_view>
#include <utility>

namespace smoldesk::chat {

namespace {

// Used when the file has no tokenizer.chat_template: plain ChatML, which most small
// instruction models (SmolLM, Qwen) were tuned on.
constexpr const char* kBuiltinChatMl =
    "{%- for message in messages -%}"
    "{{ '<|im_start|>' + message['role'] + '\\n' + message['content'] + '<|im_end|>' + '\\n' }}"
    "{%- endfor -%}"
    "{%- if add_generation_prompt -%}{{ '<|im_start|>assistant\\n' }}{%- endif -%}";

std::string tokenText(const gguf::File& file, const char* idKey) {
    auto id = file.getUInt(idKey);
    const gguf::Value* tokens = file.find("tokenizer.ggml.tokens");
    if (!id || !tokens || !tokens->isArray() || tokens->elementType() != gguf::ValueType::String ||
        *id >= tokens->size())
        return {};
    return std::string(tokens->stringAt(static_cast<size_t>(*id)));
}

// A message as OpenAI's clients send it and transformers hands it to the template. typedContent:
// the content as a list of one text part ([{"type": "text", "text": ...}]), for templates that
// walk a message's parts (SmolVLM's), as llama.cpp passes it to them.
jinja::Value messageValue(const Message& m, bool harmony, bool typedContent = false) {
    jinja::Value v = jinja::Value::object();
    v.set("role", jinja::Value(m.role));
    // gpt-oss's template tests `in message.content`, which raises on null: llama.cpp renders an
    // empty content there instead, and so do we.
    if (typedContent) {
        // A turn that only calls tools (content null) comes as one empty text part: such
        // templates index and walk the parts (SmolVLM's: content[0]['type'], `for line in
        // content`), which fails on null; the real template renders that turn's bare header.
        jinja::Value part = jinja::Value::object();
        part.set("type", jinja::Value("text"));
        part.set("text", jinja::Value(m.contentIsNull ? std::string() : m.content));
        jinja::Value parts = jinja::Value::list();
        parts.push(part);
        v.set("content", parts);
    } else {
        v.set("content", m.contentIsNull && !harmony ? jinja::Value::none() : jinja::Value(m.content));
    }
    if (!m.reasoningContent.empty()) v.set("reasoning_content", jinja::Value(m.reasoningContent));
    if (!m.thinking.empty()) v.set("thinking", jinja::Value(m.thinking));
    if (!m.toolCalls.empty()) {
        jinja::Value calls = jinja::Value::list();
        for (const ToolCall& c : m.toolCalls) {
            jinja::Value arguments;
            try {
                arguments = jinja::parseJson(c.arguments);
                if (!arguments.isDict()) arguments = jinja::Value(c.arguments);
            } catch (const Error&) {
                arguments = jinja::Value(c.arguments);
            }
            jinja::Value function = jinja::Value::object();
            function.set("name", jinja::Value(c.name));
            function.set("arguments", arguments);
            jinja::Value call = jinja::Value::object();
            call.set("id", jinja::Value(c.id));
            call.set("type", jinja::Value("function"));
            call.set("function", function);
            calls.push(call);
        }
        v.set("tool_calls", calls);
    }
    if (!m.toolCallId.empty()) v.set("tool_call_id", jinja::Value(m.toolCallId));
    if (!m.name.empty()) v.set("name", jinja::Value(m.name));
    return v;
}

class TemplateFormatter : public ChatFormatter {
  public:
    TemplateFormatter(std::string source, std::string bos, std::string eos, const text::Tokenizer& tokenizer)
        : ChatFormatter(tokenizer), source_(std::move(source)), builtin_(source_.empty()),
          tmpl_(builtin_ ? std::string(kBuiltinChatMl) : source_), bos_(std::move(bos)),
          eos_(std::move(eos)) {}

    std::string render(const ChatRequest& request) const override {
        return renderWith(request, typedContent());
    }

    // Whether the template shows a message's text only when it comes as parts (llama.cpp's test:
    // a probe's text must appear in the output; as a string it does not, as a text part it does).
    bool typedContent() const {
        if (!typedContent_) {
            typedContent_ = false;
            ChatRequest probe;
            probe.messages = {{"user", "\xEE\x80\x82probe\xEE\x80\x82"}};
            probe.addGenerationPrompt = true;
            const auto shows = [&](bool typed) {
                try {
                    return renderWith(probe, typed).find(probe.messages[0].content) != std::string::npos;
                } catch (const Error&) {
                    return false;
                }
            };
            if (!builtin_ && !shows(false) && shows(true)) typedContent_ = true;
        }
        return *typedContent_;
    }

    std::string renderWith(const ChatRequest& request, bool typed) const {
        jinja::Value messages = jinja::Value::list();
        const bool harmony = outputFormat() == OutputFormat::Harmony;
        for (const Message& m : request.messages) messages.push(messageValue(m, harmony, typed));
        // As transformers' apply_chat_template: messages, tools, documents, add_generation_prompt,
        // then the special tokens and the kwargs. tools and documents are always defined.
        jinja::Value context = jinja::Value::object();
        context.set("messages", messages);
        if (request.toolsJson.empty()) {
            context.set("tools", jinja::Value::none());
        } else {
            jinja::Value tools = jinja::parseJson(request.toolsJson);
            if (!tools.isList())
                throw Error(ErrorCode::InvalidArgument,
                            "The tools must be a JSON array of tool definitions.");
            context.set("tools", tools);
        }
        context.set("documents", jinja::Value::none());
        context.set("add_generation_prompt", jinja::Value(request.addGenerationPrompt));
        context.set("bos_token", jinja::Value(bos_));
        context.set("eos_token", jinja::Value(eos_));
        if (request.enableThinking) context.set("enable_thinking", jinja::Value(*request.enableThinking));
        if (supportsReasoningEffort()) {
            if (request.reasoningEffort)
                context.set("reasoning_effort", jinja::Value(*request.reasoningEffort));
            else if (request.enableThinking)
                context.set("reasoning_effort", jinja::Value(*request.enableThinking ? "medium" : "low"));
        }
        if (!request.extraContextJson.empty()) {
            jinja::Value extra = jinja::parseJson(request.extraContextJson);
            if (!extra.isDict())
                throw Error(ErrorCode::InvalidArgument,
                            "Extra chat-template variables must be a JSON object.");
            for (const auto& [key, value] : extra.dictData().entries()) context.set(jinja::toStr(key), value);
        }
        jinja::RenderOptions options;
        options.now = clock_;
        return tmpl_.render(context, options);
    }

    bool usesBuiltinTemplate() const override { return builtin_; }
    bool supportsThinking() const override {
        return source_.find("enable_thinking") != std::string::npos || supportsReasoningEffort();
    }
    bool supportsReasoningEffort() const override {
        return source_.find("reasoning_effort") != std::string::npos;
    }
    // llama.cpp tells harmony templates by the same marker.
    OutputFormat outputFormat() const override {
        return source_.find("<|channel|>") != std::string::npos ? OutputFormat::Harmony
                                                                : OutputFormat::ThinkTags;
    }
    std::unique_ptr<ToolCallFormat> toolCallFormat() const override {
        return chat::toolCallFormatForTemplate(source_);
    }
    const std::string& templateSource() const override { return source_; }
    std::string templateDescription() const override {
        return builtin_ ? "built-in ChatML (the file has no chat template)" : "the model's own template";
    }
    void setClock(std::function<std::tm()> now) override { clock_ = std::move(now); }
    const std::string& bosText() const { return bos_; }

  private:
    std::string source_;
    bool builtin_;
    jinja::Template tmpl_;
    std::string bos_, eos_;
    std::function<std::tm()> clock_;
    mutable std::optional<bool> typedContent_; // typedContent(), decided on first use
};

} // namespace

std::unique_ptr<ChatFormatter> ChatFormatter::fromGguf(const gguf::File& file,
                                                       const text::Tokenizer& tokenizer) {
    return fromTemplateSource(std::string(file.getString("tokenizer.chat_template").value_or("")),
                              tokenText(file, "tokenizer.ggml.bos_token_id"),
                              tokenText(file, "tokenizer.ggml.eos_token_id"), tokenizer);
}

std::unique_ptr<ChatFormatter> ChatFormatter::fromTemplateSource(std::string source, std::string bosText,
                                                                 std::string eosText,
                                                                 const text::Tokenizer& tokenizer) {
    return std::make_unique<TemplateFormatter>(std::move(source), std::move(bosText), std::move(eosText),
                                               tokenizer);
}

std::vector<text::Tokenizer::ByteRange> ChatFormatter::messageRanges(const ChatRequest& request,
                                                                     const std::string& prompt) const {
    // Render once more with each message's text replaced by an unguessable marker, then put the
    // texts back: where that gives exactly the real prompt, the markers show where every
    // message sits. A template that transforms the text (trims it, cuts it) gives something
    // else, and then no range is known.
    static constexpr std::string_view kOpen = "\xEE\x80\x80", kClose = "\xEE\x80\x81"; // U+E000, U+E001
    std::random_device entropy;
    const std::string nonce = std::to_string(entropy()) + "-" + std::to_string(entropy());
    const std::string prefix = std::string(kOpen) + nonce + ":";
    ChatRequest marked = request;
    for (size_t i = 0; i < marked.messages.size(); ++i)
        marked.messages[i].content = prefix + std::to_string(i) + std::string(kClose);
    std::string withMarkers;
    try {
        withMarkers = render(marked);
    } catch (const Error&) {
        return {};
    }
    std::vector<text::Tokenizer::ByteRange> ranges;
    std::vector<bool> seen(request.messages.size(), false);
    std::string rebuilt;
    size_t pos = 0;
    for (size_t at; (at = withMarkers.find(prefix, pos)) != std::string::npos;) {
        const size_t close = withMarkers.find(kClose, at);
        if (close == std::string::npos) return {};
        size_t i = 0;
        try {
            i = std::stoul(withMarkers.substr(at + prefix.size(), close - at - prefix.size()));
        } catch (const std::exception&) {
            return {};
        }
        if (i >= seen.size() || seen[i]) return {};
        seen[i] = true;
        rebuilt.append(withMarkers, pos, at - pos);
        ranges.push_back({rebuilt.size(), rebuilt.size() + request.messages[i].content.size()});
        rebuilt += request.messages[i].content;
        pos = close + kClose.size();
    }
    rebuilt.append(withMarkers, pos);
    if (rebuilt != prompt) return {};
    return ranges;
}

std::vector<int32_t> ChatFormatter::tokenize(const ChatRequest& request) const {
    const std::string prompt = render(request);
    // Add BOS as the vocabulary asks, unless the template already wrote it.
    bool addBos = tokenizer_.addBosByDefault();
    if (addBos && tokenizer_.bos() >= 0) {
        const std::string bosText = tokenizer_.tokenPiece(tokenizer_.bos(), true);
        if (!bosText.empty() && prompt.compare(0, bosText.size(), bosText) == 0) addBos = false;
    }
    // The template's own control tokens are parsed; the messages' texts (typed by the user, or
    // sent by any client of the API server) stay text.
    return tokenizer_.encode(prompt, addBos, true, messageRanges(request, prompt));
}

bool ChatFormatter::promptOpensThought(const std::string& prompt) {
    size_t end = prompt.find_last_not_of(" \t\r\n");
    if (end == std::string::npos) return false;
    const std::string_view trimmed(prompt.data(), end + 1);
    const std::string_view open = "<think>";
    if (trimmed.size() >= open.size() && trimmed.substr(trimmed.size() - open.size()) == open) return true;
    // Harmony: the generation prompt continues an analysis message.
    const std::string_view analysis = "<|channel|>analysis<|message|>";
    return prompt.size() >= analysis.size() &&
           std::string_view(prompt).substr(prompt.size() - analysis.size()) == analysis;
}

} // namespace smoldesk::chat
