#pragma once
// What the remote-model tests share: real servers as separate processes on loopback
// (`smoldesk-cli serve` on a tiny model, and misbehaving_server.py), and one chat completion run
// to its end through remote::RemoteChatClient while this thread's event loop turns.
#include "remote_chat_client.h"
#include "require_all.h"

#include <QElapsedTimer>
#include <QProcess>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QtTest>

#include <memory>

namespace smoldesk::test {

// A server process that prints its address; stopped (SIGTERM, then SIGKILL) when destroyed.
class ServerProcess {
  public:
    ~ServerProcess() { stop(); }
    // Starts `program` and waits until a line matches `pattern`; returns capture 1 (a port or URL),
    // or empty when the process said nothing of the kind within 30 s.
    QString start(const QString& program, const QStringList& args, const QString& pattern) {
        process_.setProcessChannelMode(QProcess::MergedChannels);
        process_.start(program, args);
        if (!process_.waitForStarted(10000)) return {};
        const QRegularExpression re(pattern);
        QElapsedTimer t;
        t.start();
        while (t.elapsed() < 30000 && process_.state() == QProcess::Running) {
            process_.waitForReadyRead(100);
            out_ += process_.readAll();
            const QRegularExpressionMatch m = re.match(QString::fromUtf8(out_));
            if (m.hasMatch()) return m.captured(1);
        }
        return {};
    }
    void stop() {
        if (process_.state() == QProcess::NotRunning) return;
        process_.terminate();
        if (!process_.waitForFinished(5000)) {
            process_.kill();
            process_.waitForFinished(5000);
        }
    }
    QProcess& process() { return process_; }

  private:
    QProcess process_;
    QByteArray out_;
};

// misbehaving_server.py on a free port; baseUrl() is "http://127.0.0.1:PORT/v1".
class MisbehavingServer {
  public:
    // Empty when it runs; else why not (no python3).
    QString start(const QString& logFile = {}) {
        const QString python = QStandardPaths::findExecutable(QStringLiteral("python3"));
        if (python.isEmpty()) return QStringLiteral("python3 is not installed (packaging/install-deps.sh).");
        QStringList args{QStringLiteral(SMOLDESK_MISBEHAVING_SERVER)};
        if (!logFile.isEmpty()) args << QStringLiteral("--log") << logFile;
        port_ = server_.start(python, args, QStringLiteral("listening on (\\d+)"));
        return port_.isEmpty() ? QStringLiteral("misbehaving_server.py did not start.") : QString();
    }
    QString port() const { return port_; }
    QUrl baseUrl() const { return QUrl(QStringLiteral("http://127.0.0.1:%1/v1").arg(port_)); }
    remote::Endpoint endpoint(const QString& key = QStringLiteral("good-key")) const {
        return {QStringLiteral("test server"), baseUrl(), key};
    }
    ServerProcess& process() { return server_; }

  private:
    ServerProcess server_;
    QString port_;
};

// `smoldesk-cli serve` on `model` (extra: more options); baseUrl() its "http://127.0.0.1:PORT/v1".
class ServeServer {
  public:
    bool start(const QString& model, const QStringList& extra = {}) {
        url_ = server_.start(QStringLiteral(SMOLDESK_CLI),
                             QStringList{"serve", "-m", model, "--port", "0", "-t", "1"} + extra,
                             QStringLiteral(" at (http://[0-9.:]+\\S*)"));
        return !url_.isEmpty();
    }
    QUrl baseUrl() const { return QUrl(url_); }
    ServerProcess& process() { return server_; }

  private:
    ServerProcess server_;
    QString url_;
};

// One chat completion, waited for.
struct ChatOutcome {
    QString reasoning, content, failure;
    int status = 0;
    bool ended = false;
    remote::RemoteResult result;
};

inline ChatOutcome runChat(const remote::Endpoint& endpoint, const QString& model,
                           const app::GenerationRequest& request, bool stream = true, int timeoutMs = 60000) {
    remote::RemoteChatClient client;
    ChatOutcome o;
    QObject::connect(&client, &remote::RemoteChatClient::text, [&](const QString& r, const QString& c) {
        o.reasoning += r;
        o.content += c;
    });
    QObject::connect(&client, &remote::RemoteChatClient::finished, [&](const remote::RemoteResult& r) {
        o.result = r;
        o.ended = true;
    });
    QObject::connect(&client, &remote::RemoteChatClient::failed, [&](const QString& s, int status) {
        o.failure = s;
        o.status = status;
        o.ended = true;
    });
    client.start(endpoint, model, request, stream);
    if (!QTest::qWaitFor([&] { return o.ended; }, timeoutMs))
        o.failure = QStringLiteral("(the test timed out)");
    return o;
}

inline app::GenerationRequest userTurn(const QString& text, int maxTokens = 16) {
    app::GenerationRequest r;
    r.turns.append({QStringLiteral("user"), text});
    r.sampling.temperature = 0.0;
    r.sampling.maxTokens = maxTokens;
    return r;
}

// GET /v1/models, waited for: the ids, or the failure sentence in `failure`.
inline QStringList listModels(const remote::Endpoint& endpoint, QString* failure) {
    remote::RemoteModelLister lister;
    QStringList ids;
    bool ended = false;
    QObject::connect(&lister, &remote::RemoteModelLister::listed, [&](const QStringList& m) {
        ids = m;
        ended = true;
    });
    QObject::connect(&lister, &remote::RemoteModelLister::failed, [&](const QString& s) {
        *failure = s;
        ended = true;
    });
    lister.list(endpoint);
    if (!QTest::qWaitFor([&] { return ended; }, 30000)) *failure = QStringLiteral("(the test timed out)");
    return ids;
}

} // namespace smoldesk::test
