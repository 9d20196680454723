#include "remote_model_source.h"

#include <QTimer>

namespace smoldesk::app {
namespace {

// The engine's stop reasons (GenerationResult::stopReason) for OpenAI's finish reasons.
QString stopReasonFor(const QString& finish) {
    if (finish == QLatin1String("length")) return QStringLiteral("max-tokens");
    if (finish == QLatin1String("stopped")) return QStringLiteral("stopped");
    return QStringLiteral("end"); // stop, tool_calls, content_filter, eos
}

} // namespace

RemoteModelSource::RemoteModelSource(QObject* parent) : ModelSource(parent) {
    connect(&client_, &remote::RemoteChatClient::text, this, &RemoteModelSource::onText);
    connect(&client_, &remote::RemoteChatClient::finished, this, &RemoteModelSource::onFinished);
    connect(&client_, &remote::RemoteChatClient::failed, this, &RemoteModelSource::onFailed);
}

void RemoteModelSource::setTarget(const remote::Endpoint& endpoint, const QString& model, int contextSize) {
    endpoint_ = endpoint;
    model_ = model;
    contextSize_ = contextSize;
}

void RemoteModelSource::generate(const GenerationRequest& request) {
    if (activeId_ != 0) { // the controller sends one at a time; a second one says so, as the worker does
        const quint64 id = request.id;
        QTimer::singleShot(0, this, [this, id] {
            EngineError e;
            e.code = EngineError::kBusy;
            e.message = QStringLiteral("another request is running");
            emit failed(id, e);
        });
        return;
    }
    activeId_ = request.id;
    activeConversation_ = request.conversationId;
    thinking_ = false;
    chunks_ = 0;
    client_.start(endpoint_, model_, request);
}

void RemoteModelSource::stop(quint64 id) {
    if (activeId_ != 0 && id >= activeId_) client_.stop();
}

void RemoteModelSource::countTokens(quint64 id, const QList<ChatTurn>&, bool, const QString&) {
    // The server's figure for this chat's last answer (0 before the first in this session).
    const int tokens = lastUsage_.value(conversation_, 0);
    QTimer::singleShot(0, this, [this, id, tokens] { emit tokensCounted(id, tokens, contextSize_); });
}

void RemoteModelSource::onText(const QString& reasoning, const QString& content) {
    if (!activeId_) return;
    ++chunks_;
    if (!reasoning.isEmpty() && !thinking_) {
        thinking_ = true;
        thoughtClock_.start();
    }
    if (thinking_ && !content.isEmpty()) { // the answer after the thought: the thought ended
        thinking_ = false;
        emit delta(activeId_, reasoning, QString(), -1);
        emit thoughtFinished(activeId_, double(thoughtClock_.nsecsElapsed()) / 1e9);
        emit delta(activeId_, QString(), content, -1);
        return;
    }
    emit delta(activeId_, reasoning, content, -1);
}

void RemoteModelSource::onFinished(const remote::RemoteResult& r) {
    const quint64 id = activeId_;
    if (!id) return;
    activeId_ = 0;
    if (thinking_) {
        thinking_ = false;
        emit thoughtFinished(id, double(thoughtClock_.nsecsElapsed()) / 1e9);
    }
    for (int i = 0; i < r.toolCalls.size(); ++i) {
        const remote::ToolCallDraft& c = r.toolCalls.at(i);
        emit toolCall(id, i, ToolCallInfo{c.id, c.name, c.arguments});
    }
    GenerationResult g;
    g.promptTokens = std::max(0, r.usage.promptTokens);
    g.generatedTokens = r.usage.completionTokens >= 0 ? r.usage.completionTokens : chunks_;
    g.firstTokenMs = std::max(0.0, r.firstTokenMs);
    const double decodeSeconds = r.seconds - std::max(0.0, r.firstTokenMs) / 1000.0;
    g.tokensPerSecond =
        decodeSeconds > 0 && g.generatedTokens > 1 ? (g.generatedTokens - 1) / decodeSeconds : 0.0;
    g.stopReason = stopReasonFor(r.finishReason);
    g.toolCalls = int(r.toolCalls.size());
    g.contextSize = contextSize_;
    const int total =
        r.usage.totalTokens >= 0 ? r.usage.totalTokens : lastUsage_.value(activeConversation_, 0);
    lastUsage_.insert(activeConversation_, total);
    g.contextUsed = total;
    emit finished(id, g);
}

void RemoteModelSource::onFailed(const QString& sentence, int) {
    const quint64 id = activeId_;
    if (!id) return;
    activeId_ = 0;
    EngineError e;
    e.code = EngineError::kRemote;
    e.message = sentence; // already one translated sentence (remote_errors.h)
    emit failed(id, e);
}

} // namespace smoldesk::app
