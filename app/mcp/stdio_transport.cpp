#include "stdio_transport.h"

#include <QTimer>

namespace smoldesk::mcp {

StdioTransport::StdioTransport(const ServerConfig& config, QObject* parent)
    : McpTransport(parent), config_(config) {}

StdioTransport::~StdioTransport() {
    if (process_ && process_->state() != QProcess::NotRunning) {
        process_->disconnect(this);
        process_->kill();
        process_->waitForFinished(1000); // a killed process ends at once; never left as a zombie
    }
}

void StdioTransport::open() {
    process_ = new QProcess(this);
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    for (auto it = config_.env.begin(); it != config_.env.end(); ++it) env.insert(it.key(), it.value());
    process_->setProcessEnvironment(env);
    if (!config_.cwd.isEmpty()) process_->setWorkingDirectory(config_.cwd);
    connect(process_, &QProcess::started, this, &McpTransport::opened);
    connect(process_, &QProcess::readyReadStandardOutput, this, &StdioTransport::readStdout);
    connect(process_, &QProcess::readyReadStandardError, this, &StdioTransport::readStderr);
    connect(process_, &QProcess::errorOccurred, this, &StdioTransport::onError);
    connect(process_, &QProcess::finished, this, &StdioTransport::onFinished);
    qCInfo(lcMcp).noquote() << "starting MCP server" << config_.name << "(" << config_.describeForLog()
                            << ")";
    process_->start(config_.command, config_.args);
}

void StdioTransport::send(const QByteArray& message, qint64) {
    if (!process_ || process_->state() != QProcess::Running || failed_) return;
    process_->write(message + '\n');
}

void StdioTransport::close() {
    closing_ = true;
    if (!process_ || process_->state() == QProcess::NotRunning) return;
    // The shutdown MCP asks for: close stdin, then SIGTERM, then SIGKILL, without waiting here.
    process_->closeWriteChannel();
    QProcess* p = process_;
    QTimer::singleShot(2000, p, [p] {
        if (p->state() != QProcess::NotRunning) p->terminate();
    });
    QTimer::singleShot(4000, p, [p] {
        if (p->state() != QProcess::NotRunning) p->kill();
    });
}

void StdioTransport::readStdout() {
    const framing::FramedMessages framed = stdout_.push(process_->readAllStandardOutput());
    for (int i = 0; i < framed.oversized; ++i) emit oversizedMessage();
    for (const QByteArray& m : framed.messages) {
        if (failed_) return;
        emit messageReceived(m);
    }
}

void StdioTransport::readStderr() {
    stderrPending_ += process_->readAllStandardError();
    qsizetype nl;
    while ((nl = stderrPending_.indexOf('\n')) >= 0) {
        const QString line = QString::fromUtf8(stderrPending_.left(nl)).trimmed();
        stderrPending_.remove(0, nl + 1);
        if (line.isEmpty()) continue;
        lastStderrLine_ = line.left(300);
        qCInfo(lcMcp).noquote() << config_.name + QStringLiteral(" (stderr):") << line.left(2000);
    }
    if (stderrPending_.size() > 64 * 1024) stderrPending_.clear(); // a line without end: not kept
}

void StdioTransport::onError(QProcess::ProcessError error) {
    if (error == QProcess::FailedToStart)
        fail(tr("The MCP server “%1” could not be started (%2): %3.")
                 .arg(config_.name, config_.command, process_->errorString()));
    // Crashes arrive through finished(); write errors after a crash too.
}

void StdioTransport::onFinished(int code, QProcess::ExitStatus status) {
    if (closing_) return;
    readStdout();
    readStderr();
    if (!stderrPending_.trimmed().isEmpty())
        lastStderrLine_ = QString::fromUtf8(stderrPending_).trimmed().left(300);
    const QString how = status == QProcess::CrashExit ? tr("crashed") : tr("exited with code %1").arg(code);
    fail(lastStderrLine_.isEmpty()
             ? tr("The MCP server “%1” %2.").arg(config_.name, how)
             : tr("The MCP server “%1” %2: %3").arg(config_.name, how, lastStderrLine_));
}

void StdioTransport::fail(const QString& sentence) {
    if (failed_ || closing_) return;
    failed_ = true;
    emit failed(sentence); // the client logs it
}

} // namespace smoldesk::mcp
