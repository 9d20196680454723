#include "server_fixture.h"

#include <QElapsedTimer>
#include <QEventLoop>
#include <QJsonDocument>
#include <QProcess>
#include <QSignalSpy>
#include <QtTest>

namespace smoldesk::test {

QJsonObject HttpResult::json() const {
    return QJsonDocument::fromJson(body).object();
}

QList<QJsonObject> HttpResult::events(bool* done) const {
    QList<QJsonObject> out;
    if (done) *done = false;
    for (const QByteArray& line : body.split('\n')) {
        if (!line.startsWith("data: ")) continue;
        const QByteArray data = line.mid(6).trimmed();
        if (data == "[DONE]") {
            if (done) *done = true;
            continue;
        }
        out.append(QJsonDocument::fromJson(data).object());
    }
    return out;
}

HttpResult parseCurlOutput(int exitCode, const QByteArray& output) {
    HttpResult r;
    r.exitCode = exitCode;
    const qsizetype end = output.indexOf("\r\n\r\n");
    const QByteArray head = end < 0 ? output : output.left(end);
    r.body = end < 0 ? QByteArray() : output.mid(end + 4);
    const QList<QByteArray> lines = head.split('\n');
    const QList<QByteArray> status = lines.value(0).split(' ');
    r.status = status.value(1).toInt();
    for (qsizetype i = 1; i < lines.size(); ++i) {
        const qsizetype colon = lines[i].indexOf(':');
        if (colon > 0)
            r.headers.insert(lines[i].left(colon).trimmed().toLower(), lines[i].mid(colon + 1).trimmed());
    }
    return r;
}

bool waitForProcess(QProcess& process, int timeoutMs) {
    QElapsedTimer t;
    t.start();
    while (process.state() != QProcess::NotRunning) {
        if (t.elapsed() > timeoutMs) return false;
        QTest::qWait(5);
    }
    return true;
}

QProcess* startCurl(const QStringList& args, QObject* parent) {
    auto* curl = new QProcess(parent);
    curl->setProcessChannelMode(QProcess::SeparateChannels);
    curl->start(QStringLiteral("curl"),
                QStringList{QStringLiteral("-s"), QStringLiteral("-S"), QStringLiteral("-i"),
                            QStringLiteral("--max-time"), QStringLiteral("60")} +
                    args);
    return curl;
}

HttpResult waitForCurl(QProcess* curl, int timeoutMs) {
    if (!waitForProcess(*curl, timeoutMs)) {
        curl->kill();
        curl->waitForFinished();
        return HttpResult{};
    }
    if (curl->exitStatus() != QProcess::NormalExit) return HttpResult{};
    return parseCurlOutput(curl->exitCode(), curl->readAllStandardOutput());
}

HttpResult runCurl(const QStringList& args, int timeoutMs) {
    QObject owner;
    return waitForCurl(startCurl(args, &owner), timeoutMs);
}

ServerFixture::~ServerFixture() {
    server_.reset();
    if (worker_) {
        worker_->requestStopAll();
        thread_.quit();
        thread_.wait();
        delete worker_;
    }
}

bool ServerFixture::load(const QString& modelPath, int contextLength) {
    app::registerEngineTypes();
    if (!worker_) {
        worker_ = new app::ModelWorker;
        worker_->moveToThread(&thread_);
        thread_.start();
    }
    QSignalSpy loaded(worker_, &app::ModelWorker::loaded);
    QSignalSpy failed(worker_, &app::ModelWorker::loadFailed);
    app::LoadRequest request;
    request.path = modelPath;
    request.contextLength = contextLength;
    request.cpuOnly = true; // the same on every machine; Vulkan has its own tests
    // One thread: on a busy 2-core CI machine a 2-thread pool waits for its other half at every op.
    request.threads = 1;
    worker_->armLoad();
    app::ModelWorker* w = worker_;
    QMetaObject::invokeMethod(
        w, [w, request] { w->load(request); }, Qt::QueuedConnection);
    QElapsedTimer t;
    t.start();
    while (loaded.isEmpty() && failed.isEmpty() && t.elapsed() < 30000) QTest::qWait(10);
    if (!failed.isEmpty())
        qWarning() << "load failed:" << failed.first().first().value<app::EngineError>().message;
    if (loaded.isEmpty()) return false;
    if (server_) server_->setModel(server::ApiServer::modelIdFor(modelPath));
    model_ = server::ApiServer::modelIdFor(modelPath);
    return true;
}

QString ServerFixture::start(server::ServerOptions options) {
    server_ = std::make_unique<server::ApiServer>(worker_);
    server_->setModel(model_);
    QObject::connect(server_.get(), &server::ApiServer::requestLogged,
                     [this](const server::RequestLogEntry& e) { log.append(e); });
    options.port = 0;
    return server_->start(options);
}

QString ServerFixture::url(const QString& path) const {
    return QStringLiteral("http://127.0.0.1:%1%2").arg(server_->port()).arg(path);
}

bool ServerFixture::waitForLog(int count, int timeoutMs) {
    QElapsedTimer t;
    t.start();
    while (log.size() < count) {
        if (t.elapsed() > timeoutMs) return false;
        QTest::qWait(5);
    }
    return true;
}

HttpResult ServerFixture::post(const QString& path, const QByteArray& json, const QStringList& extra) {
    return runCurl(extra + QStringList{QStringLiteral("-H"), QStringLiteral("Content-Type: application/json"),
                                       QStringLiteral("--data-binary"), QString::fromUtf8(json), url(path)});
}

} // namespace smoldesk::test
