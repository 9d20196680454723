#include "chat/harmony_parser.h"

#include <algorithm>
#include <array>
#include <string_view>

namespace smoldesk::chat {

namespace {

constexpr std::string_view kStart = "<|start|>", kChannel = "<|channel|>", kMessage = "<|message|>",
                           kConstrain = "<|constrain|>", kEnd = "<|end|>", kReturn = "<|return|>",
                           kCall = "<|call|>";
// Markers that end a message body; <|start|> too, for a model that skips <|end|>.
constexpr std::array<std::string_view, 4> kBodyEnds{kEnd, kReturn, kCall, kStart};
// A header longer than this without <|message|> is not a harmony header: the text is the answer.
constexpr size_t kMaxHeader = 512;

// Length of the longest suffix of `text` that is a proper prefix of one of `markers`.
template <size_t N>
size_t partialMarkerSuffix(std::string_view text, const std::array<std::string_view, N>& markers) {
    size_t best = 0;
    for (std::string_view m : markers)
        for (size_t len = std::min(m.size() - 1, text.size()); len > best; --len)
            if (text.substr(text.size() - len) == m.substr(0, len)) {
                best = len;
                break;
            }
    return best;
}

// The word after `key` in `header` (up to a space or a marker), or empty. The last occurrence
// wins: gpt-oss sometimes writes a stray `<|channel|>commentary` before the real channel.
std::string wordAfter(std::string_view header, std::string_view key) {
    const size_t at = header.rfind(key);
    if (at == std::string_view::npos) return {};
    std::string_view rest = header.substr(at + key.size());
    const size_t end = std::min(rest.find(' '), rest.find("<|"));
    return std::string(rest.substr(0, end));
}

// True when `text`, after leading whitespace, starts with `marker` or may still become it.
bool mayBeginWith(std::string_view text, std::string_view marker) {
    const size_t first = text.find_first_not_of(" \t\r\n");
    if (first == std::string_view::npos) return true;
    text.remove_prefix(first);
    const size_t n = std::min(text.size(), marker.size());
    return text.substr(0, n) == marker.substr(0, n);
}

} // namespace

HarmonyParser::HarmonyParser(bool startsInThought) {
    if (startsInThought) openMessage("<|channel|>analysis");
}

void HarmonyParser::openMessage(std::string_view header) {
    const std::string channel = wordAfter(header, kChannel);
    const std::string recipient = wordAfter(header, "to=");
    if (!recipient.empty() && recipient != "assistant") {
        kind_ = Kind::ToolCall;
        call_ = ToolCallMessage{recipient, channel, {}, {}};
        // `<|constrain|>json`, or the bare word after the channel name (`commentary json`).
        call_.contentType = wordAfter(header, kConstrain);
        if (call_.contentType.empty() && !channel.empty()) {
            const size_t at = header.rfind(std::string(kChannel) + channel + " ");
            if (at != std::string_view::npos)
                call_.contentType = wordAfter(header.substr(at), std::string(kChannel) + channel + " ");
        }
    } else if (channel == "analysis") {
        kind_ = Kind::Thought;
        hadThought_ = true;
        thoughtStart_ = std::chrono::steady_clock::now();
    } else {
        kind_ = Kind::Answer; // final, a commentary preamble, or no channel at all
    }
    state_ = State::Body;
}

void HarmonyParser::closeMessage(ParsedDelta& out) {
    if (state_ != State::Body) return;
    if (kind_ == Kind::Thought) {
        thoughtTime_ += std::chrono::steady_clock::now() - thoughtStart_;
        out.thoughtEnded = true;
    } else if (kind_ == Kind::ToolCall) {
        out.toolCalls.push_back(std::move(call_));
        call_ = {};
    }
    state_ = State::Header;
}

bool HarmonyParser::takeHeader() {
    // An end marker between messages (a repeated <|end|>, a <|return|> seen with special tokens
    // rendered) closes nothing more: skip it.
    for (std::string_view end : {kEnd, kReturn, kCall})
        if (std::string_view(pending_).substr(0, end.size()) == end) {
            pending_.erase(0, end.size());
            return true;
        }
    const size_t message = pending_.find(kMessage);
    if (message != std::string::npos) {
        openMessage(std::string_view(pending_).substr(0, message));
        pending_.erase(0, message + kMessage.size());
        return true;
    }
    // Not harmony at all (no marker where a header must start, or far too long): plain answer.
    bool looksLikeHeader = false;
    for (std::string_view marker :
         {kChannel, kStart, std::string_view("to="), kConstrain, kEnd, kReturn, kCall})
        looksLikeHeader = looksLikeHeader || mayBeginWith(pending_, marker);
    if (looksLikeHeader && pending_.size() <= kMaxHeader) return false;
    state_ = State::Plain;
    return true;
}

bool HarmonyParser::takeBody(ParsedDelta& out) {
    size_t end = std::string::npos, endLength = 0;
    for (std::string_view marker : kBodyEnds) {
        const size_t at = pending_.find(marker);
        if (at < end) end = at, endLength = marker == kStart ? 0 : marker.size();
    }
    const size_t ready =
        end != std::string::npos ? end : pending_.size() - partialMarkerSuffix(pending_, kBodyEnds);
    const std::string_view text = std::string_view(pending_).substr(0, ready);
    if (kind_ == Kind::Thought)
        out.thought += text;
    else if (kind_ == Kind::ToolCall)
        call_.arguments += text;
    else
        out.answer += text;
    if (end == std::string::npos) {
        pending_.erase(0, ready);
        return false;
    }
    pending_.erase(0, end + endLength);
    closeMessage(out);
    return true;
}

ParsedDelta HarmonyParser::push(const std::string& text) {
    ParsedDelta out;
    pending_ += text;
    while (!pending_.empty()) {
        if (state_ == State::Plain) {
            out.answer += pending_;
            pending_.clear();
            break;
        }
        const bool progressed = state_ == State::Header ? takeHeader() : takeBody(out);
        if (!progressed) break;
    }
    return out;
}

ParsedDelta HarmonyParser::flush() {
    ParsedDelta out;
    if (state_ == State::Body) {
        // The held-back partial marker can no longer complete: it is text.
        if (kind_ == Kind::Thought)
            out.thought += pending_;
        else if (kind_ == Kind::ToolCall)
            call_.arguments += pending_;
        else
            out.answer += pending_;
        pending_.clear();
        closeMessage(out);
    } else if (state_ == State::Header) {
        // An unfinished header is dropped unless it never looked like one.
        if (pending_.find("<|") == std::string::npos) out.answer += pending_;
    } else {
        out.answer += pending_;
    }
    pending_.clear();
    state_ = State::Header;
    return out;
}

double HarmonyParser::thoughtSeconds() const {
    auto total = thoughtTime_;
    if (inThought()) total += std::chrono::steady_clock::now() - thoughtStart_;
    return std::chrono::duration<double>(total).count();
}

} // namespace smoldesk::chat
