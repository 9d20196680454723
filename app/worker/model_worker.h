#pragma once
// ModelWorker: lives in its own QThread and owns the engine Session. Requests arrive as queued
// slot calls, results leave as signals with typed payloads. The only calls allowed from other
// threads are requestStop()/requestCancelLoad() and the arm*() methods, which touch atomics.
#include "grammar/grammar_cache.h"
#include "worker/document_sources.h"
#include "worker/engine_types.h"
#include "worker/model_facts.h"

#include "runtime/vision_input.h"

#include <QMutex>
#include <QObject>
#include <QSet>

#include <atomic>
#include <memory>
#include <optional>

namespace smoldesk::runtime {
class ChatPrompt;
class Session;
} // namespace smoldesk::runtime

namespace smoldesk::app {

class ChatStateStore;

class ModelWorker : public QObject {
    Q_OBJECT
  public:
    explicit ModelWorker(QObject* parent = nullptr);
    ~ModelWorker() override;

    // Thread-safe. Clear the flag before queueing a load, so a cancel that arrives early is kept.
    void armLoad() { cancelLoad_.store(false); }
    // Thread-safe. Stops generation `id` (running or still queued) and every earlier one; the
    // engine checks the flag between tokens and prompt batches.
    void requestStop(quint64 id);
    // Thread-safe. Stops generation `id` only (running or still queued), never another one: the
    // local API server uses it when a client goes away.
    void requestCancel(quint64 id);
    // Thread-safe. Stops everything for good (shutdown).
    void requestStopAll();
    void requestCancelLoad() { cancelLoad_.store(true); }

  public slots:
    void load(const smoldesk::app::LoadRequest& request);
    void unload();
    void generate(const smoldesk::app::GenerationRequest& request);
    // Runs the GPU self-check again on the device `request` would load on (Settings ▸ Device ▸
    // Check again) and emits gpuChecked; the verdict applies from the next load.
    void checkGpu(const smoldesk::app::LoadRequest& request);
    // Enumerates the Vulkan devices (under the crash marker, like a GPU start) and emits devicesListed.
    void listDevices(const QString& crashMarker);
    // Measures the conversation as the next prompt would be (tokensCounted; -1 without a model).
    void countTokens(quint64 id, const QList<smoldesk::app::ChatTurn>& turns, bool enableThinking,
                     const QString& toolsJson = {});
    // Runs a call of search_documents or read_document (core/grounding/document_tools.h) over the
    // documents of `documents` (its libraryPath, documentFiles, embeddingModel), the passages
    // numbered from firstNumber on, and emits documentToolFinished. Between answers: the chat asks
    // the user first, as for an MCP call.
    void runDocumentTool(quint64 id, const smoldesk::app::GenerationRequest& documents,
                         const smoldesk::app::ToolCallInfo& call, int firstNumber);

    // Chats that resume instantly: the KV cache of a conversation is saved to `dir` when the
    // user leaves it (another chat, another model, quitting) and restored when it is opened
    // again with the same model file and context. capBytes bounds the folder (least recently
    // used states go first); an empty dir turns it off.
    void setStateStore(const QString& dir, qint64 capBytes);
    // The chat now shown (0: a new, empty one): the one before is saved, this one restored.
    void openConversation(qint64 conversationId);
    // A deleted chat: its saved state goes too.
    void forgetConversation(qint64 conversationId);
    // Quitting: saves the open chat's state, then ends the thread's event loop.
    void shutdown();

  signals:
    void loadProgress(double fraction);
    // The weights are in and the GPU compiles the model's pipelines (seconds on a first start).
    void loadPreparingGpu();
    void loaded(const smoldesk::app::LoadedModel& model);
    // keptPrevious: the model loaded before is still loaded (the new file failed its check, or the
    // previous model was brought back after the new one failed to load).
    void loadFailed(const smoldesk::app::EngineError& error, bool keptPrevious);
    void unloaded();
    void devicesListed(const QList<smoldesk::app::GpuDeviceInfo>& devices);
    void promptReady(quint64 id, int promptTokens, int contextSize);
    // While the prompt is read: `done` of its `total` new tokens (the cached prefix is not
    // read again), at `tokensPerSecond` so far. After each batch of the engine's prompt pass.
    void promptProgress(quint64 id, int done, int total, double tokensPerSecond);
    void contextOverflow(quint64 id, int promptTokens, int contextSize);
    // contextUsed: prompt and generated tokens so far, at most the context size.
    void delta(quint64 id, const QString& thought, const QString& answer, int contextUsed);
    // A complete tool call (requests with tools), in order: index counts from 0 per generation;
    // its text is not in the answer.
    void toolCall(quint64 id, int index, const smoldesk::app::ToolCallInfo& call);
    // A tool left out of request `id` because no grammar can hold its parameters (reason: the
    // converter's sentence); emitted before any delta, once per tool.
    void toolLeftOut(quint64 id, const QString& name, const QString& reason);
    // The documents request `id` drew on (requests with a library or attached files), before any delta.
    void documentsUsed(quint64 id, const smoldesk::app::DocumentsUsed& used);
    // A document tool call's answer: the text the model reads back, and the passages it cites.
    void documentToolFinished(quint64 id, const QString& text, const smoldesk::app::DocumentsUsed& found);
    void tokensCounted(quint64 id, int tokens, int contextSize);
    void thoughtFinished(quint64 id, double seconds);
    void finished(quint64 id, const smoldesk::app::GenerationResult& result);
    void failed(quint64 id, const smoldesk::app::EngineError& error);
    // The GPU failed while generation `id` ran (device lost, hung): the model was loaded again on
    // the CPU (`cpuModel`) and the answer starts over there; `reason` is the engine's sentence.
    void gpuFault(quint64 id, const QString& reason, const smoldesk::app::LoadedModel& cpuModel);
    // Emitted before devicesListed when no device was listed: why, in one sentence (no Vulkan
    // driver, the driver failed to enumerate, …).
    void devicesUnavailable(const QString& reason);
    // The GPU self-check started on `device` (its first use with this driver and SmolDesk
    // version, or Check again), and its verdict (gpu_check_store.h).
    void gpuCheckStarted(const QString& device);
    void gpuChecked(const QVariantMap& verdict);
    // A chat's KV cache was written (bytes, milliseconds) or read back (tokens now cached); a
    // saved state that could not be used says why (the engine's sentence) and is read again.
    void stateSaved(qint64 conversationId, qint64 bytes, double ms);
    void stateRestored(qint64 conversationId, int tokens, double ms);
    void stateRefused(qint64 conversationId, const QString& reason);

  private:
    // The device's cached verdict, or a new check when there is none (or `force`): empty when the
    // model may load on the GPU, else the sentence saying why the CPU is used instead.
    QString gpuCheckRefusal(const LoadRequest& request, bool force);
    void runGeneration(const GenerationRequest& request);
    // The request's images for the chat turn, decoded and laid out (encoded only where needed).
    std::vector<std::shared_ptr<runtime::PromptImage>> promptImages(const GenerationRequest& request);
    // The turns' images laid out for counting tokens, nothing decoded (see countTokens).
    std::vector<std::shared_ptr<runtime::PromptImage>> countedImages(const QList<ChatTurn>& turns);
    // --mmproj as loaded, else the mmproj*.gguf next to the model; empty when there is none.
    std::string mmprojPath() const;
    bool onGpu() const;
    // After a GPU fault: reloads the model on the CPU and answers `request` there. False when
    // the CPU cannot take the model either (then nothing is loaded).
    bool continueOnCpu(const GenerationRequest& request, const EngineError& fault);
    // The draft model `request` asks for, into draft_ (a problem goes into draftProblem_).
    void openDraft(const LoadRequest& request);
    // Session::load + ChatPrompt for `request` into session_/chatPrompt_; throws on failure.
    // cancellable: requestCancelLoad() stops it (not when the previous model is brought back).
    void openSession(const LoadRequest& request, bool cancellable = true);
    LoadedModel describeLoaded(const LoadRequest& request) const;
    // Saves the cache for cacheOwner_ when it changed since it was saved or restored.
    void saveOwnerState();
    // Makes the cache belong to `conversationId`: saves the owner's, restores this one's.
    void switchCacheTo(qint64 conversationId);
    void restoreState(qint64 conversationId);

    std::unique_ptr<runtime::Session> session_;
    // The draft model of LoadRequest::speculation "draft:PATH" (on the CPU), and why a draft that
    // was asked for is not used (one sentence among the load's warnings).
    std::shared_ptr<runtime::Session> draft_;
    QString draftProblem_;
    QString gpuRefusal_; // why the loaded model is on the CPU although a GPU was chosen (self-check)
    std::unique_ptr<runtime::ChatPrompt> chatPrompt_;
    std::unique_ptr<runtime::VisionInput> vision_; // the mmproj, opened with the first image
    // The mmproj's parameters read for counting tokens before vision_ is opened.
    std::optional<vision::VisionParams> countParams_;
    grammar::GrammarCache grammars_;    // compiled response formats, kept across requests
    DocumentEmbedder documentEmbedder_; // the documents' embedding model, kept across requests
    LoadRequest loadedRequest_;         // how the current session was loaded (to bring it back)
    ModelFacts loadedFacts_;
    std::atomic<bool> stop_{false};
    std::atomic<quint64> stoppedUpTo_{0};
    std::atomic<quint64> running_{0};
    std::atomic<bool> cancelLoad_{false};
    QMutex cancelMutex_;
    QSet<quint64> cancelled_; // requestCancel's ids not yet run to their end
    std::unique_ptr<ChatStateStore> states_;
    qint64 cacheOwner_ = 0;     // the conversation whose tokens the cache holds (0: none, an API request)
    bool cacheChanged_ = false; // since cacheOwner_'s state was last saved or restored
};

} // namespace smoldesk::app
