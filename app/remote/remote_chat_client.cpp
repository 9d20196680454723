#include "remote_chat_client.h"

#include "chat_request_body.h"
#include "remote_errors.h"

#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QSslError>

#include <memory>

namespace smoldesk::remote {
namespace {

QNetworkRequest requestFor(const Endpoint& e, const QString& path) {
    QNetworkRequest r(apiUrl(e.baseUrl, path));
    r.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
    r.setHeader(QNetworkRequest::UserAgentHeader, QByteArrayLiteral("SmolDesk"));
    if (!e.apiKey.isEmpty()) r.setRawHeader("Authorization", "Bearer " + e.apiKey.toUtf8());
    // Redirects would carry the key to wherever the server points; an API has no reason to.
    r.setAttribute(QNetworkRequest::RedirectPolicyAttribute, QNetworkRequest::ManualRedirectPolicy);
    return r;
}

int statusOf(QNetworkReply* r) {
    return r->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
}

HttpFailure failureOf(QNetworkReply* r, const QString& endpoint, const QString& model,
                      const QString& apiKey) {
    HttpFailure f;
    f.endpoint = endpoint;
    f.model = model;
    f.status = statusOf(r);
    f.retryAfterSeconds = retryAfterSeconds(r->rawHeader("Retry-After"));
    f.serverMessage = errorMessageOf(r->readAll().left(64 * 1024));
    // Some servers quote the key they refused; the sentence goes to the screen and the log.
    if (apiKey.size() >= 4) f.serverMessage.replace(apiKey, QStringLiteral("***"));
    return f;
}

} // namespace

QString endpointLabel(const Endpoint& endpoint) {
    return endpoint.name.isEmpty() ? endpoint.baseUrl.host() : endpoint.name;
}

RemoteChatClient::RemoteChatClient(QObject* parent) : QObject(parent), nam_(new QNetworkAccessManager(this)) {
    qRegisterMetaType<RemoteResult>();
}

RemoteChatClient::~RemoteChatClient() {
    if (reply_) {
        reply_->disconnect(this);
        reply_->abort();
        reply_->deleteLater();
    }
}

void RemoteChatClient::start(const Endpoint& endpoint, const QString& model,
                             const app::GenerationRequest& request, bool stream) {
    if (reply_) { // replaced: its end is nobody's business any more
        reply_->disconnect(this);
        reply_->abort();
        reply_->deleteLater();
    }
    endpoint_ = endpoint;
    model_ = model;
    stream_ = stream;
    stopping_ = false;
    streamBody_ = false;
    parser_ = ChatStreamParser();
    wholeBody_.clear();
    sslErrors_.clear();
    firstTokenMs_ = -1.0;
    clock_.start();
    ChatBodyOptions options;
    options.model = model;
    options.stream = stream;
    options.extensions = acceptsExtensions(endpoint.baseUrl);
    QNetworkRequest r = requestFor(endpoint, QStringLiteral("/chat/completions"));
    if (stream) r.setRawHeader("Accept", "text/event-stream, application/json");
    reply_ = nam_->post(r, chatRequestBody(request, options));
    connect(reply_, &QNetworkReply::readyRead, this, &RemoteChatClient::onReadyRead);
    connect(reply_, &QNetworkReply::finished, this, &RemoteChatClient::onFinished);
    connect(reply_, &QNetworkReply::sslErrors, this, [this](const QList<QSslError>& errors) {
        for (const QSslError& e : errors) sslErrors_.append(e.errorString());
    });
}

void RemoteChatClient::stop() {
    if (!reply_ || stopping_) return;
    stopping_ = true;
    reply_->abort(); // finished() follows, at once
}

void RemoteChatClient::onReadyRead() {
    QNetworkReply* r = reply_;
    if (!r) return;
    const int status = statusOf(r);
    if (status >= 300) return; // the error body is read whole at the end
    if (!streamBody_ && wholeBody_.isEmpty())
        streamBody_ = r->header(QNetworkRequest::ContentTypeHeader)
                          .toString()
                          .startsWith(QLatin1String("text/event-stream"));
    const QByteArray bytes = r->readAll();
    if (!streamBody_) {
        if (wholeBody_.size() + bytes.size() > 64 * 1024 * 1024) {
            fail(streamProblemSentence(endpointLabel(endpoint_), StreamProblem::Oversized, {}));
            return;
        }
        wholeBody_ += bytes;
        return;
    }
    const StreamText t = parser_.push(bytes);
    if (!t.reasoning.isEmpty() || !t.content.isEmpty()) {
        if (firstTokenMs_ < 0) firstTokenMs_ = double(clock_.nsecsElapsed()) / 1e6;
        emit text(t.reasoning, t.content);
    }
    if (parser_.problem() != StreamProblem::None)
        fail(streamProblemSentence(endpointLabel(endpoint_), parser_.problem(), parser_.problemDetail()));
}

void RemoteChatClient::fail(const QString& sentence, int status) {
    if (reply_) {
        reply_->disconnect(this);
        reply_->abort();
        reply_->deleteLater();
        reply_.clear();
    }
    emit failed(sentence, status);
}

void RemoteChatClient::onFinished() {
    QNetworkReply* r = reply_;
    if (!r) return;
    const QString label = endpointLabel(endpoint_);
    const int status = statusOf(r);
    RemoteResult result;
    result.seconds = double(clock_.nsecsElapsed()) / 1e9;
    if (stopping_) {
        reply_.clear();
        r->deleteLater();
        result.finishReason = QStringLiteral("stopped");
        result.usage = parser_.usage();
        result.firstTokenMs = firstTokenMs_;
        result.events = parser_.events();
        emit finished(result);
        return;
    }
    if (status >= 300) {
        const HttpFailure f = failureOf(r, label, model_, endpoint_.apiKey);
        fail(httpFailureSentence(f), status);
        return;
    }
    if (r->error() != QNetworkReply::NoError) {
        fail(networkFailureSentence(label, r->url(), r->error(), sslErrors_.join(QStringLiteral("; ")),
                                    parser_.events() > 0 || !wholeBody_.isEmpty()));
        return;
    }
    onReadyRead();       // what is left in the buffer
    if (!reply_) return; // that failed
    reply_.clear();
    r->deleteLater();
    if (streamBody_) {
        if (!parser_.done() && parser_.finishReason().isEmpty()) {
            emit failed(cutOffSentence(label), 0);
            return;
        }
        result.finishReason =
            parser_.finishReason().isEmpty() ? QStringLiteral("stop") : parser_.finishReason();
        result.usage = parser_.usage();
        result.toolCalls = parser_.toolCalls();
        result.events = parser_.events();
        result.firstTokenMs = firstTokenMs_;
        emit finished(result);
        return;
    }
    // A server that answers whole (it ignored "stream", or was asked so).
    const ChatCompletion c = parseChatCompletion(wholeBody_);
    if (c.problem != StreamProblem::None) {
        emit failed(streamProblemSentence(label, c.problem, c.problemDetail), 0);
        return;
    }
    if (!c.reasoning.isEmpty() || !c.content.isEmpty()) {
        result.firstTokenMs = double(clock_.nsecsElapsed()) / 1e6;
        emit text(c.reasoning, c.content);
    }
    result.finishReason = c.finishReason.isEmpty() ? QStringLiteral("stop") : c.finishReason;
    result.usage = c.usage;
    result.toolCalls = c.toolCalls;
    emit finished(result);
}

RemoteModelLister::RemoteModelLister(QObject* parent)
    : QObject(parent), nam_(new QNetworkAccessManager(this)) {}

void RemoteModelLister::cancel() {
    if (!reply_) return;
    reply_->disconnect(this);
    reply_->abort();
    reply_->deleteLater();
    reply_.clear();
}

void RemoteModelLister::list(const Endpoint& endpoint) {
    cancel();
    QNetworkRequest request = requestFor(endpoint, QStringLiteral("/models"));
    request.setTransferTimeout(15000); // a list is small: a server that says nothing for long is down
    reply_ = nam_->get(request);
    auto ssl = std::make_shared<QStringList>();
    connect(reply_, &QNetworkReply::sslErrors, this, [ssl](const QList<QSslError>& errors) {
        for (const QSslError& e : errors) ssl->append(e.errorString());
    });
    connect(reply_, &QNetworkReply::finished, this, [this, endpoint, r = reply_.data(), ssl] {
        reply_.clear();
        r->deleteLater();
        const QString label = endpointLabel(endpoint);
        const int status = statusOf(r);
        if (status >= 300) {
            emit failed(httpFailureSentence(failureOf(r, label, {}, endpoint.apiKey)));
            return;
        }
        if (r->error() != QNetworkReply::NoError) {
            emit failed(
                networkFailureSentence(label, r->url(), r->error(), ssl->join(QStringLiteral("; ")), false));
            return;
        }
        QStringList ids;
        QString detail;
        contexts_.clear();
        if (!parseModelList(r->readAll().left(16 * 1024 * 1024), &ids, &detail, &contexts_)) {
            emit failed(streamProblemSentence(label, StreamProblem::MalformedEvent, detail));
            return;
        }
        emit listed(ids);
    });
}

} // namespace smoldesk::remote
