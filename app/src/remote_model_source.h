#pragma once
// A model on an OpenAI-compatible endpoint as a ModelSource: each request is one streamed
// /v1/chat/completions (remote::RemoteChatClient) on this thread. The context meter reads the
// server's usage figures; the conversation is not tokenized here (the server's tokenizer is not ours).
#include "model_source.h"
#include "remote_chat_client.h"

#include <QElapsedTimer>
#include <QHash>

namespace smoldesk::app {

class RemoteModelSource : public ModelSource {
    Q_OBJECT
  public:
    explicit RemoteModelSource(QObject* parent = nullptr);

    // What the next requests go to; contextSize: the model's context when the endpoint said (else 0).
    void setTarget(const remote::Endpoint& endpoint, const QString& model, int contextSize);
    const remote::Endpoint& endpoint() const { return endpoint_; }
    QString model() const { return model_; }

    void generate(const GenerationRequest& request) override;
    void stop(quint64 id) override;
    void countTokens(quint64 id, const QList<ChatTurn>& turns, bool enableThinking,
                     const QString& toolsJson) override;
    void openConversation(qint64 conversationId) override { conversation_ = conversationId; }
    void forgetConversation(qint64 conversationId) override { lastUsage_.remove(conversationId); }

  private:
    void onText(const QString& reasoning, const QString& content);
    void onFinished(const remote::RemoteResult& r);
    void onFailed(const QString& sentence, int status);

    remote::RemoteChatClient client_;
    remote::Endpoint endpoint_;
    QString model_;
    int contextSize_ = 0;
    quint64 activeId_ = 0;
    qint64 activeConversation_ = 0;
    qint64 conversation_ = 0;
    bool thinking_ = false; // the answer's thought is open
    QElapsedTimer thoughtClock_;
    int chunks_ = 0;               // text pieces, the token count when the server gives no usage
    QHash<qint64, int> lastUsage_; // per chat: the tokens the server counted for the last answer
};

} // namespace smoldesk::app
