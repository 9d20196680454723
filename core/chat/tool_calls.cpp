#include "chat/tool_calls.h"

#include "common/error.h"
#include "text/jinja/template.h"
#include "text/jinja/value.h"

namespace smoldesk::chat {

namespace {

constexpr std::string_view kOpen = "<tool_call>";
constexpr std::string_view kClose = "</tool_call>";

// The JSON of one Hermes call, or false when it is not one.
bool parseHermesBody(std::string_view body, ToolCall& call) {
    jinja::Value v;
    try {
        v = jinja::parseJson(body);
    } catch (const Error&) {
        return false;
    }
    if (!v.isDict()) return false;
    const jinja::Value* name = v.dictData().find("name");
    if (!name || !name->isString() || name->str().empty()) return false;
    const jinja::Value* args = v.dictData().find("arguments");
    if (!args) args = v.dictData().find("parameters");
    call.name = name->str();
    if (!args || args->isNone()) {
        call.arguments = "{}";
    } else if (args->isDict()) {
        call.arguments = jinja::toJson(*args);
    } else if (args->isString()) {
        // Some models write the arguments as a JSON string; it must hold an object.
        try {
            if (!jinja::parseJson(args->str()).isDict()) return false;
        } catch (const Error&) {
            return false;
        }
        call.arguments = args->str();
    } else {
        return false;
    }
    return true;
}

class HermesFormat : public ToolCallFormat {
  public:
    const char* name() const override { return "hermes"; }
    std::string trigger() const override { return std::string(kOpen); }
    std::string closing() const override { return std::string(kClose); }

    ToolCallSplit split(std::string_view answer) const override {
        ToolCallSplit out;
        size_t pos = 0;
        while (pos < answer.size()) {
            const size_t open = answer.find(kOpen, pos);
            if (open == std::string_view::npos) break;
            const size_t close = answer.find(kClose, open + kOpen.size());
            if (close == std::string_view::npos) break; // unfinished: stays text
            ToolCall call;
            const std::string_view body = answer.substr(open + kOpen.size(), close - open - kOpen.size());
            if (parseHermesBody(body, call)) {
                out.content.append(answer.substr(pos, open - pos));
                out.calls.push_back(std::move(call));
            } else {
                out.content.append(answer.substr(pos, close + kClose.size() - pos));
            }
            pos = close + kClose.size();
        }
        out.content.append(answer.substr(std::min(pos, answer.size())));
        // The whitespace a template puts between calls and around them is not content.
        if (!out.calls.empty()) {
            const size_t first = out.content.find_first_not_of(" \t\r\n");
            out.content =
                first == std::string::npos
                    ? std::string()
                    : out.content.substr(first, out.content.find_last_not_of(" \t\r\n") - first + 1);
        }
        return out;
    }
};

} // namespace

std::unique_ptr<ToolCallFormat> hermesToolCalls() {
    return std::make_unique<HermesFormat>();
}

std::unique_ptr<ToolCallFormat> toolCallFormatForTemplate(std::string_view templateSource) {
    if (templateSource.find(kOpen) != std::string_view::npos) return hermesToolCalls();
    return nullptr;
}

ToolCallDelta StreamingToolCalls::push(std::string_view text) {
    pending_.append(text);
    ToolCallDelta d;
    while (true) {
        const size_t open = pending_.find(trigger_);
        if (open == std::string::npos) {
            // Release all but a tail that could be the start of the trigger.
            size_t keep = 0;
            for (size_t k = std::min(trigger_.size() - 1, pending_.size()); k > 0; --k)
                if (pending_.compare(pending_.size() - k, k, trigger_, 0, k) == 0) {
                    keep = k;
                    break;
                }
            d.content += pending_.substr(0, pending_.size() - keep);
            pending_.erase(0, pending_.size() - keep);
            return d;
        }
        d.content += pending_.substr(0, open);
        pending_.erase(0, open);
        const size_t close = pending_.find(closing_, trigger_.size());
        if (close == std::string::npos) return d; // the call is still open
        const size_t end = close + closing_.size();
        ToolCallSplit one = format_.split(std::string_view(pending_).substr(0, end));
        d.content += one.content;
        for (auto& c : one.calls) d.calls.push_back(std::move(c));
        pending_.erase(0, end);
    }
}

ToolCallDelta StreamingToolCalls::flush() {
    ToolCallDelta d;
    d.content = std::move(pending_);
    pending_.clear();
    return d;
}

} // namespace smoldesk::chat
