#pragma once
// The JSON body of a POST /v1/chat/completions from the app's turns and settings: OpenAI's fields
// (messages with tool calls and `role: tool` results, tools, tool_choice, temperature, top_p, seed,
// max_tokens, stream with stream_options.include_usage) and, for servers that are not OpenAI's own,
// the extensions llama-server, vLLM and SmolDesk read (top_k, min_p, repeat_penalty,
// chat_template_kwargs.enable_thinking). The thought of earlier answers is never sent back.
#include "worker/engine_types.h"

#include <QByteArray>
#include <QString>

namespace smoldesk::remote {

struct ChatBodyOptions {
    QString model;
    bool stream = true;
    // false for api.openai.com, which refuses fields it does not know.
    bool extensions = true;
};

QByteArray chatRequestBody(const app::GenerationRequest& request, const ChatBodyOptions& options);

// Whether the endpoint takes the non-OpenAI fields (everything except OpenAI's own API).
bool acceptsExtensions(const QUrl& baseUrl);

} // namespace smoldesk::remote
