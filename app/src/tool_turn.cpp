#include "tool_turn.h"

#include "mcp_client.h"
#include "tool_servers.h"

#include "grounding/document_tools.h"

#include <QJsonDocument>
#include <QRegularExpression>
#include <QSet>

namespace smoldesk::app {

using mcp::McpClient;

ToolTurn::ToolTurn(ToolServers* servers, const QStringList& chatServers, int maxRounds, QObject* parent)
    : QObject(parent), servers_(servers), maxRounds_(std::max(1, maxRounds)) {
    if (servers) offered_ = mcp::offeredTools(servers->readyTools(chatServers));
    if (servers) connect(servers, &ToolServers::toolsChanged, this, &ToolTurn::settleWithdrawnCalls);
}

bool ToolTurn::withdrawn(const Card& c) const {
    if (c.server == QLatin1String(kDocumentsServer)) return false;
    const McpClient* client = servers_ ? servers_->client(c.server) : nullptr;
    if (!client || client->state() != McpClient::State::Ready) return false; // not known (yet): ask at Allow
    for (const mcp::McpTool& t : client->tools())
        if (t.name == c.tool) return false;
    return true;
}

QString ToolTurn::withdrawnSentence(const Card& c) const {
    return tr("The tool server “%1” no longer offers “%2”; the call was not run.").arg(c.server, c.tool);
}

void ToolTurn::settleWithdrawnCalls() {
    // Found first, settled after: the last settle may finish the round, and what that starts must
    // not meet a loop still walking the cards.
    std::vector<std::pair<int, QString>> gone;
    for (int i = 0; i < int(cards_.size()); ++i)
        if (cards_[size_t(i)].state == CardState::Waiting && withdrawn(cards_[size_t(i)]))
            gone.emplace_back(i, withdrawnSentence(cards_[size_t(i)]));
    const int round = round_;
    for (const auto& [card, sentence] : gone)
        if (round == round_ && card < int(cards_.size()) && cards_[size_t(card)].state == CardState::Waiting)
            settle(card, CardState::Failed, sentence);
}

const OfferedTool* ToolTurn::find(const QString& name) const {
    for (const OfferedTool& o : offered_)
        if (o.name == name) return &o;
    return nullptr;
}

void ToolTurn::offerDocumentTools(DocumentRunner runner) {
    documentRunner_ = std::move(runner);
    // The definitions are core's (the CLI and the app offer the same two tools).
    const QJsonArray tools =
        QJsonDocument::fromJson(QByteArray::fromStdString(grounding::DocumentTools::toolsJson())).array();
    for (const QJsonValue& v : tools) {
        const QJsonObject f = v.toObject().value(QLatin1String("function")).toObject();
        const QString name = f.value(QLatin1String("name")).toString();
        std::erase_if(offered_, [&](const OfferedTool& o) { return o.name == name; });
        offered_.push_back({name, QString::fromLatin1(kDocumentsServer), name,
                            f.value(QLatin1String("description")).toString(),
                            f.value(QLatin1String("parameters")).toObject()});
    }
}

void ToolTurn::runDocumentCall(int card) {
    cards_[size_t(card)].state = CardState::Running;
    emit cardChanged(card);
    documentQueue_.push_back(card);
    startNextDocumentCall();
}

// One call at a time, so that each one's passages are numbered after those of the call before.
void ToolTurn::startNextDocumentCall() {
    static qint64 lastCallId = 0; // unique across turns: a late answer never settles a newer card
    while (documentInFlight_ < 0 && !documentQueue_.empty()) {
        const int card = documentQueue_.front();
        documentQueue_.pop_front();
        if (card >= int(cards_.size()) || cards_[size_t(card)].state != CardState::Running) continue;
        Card& c = cards_[size_t(card)];
        c.callId = ++lastCallId;
        documentInFlight_ = c.callId;
        const ToolCallInfo call{QString(), c.name,
                                QString::fromUtf8(QJsonDocument(c.arguments).toJson(QJsonDocument::Compact))};
        documentRunner_(c.callId, call, nextDocumentNumber_);
    }
}

void ToolTurn::documentCallFinished(qint64 callId, const QString& text,
                                    const QList<DocumentSource>& sources) {
    if (callId != documentInFlight_) return;
    documentInFlight_ = -1;
    for (int i = 0; i < int(cards_.size()); ++i) {
        Card& c = cards_[size_t(i)];
        if (c.callId != callId || c.server != QLatin1String(kDocumentsServer) ||
            c.state != CardState::Running)
            continue;
        c.sources = sources;
        documentSources_ += sources;
        nextDocumentNumber_ += int(sources.size());
        settle(i, CardState::Done, text);
        break;
    }
    startNextDocumentCall();
}

QString ToolTurn::roundLimitSentence() const {
    return tr("The model asked for more tools after %1 rounds, the limit set in Settings ▸ Tools; it was "
              "stopped.")
        .arg(maxRounds_);
}

namespace {
QString cardStateName(ToolTurn::CardState s) {
    switch (s) {
    case ToolTurn::CardState::Waiting:
        return QStringLiteral("waiting");
    case ToolTurn::CardState::Running:
        return QStringLiteral("running");
    case ToolTurn::CardState::Done:
        return QStringLiteral("done");
    case ToolTurn::CardState::Failed:
        return QStringLiteral("failed");
    case ToolTurn::CardState::Denied:
        return QStringLiteral("denied");
    case ToolTurn::CardState::Stopped:
        return QStringLiteral("stopped");
    }
    return QStringLiteral("failed");
}
} // namespace

bool ToolTurn::beginStreamedRound() {
    std::vector<chat::ToolCall> calls;
    for (const ToolCallInfo& c : streamedCalls_)
        calls.push_back({c.id.toStdString(), c.name.toStdString(), c.arguments.toStdString()});
    cardRows_.clear();
    beginning_ = true;
    const bool started = beginRound(calls);
    beginning_ = false;
    return started;
}

QString ToolTurn::cardJson(int card) const {
    const Card& c = cards_[size_t(card)];
    const QString callId = card < streamedCalls_.size() ? streamedCalls_.at(card).id : QString();
    QJsonObject json{{"callId", callId},
                     {"name", c.name},
                     {"server", c.server},
                     {"tool", c.tool},
                     {"arguments", c.argumentsJson},
                     {"state", cardStateName(c.state)}};
    int omitted = 0;
    if (const QJsonArray images = toolResultImages(c.result, &omitted); !images.isEmpty())
        json.insert("images", images);
    if (omitted > 0) json.insert("imagesOmitted", omitted);
    if (c.server == QLatin1String(kDocumentsServer)) json.insert("documents", true);
    if (!c.sources.isEmpty()) json.insert("sources", sourcesJson(c.sources));
    return QString::fromUtf8(QJsonDocument(json).toJson(QJsonDocument::Compact));
}

void ToolTurn::stopByUser() {
    stoppedByUser_ = true;
    for (int i = 0; i < int(cards_.size()); ++i) stop(i);
}

bool ToolTurn::beginRound(const std::vector<chat::ToolCall>& calls) {
    if (round_ >= maxRounds_) return false;
    ++round_;
    cards_.clear();
    documentQueue_.clear();
    announced_ = false;
    for (const chat::ToolCall& call : calls) {
        Card card;
        card.name = QString::fromStdString(call.name);
        QJsonParseError error;
        const QJsonDocument doc = QJsonDocument::fromJson(QByteArray::fromStdString(call.arguments), &error);
        card.arguments = doc.object();
        card.argumentsJson = doc.isObject() ? QString::fromUtf8(doc.toJson(QJsonDocument::Indented)).trimmed()
                                            : QString::fromStdString(call.arguments);
        if (const OfferedTool* o = find(card.name)) {
            card.server = o->server;
            card.tool = o->tool;
        }
        cards_.push_back(std::move(card));
    }
    for (int i = 0; i < int(cards_.size()); ++i) {
        Card& c = cards_[size_t(i)];
        if (c.server.isEmpty())
            settle(i, CardState::Failed, tr("There is no tool named “%1” in this chat.").arg(c.name));
        else if (!c.argumentsJson.isEmpty() && !QJsonDocument::fromJson(c.argumentsJson.toUtf8()).isObject())
            settle(i, CardState::Failed, tr("The arguments of “%1” are not a JSON object.").arg(c.name));
        else if (servers_ && servers_->isAlwaysAllowed(c.server, c.tool))
            run(i);
    }
    checkFinished();
    return true;
}

void ToolTurn::allowOnce(int card) {
    if (card < 0 || card >= int(cards_.size()) || cards_[size_t(card)].state != CardState::Waiting) return;
    run(card);
}

void ToolTurn::allowAlways(int card) {
    if (card < 0 || card >= int(cards_.size()) || cards_[size_t(card)].state != CardState::Waiting) return;
    const Card& c = cards_[size_t(card)];
    if (servers_) servers_->setAlwaysAllowed(c.server, c.tool, true);
    run(card);
}

void ToolTurn::deny(int card) {
    if (card < 0 || card >= int(cards_.size()) || cards_[size_t(card)].state != CardState::Waiting) return;
    settle(card, CardState::Denied, tr("The user denied this call of %1.").arg(cards_[size_t(card)].name));
}

void ToolTurn::stop(int card) {
    if (card < 0 || card >= int(cards_.size())) return;
    Card& c = cards_[size_t(card)];
    if (c.state == CardState::Waiting) return deny(card);
    if (c.state != CardState::Running) return;
    McpClient* client =
        servers_ && c.server != QLatin1String(kDocumentsServer) ? servers_->client(c.server) : nullptr;
    if (client) client->cancelCall(c.callId); // callFinished (cancelled) settles it
    if (c.state == CardState::Running) settle(card, CardState::Stopped, tr("The user stopped this call."));
}

void ToolTurn::run(int card) {
    Card& c = cards_[size_t(card)];
    if (c.server == QLatin1String(kDocumentsServer) && documentRunner_) return runDocumentCall(card);
    McpClient* client = servers_ ? servers_->client(c.server) : nullptr;
    if (!client) return settle(card, CardState::Failed, tr("The tool server “%1” is off.").arg(c.server));
    if (withdrawn(c)) return settle(card, CardState::Failed, withdrawnSentence(c));
    c.state = CardState::Running;
    emit cardChanged(card);
    // One connection per call: the card's index stays valid for this round only.
    const int round = round_;
    auto* context = new QObject(this);
    connect(client, &McpClient::callFinished, context,
            [this, card, round, context](qint64 id, const mcp::McpToolResult& r) {
                if (round != round_ || card >= int(cards_.size()) || cards_[size_t(card)].callId != id)
                    return;
                context->deleteLater();
                Card& c = cards_[size_t(card)];
                if (c.state != CardState::Running) return;
                c.result = r;
                if (r.cancelled)
                    settle(card, CardState::Stopped, tr("The user stopped this call."));
                else if (!r.completed())
                    settle(card, CardState::Failed, r.failure);
                else
                    settle(card, r.isError ? CardState::Failed : CardState::Done, toolResultForModel(r));
            });
    c.callId = client->callTool(c.tool, c.arguments);
}

void ToolTurn::settle(int card, CardState state, const QString& text) {
    Card& c = cards_[size_t(card)];
    c.state = state;
    c.resultText = text;
    emit cardChanged(card);
    checkFinished();
}

bool ToolTurn::finished() const {
    for (const Card& c : cards_)
        if (c.state == CardState::Waiting || c.state == CardState::Running) return false;
    return true;
}

void ToolTurn::checkFinished() {
    if (announced_ || !finished()) return;
    announced_ = true;
    emit roundFinished();
}

QVariantList ToolTurn::toolMessages() const {
    QVariantList out;
    for (const Card& c : cards_)
        out.append(QVariantMap{{QStringLiteral("name"), c.name}, {QStringLiteral("content"), c.resultText}});
    return out;
}

QString toolResultForModel(const mcp::McpToolResult& result, int limit) {
    QString text = result.text();
    if (text.size() > limit)
        text =
            text.left(limit) + QStringLiteral("\n[… %1 more characters not shown]").arg(text.size() - limit);
    return text;
}

QJsonArray toolResultImages(const mcp::McpToolResult& result, int* omitted, qsizetype maxBytes) {
    static const QRegularExpression mime(QStringLiteral("^image/[A-Za-z0-9.+-]{1,64}$"));
    static const QRegularExpression base64(QStringLiteral("^[A-Za-z0-9+/]+={0,2}$"));
    QJsonArray images;
    qsizetype kept = 0;
    int dropped = 0;
    for (const mcp::McpContent& part : result.content) {
        if (part.type != mcp::McpContent::Type::Image) continue;
        const QString data = QString::fromLatin1(part.data).trimmed();
        if (!mime.match(part.mimeType).hasMatch() || !base64.match(data).hasMatch() ||
            kept + data.size() > maxBytes) {
            ++dropped;
            continue;
        }
        images.append(
            QJsonObject{{QStringLiteral("mimeType"), part.mimeType}, {QStringLiteral("data"), data}});
        kept += data.size();
    }
    if (omitted) *omitted = dropped;
    return images;
}

} // namespace smoldesk::app
