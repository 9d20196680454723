#include "embedding_service.h"

#include "common/error.h"
#include "compute/cpu/cpu_backend.h"
#include "compute/cpu/thread_pool.h"
#include "gguf/file.h"
#include "retrieval/embedder.h"

#include <QFileInfo>

namespace smoldesk::server {

EmbeddingService::EmbeddingService(const QString& path, int threads) {
    QString id = QFileInfo(path).fileName();
    if (id.endsWith(QLatin1String(".gguf"), Qt::CaseInsensitive)) id.chop(5);
    modelId_ = id;
    file_ = gguf::File::open(path.toStdString());
    backend_ =
        std::make_unique<compute::CpuBackend>(threads > 0 ? threads : compute::ThreadPool::physicalCores());
    embedder_ = std::make_unique<retrieval::Embedder>(*file_, *backend_);
    if (embedder_->pooling() == model::Pooling::None)
        throw Error(
            ErrorCode::UnsupportedArch,
            "The embedding model pools nothing (one vector per token), which /v1/embeddings cannot answer.");
}

EmbeddingService::~EmbeddingService() = default;

int EmbeddingService::dimension() const {
    return embedder_->dimension();
}

void EmbeddingService::compute(quint64 id, const EmbeddingsRequest& request) {
    const auto fail = [&](int status, const QString& message, const QString& code, const QString& type) {
        emit finished(id, status, ApiError{status, message, type, code, 0}.toJson(), 0);
    };
    if (request.dimensions != 0 && request.dimensions != embedder_->dimension())
        return fail(
            400,
            QStringLiteral("This model's embeddings have %1 dimensions; 'dimensions' cannot change that.")
                .arg(embedder_->dimension()),
            QStringLiteral("invalid_value"), QStringLiteral("invalid_request_error"));
    std::vector<std::vector<int32_t>> ids;
    int tokens = 0;
    for (size_t i = 0; i < request.inputs.size(); ++i) {
        const EmbeddingInput& in = request.inputs[i];
        try {
            ids.push_back(in.isTokens ? in.ids : embedder_->tokenize(in.text));
        } catch (const std::exception& e) {
            return fail(
                400,
                QStringLiteral("Input %1 cannot be tokenized: %2").arg(i).arg(QString::fromUtf8(e.what())),
                QStringLiteral("invalid_value"), QStringLiteral("invalid_request_error"));
        }
        const int n = static_cast<int>(ids.back().size());
        if (n == 0)
            return fail(400, QStringLiteral("Input %1 has no tokens.").arg(i),
                        QStringLiteral("invalid_value"), QStringLiteral("invalid_request_error"));
        if (n > embedder_->maxTokens())
            return fail(400,
                        QStringLiteral("Input %1 has %2 tokens, more than the model's context of %3.")
                            .arg(i)
                            .arg(n)
                            .arg(embedder_->maxTokens()),
                        QStringLiteral("context_length_exceeded"), QStringLiteral("invalid_request_error"));
        for (int32_t t : ids.back())
            if (t >= embedder_->tokenizer().vocabSize())
                return fail(400,
                            QStringLiteral("Input %1 has the token id %2, outside the vocabulary of %3.")
                                .arg(i)
                                .arg(t)
                                .arg(embedder_->tokenizer().vocabSize()),
                            QStringLiteral("invalid_value"), QStringLiteral("invalid_request_error"));
        tokens += n;
    }
    std::vector<std::vector<float>> vectors;
    try {
        vectors = embedder_->embedAll(ids, true);
    } catch (const std::exception& e) { // Error, or bad_alloc on a huge batch: never the server's end
        return fail(500, QString::fromUtf8(e.what()), QStringLiteral("engine_error"),
                    QStringLiteral("server_error"));
    }
    emit finished(id, 200, embeddingsResponse(request.model, vectors, tokens, request.base64), tokens);
}

} // namespace smoldesk::server
