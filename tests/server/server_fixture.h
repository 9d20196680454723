#pragma once
// What the server tests share: a ModelWorker on its own thread with a model loaded (as the app
// and `smoldesk-cli serve` run it), an ApiServer in front of it on this thread, the request log,
// and curl run without blocking this thread's event loop (the server lives on it).
#include "api_server.h"
#include "worker/model_worker.h"

#include <QByteArray>
#include <QJsonObject>
#include <QList>
#include <QMap>
#include <QProcess>
#include <QStringList>
#include <QThread>

#include <memory>

namespace smoldesk::test {

struct HttpResult {
    int exitCode = -1;                    // curl's; 0 when the transfer went through
    int status = 0;                       // the HTTP status
    QMap<QByteArray, QByteArray> headers; // lower-case names
    QByteArray body;
    QJsonObject json() const; // the body as a JSON object (empty when it is not one)
    // The JSON objects of a server-sent event stream's `data:` lines, and whether [DONE] ended it.
    QList<QJsonObject> events(bool* done = nullptr) const;
};

// Parses curl -i output (status line, headers, body).
HttpResult parseCurlOutput(int exitCode, const QByteArray& output);
// Runs curl with `args` (after -s -S -i) and waits for it while this thread's events are served.
HttpResult runCurl(const QStringList& args, int timeoutMs = 30000);
// Starts curl and returns the running process (the caller waits with waitForCurl).
QProcess* startCurl(const QStringList& args, QObject* parent);
HttpResult waitForCurl(QProcess* curl, int timeoutMs = 30000);
// Waits for a process while the event loop runs; false on timeout.
bool waitForProcess(QProcess& process, int timeoutMs);

class ServerFixture {
  public:
    ServerFixture() = default;
    ~ServerFixture();
    // Loads `modelPath` on the worker thread (context 0: the model's default); false on failure.
    bool load(const QString& modelPath, int contextLength = 0);
    // Starts the server on a free loopback port; returns the problem or empty.
    QString start(server::ServerOptions options = {});
    QString url(const QString& path) const; // "http://127.0.0.1:PORT" + path
    server::ApiServer& server() { return *server_; }
    app::ModelWorker& worker() { return *worker_; }
    QList<server::RequestLogEntry> log;
    // Waits until the log holds `count` entries.
    bool waitForLog(int count, int timeoutMs = 30000);
    // POSTs JSON to `path` with curl (extra arguments go first).
    HttpResult post(const QString& path, const QByteArray& json, const QStringList& extra = {});

  private:
    QThread thread_;
    app::ModelWorker* worker_ = nullptr;
    std::unique_ptr<server::ApiServer> server_;
    QString model_;
};

} // namespace smoldesk::test
