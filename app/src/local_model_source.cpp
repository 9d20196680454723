#include "local_model_source.h"

#include "worker/model_worker.h"

namespace smoldesk::app {

LocalModelSource::LocalModelSource(ModelWorker* worker, QObject* parent)
    : ModelSource(parent), worker_(worker) {
    connect(worker_, &ModelWorker::promptReady, this, &ModelSource::promptReady);
    connect(worker_, &ModelWorker::promptProgress, this, &ModelSource::promptProgress);
    connect(worker_, &ModelWorker::contextOverflow, this, &ModelSource::contextOverflow);
    connect(worker_, &ModelWorker::delta, this, &ModelSource::delta);
    connect(worker_, &ModelWorker::toolCall, this, &ModelSource::toolCall);
    connect(worker_, &ModelWorker::toolLeftOut, this, &ModelSource::toolLeftOut);
    connect(worker_, &ModelWorker::documentsUsed, this, &ModelSource::documentsUsed);
    connect(worker_, &ModelWorker::documentToolFinished, this, &ModelSource::documentToolFinished);
    connect(worker_, &ModelWorker::tokensCounted, this, &ModelSource::tokensCounted);
    connect(worker_, &ModelWorker::thoughtFinished, this, &ModelSource::thoughtFinished);
    connect(worker_, &ModelWorker::finished, this, &ModelSource::finished);
    connect(worker_, &ModelWorker::failed, this, &ModelSource::failed);
    connect(worker_, &ModelWorker::gpuFault, this,
            [this](quint64 id, const QString&, const LoadedModel&) { emit answerRestarted(id); });
}

void LocalModelSource::generate(const GenerationRequest& request) {
    QMetaObject::invokeMethod(
        worker_, [w = worker_, request] { w->generate(request); }, Qt::QueuedConnection);
}

void LocalModelSource::runDocumentTool(quint64 id, const GenerationRequest& documents,
                                       const ToolCallInfo& call, int firstNumber) {
    QMetaObject::invokeMethod(
        worker_,
        [w = worker_, id, documents, call, firstNumber] {
            w->runDocumentTool(id, documents, call, firstNumber);
        },
        Qt::QueuedConnection);
}

void LocalModelSource::stop(quint64 id) {
    worker_->requestStop(id);
}

void LocalModelSource::countTokens(quint64 id, const QList<ChatTurn>& turns, bool enableThinking,
                                   const QString& toolsJson) {
    QMetaObject::invokeMethod(
        worker_,
        [w = worker_, id, turns, enableThinking, toolsJson] {
            w->countTokens(id, turns, enableThinking, toolsJson);
        },
        Qt::QueuedConnection);
}

void LocalModelSource::openConversation(qint64 conversationId) {
    // The worker saves the KV cache of the chat left and restores this one's, off this thread.
    QMetaObject::invokeMethod(
        worker_, [w = worker_, conversationId] { w->openConversation(conversationId); },
        Qt::QueuedConnection);
}

void LocalModelSource::forgetConversation(qint64 conversationId) {
    QMetaObject::invokeMethod(
        worker_, [w = worker_, conversationId] { w->forgetConversation(conversationId); },
        Qt::QueuedConnection);
}

} // namespace smoldesk::app
