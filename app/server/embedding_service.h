#pragma once
// The server's embedding model: a retrieval::Embedder on the CPU, on a thread of its own (move the
// service there), so that embedding requests neither block the HTTP thread nor queue behind the
// chat model's generations. Requests are computed one at a time, in order.
#include "embeddings_api.h"

#include <QJsonObject>
#include <QObject>
#include <QString>

#include <memory>

namespace smoldesk::gguf {
class File;
}
namespace smoldesk::compute {
class CpuBackend;
}
namespace smoldesk::retrieval {
class Embedder;
}

namespace smoldesk::server {

class EmbeddingService : public QObject {
    Q_OBJECT
  public:
    // Loads the model; throws smoldesk::Error in one sentence (not an embedding model, bad file).
    EmbeddingService(const QString& path, int threads);
    ~EmbeddingService() override;

    const QString& modelId() const { return modelId_; }
    int dimension() const;

    // Computes a request (call it on the service's thread, e.g. with a queued invokeMethod) and
    // answers with finished(): status 200 and the response, or an error status and its JSON.
    void compute(quint64 id, const smoldesk::server::EmbeddingsRequest& request);

  signals:
    void finished(quint64 id, int status, const QJsonObject& body, int promptTokens);

  private:
    QString modelId_;
    std::unique_ptr<gguf::File> file_;
    std::unique_ptr<compute::CpuBackend> backend_;
    std::unique_ptr<retrieval::Embedder> embedder_;
};

} // namespace smoldesk::server
