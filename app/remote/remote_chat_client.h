#pragma once
// The HTTP side of a remote model: one chat completion at a time (streamed, or whole when the
// server does not stream), and the endpoint's model list. Runs on the thread it lives on through
// Qt's event loop; every failure ends in one sentence (remote_errors.h), a stop in finished().
#include "chat_stream.h"
#include "remote_endpoint.h"
#include "worker/engine_types.h"

#include <QElapsedTimer>
#include <QObject>
#include <QPointer>
#include <QStringList>

class QNetworkAccessManager;
class QNetworkReply;

namespace smoldesk::remote {

struct RemoteResult {
    QString finishReason; // the server's ("stop", "length", "tool_calls"); "stopped" after stop()
    Usage usage;          // the server's figures (-1 where it gave none)
    QList<ToolCallDraft> toolCalls;
    double firstTokenMs = -1.0; // from the request to the first text
    double seconds = 0.0;       // the whole request
    int events = 0;             // server-sent events read
};

class RemoteChatClient : public QObject {
    Q_OBJECT
  public:
    explicit RemoteChatClient(QObject* parent = nullptr);
    ~RemoteChatClient() override;

    // Sends `request` to `model` at `endpoint` (a running request is stopped first, silently).
    void start(const Endpoint& endpoint, const QString& model, const app::GenerationRequest& request,
               bool stream = true);
    // Closes the connection: finished() follows with finishReason "stopped" and what came so far.
    void stop();
    bool running() const { return !reply_.isNull(); }

  signals:
    void text(const QString& reasoning, const QString& content);
    void finished(const smoldesk::remote::RemoteResult& result);
    void failed(const QString& sentence, int httpStatus);

  private:
    void onReadyRead();
    void onFinished();
    void fail(const QString& sentence, int status = 0);

    QNetworkAccessManager* nam_;
    QPointer<QNetworkReply> reply_;
    Endpoint endpoint_;
    QString model_;
    bool stream_ = true;
    bool stopping_ = false;
    bool streamBody_ = false; // the answer is text/event-stream
    ChatStreamParser parser_;
    QByteArray wholeBody_; // a JSON answer, read at the end
    QStringList sslErrors_;
    QElapsedTimer clock_;
    double firstTokenMs_ = -1.0;
};

// GET /v1/models.
class RemoteModelLister : public QObject {
    Q_OBJECT
  public:
    explicit RemoteModelLister(QObject* parent = nullptr);
    void list(const Endpoint& endpoint);
    void cancel();
    // The context lengths the last list gave (by model id; only those it said).
    const QHash<QString, int>& contexts() const { return contexts_; }

  signals:
    void listed(const QStringList& models);
    void failed(const QString& sentence);

  private:
    QNetworkAccessManager* nam_;
    QPointer<QNetworkReply> reply_;
    QHash<QString, int> contexts_;
};

// The name a sentence uses for an endpoint: its own, else its host.
QString endpointLabel(const Endpoint& endpoint);

} // namespace smoldesk::remote

Q_DECLARE_METATYPE(smoldesk::remote::RemoteResult)
