#pragma once
// ApiServer: the local OpenAI-compatible HTTP server. Lives on the GUI (or CLI main) thread and
// never calls the engine: each generation goes to the ModelWorker as a queued call and comes
// back as the worker's signals, so API requests queue behind the chat on the one model.
// One generation at a time; the others wait in a bounded queue. A client that goes away has its
// generation cancelled (ModelWorker::requestCancel), which the engine sees before the next token.
#include "api_errors.h"
#include "openai_request.h"
#include "openai_response.h"
#include "server_options.h"
#include "worker/document_sources.h"
#include "worker/engine_types.h"

#include <QDateTime>
#include <QElapsedTimer>
#include <QHash>
#include <QList>
#include <QObject>
#include <QPointer>

class QTcpServer;
class QTcpSocket;

namespace smoldesk::app {
class ModelWorker;
}

namespace smoldesk::server {

class EmbeddingService;
class HttpRequestReader;
struct HttpRequest;

// One line of the request log (the app's diagnostics, the CLI's stderr).
struct RequestLogEntry {
    QDateTime time;
    QString method;
    QString path;
    int status = 0;
    QString outcome; // "stop", "length", "cancelled", or the error code
    int promptTokens = 0;
    int cachedTokens = 0;
    int completionTokens = 0;
    double firstTokenMs = -1;
    double totalMs = 0;
    // Milliseconds on the server's clock when the engine started and finished it (-1: it never ran).
    qint64 startedMs = -1;
    qint64 endedMs = -1;
    QString toLine() const;
};

class ApiServer : public QObject {
    Q_OBJECT
  public:
    explicit ApiServer(app::ModelWorker* worker, QObject* parent = nullptr);
    ~ApiServer() override;

    // Starts listening; returns one sentence when it cannot (options, port taken), else empty.
    QString start(const ServerOptions& options);
    // Stops listening, cancels the running generation and closes every connection.
    void stop();
    bool isListening() const;
    quint16 port() const;
    // "http://127.0.0.1:8080/v1"; empty when not listening.
    QString baseUrl() const;

    // The model the worker has loaded, by the id clients use; empty: none (chat requests get 503).
    void setModel(const QString& modelId);
    const QString& model() const { return model_; }
    // A model file's API id: its file name without ".gguf".
    static QString modelIdFor(const QString& path);
    int queuedCount() const { return static_cast<int>(waiting_.size()); }
    // The embedding model that answers POST /v1/embeddings (on its own thread), or null: such
    // requests then get a 404 saying the server has none. The service must outlive the server.
    void setEmbeddingService(EmbeddingService* service);

  signals:
    void requestLogged(const smoldesk::server::RequestLogEntry& entry);
    void listeningChanged();

  private:
    struct Connection;
    struct Job;

    void onNewConnection();
    void onReadyRead(QTcpSocket* socket);
    void onDisconnected(QTcpSocket* socket);
    void route(Connection& c, const HttpRequest& request);
    void handleGeneration(Connection& c, const HttpRequest& request, bool chat);
    void handleEmbeddings(Connection& c, const HttpRequest& request);
    void onEmbeddingsFinished(quint64 id, int status, const QJsonObject& body, int promptTokens);
    void sendError(Connection& c, const ApiError& error, const QString& method, const QString& path);
    void finishConnection(Connection& c, const QByteArray& bytes);
    void startNext();
    void sendQueuePositions();
    Job* activeJob(quint64 id) const;
    // Answers the running request with an error (a stream gets it as its last event), then moves on.
    void failActive(const ApiError& error);
    void endActive(int status, const QString& outcome, const Usage& usage);
    void logJob(const Job& job, int status, const QString& outcome, const Usage& usage);

    void onPromptReady(quint64 id, int promptTokens, int contextSize);
    void onDelta(quint64 id, const QString& thought, const QString& answer, int contextUsed);
    void onToolCall(quint64 id, int index, const smoldesk::app::ToolCallInfo& call);
    void onDocumentsUsed(quint64 id, const smoldesk::app::DocumentsUsed& used);
    void onFinished(quint64 id, const smoldesk::app::GenerationResult& result);
    void onFailed(quint64 id, const smoldesk::app::EngineError& error);
    void onOverflow(quint64 id, int promptTokens, int contextSize);

    QPointer<app::ModelWorker> worker_;
    QTcpServer* tcp_;
    ServerOptions options_;
    QString model_;
    qint64 modelCreated_ = 0;
    QHash<QTcpSocket*, Connection*> connections_;
    QList<Job*> waiting_;
    Job* active_ = nullptr;
    QElapsedTimer clock_;
    QPointer<EmbeddingService> embeddings_;
    struct EmbeddingJob {
        QPointer<QTcpSocket> socket;
        qint64 queuedMs = 0;
    };
    QHash<quint64, EmbeddingJob> embeddingJobs_;
    quint64 nextEmbeddingId_ = 1;
};

} // namespace smoldesk::server

Q_DECLARE_METATYPE(smoldesk::server::RequestLogEntry)
