#include "chat_controller.h"

#include "answer_stats.h"
#include "app_settings.h"
#include "conversation_list_model.h"
#include "conversation_store.h"
#include "exporter.h"
#include "message_list_model.h"
#include "model_manager.h"
#include "model_source.h"
#include "tool_servers.h"
#include "tool_turn.h"
#include "worker/error_text.h"

#include <QClipboard>
#include <QDir>
#include <QFileInfo>
#include <QGuiApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>
#include <QLoggingCategory>
#include <QStandardPaths>

Q_LOGGING_CATEGORY(lcChat, "smoldesk.chat")

namespace smoldesk::app {
namespace {
constexpr int kFlushMs = 30;           // streamed text reaches the view at most once per frame or two
constexpr int kPersistMs = 500;        // and the database at most twice a second (a kill loses less)
constexpr int kAnswerReserve = 16;     // as ModelWorker: a prompt must leave this much room to answer
constexpr int kDropTargetPercent = 75; // dropOldestTurns() leaves room for a few more turns

QJsonObject toolObject(const MessageRecord& m) {
    return m.toolJson.isEmpty() ? QJsonObject() : QJsonDocument::fromJson(m.toolJson.toUtf8()).object();
}

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

ChatController::ChatController(ModelManager* model, AppSettings* settings, const QString& databasePath,
                               QObject* parent)
    : QObject(parent), model_(model), settings_(settings), conversations_(new ConversationListModel(this)),
      messages_(new MessageListModel(this)), store_(new ConversationStore) {
    ConversationStore::registerTypes();
    registerEngineTypes();
    storeThread_.setObjectName(QStringLiteral("ConversationStore"));
    store_->moveToThread(&storeThread_);
    connect(&storeThread_, &QThread::finished, store_, &QObject::deleteLater);
    connect(store_, &ConversationStore::conversationsLoaded, this, &ChatController::onConversationsLoaded);
    connect(store_, &ConversationStore::messagesLoaded, this, &ChatController::onMessagesLoaded);
    connect(store_, &ConversationStore::opened, this, [this](bool ok, const QString& error) {
        if (!ok) setError(tr("The conversation database cannot be opened: %1").arg(error));
    });
    connect(store_, &ConversationStore::writeFailed, this,
            [](const QString& error) { qCWarning(lcChat) << "store write failed:" << error; });
    connect(store_, &ConversationStore::searchFinished, this,
            [this](quint64 token, const QList<qint64>& ids) {
                if (token != searchToken_ || searchText_.isEmpty()) return;
                conversations_->setFilter(QSet<qint64>(ids.begin(), ids.end()));
            });
    storeThread_.start();

    // Every source's results: request ids are this controller's, so only the answer that runs
    // (activeId_) or the latest measurement (measureId_) is taken, whichever source sent it.
    for (ModelSource* source : model_->sources()) {
        connect(source, &ModelSource::delta, this, &ChatController::onDelta);
        connect(source, &ModelSource::thoughtFinished, this, &ChatController::onThoughtFinished);
        connect(source, &ModelSource::promptReady, this, &ChatController::onPromptReady);
        connect(source, &ModelSource::promptProgress, this,
                [this](quint64 id, int done, int total, double tps) {
                    if (id == activeId_ && total > 0) setPromptProgress(double(done) / total, tps);
                });
        connect(source, &ModelSource::finished, this, &ChatController::onFinished);
        connect(source, &ModelSource::failed, this, &ChatController::onFailed);
        connect(source, &ModelSource::contextOverflow, this, &ChatController::onOverflow);
        connect(source, &ModelSource::tokensCounted, this, &ChatController::onTokensCounted);
        connect(source, &ModelSource::toolCall, this, &ChatController::onToolCall);
        connect(source, &ModelSource::toolLeftOut, this,
                [this](quint64, const QString& name, const QString& why) {
                    if (toolsNamedLeftOut_.contains(name)) return;
                    toolsNamedLeftOut_.insert(name);
                    toolNotice_ =
                        tr("The tool “%1” is left out of your chats: its parameters cannot be held to their "
                           "schema (%2)")
                            .arg(name, why);
                    emit toolNoticeChanged();
                });
        // E.g. the engine answers again on the CPU after a GPU fault: the answer starts over.
        connect(source, &ModelSource::answerRestarted, this, [this](quint64 id) {
            if (id != activeId_ || activeRow_ < 0) return;
            flushTimer_.stop();
            pendingThought_.clear();
            pendingAnswer_.clear();
            messages_->setContent(activeRow_, QString());
            messages_->setThought(activeRow_, QString());
            messages_->setThinking(activeRow_, false, 0.0);
            persistActive();
        });
    }
    // Another model has another context size and tokenizer: measure the conversation again.
    connect(model_, &ModelManager::modelChanged, this, [this] {
        clearRequestError(); // another model (or endpoint) answers the next request
        emit contextChanged();
        measureContext();
        // The speed of another model (or of none) is not this one's.
        if (tokensPerSecond_ != 0.0) {
            tokensPerSecond_ = 0.0;
            emit statsChanged();
        }
        // An empty chat takes the new model's Think default.
        if (current_.id == 0 && messages_->count() == 0 && current_.thinking != settings_->thinkByDefault()) {
            current_.thinking = settings_->thinkByDefault();
            emit currentChanged();
        }
    });

    flushTimer_.setSingleShot(true);
    flushTimer_.setInterval(kFlushMs);
    connect(&flushTimer_, &QTimer::timeout, this, &ChatController::flushPending);
    persistTimer_.setSingleShot(true);
    persistTimer_.setInterval(kPersistMs);
    connect(&persistTimer_, &QTimer::timeout, this, &ChatController::persistActive);
    connect(this, &ChatController::generatingChanged, this, &ChatController::canRegenerateChanged);
    connect(messages_, &MessageListModel::countChanged, this, &ChatController::canRegenerateChanged);
    connect(model_, &ModelManager::stateChanged, this, &ChatController::canRegenerateChanged);
    // Issue 39, defect 13: an answer still streaming when another model starts loading ran to its
    // limit under "Loading… 0 %", the load queued behind it on the worker. It stops (and keeps
    // what it has) instead; a prompt held for the model stays held for the new one.
    connect(model_, &ModelManager::stateChanged, this, [this] {
        if (model_->state() == ModelManager::State::Loading && activeId_ != 0) stop();
    });
    connect(model_, &ModelManager::modelLoaded, this, &ChatController::onLoadEnded);
    connect(model_, &ModelManager::loadFailed, this, &ChatController::onLoadEnded);

    QMetaObject::invokeMethod(
        store_,
        [s = store_, databasePath] {
            s->open(databasePath);
            s->loadConversations();
        },
        Qt::QueuedConnection);
}

ChatController::~ChatController() {
    if (activeId_) {
        if (activeSource_) activeSource_->stop(activeId_);
        finishActive();
    }
    flushStore();
    storeThread_.quit();
    storeThread_.wait();
}

void ChatController::flushStore() {
    if (!storeThread_.isRunning()) return;
    QMetaObject::invokeMethod(
        store_, [] {}, Qt::BlockingQueuedConnection);
}

int ChatController::contextTotal() const {
    return model_->contextSize();
}

int ChatController::contextUsed() const {
    return contextTotal() > 0 ? std::min(contextUsed_, contextTotal()) : contextUsed_;
}

bool ChatController::contextWarning() const {
    return contextTotal() > 0 && contextUsed_ * 10 >= contextTotal() * 9;
}

bool ChatController::contextFull() const {
    return contextTotal() > 0 && contextUsed_ > 0 && contextUsed_ + kAnswerReserve > contextTotal();
}

bool ChatController::canRegenerate() const {
    const int last = messages_->count() - 1;
    return !generating() && last >= 0 && messages_->at(last).role != QLatin1String("user") &&
           messages_->at(last).role != QLatin1String("system") &&
           model_->state() == ModelManager::State::Ready;
}

bool ChatController::canRetry() const {
    const int last = messages_->count() - 1;
    return !generating() && !overflowOpen_ && last >= 0 &&
           messages_->at(last).role == QLatin1String("user") && model_->state() == ModelManager::State::Ready;
}

bool ChatController::canDropOldestTurns() const {
    int first = 0, next = 0;
    return oldestDroppableTurn(&first, &next);
}

QList<ChatTurn> ChatController::promptTurns() const {
    QList<ChatTurn> turns;
    if (!current_.systemPrompt.trimmed().isEmpty())
        turns.append({QStringLiteral("system"), current_.systemPrompt.trimmed()});
    for (const MessageRecord& m : messages_->messages()) {
        if (!m.inContext || m.role == QLatin1String("system")) continue;
        ChatTurn t{m.role, m.content};
        const QJsonObject tool = toolObject(m);
        if (m.role == QLatin1String("assistant")) {
            for (const QJsonValue c : tool.value(QLatin1String("calls")).toArray()) {
                const QJsonObject o = c.toObject();
                t.toolCalls.append({o.value(QLatin1String("id")).toString(),
                                    o.value(QLatin1String("name")).toString(),
                                    o.value(QLatin1String("arguments")).toString()});
            }
            t.contentIsNull = !t.toolCalls.isEmpty() && m.content.isEmpty();
        } else if (m.role == QLatin1String("tool")) {
            t.toolCallId = tool.value(QLatin1String("callId")).toString();
            t.name = tool.value(QLatin1String("name")).toString();
            // A card the app left before it settled (quit, crash): the model learns it never ran.
            if (t.content.isEmpty()) t.content = tr("The call was interrupted before it ran.");
        }
        turns.append(t);
    }
    return turns;
}

void ChatController::measureContext() {
    const quint64 id = ++measureId_;
    if (messages_->count() == 0 || model_->state() != ModelManager::State::Ready) {
        dropping_ = false;
        setContext(0);
        return;
    }
    model_->source()->countTokens(id, promptTurns(), current_.thinking, offeredToolsJson());
}

void ChatController::onTokensCounted(quint64 id, int tokens, int) {
    if (id != measureId_ || activeId_) return; // a newer measurement, or a generation reports itself
    setContext(std::max(0, tokens));
    if (!dropping_) return;
    if (contextUsed_ * 100 > contextTotal() * kDropTargetPercent && dropOldestTurn()) {
        measureContext();
        return;
    }
    dropping_ = false;
}

void ChatController::dropOldestTurns() {
    if (activeId_ || !dropOldestTurn()) return;
    dropping_ = true;
    measureContext();
}

void ChatController::setContext(int used) {
    if (used == contextUsed_) return;
    contextUsed_ = used;
    emit contextChanged();
}

void ChatController::setRequestError(const QString& text) {
    setError(text);
    requestError_ = !text.isEmpty();
}

void ChatController::clearRequestError() {
    if (requestError_) setError({});
}

void ChatController::setError(const QString& text) {
    requestError_ = false;
    if (text == errorText_) return;
    errorText_ = text;
    if (!text.isEmpty()) qCWarning(lcChat) << text;
    emit errorChanged();
}

void ChatController::clearError() {
    setError({});
}

void ChatController::setToolServers(ToolServers* servers) {
    tools_ = servers;
    // Tool definitions take context (13 tools of one server: ~4,700 tokens): the meter follows them.
    if (tools_) connect(tools_, &ToolServers::toolsChanged, this, &ChatController::measureContext);
}

void ChatController::clearToolNotice() {
    if (toolNotice_.isEmpty()) return;
    toolNotice_.clear();
    emit toolNoticeChanged();
}

QString ChatController::offeredToolsJson() const {
    // The chat's servers as they are now, as the next turn will find them (the last turn's may differ).
    const QStringList servers = tools_ ? tools_->chatServers(toolChatKey()) : QStringList();
    if (servers.isEmpty()) return {};
    const std::vector<mcp::OfferedTool> offered = mcp::offeredTools(tools_->readyTools(servers));
    return offered.empty() ? QString() : mcp::openAiToolsJson(offered);
}

QString ChatController::titleFromPrompt(const QString& prompt) {
    QString t = prompt.simplified();
    if (t.size() > 60) t = t.left(57).trimmed() + QStringLiteral("…");
    return t.isEmpty() ? tr("New chat") : t;
}

void ChatController::setThinkingEnabled(bool on) {
    if (current_.id == 0) {
        current_.thinking = on;
        emit currentChanged();
        return;
    }
    if (current_.thinking == on) return;
    current_.thinking = on;
    QMetaObject::invokeMethod(
        store_, [s = store_, c = current_] { s->saveConversation(c); }, Qt::QueuedConnection);
    conversations_->upsert(current_);
    emit currentChanged();
}

void ChatController::setSystemPrompt(const QString& prompt) {
    if (current_.systemPrompt == prompt) return;
    current_.systemPrompt = prompt;
    if (current_.id != 0) {
        QMetaObject::invokeMethod(
            store_, [s = store_, c = current_] { s->saveConversation(c); }, Qt::QueuedConnection);
        conversations_->upsert(current_);
    }
    emit currentChanged();
}

void ChatController::setSearchText(const QString& text) {
    if (text == searchText_) return;
    searchText_ = text;
    emit searchTextChanged();
    const quint64 token = ++searchToken_;
    if (text.trimmed().isEmpty()) {
        conversations_->setFilter(std::nullopt);
        return;
    }
    QMetaObject::invokeMethod(
        store_, [s = store_, token, t = text.trimmed()] { s->search(token, t); }, Qt::QueuedConnection);
}

void ChatController::newConversation() {
    if (generating()) stop();
    finishActive();
    current_ = ConversationRecord{};
    // The model's default, not whatever the previous chat had.
    current_.thinking = settings_->thinkByDefault();
    current_.systemPrompt = settings_->defaultSystemPrompt();
    messages_->clear();
    tree_.clear();
    ++measureId_;
    dropping_ = false;
    overflowOpen_ = false;
    setContext(0);
    clearError();
    emit currentChanged();
    openInSources(0);
}

void ChatController::selectConversation(qint64 id) {
    if (id == current_.id) return;
    const ConversationRecord* c = conversations_->find(id);
    if (!c) return;
    if (generating()) stop();
    finishActive();
    current_ = *c;
    messages_->clear();
    tree_.clear();
    ++measureId_;
    dropping_ = false;
    overflowOpen_ = false;
    setContext(0);
    clearError();
    emit currentChanged();
    QMetaObject::invokeMethod(
        store_, [s = store_, id] { s->loadMessages(id); }, Qt::QueuedConnection);
    openInSources(id);
}

void ChatController::openInSources(qint64 id) {
    // Every source learns which chat is open (the engine keeps a KV cache per chat), so that
    // switching sources later finds each one up to date.
    for (ModelSource* source : model_->sources()) source->openConversation(id);
}

void ChatController::renameConversation(qint64 id, const QString& title) {
    const ConversationRecord* c = conversations_->find(id);
    if (!c || title.trimmed().isEmpty()) return;
    ConversationRecord r = *c;
    r.title = title.trimmed();
    conversations_->upsert(r);
    if (id == current_.id) {
        current_.title = r.title;
        emit currentChanged();
    }
    QMetaObject::invokeMethod(
        store_, [s = store_, r] { s->saveConversation(r); }, Qt::QueuedConnection);
}

void ChatController::deleteConversation(qint64 id) {
    if (id == current_.id) newConversation();
    conversations_->remove(id);
    QMetaObject::invokeMethod(
        store_, [s = store_, id] { s->deleteConversation(id); }, Qt::QueuedConnection);
    for (ModelSource* source : model_->sources()) source->forgetConversation(id);
}

void ChatController::onConversationsLoaded(const QList<ConversationRecord>& all) {
    conversations_->setConversations(all);
    emit conversationsReady();
    if (current_.id == 0 && messages_->count() == 0 && !all.isEmpty())
        selectConversation(conversations_->idAt(0));
}

void ChatController::onMessagesLoaded(qint64 id, const QList<MessageRecord>& messages) {
    if (id != current_.id) return;
    // A card that waited or ran when the app ended cannot be answered any more.
    QList<MessageRecord> rows = messages;
    for (MessageRecord& m : rows) {
        if (m.role != QLatin1String("tool")) continue;
        QJsonObject tool = toolObject(m);
        const QString state = tool.value(QLatin1String("state")).toString();
        if (state != QLatin1String("waiting") && state != QLatin1String("running")) continue;
        tool.insert(QStringLiteral("state"), QStringLiteral("interrupted"));
        m.toolJson = QString::fromUtf8(QJsonDocument(tool).toJson(QJsonDocument::Compact));
    }
    tree_.setMessages(rows);
    messages_->setMessages(tree_.path()); // the branch the user chose last
    refreshAlternatives(0);
    measureContext(); // a reopened chat shows its real size, not 0
    emit messagesReady();
}

void ChatController::touchConversation() {
    current_.updated = QDateTime::currentDateTime();
    conversations_->upsert(current_);
    QMetaObject::invokeMethod(
        store_, [s = store_, c = current_] { s->saveConversation(c); }, Qt::QueuedConnection);
}

void ChatController::saveRow(int row) {
    if (row < 0 || row >= messages_->count()) return;
    const bool added = tree_.upsert(messages_->at(row));
    QMetaObject::invokeMethod(
        store_, [s = store_, m = messages_->at(row)] { s->saveMessage(m); }, Qt::QueuedConnection);
    if (!added) return;
    // A new alternative is the one shown: its siblings are not any more.
    const MessageRecord* m = tree_.find(messages_->at(row).id);
    QMetaObject::invokeMethod(
        store_, [s = store_, c = current_.id, p = m->parentId, id = m->id] { s->selectMessage(c, p, id); },
        Qt::QueuedConnection);
    refreshAlternatives(row);
}

void ChatController::refreshAlternatives(int from) {
    for (int r = std::max(0, from); r < messages_->count(); ++r) {
        const qint64 id = messages_->at(r).id;
        messages_->setAlternatives(r, std::max(1, tree_.alternativeIndex(id)),
                                   std::max(1, tree_.alternativeCount(id)));
    }
}

bool ChatController::send(const QString& text) {
    const QString prompt = text.trimmed();
    if (prompt.isEmpty() || generating()) return false;
    overflowOpen_ = false; // a question left open is answered by the new prompt
    // While a model loads the prompt is shown and held; the answer starts when the load ends.
    const bool loading = model_->state() == ModelManager::State::Loading;
    if (model_->state() != ModelManager::State::Ready && !loading) {
        setRequestError(errorSentence(EngineError::kNoModel) + QLatin1Char(' ') +
                        errorAction(EngineError::kNoModel));
        return false;
    }
    clearError();
    if (current_.id == 0) {
        current_.id = newRecordId();
        current_.title = titleFromPrompt(prompt);
        current_.created = QDateTime::currentDateTime();
        // The servers turned off in the composer before the chat had an id go with it.
        if (tools_)
            for (const QVariant& v : tools_->enabledServers()) {
                const QString server = v.toMap().value(QStringLiteral("name")).toString();
                if (tools_->chatUsesServer(QStringLiteral("0"), server)) continue;
                tools_->setChatUsesServer(toolChatKey(), server, false);
                tools_->setChatUsesServer(QStringLiteral("0"), server, true);
            }
        emit currentChanged();
    }
    MessageRecord m;
    m.id = newRecordId();
    m.conversationId = current_.id;
    m.position = messages_->count() ? messages_->at(messages_->count() - 1).position + 1 : 0;
    m.parentId = messages_->count() ? messages_->at(messages_->count() - 1).id : 0;
    m.role = QStringLiteral("user");
    m.content = prompt;
    m.created = QDateTime::currentDateTime();
    touchConversation();
    messages_->append(m);
    saveRow(messages_->count() - 1);
    autoDrop_ = false;
    if (loading) {
        waitingForModel_ = true;
        emit generatingChanged();
        return true;
    }
    startAssistant();
    return true;
}

void ChatController::onLoadEnded() {
    if (!waitingForModel_ || model_->state() == ModelManager::State::Loading) return;
    waitingForModel_ = false;
    emit generatingChanged();
    const int last = messages_->count() - 1;
    if (last < 0 || messages_->at(last).role != QLatin1String("user")) return;
    if (model_->state() == ModelManager::State::Ready) { // the new model, or the previous one kept
        startAssistant();
        return;
    }
    setRequestError(errorSentence(EngineError::kNoModel) + QLatin1Char(' ') +
                    errorAction(EngineError::kNoModel));
    emit canRegenerateChanged(); // Retry, once a model is ready
    emit generationFinished(QStringLiteral("error"));
}

void ChatController::startAssistant(bool continuingTools) {
    GenerationRequest req;
    req.turns = promptTurns();
    req.enableThinking = current_.thinking;
    req.sampling = settings_->sampling();
    req.id = ++nextRequest_;
    req.conversationId = current_.id;
    if (!continuingTools) { // a new turn: the chat's servers as they are now
        delete toolTurn_;
        toolTurn_ = nullptr;
        toolTurnStopped_ = false;
        const QStringList servers = tools_ ? tools_->chatServers(toolChatKey()) : QStringList();
        if (!servers.isEmpty()) {
            toolTurn_ = new ToolTurn(tools_, servers, tools_->maxRounds(), this);
            connect(toolTurn_, &ToolTurn::cardChanged, this, &ChatController::onCardChanged);
            connect(toolTurn_, &ToolTurn::roundFinished, this, &ChatController::onToolRoundFinished);
            if (toolTurn_->offered().empty()) {
                delete toolTurn_;
                toolTurn_ = nullptr;
            }
        }
    }
    pendingCalls_.clear();
    if (toolTurn_) {
        req.toolsJson = mcp::openAiToolsJson(toolTurn_->offered(), forcedToolName_);
        req.toolChoice = GenerationRequest::ToolChoice::Auto; // free text; a call held to its schema
        if (forcedToolRounds_ > 0) {
            --forcedToolRounds_;
            req.toolChoice = forcedToolName_.isEmpty() ? GenerationRequest::ToolChoice::Required
                                                       : GenerationRequest::ToolChoice::Named;
            req.toolChoiceName = forcedToolName_;
            req.parallelToolCalls = false;
        }
    }

    MessageRecord a;
    a.id = newRecordId();
    a.conversationId = current_.id;
    a.position = messages_->count() ? messages_->at(messages_->count() - 1).position + 1 : 0;
    a.parentId = messages_->count() ? messages_->at(messages_->count() - 1).id : 0;
    a.role = QStringLiteral("assistant");
    a.created = QDateTime::currentDateTime();
    a.state = MessageState::Streaming; // written now: a kill leaves an answer to regenerate
    messages_->append(a);
    activeRow_ = messages_->count() - 1;
    messages_->setStreaming(activeRow_, true);
    saveRow(activeRow_);
    activeId_ = req.id;
    stopRequested_ = false;
    dropping_ = false;
    ++measureId_; // the generation reports the size from here on
    pendingContext_ = -1;
    pendingAnswer_.clear();
    pendingThought_.clear();
    setPromptProgress(-1.0, 0.0);
    emit generatingChanged();
    activeSource_ = model_->source();
    activeSource_->generate(req);
}

void ChatController::stop() {
    if (toolRoundOpen_ && toolTurn_) { // waiting cards are denied, running calls cancelled
        toolTurnStopped_ = true;
        for (int i = 0; i < int(toolTurn_->cards().size()); ++i) toolTurn_->stop(i);
        return;
    }
    if (waitingForModel_) { // the held prompt stays, unanswered (Regenerate is not offered for it)
        waitingForModel_ = false;
        emit generatingChanged();
        emit generationFinished(QStringLiteral("stopped"));
        return;
    }
    if (!activeId_ || stopRequested_) return;
    stopRequested_ = true;
    if (activeSource_) activeSource_->stop(activeId_);
    flushPending(); // what arrived before Stop is shown; nothing after it
}

void ChatController::onDelta(quint64 id, const QString& thought, const QString& answer, int contextUsed) {
    if (id != activeId_ || stopRequested_) return;
    pendingThought_ += thought;
    pendingAnswer_ += answer;
    pendingContext_ = contextUsed;
    if (!flushTimer_.isActive()) flushTimer_.start();
}

void ChatController::flushPending() {
    flushTimer_.stop();
    if (activeRow_ < 0) return;
    if (!pendingThought_.isEmpty()) {
        messages_->appendThought(activeRow_, pendingThought_);
        if (messages_->at(activeRow_).thoughtSeconds == 0.0) messages_->setThinking(activeRow_, true, 0.0);
        pendingThought_.clear();
    }
    if (!pendingAnswer_.isEmpty()) {
        messages_->appendContent(activeRow_, pendingAnswer_);
        pendingAnswer_.clear();
    }
    if (pendingContext_ >= 0) setContext(pendingContext_);
    pendingContext_ = -1;
    if (!persistTimer_.isActive()) persistTimer_.start();
}

void ChatController::persistActive() {
    persistTimer_.stop();
    if (activeRow_ >= 0) saveRow(activeRow_);
}

void ChatController::removeRowsFrom(int row, bool showAlternative) {
    if (row < 0 || row >= messages_->count()) return;
    const qint64 id = messages_->at(row).id;
    const MessageRecord* node = tree_.find(id);
    const qint64 parent = node ? node->parentId : 0;
    messages_->removeFrom(row);
    const qint64 shown = node ? tree_.remove(id) : 0;
    QMetaObject::invokeMethod(
        store_,
        [s = store_, c = current_.id, id, parent, shown] {
            s->deleteMessage(c, id);
            if (shown) s->selectMessage(c, parent, shown);
        },
        Qt::QueuedConnection);
    if (showAlternative && shown) {
        messages_->replaceFrom(row, QList<MessageRecord>{*tree_.find(shown)} + tree_.below(shown));
    }
    refreshAlternatives(std::max(0, row - 1));
}

void ChatController::onThoughtFinished(quint64 id, double seconds) {
    if (id != activeId_) return;
    flushPending();
    messages_->setThinking(activeRow_, false, std::max(seconds, 0.1));
}

void ChatController::onPromptReady(quint64 id, int promptTokens, int) {
    if (id != activeId_) return;
    setContext(promptTokens);
}

void ChatController::setPromptProgress(double fraction, double tokensPerSecond) {
    if (fraction == promptProgress_ && tokensPerSecond == promptTokensPerSecond_) return;
    promptProgress_ = fraction;
    promptTokensPerSecond_ = tokensPerSecond;
    emit promptProgressChanged();
}

void ChatController::finishActive() {
    if (activeRow_ < 0) return;
    flushPending();
    persistTimer_.stop();
    messages_->setStreaming(activeRow_, false);
    messages_->setThinking(activeRow_, false, messages_->at(activeRow_).thoughtSeconds);
    messages_->setState(activeRow_, MessageState::Complete);
    saveRow(activeRow_);
    activeRow_ = -1;
    activeId_ = 0;
    setPromptProgress(-1.0, 0.0);
    emit generatingChanged();
}

void ChatController::onFinished(quint64 id, const GenerationResult& r) {
    if (id != activeId_) return;
    clearRequestError(); // an answer came: what failed before works now
    flushPending();
    AnswerStats stats;
    stats.tokensPerSecond = r.tokensPerSecond;
    stats.firstTokenMs = r.firstTokenMs;
    stats.tokens = r.generatedTokens;
    stats.reason = r.stopReason;
    stats.promptTokens = r.promptTokens;
    stats.promptTokensPerSecond = r.promptTokensPerSecond;
    messages_->setStats(activeRow_, stats.toStored());
    // An answer stopped before its first token has no speed to show.
    if (r.generatedTokens > 0) {
        tokensPerSecond_ = r.tokensPerSecond;
        emit statsChanged();
    }
    // A context-full stop leaves contextFull() true: the composer offers the ways on, and a
    // model with a larger context clears it (no error banner that outlives the model).
    setContext(r.contextUsed);
    const bool callsToRun = toolTurn_ && !pendingCalls_.isEmpty() && !stopRequested_;
    if (callsToRun) {
        QJsonArray calls;
        for (const ToolCallInfo& c : pendingCalls_)
            calls.append(QJsonObject{{"id", c.id}, {"name", c.name}, {"arguments", c.arguments}});
        messages_->setToolJson(
            activeRow_,
            QString::fromUtf8(QJsonDocument(QJsonObject{{"calls", calls}}).toJson(QJsonDocument::Compact)));
        // The space a model writes before its call is no answer.
        if (messages_->at(activeRow_).content.trimmed().isEmpty())
            messages_->setContent(activeRow_, QString());
        toolRoundOpen_ = true; // generating() stays true across the round
    }
    finishActive();
    touchConversation();
    if (callsToRun) {
        beginToolRound();
        return;
    }
    emit generationFinished(r.stopReason);
}

void ChatController::onToolCall(quint64 id, int, const ToolCallInfo& call) {
    if (id == activeId_ && !stopRequested_) pendingCalls_.append(call);
}

QString ChatController::cardJson(int card) const {
    const ToolTurn::Card& c = toolTurn_->cards()[size_t(card)];
    const QString callId = card < pendingCalls_.size() ? pendingCalls_.at(card).id : QString();
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
    return QString::fromUtf8(QJsonDocument(json).toJson(QJsonDocument::Compact));
}

void ChatController::beginToolRound() {
    std::vector<chat::ToolCall> calls;
    for (const ToolCallInfo& c : pendingCalls_)
        calls.push_back({c.id.toStdString(), c.name.toStdString(), c.arguments.toStdString()});
    cardRows_.clear();
    addingCards_ = true;
    const bool started = toolTurn_->beginRound(calls);
    addingCards_ = false;
    if (!started) {
        setError(toolTurn_->roundLimitSentence());
        endToolTurn(QStringLiteral("tool-rounds"));
        return;
    }
    for (int i = 0; i < int(toolTurn_->cards().size()); ++i) {
        MessageRecord m;
        m.id = newRecordId();
        m.conversationId = current_.id;
        m.position = messages_->at(messages_->count() - 1).position + 1;
        m.parentId = messages_->at(messages_->count() - 1).id; // the cards follow each other
        m.role = QStringLiteral("tool");
        m.created = QDateTime::currentDateTime();
        m.content = toolTurn_->cards()[size_t(i)].resultText;
        m.toolJson = cardJson(i);
        messages_->append(m);
        cardRows_.append(messages_->count() - 1);
        saveRow(messages_->count() - 1);
    }
    if (toolTurn_->finished()) onToolRoundFinished(); // every call was refused before it was asked
}

void ChatController::onCardChanged(int card) {
    if (addingCards_ || card < 0 || card >= cardRows_.size()) return;
    const int row = cardRows_.at(card);
    messages_->setContent(row, toolTurn_->cards()[size_t(card)].resultText);
    messages_->setToolJson(row, cardJson(card));
    saveRow(row);
}

void ChatController::onToolRoundFinished() {
    if (addingCards_ || !toolRoundOpen_) return;
    toolRoundOpen_ = false;
    if (toolTurnStopped_ || model_->state() != ModelManager::State::Ready) {
        endToolTurn(QStringLiteral("stopped"));
        return;
    }
    touchConversation();
    startAssistant(true); // the results go back through the template; the model continues
}

void ChatController::endToolTurn(const QString& reason) {
    toolRoundOpen_ = false;
    emit generatingChanged();
    emit generationFinished(reason);
}

void ChatController::allowToolCall(int row, bool always) {
    const int card = cardRows_.indexOf(row);
    if (!toolRoundOpen_ || !toolTurn_ || card < 0) return;
    if (always)
        toolTurn_->allowAlways(card);
    else
        toolTurn_->allowOnce(card);
}

void ChatController::denyToolCall(int row) {
    const int card = cardRows_.indexOf(row);
    if (toolRoundOpen_ && toolTurn_ && card >= 0) toolTurn_->deny(card);
}

void ChatController::stopToolCall(int row) {
    if (toolRoundOpen_ && cardRows_.contains(row)) stop();
}

void ChatController::onFailed(quint64 id, const EngineError& e) {
    if (id != activeId_) return;
    const int row = activeRow_;
    const bool empty = messages_->at(row).content.isEmpty() && messages_->at(row).thought.isEmpty();
    finishActive();
    if (empty) removeRowsFrom(row, true); // a regenerated answer that failed: the earlier one is back
    setRequestError(describeError(e));
    emit canRegenerateChanged(); // the prompt is left without an answer: Retry
    emit generationFinished(QStringLiteral("error"));
}

void ChatController::onOverflow(quint64 id, int promptTokens, int contextSize) {
    if (id != activeId_) return;
    const int row = activeRow_;
    persistTimer_.stop();
    activeRow_ = -1;
    activeId_ = 0;
    removeRowsFrom(row, false); // the empty answer, written when it started; the prompt is the last row
    emit generatingChanged();
    setContext(promptTokens);
    if (autoDrop_) {
        if (dropOldestTurn()) {
            startAssistant();
            return;
        }
        setError(tr("The prompt alone does not fit into the context of %1 tokens.").arg(contextSize));
        emit generationFinished(QStringLiteral("overflow"));
        return;
    }
    // A context that holds the prompt and a few paragraphs of answer, in the steps of Settings;
    // none where the model was not trained for that much (its answers would be garbage) or the
    // context is the server's.
    const int trained = model_->trainedContext();
    int suggested = 0;
    if (!model_->isRemote() && (trained <= 0 || promptTokens + kAnswerReserve <= trained)) {
        constexpr int kStep = 1024, kRoom = 512;
        suggested = (promptTokens + kRoom + kStep - 1) / kStep * kStep;
        if (trained > 0) suggested = std::min(suggested, trained);
        if (suggested <= contextSize) suggested = 0;
    }
    const int tools = toolTurn_ ? static_cast<int>(toolTurn_->offered().size()) : 0;
    overflowOpen_ = true;
    emit generationFinished(QStringLiteral("overflow"));
    emit overflowRequested(promptTokens + kAnswerReserve, contextSize, suggested, tools);
}

bool ChatController::oldestDroppableTurn(int* firstRow, int* nextRow) const {
    const auto& rows = messages_->messages();
    int lastUser = -1;
    for (int r = 0; r < rows.size(); ++r)
        if (rows[r].role == QLatin1String("user")) lastUser = r;
    int first = -1;
    for (int r = 0; r < rows.size(); ++r)
        if (rows[r].inContext && rows[r].role != QLatin1String("system")) {
            first = r;
            break;
        }
    if (first < 0 || first >= lastUser) return false; // the latest prompt always stays
    int next = first + 1;
    while (next < rows.size() && rows[next].role != QLatin1String("user")) ++next;
    *firstRow = first;
    *nextRow = next;
    return true;
}

bool ChatController::dropOldestTurn() {
    int first = 0, next = 0;
    if (!oldestDroppableTurn(&first, &next)) return false;
    const int position = messages_->at(next).position;
    messages_->setInContextBefore(position);
    // The rows of this branch; other branches keep their own marks below where they part.
    for (int r = 0; r < next; ++r) saveRow(r);
    emit contextChanged(); // canDropOldestTurns
    return true;
}

void ChatController::resolveOverflow(bool dropOldest) {
    if (!overflowOpen_ || activeId_ || messages_->count() == 0) return;
    overflowOpen_ = false;
    if (dropOldest) {
        autoDrop_ = true;
        if (dropOldestTurn()) {
            startAssistant();
        } else {
            setError(tr("The prompt alone does not fit into the context of %1 tokens.").arg(contextTotal()));
        }
        return;
    }
    const int last = messages_->count() - 1;
    const MessageRecord m = messages_->at(last);
    if (m.role != QLatin1String("user")) return;
    // The prompt moves; one that has earlier answers (a regenerate that no longer fits) stays
    // with them. The new chat keeps this one's system prompt and Think.
    if (tree_.below(m.id).isEmpty()) removeRowsFrom(last, true);
    const QString systemPrompt = current_.systemPrompt;
    const bool thinking = current_.thinking;
    discardIfEmpty();
    newConversation();
    current_.systemPrompt = systemPrompt;
    current_.thinking = thinking;
    emit currentChanged();
    send(m.content);
}

void ChatController::cancelOverflow() {
    if (!overflowOpen_ || generating() || messages_->count() == 0) return;
    overflowOpen_ = false;
    const int last = messages_->count() - 1;
    const MessageRecord m = messages_->at(last);
    if (m.role != QLatin1String("user")) return;
    if (!tree_.below(m.id).isEmpty()) {
        // A regenerated answer that no longer fits: the answers it had are shown again.
        messages_->replaceFrom(last + 1, tree_.below(m.id));
        refreshAlternatives(last);
        measureContext();
        return;
    }
    removeRowsFrom(last, true); // an edited prompt: the one it replaced is back
    discardIfEmpty();
    measureContext();
    emit promptReturned(m.content);
}

void ChatController::discardIfEmpty() {
    if (current_.id == 0 || messages_->count() > 0 || tree_.size() > 0) return;
    const qint64 id = current_.id;
    const QString key = toolChatKey();
    // The tools chosen for the chat are again the new chat's (send moved them to its id).
    if (tools_)
        for (const QVariant& v : tools_->enabledServers()) {
            const QString server = v.toMap().value(QStringLiteral("name")).toString();
            tools_->setChatUsesServer(QStringLiteral("0"), server, tools_->chatUsesServer(key, server));
        }
    conversations_->remove(id);
    QMetaObject::invokeMethod(
        store_, [s = store_, id] { s->deleteConversation(id); }, Qt::QueuedConnection);
    for (ModelSource* source : model_->sources()) source->forgetConversation(id);
    current_.id = 0;
    current_.title.clear();
    current_.created = {};
    current_.updated = {};
    emit currentChanged();
    openInSources(0);
}

void ChatController::retry() {
    if (!canRetry()) return;
    clearError();
    startAssistant();
}

void ChatController::regenerate() {
    if (!canRegenerate()) return;
    // The whole answer makes way (with tools: its calls, their results and the answers between
    // them) but stays in the tree: the new answer is another child of the prompt.
    int first = messages_->count() - 1;
    while (first > 0 && messages_->at(first - 1).role != QLatin1String("user")) --first;
    messages_->removeFrom(first);
    clearError();
    startAssistant();
}

void ChatController::editMessage(int row, const QString& text) {
    if (generating() || row < 0 || row >= messages_->count() || text.trimmed().isEmpty()) return;
    if (messages_->at(row).role != QLatin1String("user") || model_->state() != ModelManager::State::Ready)
        return;
    // A sibling of the edited prompt: the old one and everything after it stay in the tree.
    const MessageRecord old = messages_->at(row);
    MessageRecord m;
    m.id = newRecordId();
    m.conversationId = current_.id;
    m.position = old.position;
    m.parentId =
        tree_.contains(old.id) ? tree_.find(old.id)->parentId : (row > 0 ? messages_->at(row - 1).id : 0);
    m.role = old.role;
    m.content = text.trimmed();
    m.inContext = old.inContext;
    m.created = QDateTime::currentDateTime();
    messages_->removeFrom(row);
    messages_->append(m);
    saveRow(row);
    clearError();
    touchConversation();
    startAssistant();
}

void ChatController::selectAlternative(int row, int step) {
    if (generating() || row < 0 || row >= messages_->count() || step == 0) return;
    const qint64 id = messages_->at(row).id;
    const QList<qint64> alternatives = tree_.siblings(id);
    const int to = static_cast<int>(alternatives.indexOf(id)) + step;
    if (to < 0 || to >= alternatives.size()) return;
    const qint64 chosen = alternatives.at(to);
    tree_.select(chosen);
    const MessageRecord m = *tree_.find(chosen);
    QMetaObject::invokeMethod(
        store_, [s = store_, c = current_.id, p = m.parentId, chosen] { s->selectMessage(c, p, chosen); },
        Qt::QueuedConnection);
    emit alternativeSwitching(row);
    messages_->replaceFrom(row, QList<MessageRecord>{m} + tree_.below(chosen));
    refreshAlternatives(row);
    emit alternativeShown(row);
    clearError();
    measureContext(); // another branch, another length
    emit canRegenerateChanged();
}

void ChatController::copyText(const QString& text) const {
    if (auto* cb = QGuiApplication::clipboard()) cb->setText(text);
}

void ChatController::copyMessage(int row) const {
    if (row < 0 || row >= messages_->count()) return;
    const MessageRecord& m = messages_->at(row);
    // A model without a chat template continues the prompt's text ("Once upon a time" + " there
    // was…"), and the view shows the two as one story: Copy copies the story, not its second
    // half (issue 39, defect 15).
    const bool continuesPrompt = model_->promptMode() == QLatin1String("continuation") && row > 0 &&
                                 m.role == QLatin1String("assistant") &&
                                 messages_->at(row - 1).role == QLatin1String("user");
    copyText(continuesPrompt ? messages_->at(row - 1).content + m.content : m.content);
}

void ChatController::copyConversation() const {
    copyText(Exporter::toMarkdown(current_, messages_->messages(), &tree_));
}

bool ChatController::exportConversation(const QUrl& url, const QString& format) {
    const QString path = url.isLocalFile() ? url.toLocalFile() : url.toString();
    const bool json = format == QLatin1String("json");
    const QByteArray data = json ? Exporter::toJson(current_, messages_->messages(), &tree_)
                                 : Exporter::toMarkdown(current_, messages_->messages(), &tree_).toUtf8();
    QString error;
    if (!Exporter::writeFile(path, data, &error)) {
        setError(tr("The conversation cannot be exported: %1").arg(error));
        return false;
    }
    emit exported(QDir::toNativeSeparators(path));
    return true;
}

QUrl ChatController::suggestedExportUrl(const QString& format) const {
    // The XDG documents folder (user-dirs.dirs), which a fresh profile may not have created:
    // then the home folder, never a folder the save would fail in.
    QString folder = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
    if (folder.isEmpty() || !QFileInfo(folder).isDir()) folder = QDir::homePath();
    return QUrl::fromLocalFile(folder + QLatin1Char('/') +
                               Exporter::suggestedFileName(current_.title, format));
}

} // namespace smoldesk::app
