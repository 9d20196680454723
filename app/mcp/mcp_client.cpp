#include "mcp_client.h"

#include "http_transport.h"
#include "stdio_transport.h"

#include <QCoreApplication>
#include <QJsonArray>

namespace smoldesk::mcp {
namespace {

bool supportedVersion(const QString& v) {
    return v == QLatin1String(kProtocolVersion) || v == QLatin1String("2025-03-26") ||
           v == QLatin1String("2024-11-05");
}

constexpr int kMaxToolPages = 100; // a server whose cursors never end is cut off here

} // namespace

McpClient::McpClient(const ServerConfig& config, QObject* parent) : QObject(parent), config_(config) {}

McpClient::~McpClient() {
    // Pending requests end quietly: nobody is left to hear their signals.
    for (auto it = pending_.begin(); it != pending_.end(); ++it) delete it->timer;
    pending_.clear();
    if (transport_) transport_->close();
}

const McpTool* McpClient::tool(const QString& name) const {
    for (const McpTool& t : tools_)
        if (t.name == name) return &t;
    return nullptr;
}

void McpClient::setState(State s) {
    if (state_ == s) return;
    state_ = s;
    emit stateChanged(s);
}

void McpClient::start() {
    if (state_ == State::Connecting || state_ == State::Ready) return;
    if (transport_) {
        transport_->close();
        transport_->deleteLater();
    }
    lastError_.clear();
    lastMalformed_.clear();
    tools_.clear();
    listing_ = relistWanted_ = false;
    McpTransport* t = config_.isHttp() ? static_cast<McpTransport*>(new HttpTransport(config_, this))
                                       : static_cast<McpTransport*>(new StdioTransport(config_, this));
    transport_ = t;
    connect(t, &McpTransport::messageReceived, this, &McpClient::onMessage);
    connect(t, &McpTransport::failed, this, &McpClient::fail);
    connect(t, &McpTransport::requestFailed, this, [this](qint64 id, const QString& sentence) {
        if (pending_.contains(id)) finish(id, nullptr, sentence);
    });
    connect(t, &McpTransport::oversizedMessage, this, [this] {
        const QString sentence = tr("The MCP server “%1” sent a message larger than %2 MB; it was dropped.")
                                     .arg(config_.name)
                                     .arg(framing::kMaxMessageBytes >> 20);
        qCWarning(lcMcp).noquote() << sentence;
        // The dropped message was an answer to one of the waiting requests, most likely the oldest
        // (servers answer in order); that one ends with the sentence instead of waiting for its timer.
        if (!pending_.isEmpty()) {
            qint64 oldest = std::numeric_limits<qint64>::max();
            for (auto it = pending_.begin(); it != pending_.end(); ++it) oldest = std::min(oldest, it.key());
            finish(oldest, nullptr, sentence);
        }
    });
    connect(t, &McpTransport::opened, this, [this] {
        const QJsonObject params{
            {QStringLiteral("protocolVersion"), QLatin1String(kProtocolVersion)},
            {QStringLiteral("capabilities"), QJsonObject{}},
            {QStringLiteral("clientInfo"),
             QJsonObject{{QStringLiteral("name"), QStringLiteral("SmolDesk")},
                         {QStringLiteral("version"), QCoreApplication::applicationVersion().isEmpty()
                                                         ? QStringLiteral("0")
                                                         : QCoreApplication::applicationVersion()}}}};
        // initialize must not be cancelled (the spec), so its timeout just ends the attempt.
        request(
            QStringLiteral("initialize"), params,
            [this](const JsonRpcMessage* answer, const QString& failure) {
                if (!answer) return fail(failure);
                if (answer->kind == JsonRpcMessage::Kind::Error)
                    return fail(tr("The MCP server “%1” refused to start a session: %2")
                                    .arg(config_.name, answer->errorMessage));
                onInitialized(*answer);
            },
            false);
    });
    setState(State::Connecting);
    t->open();
}

void McpClient::stop() {
    failAll(tr("The MCP server “%1” was turned off.").arg(config_.name));
    if (transport_) {
        transport_->close();
        transport_->deleteLater();
        transport_ = nullptr;
    }
    tools_.clear();
    emit toolsChanged();
    setState(State::Stopped);
}

void McpClient::fail(const QString& sentence) {
    if (state_ == State::Failed || state_ == State::Stopped) return;
    lastError_ = sentence;
    qCWarning(lcMcp).noquote() << sentence;
    if (transport_) {
        transport_->close();
        transport_->deleteLater();
        transport_ = nullptr;
    }
    const bool hadTools = !tools_.isEmpty();
    tools_.clear();
    setState(State::Failed);
    failAll(sentence);
    if (hadTools) emit toolsChanged();
}

void McpClient::onInitialized(const JsonRpcMessage& answer) {
    const QJsonObject result = answer.result.toObject();
    protocolVersion_ = result.value(QLatin1String("protocolVersion")).toString();
    if (!supportedVersion(protocolVersion_))
        return fail(
            tr("The MCP server “%1” speaks protocol version “%2”; SmolDesk speaks 2025-06-18 and 2025-03-26.")
                .arg(config_.name, protocolVersion_));
    const QJsonObject info = result.value(QLatin1String("serverInfo")).toObject();
    serverName_ = info.value(QLatin1String("name")).toString();
    serverVersion_ = info.value(QLatin1String("version")).toString();
    instructions_ = result.value(QLatin1String("instructions")).toString();
    serverHasTools_ = result.value(QLatin1String("capabilities")).toObject().contains(QLatin1String("tools"));
    transport_->setProtocolVersion(protocolVersion_);
    transport_->send(encodeNotification(QStringLiteral("notifications/initialized")));
    qCInfo(lcMcp).noquote() << "MCP server" << config_.name << "is" << serverName_ << serverVersion_
                            << "protocol" << protocolVersion_;
    if (!serverHasTools_) {
        setState(State::Ready);
        emit toolsChanged();
        return;
    }
    listTools({}, {}, 0);
}

void McpClient::listTools(const QString& cursor, QList<McpTool> sofar, int page) {
    listing_ = true;
    QJsonObject params;
    if (!cursor.isEmpty()) params.insert(QStringLiteral("cursor"), cursor);
    request(
        QStringLiteral("tools/list"), params,
        [this, sofar = std::move(sofar), page](const JsonRpcMessage* answer, const QString& failure) mutable {
            listing_ = false;
            if (!answer || answer->kind == JsonRpcMessage::Kind::Error) {
                const QString why = answer ? tr("The MCP server “%1” could not list its tools: %2")
                                                 .arg(config_.name, answer->errorMessage)
                                           : failure;
                if (state_ == State::Connecting) return fail(why);
                lastError_ = why; // a failed refresh keeps the tools known so far
                qCWarning(lcMcp).noquote() << why;
                return;
            }
            const QJsonObject result = answer->result.toObject();
            for (const QJsonValue& v : result.value(QLatin1String("tools")).toArray()) {
                McpTool t;
                QString why;
                if (readTool(v.toObject(), t, &why))
                    sofar.append(t);
                else
                    qCWarning(lcMcp).noquote() << config_.name << "listed" << why;
            }
            const QString next = result.value(QLatin1String("nextCursor")).toString();
            if (!next.isEmpty() && page + 1 < kMaxToolPages)
                return listTools(next, std::move(sofar), page + 1);
            tools_ = std::move(sofar);
            setState(State::Ready);
            emit toolsChanged();
            if (relistWanted_) {
                relistWanted_ = false;
                listTools({}, {}, 0);
            }
        });
}

qint64 McpClient::request(const QString& method, const QJsonObject& params, Handler handler,
                          bool cancellable) {
    const qint64 id = nextId_++;
    Pending p;
    p.method = method;
    p.handler = std::move(handler);
    p.cancellable = cancellable;
    p.timer = new QTimer(this);
    p.timer->setSingleShot(true);
    connect(p.timer, &QTimer::timeout, this, [this, id] {
        auto it = pending_.find(id);
        if (it == pending_.end()) return;
        QString sentence = tr("The MCP server “%1” did not answer %2 within its %3-second limit.")
                               .arg(config_.name, it->method)
                               .arg(config_.timeoutMs / 1000.0);
        if (!lastMalformed_.isEmpty())
            sentence += QLatin1Char(' ') +
                        tr("It sent something that is not an MCP message: “%1”.").arg(lastMalformed_);
        if (it->cancellable && transport_) {
            transport_->send(
                encodeNotification(QStringLiteral("notifications/cancelled"),
                                   QJsonObject{{QStringLiteral("requestId"), id},
                                               {QStringLiteral("reason"), QStringLiteral("timeout")}}));
            transport_->abandon(id);
        }
        finish(id, nullptr, sentence);
    });
    p.timer->start(config_.timeoutMs);
    pending_.insert(id, std::move(p));
    if (transport_) transport_->send(encodeRequest(id, method, params), id);
    return id;
}

void McpClient::finish(qint64 id, const JsonRpcMessage* answer, const QString& failure) {
    auto it = pending_.find(id);
    if (it == pending_.end()) return;
    Pending p = std::move(*it);
    pending_.erase(it);
    delete p.timer;
    if (p.handler) p.handler(answer, failure);
}

void McpClient::failAll(const QString& sentence) {
    const auto ids = pending_.keys();
    for (qint64 id : ids) finish(id, nullptr, sentence);
}

void McpClient::onMessage(const QByteArray& json) {
    const ParsedMessages parsed = parseJsonRpc(json);
    if (!parsed.error.isEmpty()) {
        lastMalformed_ = excerpt(json);
        const QString sentence =
            tr("The MCP server “%1” sent something that is not an MCP message (%2): “%3”.")
                .arg(config_.name, parsed.error, lastMalformed_);
        // Before the session exists, garbage means the program is not an MCP server at all.
        if (state_ == State::Connecting && parsed.messages.isEmpty()) return fail(sentence);
        qCWarning(lcMcp).noquote() << sentence;
    }
    for (const JsonRpcMessage& m : parsed.messages) {
        switch (m.kind) {
        case JsonRpcMessage::Kind::Result:
        case JsonRpcMessage::Kind::Error: {
            const qint64 id =
                m.id.isDouble() ? static_cast<qint64>(m.id.toDouble()) : m.id.toString().toLongLong();
            if (m.kind == JsonRpcMessage::Kind::Error && m.id.isNull())
                qCWarning(lcMcp).noquote() << config_.name << "reported an error:" << m.errorMessage;
            else
                finish(id, &m, {});
            break;
        }
        case JsonRpcMessage::Kind::Request:
            onServerRequest(m);
            break;
        case JsonRpcMessage::Kind::Notification:
            onNotification(m);
            break;
        }
        if (!transport_) return; // a handler ended the session
    }
}

void McpClient::onServerRequest(const JsonRpcMessage& m) {
    if (m.method == QLatin1String("ping")) {
        transport_->send(encodeResult(m.id, {}));
        return;
    }
    // Roots, sampling and elicitation were not offered in initialize.
    transport_->send(
        encodeError(m.id, kMethodNotFound, QStringLiteral("SmolDesk does not offer %1").arg(m.method)));
}

void McpClient::onNotification(const JsonRpcMessage& m) {
    if (m.method == QLatin1String("notifications/tools/list_changed")) {
        qCInfo(lcMcp).noquote() << "MCP server" << config_.name << "changed its tools";
        if (state_ != State::Ready && state_ != State::Connecting) return;
        if (listing_)
            relistWanted_ = true;
        else if (serverHasTools_ || state_ == State::Ready)
            listTools({}, {}, 0);
    } else if (m.method == QLatin1String("notifications/message")) {
        qCInfo(lcMcp).noquote() << config_.name + QStringLiteral(" (log):")
                                << m.params.value(QLatin1String("data")).toVariant().toString().left(2000);
    } else if (m.method == QLatin1String("notifications/cancelled")) {
        // The server gave up a request of ours: end it now rather than at its timer.
        const QJsonValue rid = m.params.value(QLatin1String("requestId"));
        const qint64 id = rid.isDouble() ? static_cast<qint64>(rid.toDouble()) : rid.toString().toLongLong();
        if (pending_.contains(id))
            finish(id, nullptr,
                   tr("The MCP server “%1” cancelled the request: %2")
                       .arg(config_.name, m.params.value(QLatin1String("reason")).toString()));
    }
    // Progress and other notifications need nothing from the client.
}

void McpClient::postCallFailure(qint64 id, const QString& sentence) {
    QTimer::singleShot(0, this, [this, id, sentence] {
        McpToolResult r;
        r.failure = sentence;
        emit callFinished(id, r);
    });
}

qint64 McpClient::callTool(const QString& name, const QJsonObject& arguments) {
    if (state_ != State::Ready || !transport_) {
        const qint64 id = nextId_++;
        postCallFailure(id, lastError_.isEmpty()
                                ? tr("The MCP server “%1” is not connected.").arg(config_.name)
                                : lastError_);
        return id;
    }
    const QJsonObject params{{QStringLiteral("name"), name}, {QStringLiteral("arguments"), arguments}};
    const qint64 id = nextId_; // the id request() is about to use
    request(QStringLiteral("tools/call"), params,
            [this, id, name](const JsonRpcMessage* answer, const QString& failure) {
                McpToolResult r;
                if (!answer)
                    r.failure = failure;
                else if (answer->kind == JsonRpcMessage::Kind::Error)
                    r.failure = tr("The MCP server “%1” could not run “%2”: %3")
                                    .arg(config_.name, name, answer->errorMessage);
                else
                    r = readToolResult(answer->result.toObject());
                emit callFinished(id, r);
            });
    return id;
}

void McpClient::cancelCall(qint64 callId) {
    auto it = pending_.find(callId);
    if (it == pending_.end()) return;
    if (transport_) {
        transport_->send(encodeNotification(
            QStringLiteral("notifications/cancelled"),
            QJsonObject{{QStringLiteral("requestId"), callId},
                        {QStringLiteral("reason"), QStringLiteral("stopped by the user")}}));
        transport_->abandon(callId);
    }
    Pending p = std::move(*it);
    pending_.erase(it);
    delete p.timer;
    McpToolResult r;
    r.cancelled = true;
    r.failure = tr("The call was stopped.");
    emit callFinished(callId, r);
}

qint64 McpClient::ping() {
    qint64 id = nextId_;
    request(QStringLiteral("ping"), {}, [this, id](const JsonRpcMessage* answer, const QString& failure) {
        emit pingFinished(
            id, answer ? (answer->kind == JsonRpcMessage::Kind::Error ? answer->errorMessage : QString())
                       : failure);
    });
    return id;
}

} // namespace smoldesk::mcp
