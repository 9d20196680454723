#include "chat/tool_calls.h"

#include "chat/output_parser.h"
#include "common/error.h"
#include "grammar/gbnf_parser.h"
#include "grammar/json_schema.h"
#include "jinja/template.h"
#include "jinja/value.h"

#include <algorithm>

namespace smoldesk::chat {

namespace {

constexpr std::string_view kHermesOpen = "<tool_call>";
constexpr std::string_view kHermesClose = "</tool_call>";
constexpr std::string_view kPythonTag = "<|python_tag|>";
constexpr std::string_view kLlamaOpen = "{\"name\"";
constexpr std::string_view kMistralOpen = "[TOOL_CALLS]";

std::optional<jinja::Value> parseJsonValue(std::string_view text) {
    try {
        return jinja::parseJson(text);
    } catch (const Error&) {
        return std::nullopt;
    }
}

// `arguments` as a model writes them: an object, or a JSON string holding one (some models).
bool argumentsText(const jinja::Value* args, std::string& out) {
    if (!args || args->isNone()) {
        out = "{}";
        return true;
    }
    if (args->isDict()) {
        out = jinja::toJson(*args);
        return true;
    }
    if (args->isString()) {
        auto inner = parseJsonValue(args->str());
        if (!inner || !inner->isDict()) return false;
        out = args->str();
        return true;
    }
    return false;
}

// {"name": "…", <argsKey or "arguments">: {…}, "id": "…"?} as a call.
bool callFromObject(const jinja::Value& v, const char* argsKey, ToolCall& call) {
    if (!v.isDict()) return false;
    const jinja::Value* name = v.dictData().find("name");
    if (!name || !name->isString() || name->str().empty()) return false;
    const jinja::Value* args = v.dictData().find(argsKey);
    if (!args) args = v.dictData().find(std::string(argsKey) == "arguments" ? "parameters" : "arguments");
    if (!argumentsText(args, call.arguments)) return false;
    call.name = name->str();
    if (const jinja::Value* id = v.dictData().find("id"); id && id->isString()) call.id = id->str();
    return true;
}

std::string trimmed(const std::string& s) {
    const size_t first = s.find_first_not_of(" \t\r\n");
    if (first == std::string::npos) return {};
    return s.substr(first, s.find_last_not_of(" \t\r\n") - first + 1);
}

// The formats that write their calls into the answer's text. split() is shared: find an
// opening, ask the format where the call ends, parse that segment.
class TextFormat : public ToolCallFormat {
  public:
    // The calls in one complete segment (which starts with an opening), or false: it stays text.
    virtual bool parseSegment(std::string_view segment, std::vector<ToolCall>& calls) const = 0;

    std::vector<std::string> openings() const {
        std::vector<std::string> all{trigger()};
        for (auto& o : otherOpenings()) all.push_back(o);
        return all;
    }

    ToolCallSplit split(std::string_view answer) const override {
        ToolCallSplit out;
        const std::vector<std::string> opens = openings();
        size_t pos = 0;
        while (pos < answer.size()) {
            size_t open = std::string_view::npos;
            for (const auto& o : opens) open = std::min(open, answer.find(o, pos));
            if (open == std::string_view::npos) break;
            const size_t length = completeLength(answer.substr(open));
            if (length == 0) break; // unfinished: stays text
            std::vector<ToolCall> calls;
            if (parseSegment(answer.substr(open, length), calls)) {
                out.content.append(answer.substr(pos, open - pos));
                for (auto& c : calls) out.calls.push_back(std::move(c));
            } else {
                out.content.append(answer.substr(pos, open + length - pos));
            }
            pos = open + length;
        }
        out.content.append(answer.substr(std::min(pos, answer.size())));
        // The whitespace a template puts between calls and around them is not content.
        if (!out.calls.empty()) out.content = trimmed(out.content);
        return out;
    }
};

class HermesFormat : public TextFormat {
  public:
    ToolCallFamily family() const override { return ToolCallFamily::Hermes; }
    std::string trigger() const override { return std::string(kHermesOpen); }
    size_t completeLength(std::string_view text) const override {
        const size_t close = text.find(kHermesClose, kHermesOpen.size());
        return close == std::string_view::npos ? 0 : close + kHermesClose.size();
    }
    bool parseSegment(std::string_view segment, std::vector<ToolCall>& calls) const override {
        const std::string_view body =
            segment.substr(kHermesOpen.size(), segment.size() - kHermesOpen.size() - kHermesClose.size());
        auto v = parseJsonValue(body);
        ToolCall call;
        if (!v || !callFromObject(*v, "arguments", call)) return false;
        calls.push_back(std::move(call));
        return true;
    }
    std::string callExpression(const std::string& name, const std::string& args) const override {
        return "\"\\n{\\\"name\\\": \" " + name + " \", \\\"arguments\\\": \" " + args +
               " \"}\\n</tool_call>\"";
    }
    std::string callsExpression(const std::string& call, bool parallel) const override {
        return parallel ? call + " (\"\\n<tool_call>\" " + call + ")*" : call;
    }
};

class Llama3Format : public TextFormat {
  public:
    ToolCallFamily family() const override { return ToolCallFamily::Llama3; }
    std::string trigger() const override { return std::string(kLlamaOpen); }
    std::vector<std::string> otherOpenings() const override { return {std::string(kPythonTag)}; }
    size_t completeLength(std::string_view text) const override {
        const size_t start = text.substr(0, kPythonTag.size()) == kPythonTag ? kPythonTag.size() : 0;
        const size_t n = jsonValueLength(text.substr(start));
        if (n == std::string_view::npos) return start > 0 ? start : kLlamaOpen.size(); // never a call
        return n == 0 ? 0 : start + n;
    }
    bool parseSegment(std::string_view segment, std::vector<ToolCall>& calls) const override {
        if (segment.substr(0, kPythonTag.size()) == kPythonTag) segment.remove_prefix(kPythonTag.size());
        auto v = parseJsonValue(segment);
        ToolCall call;
        if (!v || !callFromObject(*v, "parameters", call)) return false;
        calls.push_back(std::move(call));
        return true;
    }
    std::string callExpression(const std::string& name, const std::string& args) const override {
        return "\": \" " + name + " \", \\\"parameters\\\": \" " + args + " \"}\"";
    }
    // Llama 3.x writes one call per turn.
    std::string callsExpression(const std::string& call, bool) const override { return call; }
};

class MistralFormat : public TextFormat {
  public:
    ToolCallFamily family() const override { return ToolCallFamily::Mistral; }
    std::string trigger() const override { return std::string(kMistralOpen); }
    size_t completeLength(std::string_view text) const override {
        const std::string_view rest = text.substr(kMistralOpen.size());
        if (rest.find_first_not_of(" \t\r\n") == std::string_view::npos) return 0;
        const size_t n = jsonValueLength(rest);
        if (n == std::string_view::npos) return kMistralOpen.size();
        return n == 0 ? 0 : kMistralOpen.size() + n;
    }
    bool parseSegment(std::string_view segment, std::vector<ToolCall>& calls) const override {
        auto v = parseJsonValue(segment.substr(kMistralOpen.size()));
        if (!v || !v->isList() || v->items().empty()) return false;
        std::vector<ToolCall> found;
        for (const jinja::Value& item : v->items()) {
            ToolCall call;
            if (!callFromObject(item, "arguments", call)) return false; // all or nothing
            found.push_back(std::move(call));
        }
        for (auto& c : found) calls.push_back(std::move(c));
        return true;
    }
    std::string callExpression(const std::string& name, const std::string& args) const override {
        return "\"{\\\"name\\\": \" " + name + " \", \\\"arguments\\\": \" " + args + " \"}\"";
    }
    std::string callsExpression(const std::string& call, bool parallel) const override {
        return parallel ? "\"[\" " + call + " (\", \" " + call + ")* \"]\"" : "\"[\" " + call + " \"]\"";
    }
};

bool ruleChar(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_';
}

// The same grammar with every rule name prefixed, so that several converted schemas live in one
// grammar. GBNF has no keywords: every name outside literals, classes and comments is a rule.
std::string prefixRules(std::string_view gbnf, const std::string& prefix) {
    std::string out;
    out.reserve(gbnf.size() * 5 / 4);
    for (size_t i = 0; i < gbnf.size();) {
        const char c = gbnf[i];
        if (c == '"' || c == '[') {
            const char close = c == '"' ? '"' : ']';
            size_t j = i + 1;
            while (j < gbnf.size() && gbnf[j] != close) j += gbnf[j] == '\\' ? 2 : 1;
            j = std::min(j + 1, gbnf.size());
            out.append(gbnf.substr(i, j - i));
            i = j;
        } else if (c == '#') {
            const size_t j = std::min(gbnf.find('\n', i), gbnf.size());
            i = j;
        } else if (ruleChar(c) && !(c >= '0' && c <= '9')) {
            size_t j = i;
            while (j < gbnf.size() && ruleChar(gbnf[j])) ++j;
            out += prefix;
            out.append(gbnf.substr(i, j - i));
            i = j;
        } else if (c == '{') { // a repetition count {m,n}: digits stay digits
            const size_t j = std::min(gbnf.find('}', i), gbnf.size() - 1) + 1;
            out.append(gbnf.substr(i, j - i));
            i = j;
        } else {
            out += c;
            ++i;
        }
    }
    return out;
}

} // namespace

const char* toolCallFamilyName(ToolCallFamily family) {
    switch (family) {
    case ToolCallFamily::Hermes:
        return "hermes";
    case ToolCallFamily::Llama3:
        return "llama3";
    case ToolCallFamily::Mistral:
        return "mistral";
    case ToolCallFamily::Harmony:
        return "harmony";
    case ToolCallFamily::None:
        break;
    }
    return "none";
}

ToolCallFamily toolCallFamilyForTemplate(std::string_view source) {
    auto has = [&](std::string_view s) { return source.find(s) != std::string_view::npos; };
    if (has("<|channel|>") && has("functions.")) return ToolCallFamily::Harmony;
    if (has(kMistralOpen)) return ToolCallFamily::Mistral;
    if (has(kHermesOpen)) return ToolCallFamily::Hermes;
    // Llama 3.1 writes <|python_tag|> for its built-in tools; 3.1 and 3.2 both render calls as
    // {"name": …, "parameters": …} under the ipython role.
    if (has(kPythonTag) || (has("<|start_header_id|>") && has("\"parameters\": ")))
        return ToolCallFamily::Llama3;
    return ToolCallFamily::None;
}

std::unique_ptr<ToolCallFormat> toolCallFormat(ToolCallFamily family) {
    switch (family) {
    case ToolCallFamily::Hermes:
        return std::make_unique<HermesFormat>();
    case ToolCallFamily::Llama3:
        return std::make_unique<Llama3Format>();
    case ToolCallFamily::Mistral:
        return std::make_unique<MistralFormat>();
    case ToolCallFamily::Harmony:
    case ToolCallFamily::None:
        break;
    }
    return nullptr;
}

std::unique_ptr<ToolCallFormat> hermesToolCalls() {
    return std::make_unique<HermesFormat>();
}

std::unique_ptr<ToolCallFormat> toolCallFormatForTemplate(std::string_view templateSource) {
    return toolCallFormat(toolCallFamilyForTemplate(templateSource));
}

std::optional<ToolCall> toolCallFromHarmony(const ToolCallMessage& message) {
    constexpr std::string_view kFunctions = "functions.";
    if (message.recipient.compare(0, kFunctions.size(), kFunctions) != 0 ||
        message.recipient.size() == kFunctions.size())
        return std::nullopt;
    auto v = parseJsonValue(message.arguments);
    if (!v || !v->isDict()) return std::nullopt;
    ToolCall call;
    call.name = message.recipient.substr(kFunctions.size());
    call.arguments = trimmed(message.arguments);
    return call;
}

size_t jsonValueLength(std::string_view text) {
    size_t i = 0;
    while (i < text.size() && (text[i] == ' ' || text[i] == '\t' || text[i] == '\r' || text[i] == '\n')) ++i;
    if (i == text.size()) return 0;
    if (text[i] != '{' && text[i] != '[' && text[i] != '"') return std::string_view::npos;
    std::string closers;
    bool inString = false;
    for (; i < text.size(); ++i) {
        const char c = text[i];
        if (inString) {
            if (c == '\\') {
                ++i;
            } else if (c == '"') {
                inString = false;
                if (closers.empty()) return i + 1;
            } else if (static_cast<unsigned char>(c) < 0x20) {
                return std::string_view::npos; // a raw control character: never valid JSON
            }
            continue;
        }
        if (c == '"') {
            inString = true;
        } else if (c == '{' || c == '[') {
            if (closers.size() >= 512) return std::string_view::npos; // deeper than any call
            closers.push_back(c == '{' ? '}' : ']');
        } else if (c == '}' || c == ']') {
            if (closers.empty() || closers.back() != c) return std::string_view::npos;
            closers.pop_back();
            if (closers.empty()) return i + 1;
        }
    }
    return 0;
}

std::vector<ToolSpec> toolSpecsFromJson(std::string_view toolsJson) {
    auto bad = [](const std::string& sentence) { return Error(ErrorCode::InvalidArgument, sentence); };
    auto tools = parseJsonValue(toolsJson);
    if (!tools || !tools->isList()) throw bad("tools must be an array of tool definitions.");
    std::vector<ToolSpec> specs;
    for (size_t i = 0; i < tools->items().size(); ++i) {
        const jinja::Value& t = tools->items()[i];
        const std::string at = "tools[" + std::to_string(i) + "]";
        if (!t.isDict()) throw bad(at + " must be an object.");
        const jinja::Value* type = t.dictData().find("type");
        if (!type || !type->isString() || type->str() != "function")
            throw bad(at + ".type must be \"function\".");
        const jinja::Value* fn = t.dictData().find("function");
        if (!fn || !fn->isDict()) throw bad(at + ".function must be an object.");
        const jinja::Value* name = fn->dictData().find("name");
        // OpenAI's rule for function names; it also keeps them plain ASCII inside the grammar.
        const bool nameOk =
            name && name->isString() && !name->str().empty() && name->str().size() <= 64 &&
            std::all_of(name->str().begin(), name->str().end(), [](char c) { return ruleChar(c); });
        if (!nameOk) throw bad(at + ".function.name must be 1 to 64 letters, digits, underscores or dashes.");
        for (const ToolSpec& earlier : specs)
            if (earlier.name == name->str())
                throw bad(at + ".function.name '" + name->str() + "' is used twice.");
        ToolSpec spec{name->str(), {}};
        if (const jinja::Value* params = fn->dictData().find("parameters"); params && !params->isNone()) {
            if (!params->isDict()) throw bad(at + ".function.parameters must be a JSON Schema object.");
            spec.parametersSchema = jinja::toJson(*params);
        }
        specs.push_back(std::move(spec));
    }
    return specs;
}

std::string toolsJsonWithout(std::string_view toolsJson, const std::vector<std::string>& leftOut) {
    auto tools = parseJsonValue(toolsJson);
    if (!tools || !tools->isList())
        throw Error(ErrorCode::InvalidArgument, "tools must be an array of tool definitions.");
    std::vector<jinja::Value> kept;
    for (const jinja::Value& t : tools->items()) {
        const jinja::Value* fn = t.isDict() ? t.dictData().find("function") : nullptr;
        const jinja::Value* name = fn && fn->isDict() ? fn->dictData().find("name") : nullptr;
        const bool out = name && name->isString() &&
                         std::find(leftOut.begin(), leftOut.end(), name->str()) != leftOut.end();
        if (!out) kept.push_back(t);
    }
    return jinja::toJson(jinja::Value::list(std::move(kept)));
}

std::string toolCallGbnf(const ToolCallFormat& format, const std::vector<ToolSpec>& tools, bool parallel) {
    if (tools.empty()) throw Error(ErrorCode::InvalidArgument, "There are no tools to call.");
    std::string rules;
    std::string alternatives;
    for (size_t i = 0; i < tools.size(); ++i) {
        const ToolSpec& t = tools[i];
        const std::string prefix = "tool" + std::to_string(i) + "-";
        std::string schema =
            t.parametersSchema.empty() ? std::string("{\"type\": \"object\"}") : t.parametersSchema;
        std::string args;
        try {
            args = grammar::schemaToGbnf(std::string_view(schema));
        } catch (const Error& e) {
            throw Error(ErrorCode::InvalidArgument,
                        "The parameters of tool '" + t.name + "' cannot be constrained: " + e.what());
        }
        rules += prefixRules(args, prefix) + "\n";
        const std::string name = grammar::gbnfLiteral(jinja::toJson(jinja::Value(t.name)));
        rules += "call" + std::to_string(i) + " ::= " + format.callExpression(name, prefix + "root") + "\n";
        alternatives += (i ? " | call" : "call") + std::to_string(i);
    }
    return "root ::= " + format.callsExpression("call", parallel) + "\ncall ::= " + alternatives + "\n" +
           rules;
}

std::string harmonyToolCallGbnf(const std::vector<ToolSpec>& tools, bool afterThought) {
    if (tools.empty()) throw Error(ErrorCode::InvalidArgument, "There are no tools to call.");
    std::string rules, templateForm, guideForm;
    for (size_t i = 0; i < tools.size(); ++i) {
        const ToolSpec& t = tools[i];
        const std::string prefix = "tool" + std::to_string(i) + "-";
        const std::string schema = t.parametersSchema.empty() ? "{\"type\": \"object\"}" : t.parametersSchema;
        try {
            rules += prefixRules(grammar::schemaToGbnf(std::string_view(schema)), prefix) + "\n";
        } catch (const Error& e) {
            throw Error(ErrorCode::InvalidArgument,
                        "The parameters of tool '" + t.name + "' cannot be constrained: " + e.what());
        }
        const std::string name = grammar::gbnfLiteral(t.name);
        const std::string bar = i ? " | " : "";
        templateForm +=
            bar + name + " <|channel|> \"commentary\" content-type <|message|> " + prefix + "root";
        guideForm += bar + name + " content-type <|message|> " + prefix + "root";
    }
    std::string out = afterThought ? "root ::= <|start|> \"assistant\" call\n"
                                   : "root ::= thought? call\n"
                                     "thought ::= <|channel|> \"analysis\" <|message|> .* <|end|> <|start|> "
                                     "\"assistant\"\n";
    out += "call ::= \" to=functions.\" template-form | <|channel|> \"commentary to=functions.\" guide-form\n"
           "template-form ::= " +
           templateForm +
           "\n"
           "guide-form ::= " +
           guideForm +
           "\n"
           "content-type ::= (\" json\" | \" \" <|constrain|> \"json\")?\n";
    return out + rules;
}

StreamingToolCalls::StreamingToolCalls(const ToolCallFormat& format) : format_(format) {
    openings_.push_back(format.trigger());
    for (auto& o : format.otherOpenings()) openings_.push_back(o);
}

ToolCallDelta StreamingToolCalls::push(std::string_view text) {
    pending_.append(text);
    ToolCallDelta d;
    while (true) {
        size_t open = std::string::npos;
        for (const auto& o : openings_) open = std::min(open, pending_.find(o));
        if (open == std::string::npos) {
            // Release all but a tail that could be the start of an opening.
            size_t keep = 0;
            for (const auto& o : openings_)
                for (size_t k = std::min(o.size() - 1, pending_.size()); k > keep; --k)
                    if (pending_.compare(pending_.size() - k, k, o, 0, k) == 0) {
                        keep = k;
                        break;
                    }
            d.content += pending_.substr(0, pending_.size() - keep);
            pending_.erase(0, pending_.size() - keep);
            return d;
        }
        d.content += pending_.substr(0, open);
        pending_.erase(0, open);
        const size_t end = format_.completeLength(pending_);
        if (end == 0) return d; // the call is still open
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
