#include "chat/thinking_parser.h"

#include <algorithm>

namespace smoldesk::chat {

namespace {
constexpr std::string_view kOpen = "<think>";
constexpr std::string_view kClose = "</think>";

// Length of the longest suffix of `text` that is a proper prefix of `tag`.
size_t partialTagSuffix(const std::string& text, std::string_view tag) {
    for (size_t len = std::min(tag.size() - 1, text.size()); len > 0; --len)
        if (text.compare(text.size() - len, len, tag.data(), len) == 0) return len;
    return 0;
}
} // namespace

ThinkingParser::ThinkingParser(bool startsInThought)
    : state_(startsInThought ? State::Thought : State::Start) {
    if (startsInThought) {
        hadThought_ = true;
        thoughtStart_ = std::chrono::steady_clock::now();
    }
}

ParsedDelta ThinkingParser::push(const std::string& text) {
    ParsedDelta out;
    pending_ += text;
    while (!pending_.empty()) {
        if (state_ == State::Start) {
            // Leading whitespace before a possible <think> stays pending until we know.
            size_t first = pending_.find_first_not_of(" \t\r\n");
            if (first == std::string::npos) return out;
            std::string_view rest(pending_.data() + first, pending_.size() - first);
            if (rest.substr(0, kOpen.size()) == kOpen) {
                pending_.erase(0, first + kOpen.size());
                state_ = State::Thought;
                hadThought_ = true;
                thoughtStart_ = std::chrono::steady_clock::now();
                continue;
            }
            if (kOpen.substr(0, rest.size()) == rest) return out; // could still become <think>
            state_ = State::Answer;
            continue;
        }
        if (state_ == State::Thought) {
            size_t close = pending_.find(kClose);
            if (close != std::string::npos) {
                out.thought += pending_.substr(0, close);
                pending_.erase(0, close + kClose.size());
                state_ = State::Answer;
                thoughtEnd_ = std::chrono::steady_clock::now();
                out.thoughtEnded = true;
                // The answer conventionally starts after the newline(s) that follow the tag.
                size_t skip = pending_.find_first_not_of("\r\n");
                pending_.erase(0, skip == std::string::npos ? pending_.size() : skip);
                answerStarted_ = !pending_.empty();
                continue;
            }
            const size_t hold = partialTagSuffix(pending_, kClose);
            out.thought += pending_.substr(0, pending_.size() - hold);
            pending_.erase(0, pending_.size() - hold);
            return out;
        }
        // Answer: newlines right after </think> that arrive in a later piece are dropped too.
        if (!answerStarted_) {
            size_t skip = pending_.find_first_not_of("\r\n");
            if (skip == std::string::npos) {
                pending_.clear();
                return out;
            }
            pending_.erase(0, skip);
            answerStarted_ = true;
        }
        out.answer += pending_;
        pending_.clear();
    }
    return out;
}

ParsedDelta ThinkingParser::flush() {
    ParsedDelta out;
    if (state_ == State::Thought) {
        out.thought = pending_;
        thoughtEnd_ = std::chrono::steady_clock::now();
    } else {
        out.answer = pending_;
    }
    pending_.clear();
    return out;
}

double ThinkingParser::thoughtSeconds() const {
    if (!hadThought_) return 0.0;
    auto end = state_ == State::Thought && thoughtEnd_ < thoughtStart_ ? std::chrono::steady_clock::now()
                                                                       : thoughtEnd_;
    return std::chrono::duration<double>(end - thoughtStart_).count();
}

} // namespace smoldesk::chat
