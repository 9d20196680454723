#pragma once
// Tool calls in a model's answer, one parser per family's format behind one interface, so that
// the API server (and the app's MCP tools) turn them into OpenAI's `tool_calls` whatever the
// model:
//   Hermes   <tool_call>\n{"name": "f", "arguments": {…}}\n</tool_call>      SmolLM3, Qwen2.5/3, Hermes
//   Llama 3  {"name": "f", "parameters": {…}}, optionally after <|python_tag|>  Llama 3.1/3.2/3.3
//   Mistral  [TOOL_CALLS][{"name": "f", "arguments": {…}, "id": "…"}, …]        Mistral Nemo, Small
//   Harmony  a commentary message `to=functions.f` (gpt-oss): read by HarmonyParser, which hands
//            each one over as a ToolCallMessage; toolCallFromHarmony turns it into a ToolCall.
// The family is judged from the chat template (what it renders for an assistant's calls). A call
// that does not parse stays in the text: never lost, never a crash.
//
// Entry points: toolCallFamilyForTemplate → toolCallFormat(family) → split() for a whole answer
// or StreamingToolCalls for a streamed one; toolCallGbnf() for the grammar that makes calls valid.
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace smoldesk::chat {

struct ToolCallMessage; // output_parser.h

struct ToolCall {
    std::string id; // as the model wrote it (Mistral), else empty: the server names the call
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

enum class ToolCallFamily { None, Hermes, Llama3, Mistral, Harmony };
const char* toolCallFamilyName(ToolCallFamily family); // "none", "hermes", "llama3", "mistral", "harmony"

class ToolCallFormat {
  public:
    virtual ~ToolCallFormat() = default;
    virtual ToolCallFamily family() const = 0;
    const char* name() const { return toolCallFamilyName(family()); }
    // The text that opens a call: a lazy grammar (tool_choice auto) switches on when the model
    // writes it, and the call grammar starts with it.
    virtual std::string trigger() const = 0;
    // Texts that also open a call when the model writes them (Llama's <|python_tag|>), which the
    // grammar does not include.
    virtual std::vector<std::string> otherOpenings() const { return {}; }
    // `text` starts with an opening: the length of the complete call(s) there, or 0 while they
    // may still be unfinished. A call that can never finish counts as complete (split() then
    // keeps it as text).
    virtual size_t completeLength(std::string_view text) const = 0;
    // A complete answer split into text and calls.
    virtual ToolCallSplit split(std::string_view answer) const = 0;

    // Grammar pieces (GBNF expressions): one call of the function named by the literal
    // `nameLiteral` (a GBNF string literal of the name's JSON string) with arguments `argsRule`…
    virtual std::string callExpression(const std::string& nameLiteral, const std::string& argsRule) const = 0;
    // …and the whole tool-call output made of the rule `call`, one call or several.
    virtual std::string callsExpression(const std::string& call, bool parallel) const = 0;
};

// The family a chat template renders tool calls in, judged from its source.
ToolCallFamily toolCallFamilyForTemplate(std::string_view templateSource);
// The text parser of a family; nullptr for None and Harmony (HarmonyParser reads those).
std::unique_ptr<ToolCallFormat> toolCallFormat(ToolCallFamily family);
std::unique_ptr<ToolCallFormat> hermesToolCalls();
// toolCallFormat(toolCallFamilyForTemplate(templateSource)).
std::unique_ptr<ToolCallFormat> toolCallFormatForTemplate(std::string_view templateSource);

// A harmony message addressed to `functions.NAME` as a call; nothing when it is addressed to
// something else (a built-in tool) or its body is not a JSON object.
std::optional<ToolCall> toolCallFromHarmony(const ToolCallMessage& message);

// A function the model may call, for the grammar: its name and its parameters' JSON Schema
// ("" or "{}": any object).
struct ToolSpec {
    std::string name;
    std::string parametersSchema;
};

// The functions of an OpenAI `tools` array ({"type": "function", "function": {"name",
// "parameters"}}). Throws Error(InvalidArgument) with one sentence naming the bad entry
// ("tools[1].function.name must be 1 to 64 letters, digits, underscores or dashes.", OpenAI's rule).
std::vector<ToolSpec> toolSpecsFromJson(std::string_view toolsJson);

// The same `tools` array without the functions named in `leftOut` (the rest in order, as JSON).
std::string toolsJsonWithout(std::string_view toolsJson, const std::vector<std::string>& leftOut);

// GBNF whose sentences are the family's tool-call output for these tools: each call names one
// of them and its arguments satisfy that tool's parameters schema. parallel: several calls.
// Throws Error(InvalidArgument) naming the tool whose schema the converter cannot take.
std::string toolCallGbnf(const ToolCallFormat& format, const std::vector<ToolSpec>& tools, bool parallel);

// The same for harmony (gpt-oss), whose call headers are control tokens, written as GBNF token
// references: one call (gpt-oss makes one per turn), in the template's form `<|start|>assistant
// to=functions.NAME<|channel|>commentary json<|message|>{…}` or the harmony guide's
// `<|channel|>commentary to=functions.NAME <|constrain|>json<|message|>{…}`. The output starts
// after the prompt's `<|start|>assistant`, with an optional analysis message (the thought) first;
// afterThought: the prompt opened the analysis, and the grammar starts where it closed.
std::string harmonyToolCallGbnf(const std::vector<ToolSpec>& tools, bool afterThought);

// The length of the JSON value (object, array, string, literal) at the start of `text` after
// leading whitespace, or 0 while it is unfinished; npos when it cannot be JSON. Strings are
// honoured, so braces inside them do not count.
size_t jsonValueLength(std::string_view text);

// Splits a streamed answer as it arrives. Text that could still become a call (a partial
// opening, an open call) is held back; flush() releases the rest at the end, an unfinished or
// malformed call as text.
class StreamingToolCalls {
  public:
    explicit StreamingToolCalls(const ToolCallFormat& format);
    ToolCallDelta push(std::string_view text);
    ToolCallDelta flush();

  private:
    const ToolCallFormat& format_;
    std::vector<std::string> openings_;
    std::string pending_;
};

} // namespace smoldesk::chat
