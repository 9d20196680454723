#pragma once
// The worker's request types as core's chat turn reads them (runtime/chat_turn.h): the app
// converts, the turn decides (prompt mode, tools, grammar, parsing).
#include "worker/engine_types.h"

#include "runtime/chat_turn.h"

#include <vector>

namespace smoldesk::app {

std::vector<chat::Message> chatMessages(const QList<ChatTurn>& turns);
// The prompt, tools, tool choice and constraint of a request.
runtime::ChatTurnRequest chatTurnRequest(const GenerationRequest& request);
// Sampling, limits, stop strings and the thinking budget of a request.
runtime::GenerateParams generateParams(const GenerationRequest& request);
// The effort a request asks for: its own, else "high" for Think on with the per-model "think
// hard" setting, else empty (the formatter maps Think off/on to low/medium).
QString reasoningEffortFor(const QString& requested, bool enableThinking, bool thinkHard);

} // namespace smoldesk::app
