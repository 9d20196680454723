#include "runtime/chat_turn.h"

#include "chat/output_parser.h"
#include "common/error.h"

#include <algorithm>
#include <memory>
#include <random>

namespace smoldesk::runtime {
namespace {

bool forcesCall(ToolChoice choice) {
    return choice == ToolChoice::Required || choice == ToolChoice::Named;
}

} // namespace

std::string newToolCallId(chat::ToolCallFamily family) {
    static thread_local std::mt19937_64 random{std::random_device{}()};
    static constexpr char kAlphabet[] = "0123456789abcdefghijklmnopqrstuvwxyz";
    std::string id;
    if (family == chat::ToolCallFamily::Mistral) {
        for (int i = 0; i < 9; ++i) id += kAlphabet[random() % 36];
        return id;
    }
    id = "call_";
    for (int i = 0; i < 24; ++i) id += kAlphabet[random() % 16];
    return id;
}

ChatTurn::ChatTurn(Session& session, const ChatPrompt& chatPrompt, grammar::GrammarCache& grammars,
                   const ChatTurnRequest& request)
    : session_(session), grammars_(grammars), raw_(request.rawText.has_value()) {
    if (raw_) {
        // A raw completion continues the text as it is: no template, typed tags stay text.
        const auto& tok = session.tokenizer();
        prompt_.tokens = tok.encode(*request.rawText, tok.addBosByDefault(), false);
        if (!request.images.empty())
            throw Error(ErrorCode::InvalidArgument,
                        "A raw completion cannot hold images; send them as chat messages.");
    } else {
        const bool offersTools = !request.prompt.toolsJson.empty() && request.toolChoice != ToolChoice::None;
        PromptRequest promptRequest = request.prompt;
        if (!request.documents.empty()) {
            documents_ = grounding::ground(request.documents, promptRequest.messages, session.tokenizer(),
                                           session.contextSize());
            hasDocuments_ = true;
        }
        // Earlier turns keep the passages they were answered from, with documents this turn or not.
        promptRequest.messages = grounding::withDocuments(std::move(promptRequest.messages), documents_);
        std::vector<chat::ToolSpec> specs;
        if (offersTools) {
            family_ = chatPrompt.toolCallFamily();
            specs = chat::toolSpecsFromJson(request.prompt.toolsJson); // malformed tools fail here
        } else {
            promptRequest.toolsJson.clear();
        }
        if (request.constraint) grammar_ = grammars_.get(*request.constraint, session.vocabTrie());
        if (offersTools) chooseToolGrammar(request, std::move(specs));
        if (!leftOut_.empty()) {
            std::vector<std::string> names;
            for (const LeftOutTool& t : leftOut_) names.push_back(t.name);
            promptRequest.toolsJson = chat::toolsJsonWithout(promptRequest.toolsJson, names);
            if (promptRequest.toolsJson == "[]") {
                promptRequest.toolsJson.clear();
                family_ = chat::ToolCallFamily::None;
            }
        }
        prompt_ = chatPrompt.build(promptRequest, request.images);
        for (const std::shared_ptr<PromptImage>& image : request.images) session.attachImage(image);
        if (!toolSpecs_.empty()) {
            // gpt-oss: the grammar names harmony's control tokens, may let the model think first
            // (from where the prompt's thought closes), and holds to the end of one call.
            const std::string gbnf =
                harmonyForced_
                    ? chat::harmonyToolCallGbnf(toolSpecs_, prompt_.startsInThought)
                    : chat::toolCallGbnf(*chat::toolCallFormat(family_), toolSpecs_, parallelCalls_);
            grammar_ = grammars_.get({grammar::GrammarSource::Kind::Gbnf, gbnf}, session.vocabTrie());
        }
    }
}

void ChatTurn::chooseToolGrammar(const ChatTurnRequest& request, std::vector<chat::ToolSpec> specs) {
    const auto callFormat = chat::toolCallFormat(family_);
    const bool forced = forcesCall(request.toolChoice);
    const bool harmony = family_ == chat::ToolCallFamily::Harmony;
    if (forced && !harmony && !callFormat)
        throw Error(
            ErrorCode::InvalidArgument,
            "This model's chat template shows no tool-call format that SmolDesk knows, so a tool call "
            "cannot be required.");
    if (request.toolChoice == ToolChoice::Named) {
        std::erase_if(specs, [&](const chat::ToolSpec& t) { return t.name != request.toolChoiceName; });
        if (specs.empty())
            throw Error(ErrorCode::InvalidArgument, "tool_choice names a function that is not in tools.");
    }
    // A grammar is built from the tools only where calls are held to their schemas, and only when
    // the caller's own constraint does not already hold the answer.
    const bool harmonyForced = harmony && forced;
    if (grammar_ != nullptr || (!callFormat && !harmonyForced)) return;
    // (Whether the prompt opened the thought is known once it is built; a schema is either
    // expressible or not, whatever the answer.)
    auto gbnfFor = [&](const std::vector<chat::ToolSpec>& tools, bool afterThought, bool parallel) {
        return harmonyForced ? chat::harmonyToolCallGbnf(tools, afterThought)
                             : chat::toolCallGbnf(*callFormat, tools, parallel);
    };
    // One odd tool leaves the request, named once; a named tool that cannot be held fails the turn.
    std::vector<chat::ToolSpec> usable;
    for (chat::ToolSpec& spec : specs) {
        try {
            (void)gbnfFor({spec}, false, false);
            usable.push_back(std::move(spec));
        } catch (const Error& e) {
            if (request.toolChoice == ToolChoice::Named) throw;
            leftOut_.push_back({spec.name, e.what()});
        }
    }
    if (usable.empty()) {
        if (forced)
            throw Error(ErrorCode::InvalidArgument, "No tool of this request can be held to its schema.");
        return;
    }
    toolSpecs_ = std::move(usable);
    harmonyForced_ = harmonyForced;
    // Lazy (auto): one call per trigger, the model may write another; Mistral's one trigger opens
    // the whole array of calls.
    parallelCalls_ = request.parallelToolCalls && request.toolChoice != ToolChoice::Named &&
                     (forced || family_ == chat::ToolCallFamily::Mistral);
    grammarLazy_ = !forced;
    if (!harmonyForced) grammarTrigger_ = callFormat->trigger();
}

ChatTurnResult ChatTurn::run(GenerateParams params, const ChatTurnEvents& events,
                             const std::atomic<bool>* stop) {
    // gpt-oss: a thinking budget closes the thought into the forced call.
    if (harmonyForced_) params.thinkingEndText = "<|end|><|start|>assistant";
    params.startsInThought = prompt_.startsInThought;
    params.outputFormat = prompt_.outputFormat;
    params.grammar = grammar_;
    params.grammarTrigger = grammarTrigger_;
    params.grammarLazy = grammarLazy_;

    const auto callFormat = chat::toolCallFormat(family_);
    std::optional<chat::StreamingToolCalls> calls;
    if (callFormat) calls.emplace(*callFormat);
    const auto parser = chat::makeOutputParser(prompt_.outputFormat, prompt_.startsInThought);
    ChatTurnResult result;
    if (hasDocuments_ && events.onDocuments) events.onDocuments(documents_);
    int generated = 0;
    auto stopped = [&] { return stop != nullptr && stop->load(); };
    auto publish = [&](chat::ParsedDelta d, bool last) {
        // The answer's calls leave it; the thought is never searched for calls.
        std::vector<chat::ToolCall> found;
        if (calls) {
            chat::ToolCallDelta cd = calls->push(d.answer);
            if (last) cd.content += calls->flush().content;
            d.answer = std::move(cd.content);
            found = std::move(cd.calls);
        } else if (family_ == chat::ToolCallFamily::Harmony) {
            for (const chat::ToolCallMessage& m : d.toolCalls)
                if (auto c = chat::toolCallFromHarmony(m)) found.push_back(std::move(*c));
        }
        if ((!d.thought.empty() || !d.answer.empty()) && events.onText)
            events.onText(d.thought, d.answer, generated);
        for (chat::ToolCall& c : found) {
            if (c.id.empty()) c.id = newToolCallId(family_);
            if (events.onToolCall) events.onToolCall(c, result.toolCalls);
            ++result.toolCalls;
        }
        if (d.thoughtEnded && events.onThoughtEnded) events.onThoughtEnded(parser->thoughtSeconds());
    };
    auto onToken = [&](const TokenEvent& ev) {
        if (stopped()) return false; // nothing more leaves once Stop was pressed
        generated = ev.id >= 0 ? ev.index + 1 : generated;
        if (raw_) {
            chat::ParsedDelta d; // raw text has no thought to split off
            d.answer = ev.text;
            publish(std::move(d), false);
        } else {
            publish(parser->push(ev.text), false);
        }
        return !stopped();
    };
    result.stats = session_.generate(prompt_.tokens, params, onToken, stop);
    if (!stopped()) publish(parser->flush(), true);
    if (parser->inThought() && events.onThoughtEnded) events.onThoughtEnded(parser->thoughtSeconds());
    result.hadThought = parser->hadThought();
    result.thoughtSeconds = result.hadThought ? parser->thoughtSeconds() : 0.0;
    return result;
}

} // namespace smoldesk::runtime
