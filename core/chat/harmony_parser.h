#pragma once
// Splits gpt-oss's streamed output (OpenAI's harmony format) into thought, answer and tool
// calls. The prompt ends in `<|start|>assistant`, so the output begins with a message header:
//   <|channel|>analysis<|message|>…<|end|>                       the thought
//   <|start|>assistant<|channel|>final<|message|>…<|return|>     the answer
//   <|start|>assistant to=functions.f<|channel|>commentary json<|message|>{…}<|call|>
// Each message is a header (role, recipient, channel, content type) up to <|message|>, then a
// body up to <|end|>, <|return|> or <|call|> (the last two end generation and may never be
// seen). Markers may be split across pieces. Text that never becomes a harmony header (a model
// that ignores the format) is the answer.
#include "chat/output_parser.h"

#include <chrono>
#include <string>

namespace smoldesk::chat {

class HarmonyParser : public OutputParser {
  public:
    // startsInThought: the prompt ends in `<|channel|>analysis<|message|>` (a thought continued).
    explicit HarmonyParser(bool startsInThought = false);
    ParsedDelta push(const std::string& text) override;
    ParsedDelta flush() override;
    bool inThought() const override { return state_ == State::Body && kind_ == Kind::Thought; }
    bool hadThought() const override { return hadThought_; }
    double thoughtSeconds() const override;

  private:
    enum class State { Header, Body, Plain };
    enum class Kind { Thought, Answer, ToolCall };
    bool takeHeader(); // false: needs more text
    bool takeBody(ParsedDelta& out);
    void openMessage(std::string_view header);
    void closeMessage(ParsedDelta& out);

    State state_ = State::Header;
    Kind kind_ = Kind::Answer;
    std::string pending_;
    ToolCallMessage call_; // the message being read, when it is addressed to a tool
    bool hadThought_ = false;
    std::chrono::steady_clock::duration thoughtTime_{};
    std::chrono::steady_clock::time_point thoughtStart_{};
};

} // namespace smoldesk::chat
