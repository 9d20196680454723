#pragma once
// The local engine as a ModelSource: requests go to the ModelWorker's thread as queued calls, its
// signals come back as the source's.
#include "model_source.h"

namespace smoldesk::app {

class ModelWorker;

class LocalModelSource : public ModelSource {
    Q_OBJECT
  public:
    explicit LocalModelSource(ModelWorker* worker, QObject* parent = nullptr);

    void generate(const GenerationRequest& request) override;
    void stop(quint64 id) override;
    void countTokens(quint64 id, const QList<ChatTurn>& turns, bool enableThinking,
                     const QString& toolsJson) override;
    void openConversation(qint64 conversationId) override;
    void forgetConversation(qint64 conversationId) override;
    void runDocumentTool(quint64 id, const GenerationRequest& documents, const ToolCallInfo& call,
                         int firstNumber) override;

  private:
    ModelWorker* worker_;
};

} // namespace smoldesk::app
