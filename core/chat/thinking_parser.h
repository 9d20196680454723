#pragma once
// Splits streamed model output into thought and answer as it arrives. Robust to the tags
// being split across token pieces; works for <think>…</think> (SmolLM3, Qwen3, DeepSeek-R1,
// where R1's template pre-fills <think> so the output starts inside the thought).
#include "chat/output_parser.h"

#include <chrono>
#include <string>

namespace smoldesk::chat {

class ThinkingParser : public OutputParser {
  public:
    // startsInThought: the prompt already opened a thought (generation prompt ends in <think>).
    explicit ThinkingParser(bool startsInThought = false);
    ParsedDelta push(const std::string& text) override;
    ParsedDelta flush() override; // releases held-back partial tags at the end
    bool inThought() const override { return state_ == State::Thought; }
    bool hadThought() const override { return hadThought_; }
    // Wall time from the first thought text to </think> (or to now while thinking).
    double thoughtSeconds() const override;

  private:
    enum class State { Start, Thought, Answer };
    State state_;
    std::string pending_;
    bool hadThought_ = false;
    bool answerStarted_ = false;
    std::chrono::steady_clock::time_point thoughtStart_{}, thoughtEnd_{};
};

} // namespace smoldesk::chat
