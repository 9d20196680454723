#pragma once
// What a chat model's streamed output is made of, and the parser that splits it. Two formats:
// <think>…</think> before the answer (SmolLM3, Qwen3, DeepSeek-R1) and OpenAI's harmony
// channels (gpt-oss). The formatter says which one a model speaks (ChatFormatter::outputFormat);
// the engine, the app and the API server each create the parser through makeOutputParser.
#include <memory>
#include <string>
#include <vector>

namespace smoldesk::chat {

enum class OutputFormat { ThinkTags, Harmony };

// A message addressed to a tool (harmony: `to=functions.NAME` on the commentary channel),
// complete: reported once, when its message ended. The tool-call layer decides what it means.
struct ToolCallMessage {
    std::string recipient;   // "functions.get_weather", "browser.search", …
    std::string channel;     // "commentary" (sometimes "analysis")
    std::string contentType; // "json" from `<|constrain|>json` or ` json`; may be empty
    std::string arguments;   // the message body as the model wrote it
};

struct ParsedDelta {
    std::string thought;       // new thought text
    std::string answer;        // new answer text
    bool thoughtEnded = false; // true once per thought, when it closes
    std::vector<ToolCallMessage> toolCalls;
};

class OutputParser {
  public:
    virtual ~OutputParser() = default;
    virtual ParsedDelta push(const std::string& text) = 0;
    virtual ParsedDelta flush() = 0; // releases held-back partial tags at the end
    virtual bool inThought() const = 0;
    virtual bool hadThought() const = 0;
    // Wall time spent in thought (up to now while thinking).
    virtual double thoughtSeconds() const = 0;
};

// startsInThought: the prompt already opened a thought (`<think>`, or harmony's analysis header).
std::unique_ptr<OutputParser> makeOutputParser(OutputFormat format, bool startsInThought = false);

// What the engine writes to close a thought when the thinking budget is spent.
std::string thoughtCloseText(OutputFormat format);

} // namespace smoldesk::chat
