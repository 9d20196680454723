#pragma once
// ModelSource: what answers the chat. The ChatController sends requests and reads results only
// through this interface; the local engine (LocalModelSource, over the ModelWorker thread) and a
// remote OpenAI-compatible endpoint (RemoteModelSource) implement it, and nothing in the chat asks
// which one it has. Results arrive as signals on the controller's thread, tagged with the
// request's id, in the ModelWorker's order and meaning (model_worker.h).
#include "worker/document_sources.h"
#include "worker/engine_types.h"

#include <QObject>

namespace smoldesk::app {

class ModelSource : public QObject {
    Q_OBJECT
  public:
    using QObject::QObject;

    virtual void generate(const GenerationRequest& request) = 0;
    // Stops generation `id` (and any earlier one); finished() follows with stopReason "stopped".
    virtual void stop(quint64 id) = 0;
    // Measures the conversation as the next prompt would be, with the tools it would offer (OpenAI's
    // `tools` JSON; empty: none): tokensCounted() follows.
    virtual void countTokens(quint64 id, const QList<ChatTurn>& turns, bool enableThinking,
                             const QString& toolsJson) = 0;
    // The chat now shown (0: a new one), and a chat that was deleted.
    virtual void openConversation(qint64 conversationId) = 0;
    virtual void forgetConversation(qint64 conversationId) = 0;
    // Runs a document tool call over the documents of `documents` (ModelWorker::runDocumentTool):
    // documentToolFinished follows. Only the local engine reads documents; elsewhere a sentence.
    virtual void runDocumentTool(quint64 id, const GenerationRequest& documents, const ToolCallInfo& call,
                                 int firstNumber) {
        Q_UNUSED(documents)
        Q_UNUSED(firstNumber)
        const QString text = tr("%1 reads documents with the local engine only.").arg(call.name);
        QMetaObject::invokeMethod(
            this, [this, id, text] { emit documentToolFinished(id, text, {}); }, Qt::QueuedConnection);
    }

  signals:
    void promptReady(quint64 id, int promptTokens, int contextSize);
    void promptProgress(quint64 id, int done, int total, double tokensPerSecond);
    void contextOverflow(quint64 id, int promptTokens, int contextSize);
    // contextUsed: prompt and generated tokens so far; -1 when the source cannot say yet.
    void delta(quint64 id, const QString& thought, const QString& answer, int contextUsed);
    void toolCall(quint64 id, int index, const smoldesk::app::ToolCallInfo& call);
    // A tool left out of request `id`: no grammar can hold its parameters (reason: why).
    void toolLeftOut(quint64 id, const QString& name, const QString& reason);
    // The documents request `id` drew on (a chat that uses the library), before any delta.
    void documentsUsed(quint64 id, const smoldesk::app::DocumentsUsed& used);
    void documentToolFinished(quint64 id, const QString& text, const smoldesk::app::DocumentsUsed& found);
    void tokensCounted(quint64 id, int tokens, int contextSize);
    void thoughtFinished(quint64 id, double seconds);
    void finished(quint64 id, const smoldesk::app::GenerationResult& result);
    void failed(quint64 id, const smoldesk::app::EngineError& error);
    // The answer to `id` starts over from nothing (the local engine moved to the CPU after a GPU fault).
    void answerRestarted(quint64 id);
};

} // namespace smoldesk::app
