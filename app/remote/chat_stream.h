#pragma once
// Reading what an OpenAI-compatible server answers on /v1/chat/completions: the streamed form
// (server-sent events of chat.completion.chunk objects, ending with "data: [DONE]") and the whole
// chat.completion object, plus the model list and error bodies. Qt Core only; no network. Bytes
// arrive in any pieces; nothing here trusts the server (a malformed event is reported, never a
// crash, and what one stream may buffer is bounded by app/framing's SseReader).
#include "framing/message_framing.h"

#include <QByteArray>
#include <QHash>
#include <QList>
#include <QString>
#include <QStringList>

#include <map>

namespace smoldesk::remote {

// A tool call as its deltas built it (arguments: the JSON text the fragments make together).
struct ToolCallDraft {
    QString id;
    QString name;
    QString arguments;
};

// The server's token counts; -1 where it did not say.
struct Usage {
    int promptTokens = -1;
    int completionTokens = -1;
    int totalTokens = -1;
    bool known() const { return promptTokens >= 0 || completionTokens >= 0 || totalTokens >= 0; }
};

// What went wrong with a stream, for the client's one sentence (remote_errors.h).
enum class StreamProblem {
    None,
    MalformedEvent, // an event that is not JSON, or JSON that is not a chunk
    ServerError,    // the server sent an {"error": …} event instead of a chunk
    Oversized,      // an event larger than the reader's limit
};

// The text one push() added.
struct StreamText {
    QString reasoning; // reasoning_content (or "reasoning", as vLLM and Ollama name it)
    QString content;
};

class ChatStreamParser {
  public:
    explicit ChatStreamParser(qsizetype maxEventBytes = framing::kMaxMessageBytes) : sse_(maxEventBytes) {}
    // Bytes of a text/event-stream body as they arrive. After the first problem the rest is ignored.
    StreamText push(const QByteArray& bytes);

    bool done() const { return done_; } // "data: [DONE]" arrived
    QString finishReason() const { return finishReason_; }
    const Usage& usage() const { return usage_; }
    QList<ToolCallDraft> toolCalls() const;
    StreamProblem problem() const { return problem_; }
    // The server's message (ServerError) or what was wrong with the event (MalformedEvent).
    QString problemDetail() const { return problemDetail_; }
    int events() const { return events_; }

  private:
    void takeEvent(const QByteArray& payload, StreamText& out);
    void fail(StreamProblem p, const QString& detail);

    framing::SseReader sse_;
    bool done_ = false;
    QString finishReason_;
    Usage usage_;
    std::map<int, ToolCallDraft> calls_; // by the deltas' index
    StreamProblem problem_ = StreamProblem::None;
    QString problemDetail_;
    int events_ = 0;
};

// A whole (not streamed) chat.completion body. `problem` as for streams.
struct ChatCompletion {
    QString reasoning;
    QString content;
    QString finishReason;
    QList<ToolCallDraft> toolCalls;
    Usage usage;
    StreamProblem problem = StreamProblem::None;
    QString problemDetail;
};
ChatCompletion parseChatCompletion(const QByteArray& body);

// The message in an error body: OpenAI's {"error": {"message": …}}, {"error": "…"}, or FastAPI's
// {"detail": …}; empty when the body says none. Capped at 300 characters, on one line.
QString errorMessageOf(const QByteArray& body);

// The model ids of a GET /v1/models answer ({"data": [{"id": …}, …]}; Ollama's {"models": […]}
// too). False, with `detail`, when the body is not such a list.
// contexts (optional): each model's context length where the list says it (vLLM's max_model_len,
// LM Studio's max_context_length, context_length, llama-server's meta.n_ctx_train).
bool parseModelList(const QByteArray& body, QStringList* ids, QString* detail,
                    QHash<QString, int>* contexts = nullptr);

} // namespace smoldesk::remote
