#include "worker/turn_request.h"

#include <algorithm>

namespace smoldesk::app {

std::vector<chat::Message> chatMessages(const QList<ChatTurn>& turns) {
    std::vector<chat::Message> out;
    out.reserve(static_cast<size_t>(turns.size()));
    for (const ChatTurn& t : turns) {
        chat::Message m{t.role.toStdString(), t.content.toStdString()};
        m.contentIsNull = t.contentIsNull;
        for (const ToolCallInfo& c : t.toolCalls)
            m.toolCalls.push_back({c.id.toStdString(), c.name.toStdString(), c.arguments.toStdString()});
        m.toolCallId = t.toolCallId.toStdString();
        m.name = t.name.toStdString();
        m.passages = t.passages.toStdString();
        out.push_back(std::move(m));
    }
    return out;
}

namespace {

runtime::ToolChoice toolChoice(GenerationRequest::ToolChoice c) {
    switch (c) {
    case GenerationRequest::ToolChoice::Auto:
        return runtime::ToolChoice::Auto;
    case GenerationRequest::ToolChoice::None:
        return runtime::ToolChoice::None;
    case GenerationRequest::ToolChoice::Required:
        return runtime::ToolChoice::Required;
    case GenerationRequest::ToolChoice::Named:
        return runtime::ToolChoice::Named;
    }
    return runtime::ToolChoice::Auto;
}

} // namespace

runtime::ChatTurnRequest chatTurnRequest(const GenerationRequest& request) {
    runtime::ChatTurnRequest out;
    if (request.rawPrompt) {
        out.rawText = request.prompt.toStdString();
    } else {
        out.prompt.messages = chatMessages(request.turns);
        out.prompt.enableThinking = request.enableThinking;
        out.prompt.reasoningEffort =
            reasoningEffortFor(request.reasoningEffort, request.enableThinking, request.sampling.thinkHard)
                .toStdString();
        out.prompt.toolsJson = request.toolsJson.toStdString();
    }
    out.toolChoice = toolChoice(request.toolChoice);
    out.toolChoiceName = request.toolChoiceName.toStdString();
    out.parallelToolCalls = request.parallelToolCalls;
    if (!request.rawPrompt) {
        out.documents.libraryPath = request.libraryPath.toStdString();
        for (const QString& f : request.documentFiles) out.documents.files.push_back(f.toStdString());
    }
    if (request.constraint != GenerationRequest::Constraint::None) {
        using Kind = grammar::GrammarSource::Kind;
        const Kind kind = request.constraint == GenerationRequest::Constraint::Gbnf ? Kind::Gbnf
                          : request.constraint == GenerationRequest::Constraint::JsonSchema
                              ? Kind::JsonSchema
                              : Kind::AnyJsonObject;
        out.constraint = grammar::GrammarSource{kind, request.constraintText.toStdString()};
    }
    return out;
}

runtime::GenerateParams generateParams(const GenerationRequest& request) {
    runtime::GenerateParams gp;
    const SamplingSettings& s = request.sampling;
    gp.maxTokens = std::max(1, s.maxTokens);
    gp.sampling.temperature = static_cast<float>(s.temperature);
    gp.sampling.topP = static_cast<float>(s.topP);
    gp.sampling.topK = s.topK;
    gp.sampling.minP = static_cast<float>(s.minP);
    gp.sampling.repeatPenalty = static_cast<float>(s.repeatPenalty);
    gp.sampling.seed = static_cast<uint64_t>(s.seed);
    gp.thinkingBudget = s.thinkingBudget > 0 ? s.thinkingBudget : -1;
    gp.stopAtEndOfGeneration = !request.ignoreEndOfGeneration;
    for (const QString& stop : request.stopStrings)
        if (!stop.isEmpty()) gp.stopStrings.push_back(stop.toStdString());
    return gp;
}

QString reasoningEffortFor(const QString& requested, bool enableThinking, bool thinkHard) {
    if (!requested.isEmpty()) return requested;
    return enableThinking && thinkHard ? QStringLiteral("high") : QString();
}

} // namespace smoldesk::app
