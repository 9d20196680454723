#include "api_server.h"

#include "documents_field.h"
#include "embedding_service.h"
#include "http_request.h"
#include "http_response.h"
#include "worker/model_worker.h"

#include "common/error.h"

#include <QFileInfo>
#include <QJsonArray>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTimer>
#include <QUuid>

#include <atomic>

namespace smoldesk::server {
namespace {

// Generation ids of the API server live far above the chat's (which count up from 1), so that the
// chat's "stop this and every earlier one" can never reach an API request.
// Shared by every ApiServer in the process (tests run several on one worker).
std::atomic<quint64> nextServerId{quint64(1) << 62};
constexpr int kRequestReadTimeoutMs = 30000; // a client must send its whole request within this

QString responseId(const char* prefix) {
    return QLatin1String(prefix) + QUuid::createUuid().toString(QUuid::Id128).left(24);
}

// A Host header that names this machine (DNS rebinding: a web page's own host name resolving to
// 127.0.0.1 must not reach a loopback-only server).
bool isLocalHostHeader(const QByteArray& host) {
    QByteArray name = host;
    if (name.startsWith('[')) {
        name = name.mid(1, name.indexOf(']') - 1);
    } else if (const qsizetype colon = name.lastIndexOf(':'); colon >= 0 && name.count(':') == 1) {
        name = name.left(colon);
    }
    if (name.compare("localhost", Qt::CaseInsensitive) == 0) return true;
    const QHostAddress a(QString::fromLatin1(name));
    return !a.isNull() && a.isLoopback();
}

} // namespace

QString RequestLogEntry::toLine() const {
    QString line = QStringLiteral("%1 %2 %3 %4 %5")
                       .arg(time.toString(Qt::ISODateWithMs), method, path)
                       .arg(status)
                       .arg(outcome);
    if (promptTokens > 0 || completionTokens > 0)
        line += QStringLiteral(" prompt=%1 cached=%2 completion=%3")
                    .arg(promptTokens)
                    .arg(cachedTokens)
                    .arg(completionTokens);
    if (firstTokenMs >= 0) line += QStringLiteral(" first-token=%1ms").arg(firstTokenMs, 0, 'f', 0);
    line += QStringLiteral(" total=%1ms").arg(totalMs, 0, 'f', 0);
    return line;
}

struct ApiServer::Connection {
    QTcpSocket* socket;
    HttpRequestReader reader;
    bool responding = false; // the request was read; later bytes are ignored
    bool closing = false;    // the server is ending the connection, not the client
    Job* job = nullptr;
};

struct ApiServer::Job {
    quint64 id = 0;
    Connection* connection = nullptr; // null once the client went away
    bool chat = true;
    ApiRequest request;
    ResponseIdentity who;
    QString method, path;
    QString content, reasoning;
    QJsonArray toolCalls;  // message.tool_calls so far
    QJsonObject documents; // the "smoldesk" field: the documents' sources (documents_field.h)
    bool roleSent = false;
    qint64 queuedMs = 0;
    qint64 startedMs = -1;
    double firstTokenMs = -1;
    int queuePosition = 0;
};

ApiServer::ApiServer(app::ModelWorker* worker, QObject* parent)
    : QObject(parent), worker_(worker), tcp_(new QTcpServer(this)) {
    qRegisterMetaType<RequestLogEntry>();
    clock_.start();
    connect(tcp_, &QTcpServer::newConnection, this, &ApiServer::onNewConnection);
    connect(worker_, &app::ModelWorker::promptReady, this, &ApiServer::onPromptReady);
    connect(worker_, &app::ModelWorker::delta, this, &ApiServer::onDelta);
    connect(worker_, &app::ModelWorker::toolCall, this, &ApiServer::onToolCall);
    connect(worker_, &app::ModelWorker::documentsUsed, this, &ApiServer::onDocumentsUsed);
    connect(worker_, &app::ModelWorker::finished, this, &ApiServer::onFinished);
    connect(worker_, &app::ModelWorker::failed, this, &ApiServer::onFailed);
    connect(worker_, &app::ModelWorker::contextOverflow, this, &ApiServer::onOverflow);
}

ApiServer::~ApiServer() {
    stop();
    delete active_; // its finished signal can no longer arrive
}

QString ApiServer::start(const ServerOptions& options) {
    if (tcp_->isListening()) stop();
    if (const QString problem = checkServerOptions(options); !problem.isEmpty()) return problem;
    options_ = options;
    const QHostAddress address = listenAddress(options.host);
    const int tries = options.tryNextPorts && options.port != 0 ? kPortsTried : 1;
    for (int i = 0; i < tries && options.port + i <= 65535; ++i) {
        if (tcp_->listen(address, static_cast<quint16>(options.port + i))) {
            emit listeningChanged();
            return {};
        }
    }
    if (tries > 1)
        return QStringLiteral("Ports %1 to %2 on %3 are all in use.")
            .arg(options.port)
            .arg(options.port + tries - 1)
            .arg(options.host);
    return QStringLiteral("Cannot listen on %1 port %2: %3")
        .arg(options.host)
        .arg(options.port)
        .arg(tcp_->errorString());
}

void ApiServer::stop() {
    const bool was = tcp_->isListening();
    tcp_->close();
    if (active_ && worker_) worker_->requestCancel(active_->id);
    for (Connection* c : std::as_const(connections_)) {
        c->closing = true;
        c->socket->disconnect(this);
        c->socket->abort();
        c->socket->deleteLater();
        delete c;
    }
    connections_.clear();
    for (Job* j : std::as_const(waiting_)) delete j;
    waiting_.clear();
    if (active_) active_->connection = nullptr; // its finished signal still comes and frees it
    if (was) emit listeningChanged();
}

bool ApiServer::isListening() const {
    return tcp_->isListening();
}
quint16 ApiServer::port() const {
    return tcp_->serverPort();
}

QString ApiServer::baseUrl() const {
    if (!tcp_->isListening()) return {};
    QHostAddress a = tcp_->serverAddress();
    QString host = a.toString();
    if (a == QHostAddress::Any || a == QHostAddress::AnyIPv4) host = QStringLiteral("0.0.0.0");
    if (a.protocol() == QAbstractSocket::IPv6Protocol) host = QLatin1Char('[') + host + QLatin1Char(']');
    return QStringLiteral("http://%1:%2/v1").arg(host).arg(tcp_->serverPort());
}

void ApiServer::setModel(const QString& modelId) {
    model_ = modelId;
    modelCreated_ = QDateTime::currentSecsSinceEpoch();
}

QString ApiServer::modelIdFor(const QString& path) {
    QString name = QFileInfo(path).fileName();
    if (name.endsWith(QLatin1String(".gguf"), Qt::CaseInsensitive)) name.chop(5);
    return name;
}

void ApiServer::onNewConnection() {
    while (QTcpSocket* socket = tcp_->nextPendingConnection()) {
        auto* c = new Connection{socket, HttpRequestReader(options_.maxBodyBytes)};
        const bool overLimit = connections_.size() >= options_.maxConnections;
        connections_.insert(socket, c);
        connect(socket, &QTcpSocket::readyRead, this, [this, socket] { onReadyRead(socket); });
        connect(socket, &QTcpSocket::disconnected, this, [this, socket] { onDisconnected(socket); });
        if (overLimit) {
            c->responding = true;
            sendError(
                *c,
                ApiError{503,
                         QStringLiteral("The server has %1 open connections, its limit; try again shortly.")
                             .arg(options_.maxConnections),
                         QStringLiteral("server_error"), QStringLiteral("too_many_connections"), 1},
                QString(), QString());
            continue;
        }
        QTimer::singleShot(kRequestReadTimeoutMs, socket, [this, socket] {
            Connection* c = connections_.value(socket);
            if (c && !c->responding) {
                c->responding = true;
                sendError(*c,
                          ApiError{400, QStringLiteral("The request did not arrive in time."),
                                   QStringLiteral("invalid_request_error"), QStringLiteral("request_timeout"),
                                   0},
                          QString(), QString());
            }
        });
    }
}

void ApiServer::onReadyRead(QTcpSocket* socket) {
    Connection* c = connections_.value(socket);
    if (!c) return;
    const QByteArray bytes = socket->readAll();
    if (c->responding) return;
    switch (c->reader.feed(bytes)) {
    case HttpRequestReader::State::NeedMore:
        return;
    case HttpRequestReader::State::Failed: {
        c->responding = true;
        const int status = c->reader.errorStatus();
        const QString code = status == 413   ? QStringLiteral("request_too_large")
                             : status == 431 ? QStringLiteral("headers_too_large")
                             : status == 411 ? QStringLiteral("length_required")
                                             : QStringLiteral("invalid_http");
        sendError(
            *c, ApiError{status, c->reader.errorMessage(), QStringLiteral("invalid_request_error"), code, 0},
            QString::fromLatin1(c->reader.request().method), QString::fromLatin1(c->reader.request().path));
        return;
    }
    case HttpRequestReader::State::Done:
        c->responding = true;
        route(*c, c->reader.request());
        return;
    }
}

void ApiServer::onDisconnected(QTcpSocket* socket) {
    Connection* c = connections_.take(socket);
    socket->deleteLater();
    if (!c) return;
    if (Job* job = c->job) {
        job->connection = nullptr;
        if (job == active_) {
            if (worker_) worker_->requestCancel(job->id); // the engine stops before its next token
        } else if (waiting_.removeOne(job)) {
            logJob(*job, 499, QStringLiteral("cancelled"), Usage{});
            delete job;
            sendQueuePositions();
        }
    }
    delete c;
}

void ApiServer::route(Connection& c, const HttpRequest& r) {
    const QString method = QString::fromLatin1(r.method);
    const QString path = QString::fromLatin1(r.path);
    if (isLoopback(tcp_->serverAddress()) && !isLocalHostHeader(r.header("host"))) {
        sendError(c,
                  ApiError{403, QStringLiteral("This server answers only requests addressed to localhost."),
                           QStringLiteral("invalid_request_error"), QStringLiteral("forbidden_host"), 0},
                  method, path);
        return;
    }
    const bool known = path == QLatin1String("/v1/models") || path.startsWith(QLatin1String("/v1/models/")) ||
                       path == QLatin1String("/v1/chat/completions") ||
                       path == QLatin1String("/v1/completions") || path == QLatin1String("/v1/embeddings");
    if (!known) {
        sendError(c,
                  ApiError{404, QStringLiteral("There is no endpoint %1 %2.").arg(method, path),
                           QStringLiteral("invalid_request_error"), QStringLiteral("unknown_url"), 0},
                  method, path);
        return;
    }
    if (!options_.apiKey.isEmpty()) {
        const QByteArray auth = r.header("authorization");
        if (auth.isEmpty()) {
            sendError(
                c,
                ApiError{401,
                         QStringLiteral(
                             "This server needs an API key: send the header Authorization: Bearer KEY."),
                         QStringLiteral("authentication_error"), QStringLiteral("missing_api_key"), 0},
                method, path);
            return;
        }
        if (auth != "Bearer " + options_.apiKey.toUtf8()) {
            sendError(c,
                      ApiError{401, QStringLiteral("The API key is not the one this server was given."),
                               QStringLiteral("authentication_error"), QStringLiteral("invalid_api_key"), 0},
                      method, path);
            return;
        }
    }
    const bool isModels = path.startsWith(QLatin1String("/v1/models"));
    if ((isModels && r.method != "GET") || (!isModels && r.method != "POST")) {
        sendError(c,
                  ApiError{405, QStringLiteral("%1 takes %2 requests.").arg(path, isModels ? "GET" : "POST"),
                           QStringLiteral("invalid_request_error"), QStringLiteral("method_not_allowed"), 0},
                  method, path);
        return;
    }
    if (isModels) {
        const QString wanted = path.mid(QStringLiteral("/v1/models/").size());
        if (path == QLatin1String("/v1/models")) {
            QJsonObject list = modelList(model_, modelCreated_);
            if (embeddings_) { // the embedding model is listed too, so clients can discover it
                QJsonArray data = list.value("data").toArray();
                data.append(modelObject(embeddings_->modelId(), modelCreated_));
                list.insert("data", data);
            }
            finishConnection(c, jsonResponse(200, list));
        } else if (!model_.isEmpty() && wanted == model_) {
            finishConnection(c, jsonResponse(200, modelObject(model_, modelCreated_)));
        } else if (embeddings_ && wanted == embeddings_->modelId()) {
            finishConnection(c, jsonResponse(200, modelObject(wanted, modelCreated_)));
        } else {
            sendError(c,
                      ApiError{404, QStringLiteral("The model '%1' does not exist.").arg(wanted),
                               QStringLiteral("invalid_request_error"), QStringLiteral("model_not_found"), 0},
                      method, path);
            return;
        }
        RequestLogEntry e;
        e.time = QDateTime::currentDateTime();
        e.method = method;
        e.path = path;
        e.status = 200;
        e.outcome = QStringLiteral("ok");
        emit requestLogged(e);
        return;
    }
    // Browsers send cross-site form posts as text/plain or form data without asking first; a JSON
    // content type makes them ask (CORS), which this server never grants.
    if (!r.header("content-type").toLower().startsWith("application/json")) {
        sendError(
            c,
            ApiError{415,
                     QStringLiteral("Send the request body as JSON with Content-Type: application/json."),
                     QStringLiteral("invalid_request_error"), QStringLiteral("unsupported_media_type"), 0},
            method, path);
        return;
    }
    if (path == QLatin1String("/v1/embeddings"))
        handleEmbeddings(c, r);
    else
        handleGeneration(c, r, path == QLatin1String("/v1/chat/completions"));
}

void ApiServer::handleGeneration(Connection& c, const HttpRequest& r, bool chat) {
    const QString method = QString::fromLatin1(r.method);
    const QString path = QString::fromLatin1(r.path);
    ApiError error;
    std::optional<ApiRequest> parsed =
        chat ? parseChatRequest(r.body, &error) : parseCompletionRequest(r.body, &error);
    if (!parsed) {
        sendError(c, error, method, path);
        return;
    }
    if (model_.isEmpty()) {
        sendError(c,
                  ApiError{503, QStringLiteral("No model is loaded."), QStringLiteral("server_error"),
                           QStringLiteral("model_not_loaded"), 5},
                  method, path);
        return;
    }
    if (!parsed->model.isEmpty() && parsed->model != model_ &&
        parsed->model != model_ + QLatin1String(".gguf")) {
        sendError(c,
                  ApiError{404,
                           QStringLiteral("The model '%1' does not exist; this server has '%2'.")
                               .arg(parsed->model, model_),
                           QStringLiteral("invalid_request_error"), QStringLiteral("model_not_found"), 0},
                  method, path);
        return;
    }
    const int ahead = static_cast<int>(waiting_.size()) + (active_ ? 1 : 0);
    if (active_ && waiting_.size() >= options_.maxQueued) {
        sendError(
            c,
            ApiError{503,
                     QStringLiteral("%1 requests are waiting for the model, the most this server queues.")
                         .arg(waiting_.size()),
                     QStringLiteral("server_error"), QStringLiteral("queue_full"), std::max(1, ahead)},
            method, path);
        return;
    }
    auto* job = new Job;
    job->id = nextServerId++;
    job->connection = &c;
    job->chat = chat;
    job->request = std::move(*parsed);
    job->request.generation.id = job->id;
    job->who = ResponseIdentity{responseId(chat ? "chatcmpl-" : "cmpl-"), QDateTime::currentSecsSinceEpoch(),
                                model_};
    job->method = method;
    job->path = path;
    job->queuedMs = clock_.elapsed();
    c.job = job;
    if (job->request.stream) c.socket->write(eventStreamHead());
    waiting_.append(job);
    startNext();
    sendQueuePositions();
}

void ApiServer::sendQueuePositions() {
    // A streaming client waiting in the queue hears its place whenever it changes (an SSE comment,
    // which OpenAI's clients skip).
    for (int i = 0; i < waiting_.size(); ++i) {
        Job* j = waiting_[i];
        if (!j->request.stream || !j->connection || j->queuePosition == i + 1) continue;
        j->queuePosition = i + 1;
        j->connection->socket->write(sseComment("queued, position " + QByteArray::number(i + 1)));
    }
}

void ApiServer::startNext() {
    if (active_ || waiting_.isEmpty()) return;
    active_ = waiting_.takeFirst();
    active_->startedMs = clock_.elapsed();
    app::ModelWorker* w = worker_;
    if (!w) return;
    const app::GenerationRequest request = active_->request.generation;
    QMetaObject::invokeMethod(
        w, [w, request] { w->generate(request); }, Qt::QueuedConnection);
}

ApiServer::Job* ApiServer::activeJob(quint64 id) const {
    return active_ && active_->id == id ? active_ : nullptr;
}

void ApiServer::onPromptReady(quint64 id, int, int) {
    Job* job = activeJob(id);
    if (!job || !job->connection || !job->request.stream || !job->chat) return;
    job->roleSent = true;
    const QJsonObject delta{{QStringLiteral("role"), QStringLiteral("assistant")},
                            {QStringLiteral("content"), QString()}};
    job->connection->socket->write(sseEvent(chatChunk(job->who, delta, QJsonValue())));
}

void ApiServer::onDelta(quint64 id, const QString& thought, const QString& answer, int) {
    Job* job = activeJob(id);
    if (!job) return;
    if (job->firstTokenMs < 0) job->firstTokenMs = static_cast<double>(clock_.elapsed() - job->startedMs);
    job->reasoning += thought;
    job->content += answer;
    if (!job->connection || !job->request.stream) return;
    if (job->chat) {
        QJsonObject delta;
        if (!thought.isEmpty()) delta.insert(QStringLiteral("reasoning_content"), thought);
        if (!answer.isEmpty()) delta.insert(QStringLiteral("content"), answer);
        job->connection->socket->write(sseEvent(chatChunk(job->who, delta, QJsonValue())));
    } else {
        job->connection->socket->write(sseEvent(textChunk(job->who, answer, QJsonValue())));
    }
}

void ApiServer::onToolCall(quint64 id, int index, const app::ToolCallInfo& call) {
    Job* job = activeJob(id);
    if (!job || !job->chat) return;
    if (job->firstTokenMs < 0) job->firstTokenMs = static_cast<double>(clock_.elapsed() - job->startedMs);
    job->toolCalls.append(toolCallJson(call.id, call.name, call.arguments));
    if (!job->connection || !job->request.stream) return;
    for (const QJsonObject& delta : toolCallDeltas(index, call.id, call.name, call.arguments))
        job->connection->socket->write(sseEvent(chatChunk(job->who, delta, QJsonValue())));
}

void ApiServer::onDocumentsUsed(quint64 id, const app::DocumentsUsed& used) {
    if (Job* job = activeJob(id)) job->documents = documentsField(used);
}

void ApiServer::onFinished(quint64 id, const app::GenerationResult& result) {
    Job* job = activeJob(id);
    if (!job) return;
    const Usage usage{result.promptTokens, result.generatedTokens, result.reusedTokens};
    const bool cancelled = result.stopReason == QLatin1String("stopped");
    QString finish = finishReason(result.stopReason);
    // OpenAI's reason when the model ended its turn by calling tools.
    if (!job->toolCalls.isEmpty() && finish == QLatin1String("stop")) finish = QStringLiteral("tool_calls");
    const bool clientGone = job->connection == nullptr;
    if (Connection* c = job->connection) {
        // Detach first: finishing may close the socket at once, which must not read as a client leaving.
        c->job = nullptr;
        job->connection = nullptr;
        if (job->request.stream) {
            QJsonObject last = job->chat ? chatChunk(job->who, QJsonObject(), finish)
                                         : textChunk(job->who, QString(), finish);
            last.insert(QStringLiteral("usage"), usage.toJson());
            if (!job->documents.isEmpty()) last.insert(QStringLiteral("smoldesk"), job->documents);
            finishConnection(*c, sseEvent(last) + sseDone());
        } else {
            QJsonObject body = job->chat ? chatCompletion(job->who, job->content, job->reasoning, finish,
                                                          usage, job->toolCalls)
                                         : textCompletion(job->who, job->content, finish, usage);
            if (!job->documents.isEmpty()) body.insert(QStringLiteral("smoldesk"), job->documents);
            finishConnection(*c, jsonResponse(200, body));
        }
    }
    endActive(clientGone ? 499 : 200, cancelled ? QStringLiteral("cancelled") : finish, usage);
}

void ApiServer::onFailed(quint64 id, const app::EngineError& error) {
    if (!activeJob(id)) return;
    if (error.code == app::EngineError::kNoModel)
        failActive(ApiError{503, QStringLiteral("No model is loaded."), QStringLiteral("server_error"),
                            QStringLiteral("model_not_loaded"), 5});
    else if (error.code ==
             static_cast<int>(ErrorCode::InvalidArgument)) // what the request asked cannot be done
        failActive(ApiError::invalidRequest(error.message, QStringLiteral("invalid_request")));
    else
        failActive(
            ApiError{500, error.message, QStringLiteral("server_error"), QStringLiteral("engine_error"), 0});
}

void ApiServer::onOverflow(quint64 id, int promptTokens, int contextSize) {
    if (!activeJob(id)) return;
    failActive(ApiError::invalidRequest(
        QStringLiteral(
            "The prompt is %1 tokens; with room to answer it does not fit the model's context of %2 tokens.")
            .arg(promptTokens)
            .arg(contextSize),
        QStringLiteral("context_length_exceeded")));
}

void ApiServer::failActive(const ApiError& e) {
    Job* job = active_;
    if (Connection* c = job->connection) {
        c->job = nullptr;
        job->connection = nullptr;
        HttpHeaders extra;
        if (e.retryAfterSeconds > 0)
            extra.append(qMakePair(QByteArray("Retry-After"), QByteArray::number(e.retryAfterSeconds)));
        // A stream has sent its 200 head already: the error travels as an event, as OpenAI's does.
        finishConnection(*c, job->request.stream ? sseEvent(e.toJson()) + sseDone()
                                                 : jsonResponse(e.status, e.toJson(), extra));
    }
    endActive(e.status, e.code, Usage{});
}

void ApiServer::endActive(int status, const QString& outcome, const Usage& usage) {
    Job* job = active_;
    active_ = nullptr;
    logJob(*job, status, outcome, usage);
    delete job;
    startNext();
    sendQueuePositions();
}

void ApiServer::logJob(const Job& job, int status, const QString& outcome, const Usage& usage) {
    RequestLogEntry e;
    e.time = QDateTime::currentDateTime();
    e.method = job.method;
    e.path = job.path;
    e.status = status;
    e.outcome = outcome;
    e.promptTokens = usage.promptTokens;
    e.cachedTokens = usage.cachedTokens;
    e.completionTokens = usage.completionTokens;
    e.firstTokenMs = job.firstTokenMs;
    e.startedMs = job.startedMs;
    e.endedMs = job.startedMs >= 0 ? clock_.elapsed() : -1;
    e.totalMs = static_cast<double>(clock_.elapsed() - job.queuedMs);
    emit requestLogged(e);
}

void ApiServer::sendError(Connection& c, const ApiError& error, const QString& method, const QString& path) {
    HttpHeaders extra;
    if (error.retryAfterSeconds > 0)
        extra.append(qMakePair(QByteArray("Retry-After"), QByteArray::number(error.retryAfterSeconds)));
    if (error.status == 401) extra.append(qMakePair(QByteArray("WWW-Authenticate"), QByteArray("Bearer")));
    finishConnection(c, jsonResponse(error.status, error.toJson(), extra));
    RequestLogEntry e;
    e.time = QDateTime::currentDateTime();
    e.method = method.isEmpty() ? QStringLiteral("-") : method;
    e.path = path.isEmpty() ? QStringLiteral("-") : path;
    e.status = error.status;
    e.outcome = error.code;
    emit requestLogged(e);
}

void ApiServer::finishConnection(Connection& c, const QByteArray& bytes) {
    c.closing = true;
    c.socket->write(bytes);
    // Closes once everything is written; may emit disconnected (and free `c`) right here.
    c.socket->disconnectFromHost();
}

// POST /v1/embeddings: parsed here, computed by the EmbeddingService on its thread, answered when
// it reports back (a client that went away meanwhile is simply not answered).
void ApiServer::setEmbeddingService(EmbeddingService* service) {
    if (embeddings_) disconnect(embeddings_, nullptr, this, nullptr);
    embeddings_ = service;
    if (service) connect(service, &EmbeddingService::finished, this, &ApiServer::onEmbeddingsFinished);
}

void ApiServer::handleEmbeddings(Connection& c, const HttpRequest& r) {
    const QString method = QString::fromLatin1(r.method), path = QString::fromLatin1(r.path);
    ApiError error;
    std::optional<EmbeddingsRequest> request = parseEmbeddingsRequest(r.body, &error);
    if (request && !embeddings_)
        error = ApiError{
            404, QStringLiteral("This server has no embedding model; start it with --embedding-model FILE."),
            QStringLiteral("invalid_request_error"), QStringLiteral("model_not_found"), 0};
    else if (request && request->model != embeddings_->modelId())
        error = ApiError{404,
                         QStringLiteral("The model '%1' does not exist; this server embeds with '%2'.")
                             .arg(request->model, embeddings_->modelId()),
                         QStringLiteral("invalid_request_error"), QStringLiteral("model_not_found"), 0};
    if (!request || !embeddings_ || request->model != embeddings_->modelId()) {
        sendError(c, error, method, path);
        return;
    }
    c.responding = true;
    const quint64 id = nextEmbeddingId_++;
    embeddingJobs_.insert(id, EmbeddingJob{c.socket, clock_.elapsed()});
    EmbeddingService* service = embeddings_;
    QMetaObject::invokeMethod(
        service, [service, id, req = std::move(*request)] { service->compute(id, req); },
        Qt::QueuedConnection);
}

void ApiServer::onEmbeddingsFinished(quint64 id, int status, const QJsonObject& body, int promptTokens) {
    const EmbeddingJob job = embeddingJobs_.take(id);
    RequestLogEntry e;
    e.time = QDateTime::currentDateTime();
    e.method = QStringLiteral("POST");
    e.path = QStringLiteral("/v1/embeddings");
    e.status = status;
    e.outcome =
        status == 200 ? QStringLiteral("ok") : body.value("error").toObject().value("code").toString();
    e.promptTokens = promptTokens;
    e.totalMs = static_cast<double>(clock_.elapsed() - job.queuedMs);
    emit requestLogged(e);
    Connection* c = job.socket ? connections_.value(job.socket) : nullptr;
    if (c) finishConnection(*c, jsonResponse(status, body));
}

} // namespace smoldesk::server
