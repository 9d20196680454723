#pragma once
// Reads the JSON bodies of POST /v1/chat/completions and /v1/completions into a worker request,
// checking every field the server honours. Unknown fields are ignored, as OpenAI's clients send
// many; a known field with a wrong type or value is a 400 with one sentence naming it.
#include "api_errors.h"
#include "worker/engine_types.h"

#include <QByteArray>
#include <QString>

#include <optional>

namespace smoldesk::server {

struct ApiRequest {
    app::GenerationRequest generation; // id is set by the server when it queues the request
    QString model;                     // as the client named it; empty when it did not
    bool stream = false;
};

// Without max_tokens an answer runs until the model ends it or the context is full.
constexpr int kUnlimitedTokens = 1 << 30;

std::optional<ApiRequest> parseChatRequest(const QByteArray& body, ApiError* error);
std::optional<ApiRequest> parseCompletionRequest(const QByteArray& body, ApiError* error);

} // namespace smoldesk::server
