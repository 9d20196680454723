#pragma once
// Tool calls in a model's answer, one parser per family's format behind one interface, so that
// the API server can turn them into OpenAI's `tool_calls` whatever the model. Hermes-style
// `<tool_call>{"name": …, "arguments": {…}}</tool_call>` (SmolLM3, Qwen2.5, Qwen3, Hermes) is
// here; Llama 3.x, Mistral and gpt-oss's harmony commentary channel plug in as further
// ToolCallFormat implementations. A call that does not parse stays in the text: never lost,
// never a crash.
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace smoldesk::chat {

struct ToolCall {
    std::string name;
    std::string arguments; // JSON text of the arguments object
};

struct ToolCallSplit {
    std::string content;         // the answer without the calls
    std::vector<ToolCall> calls; // in order
};

// What a streamed answer releases at each push: text that is surely not part of a call, and
// the calls completed since the last push.
struct ToolCallDelta {
    std::string content;
    std::vector<ToolCall> calls;
};

class ToolCallFormat {
  public:
    virtual ~ToolCallFormat() = default;
    virtual const char* name() const = 0;
    // The text that opens a call: a lazy grammar (tool_choice auto) switches on when the model
    // writes it; a forced call (tool_choice required) starts the answer with it.
    virtual std::string trigger() const = 0;
    // The text that closes a call.
    virtual std::string closing() const = 0;
    // A complete answer split into text and calls.
    virtual ToolCallSplit split(std::string_view answer) const = 0;
};

// Hermes-style calls.
std::unique_ptr<ToolCallFormat> hermesToolCalls();
// The format a chat template renders tool calls in, judged from its source; nullptr when the
// template shows none that is known.
std::unique_ptr<ToolCallFormat> toolCallFormatForTemplate(std::string_view templateSource);

// Splits a streamed answer as it arrives. Text that could still become a call (a partial
// trigger, an open call) is held back; flush() releases the rest at the end, an unfinished or
// malformed call as text.
class StreamingToolCalls {
  public:
    explicit StreamingToolCalls(const ToolCallFormat& format)
        : format_(format), trigger_(format.trigger()), closing_(format.closing()) {}
    ToolCallDelta push(std::string_view text);
    ToolCallDelta flush();

  private:
    const ToolCallFormat& format_;
    std::string trigger_, closing_;
    std::string pending_;
};

} // namespace smoldesk::chat
