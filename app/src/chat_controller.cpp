#include "chat_controller.h"

#include "chat_documents.h"

#include "answer_stats.h"
#include "answer_stream.h"
#include "app_settings.h"
#include "chat_images.h"
#include "context_budget.h"
#include "conversation_session.h"
#include "exporter.h"
#include "model_manager.h"
#include "model_source.h"
#include "runtime/prompt_image.h"
#include "tool_servers.h"
#include "tool_turn.h"

#include "grounding/document_tools.h"
#include "worker/error_text.h"

#include <QClipboard>
#include <QDir>
#include <QFileInfo>
#include <QGuiApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLoggingCategory>
#include <QStandardPaths>

Q_LOGGING_CATEGORY(lcChat, "smoldesk.chat")

namespace smoldesk::app {
namespace {
QJsonObject toolObject(const MessageRecord& m) {
    return m.toolJson.isEmpty() ? QJsonObject() : QJsonDocument::fromJson(m.toolJson.toUtf8()).object();
}

// A tool card's images ({"images": [{mimeType, data (base64)}]}, tool_turn.cpp) as the tool
// turn's images, one marker each before its text, as a prompt's images go.
void addToolImages(ChatTurn& t, const QJsonObject& tool) {
    for (const QJsonValue v : tool.value(QLatin1String("images")).toArray()) {
        const QByteArray bytes =
            QByteArray::fromBase64(v.toObject().value(QLatin1String("data")).toString().toLatin1());
        if (!bytes.isEmpty()) t.images.append(bytes);
    }
    if (t.images.isEmpty()) return;
    const QString marker =
        QString::fromUtf8(runtime::kMediaMarker.data(), static_cast<qsizetype>(runtime::kMediaMarker.size()));
    t.content = marker.repeated(t.images.size()) + QLatin1Char('\n') + t.content;
}
} // namespace

ChatController::ChatController(ModelManager* model, AppSettings* settings, const QString& databasePath,
                               QObject* parent)
    : QObject(parent), model_(model), settings_(settings),
      session_(new ConversationSession(databasePath, this)), stream_(new AnswerStream(session_, this)),
      budget_(new ContextBudget(
          model, session_,
          [this](quint64 id) {
              model_->source()->countTokens(id, promptTurns(), thinkingEnabled(), offeredToolsJson());
          },
          this)) {
    registerEngineTypes();
    connect(session_, &ConversationSession::conversationsLoaded, this,
            &ChatController::onConversationsLoaded);
    connect(session_, &ConversationSession::messagesLoaded, this, [this] {
        measureContext(); // a reopened chat shows its real size, not 0
        emit messagesReady();
    });
    connect(session_, &ConversationSession::failed, this, [this](const QString& error) {
        setError(tr("The conversation database cannot be opened: %1").arg(error));
    });
    connect(stream_, &AnswerStream::contextReported, budget_, &ContextBudget::set);
    connect(stream_, &AnswerStream::promptProgressChanged, this, &ChatController::promptProgressChanged);
    connect(budget_, &ContextBudget::changed, this, &ChatController::contextChanged);

    // Every source's results: request ids are this controller's, so only the answer that runs
    // (the stream's) or the latest measurement (the budget's) is taken, whichever source sent it.
    for (ModelSource* source : model_->sources()) connectSource(source);
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
        if (currentId() == 0 && messages()->count() == 0 &&
            thinkingEnabled() != settings_->thinkByDefault()) {
            session_->setThinking(settings_->thinkByDefault());
            emit currentChanged();
        }
    });

    connect(this, &ChatController::generatingChanged, this, &ChatController::canRegenerateChanged);
    connect(messages(), &MessageListModel::countChanged, this, &ChatController::canRegenerateChanged);
    connect(model_, &ModelManager::stateChanged, this, &ChatController::canRegenerateChanged);
    // Issue 39, defect 13: an answer still streaming when another model starts loading ran to its
    // limit under "Loading… 0 %", the load queued behind it on the worker. It stops (and keeps
    // what it has) instead; a prompt held for the model stays held for the new one.
    connect(model_, &ModelManager::stateChanged, this, [this] {
        if (model_->state() == ModelManager::State::Loading && stream_->id() != 0) stop();
    });
    connect(model_, &ModelManager::modelLoaded, this, &ChatController::onLoadEnded);
    connect(model_, &ModelManager::loadFailed, this, &ChatController::onLoadEnded);
}

void ChatController::connectSource(ModelSource* source) {
    connect(source, &ModelSource::delta, this, &ChatController::onDelta);
    connect(source, &ModelSource::thoughtFinished, this, [this](quint64 id, double seconds) {
        if (stream_->owns(id)) stream_->endThought(seconds);
    });
    connect(source, &ModelSource::promptReady, this, [this](quint64 id, int promptTokens, int) {
        if (stream_->owns(id)) budget_->set(promptTokens);
    });
    connect(source, &ModelSource::promptProgress, this, [this](quint64 id, int done, int total, double tps) {
        if (stream_->owns(id) && total > 0) stream_->setPromptProgress(double(done) / total, tps);
    });
    connect(source, &ModelSource::finished, this, &ChatController::onFinished);
    connect(source, &ModelSource::failed, this, &ChatController::onFailed);
    connect(source, &ModelSource::contextOverflow, this, &ChatController::onOverflow);
    connect(source, &ModelSource::tokensCounted, this, &ChatController::onTokensCounted);
    connect(source, &ModelSource::toolCall, this, &ChatController::onToolCall);
    connect(source, &ModelSource::documentToolFinished, this,
            [this](quint64 id, const QString& text, const DocumentsUsed& found) {
                if (toolTurn_) toolTurn_->documentCallFinished(qint64(id), text, found.sources);
            });
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
    connect(source, &ModelSource::documentsUsed, this, &ChatController::onDocumentsUsed);
    // E.g. the engine answers again on the CPU after a GPU fault: the answer starts over.
    connect(source, &ModelSource::answerRestarted, this, [this](quint64 id) {
        if (stream_->owns(id)) stream_->restart();
    });
}

ChatController::~ChatController() {
    if (stream_->id()) {
        if (stream_->source()) stream_->source()->stop(stream_->id());
        stream_->finish();
    }
    // The session (a child) writes what is queued and ends the store's thread.
}

void ChatController::flushStore() {
    session_->flush();
}

ConversationListModel* ChatController::conversations() const {
    return session_->conversations();
}

MessageListModel* ChatController::messages() const {
    return session_->messages();
}

const MessageTree& ChatController::tree() const {
    return session_->tree();
}

qint64 ChatController::currentId() const {
    return session_->current().id;
}

QString ChatController::currentTitle() const {
    return session_->current().title;
}

bool ChatController::thinkingEnabled() const {
    return session_->current().thinking;
}

QString ChatController::systemPrompt() const {
    return session_->current().systemPrompt;
}

bool ChatController::generating() const {
    return stream_->id() != 0 || waitingForModel_ || toolsRunning();
}

bool ChatController::toolsRunning() const {
    return toolTurn_ && toolTurn_->roundOpen();
}

double ChatController::promptProgress() const {
    return stream_->promptProgress();
}

double ChatController::promptTokensPerSecond() const {
    return stream_->promptTokensPerSecond();
}

int ChatController::contextTotal() const {
    return budget_->total();
}

int ChatController::contextUsed() const {
    return budget_->used();
}

bool ChatController::contextWarning() const {
    return budget_->warning();
}

bool ChatController::contextFull() const {
    return budget_->full();
}

bool ChatController::canDropOldestTurns() const {
    return budget_->canDropOldestTurns();
}

bool ChatController::canRegenerate() const {
    const int last = messages()->count() - 1;
    return !generating() && last >= 0 && messages()->at(last).role != QLatin1String("user") &&
           messages()->at(last).role != QLatin1String("system") &&
           model_->state() == ModelManager::State::Ready;
}

bool ChatController::canRetry() const {
    const int last = messages()->count() - 1;
    return !generating() && !overflowOpen_ && last >= 0 &&
           messages()->at(last).role == QLatin1String("user") &&
           model_->state() == ModelManager::State::Ready;
}

QList<ChatTurn> ChatController::promptTurns() const {
    QList<ChatTurn> turns;
    const QString system = systemPrompt().trimmed();
    if (!system.isEmpty()) turns.append({QStringLiteral("system"), system});
    for (const MessageRecord& m : messages()->messages()) {
        if (!m.inContext || m.role == QLatin1String("system")) continue;
        ChatTurn t{m.role, m.content};
        if (!m.images.isEmpty()) { // every request carries them again, each before the prompt's text
            const QString marker = QString::fromUtf8(runtime::kMediaMarker.data(),
                                                     static_cast<qsizetype>(runtime::kMediaMarker.size()));
            t.content = marker.repeated(m.images.size()) + QLatin1Char('\n') + m.content;
            t.images = m.images;
        }
        const QJsonObject tool = toolObject(m);
        if (m.role == QLatin1String("user")) {
            t.passages = tool.value(QLatin1String("passages")).toString();
        } else if (m.role == QLatin1String("assistant")) {
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
            // The result's images go to a model that can see, each before the text with its
            // marker as a prompt's images do; a model that cannot see reads the text alone.
            if (model_->seesImages()) addToolImages(t, tool);
        }
        turns.append(t);
    }
    return turns;
}

void ChatController::measureContext() {
    budget_->measure();
}

void ChatController::onTokensCounted(quint64 id, int tokens, int) {
    budget_->takeMeasurement(id, tokens, stream_->id() != 0);
}

void ChatController::dropOldestTurns() {
    if (stream_->id() == 0) budget_->dropOldestTurns();
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

void ChatController::setDocuments(ChatDocuments* documents) {
    documents_ = documents;
    documents_->setCurrentChat(currentId(), session_->current().documents);
    connect(this, &ChatController::currentChanged, documents_,
            [this] { documents_->setCurrentChat(currentId(), session_->current().documents); });
    // Attached files are the conversation's: stored with it (a new chat's with its first prompt).
    connect(documents_, &ChatDocuments::attachedChanged, this,
            [this](const QStringList& files) { session_->setDocuments(files); });
}

void ChatController::onDocumentsUsed(quint64 id, const DocumentsUsed& used) {
    if (!stream_->owns(id)) return;
    const int row = stream_->row();
    // The passages the turn's prompt put in front of its user message, kept with that message
    // ({"passages": text} in its row's JSON) and sent back with it on every later turn.
    if (!used.passages.isEmpty())
        for (int u = row - 1; u >= 0; --u)
            if (messages()->at(u).role == QLatin1String("user")) {
                QJsonObject json = toolObject(messages()->at(u));
                if (json.value(QLatin1String("passages")).toString() == used.passages) break;
                json.insert(QStringLiteral("passages"), used.passages);
                messages()->setToolJson(
                    u, QString::fromUtf8(QJsonDocument(json).toJson(QJsonDocument::Compact)));
                session_->saveRow(u);
                break;
            }
    if (toolTurn_) toolTurn_->setPromptSourceCount(int(used.sources.size()));
    setAnswerSources(row, used.sources);
}

void ChatController::setAnswerSources(int row, QList<DocumentSource> sources) {
    // The passages the turn's document tool calls read so far are cited too, numbered after these.
    if (toolTurn_) sources += toolTurn_->documentSources();
    if (sources.isEmpty()) return;
    // Kept with the answer (stored, restored, under it as chips): {"sources": [{number, file, page, …}]}.
    QJsonObject tool = toolObject(messages()->at(row));
    tool.insert("sources", sourcesJson(sources));
    messages()->setToolJson(row, QString::fromUtf8(QJsonDocument(tool).toJson(QJsonDocument::Compact)));
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
    std::vector<mcp::OfferedTool> offered;
    if (!servers.isEmpty()) offered = mcp::offeredTools(tools_->readyTools(servers));
    QString json = offered.empty() ? QString() : mcp::openAiToolsJson(offered);
    GenerationRequest documents;
    if (documents_) documents_->apply(documents);
    if (offersDocumentTools(documents))
        json = QString::fromStdString(grounding::DocumentTools::withDocumentTools(json.toStdString()));
    return json;
}

bool ChatController::offersDocumentTools(const GenerationRequest& request) const {
    // As the CLI: a model whose template writes tool calls, in a chat that uses documents.
    return model_->callsTools() && (!request.libraryPath.isEmpty() || !request.documentFiles.isEmpty());
}

QString ChatController::titleFromPrompt(const QString& prompt) {
    QString t = prompt.simplified();
    if (t.size() > 60) t = t.left(57).trimmed() + QStringLiteral("…");
    return t.isEmpty() ? tr("New chat") : t;
}

void ChatController::setThinkingEnabled(bool on) {
    if (currentId() != 0 && thinkingEnabled() == on) return;
    session_->setThinking(on);
    emit currentChanged();
}

void ChatController::setSystemPrompt(const QString& prompt) {
    if (systemPrompt() == prompt) return;
    session_->setSystemPrompt(prompt);
    emit currentChanged();
}

void ChatController::setSearchText(const QString& text) {
    if (text == searchText_) return;
    searchText_ = text;
    emit searchTextChanged();
    session_->search(text);
}

void ChatController::openConversation(const ConversationRecord& record) {
    if (generating()) stop();
    finishActive();
    session_->open(record);
    budget_->invalidate();
    overflowOpen_ = false;
    budget_->set(0);
    clearError();
    emit currentChanged();
    openInSources(record.id);
}

void ChatController::newConversation() {
    ConversationRecord record;
    // The model's default, not whatever the previous chat had.
    record.thinking = settings_->thinkByDefault();
    record.systemPrompt = settings_->defaultSystemPrompt();
    openConversation(record);
}

void ChatController::selectConversation(qint64 id) {
    if (id == currentId()) return;
    const ConversationRecord* c = conversations()->find(id);
    if (!c) return;
    openConversation(*c);
}

void ChatController::openInSources(qint64 id) {
    // Every source learns which chat is open (the engine keeps a KV cache per chat), so that
    // switching sources later finds each one up to date.
    for (ModelSource* source : model_->sources()) source->openConversation(id);
}

void ChatController::renameConversation(qint64 id, const QString& title) {
    if (session_->rename(id, title) && id == currentId()) emit currentChanged();
}

void ChatController::deleteConversation(qint64 id) {
    if (id == currentId()) newConversation();
    session_->remove(id);
    for (ModelSource* source : model_->sources()) source->forgetConversation(id);
}

void ChatController::onConversationsLoaded(const QList<ConversationRecord>& all) {
    emit conversationsReady();
    if (currentId() == 0 && messages()->count() == 0 && !all.isEmpty())
        selectConversation(conversations()->idAt(0));
}

bool ChatController::send(const QString& text) {
    const QString prompt = text.trimmed();
    if ((prompt.isEmpty() && pendingImages_.isEmpty()) || generating()) return false;
    overflowOpen_ = false; // a question left open is answered by the new prompt
    // While a model loads the prompt is shown and held; the answer starts when the load ends.
    const bool loading = model_->state() == ModelManager::State::Loading;
    if (model_->state() != ModelManager::State::Ready && !loading) {
        setRequestError(errorSentence(EngineError::kNoModel) + QLatin1Char(' ') +
                        errorAction(EngineError::kNoModel));
        return false;
    }
    // A model known not to see images says so before anything is sent; the images stay attached.
    if (!pendingImages_.isEmpty() && !loading && !model_->seesImages()) {
        setRequestError(tr("This model cannot see images: no mmproj file was given or found next to it."));
        return false;
    }
    clearError();
    if (currentId() == 0) {
        session_->beginRecord(newRecordId(), prompt.isEmpty() ? tr("Image") : titleFromPrompt(prompt));
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
    MessageRecord m = session_->nextMessage(QStringLiteral("user"));
    m.content = prompt;
    m.images = pendingImages_;
    if (!pendingImages_.isEmpty()) {
        pendingImages_.clear();
        emit pendingImagesChanged();
    }
    session_->touch();
    messages()->append(m);
    session_->saveRow(messages()->count() - 1);
    autoDrop_ = false;
    if (loading) {
        waitingForModel_ = true;
        emit generatingChanged();
        return true;
    }
    startAssistant();
    return true;
}

bool ChatController::attachImage(const QUrl& fileOrDataUrl) {
    QString error;
    const QByteArray bytes = ChatImages::read(fileOrDataUrl, &error);
    if (bytes.isEmpty()) {
        setError(error);
        return false;
    }
    pendingImages_.append(bytes);
    emit pendingImagesChanged();
    return true;
}

bool ChatController::attachImageFromClipboard() {
    const QByteArray png = ChatImages::fromClipboard();
    if (png.isEmpty()) return false; // no image: the paste is the text's
    pendingImages_.append(png);
    emit pendingImagesChanged();
    return true;
}

void ChatController::removeAttachment(int index) {
    if (index < 0 || index >= pendingImages_.size()) return;
    pendingImages_.removeAt(index);
    emit pendingImagesChanged();
}

QStringList ChatController::pendingImages() const {
    return ChatImages::dataUrls(pendingImages_);
}

void ChatController::onLoadEnded() {
    if (!waitingForModel_ || model_->state() == ModelManager::State::Loading) return;
    waitingForModel_ = false;
    emit generatingChanged();
    const int last = messages()->count() - 1;
    if (last < 0 || messages()->at(last).role != QLatin1String("user")) return;
    if (model_->state() == ModelManager::State::Ready) { // the new model, or the previous one kept
        startAssistant();
        return;
    }
    setRequestError(errorSentence(EngineError::kNoModel) + QLatin1Char(' ') +
                    errorAction(EngineError::kNoModel));
    emit canRegenerateChanged(); // Retry, once a model is ready
    emit generationFinished(QStringLiteral("error"));
}

void ChatController::startToolTurn(const GenerationRequest& request) {
    delete toolTurn_;
    toolTurn_ = nullptr;
    const QStringList servers = tools_ ? tools_->chatServers(toolChatKey()) : QStringList();
    const bool documentTools = offersDocumentTools(request);
    if (servers.isEmpty() && !documentTools) return;
    toolTurn_ = new ToolTurn(tools_, servers, tools_ ? tools_->maxRounds() : kDefaultToolRounds, this);
    connect(toolTurn_, &ToolTurn::cardChanged, this, &ChatController::onCardChanged);
    connect(toolTurn_, &ToolTurn::roundFinished, this, &ChatController::onToolRoundFinished);
    if (documentTools) {
        GenerationRequest documents; // what the calls read: the turn's documents as it began
        documents.libraryPath = request.libraryPath;
        documents.documentFiles = request.documentFiles;
        documents.embeddingModel = request.embeddingModel;
        toolTurn_->offerDocumentTools([this, documents](qint64 callId, const ToolCallInfo& call, int first) {
            model_->source()->runDocumentTool(quint64(callId), documents, call, first);
        });
    }
    if (toolTurn_->offered().empty()) {
        delete toolTurn_;
        toolTurn_ = nullptr;
    }
}

GenerationRequest ChatController::nextRequest(bool continuingTools) {
    GenerationRequest req;
    req.turns = promptTurns();
    req.enableThinking = thinkingEnabled();
    req.sampling = settings_->sampling();
    req.id = ++nextRequest_;
    req.conversationId = currentId();
    if (documents_) documents_->apply(req);
    if (!continuingTools) startToolTurn(req); // a new turn: the chat's servers as they are now
    if (!toolTurn_) return req;
    toolTurn_->clearStreamedCalls();
    req.toolsJson = mcp::openAiToolsJson(toolTurn_->offered(), forcedToolName_);
    req.toolChoice = GenerationRequest::ToolChoice::Auto; // free text; a call held to its schema
    if (forcedToolRounds_ > 0) {
        --forcedToolRounds_;
        req.toolChoice = forcedToolName_.isEmpty() ? GenerationRequest::ToolChoice::Required
                                                   : GenerationRequest::ToolChoice::Named;
        req.toolChoiceName = forcedToolName_;
        req.parallelToolCalls = false;
    }
    return req;
}

void ChatController::startAssistant(bool continuingTools) {
    const GenerationRequest req = nextRequest(continuingTools);
    MessageRecord a = session_->nextMessage(QStringLiteral("assistant"));
    a.state = MessageState::Streaming; // written now: a kill leaves an answer to regenerate
    messages()->append(a);
    const int row = messages()->count() - 1;
    messages()->setStreaming(row, true);
    if (continuingTools) setAnswerSources(row, {}); // what the tools read is cited under the answer
    session_->saveRow(row);
    budget_->invalidate(); // the generation reports the size from here on
    stream_->begin(req.id, row, model_->source());
    emit generatingChanged();
    stream_->source()->generate(req);
}

void ChatController::stop() {
    if (toolsRunning()) { // waiting cards are denied, running calls cancelled
        toolTurn_->stopByUser();
        return;
    }
    if (waitingForModel_) { // the held prompt stays, unanswered (Regenerate is not offered for it)
        waitingForModel_ = false;
        emit generatingChanged();
        emit generationFinished(QStringLiteral("stopped"));
        return;
    }
    stream_->requestStop();
}

void ChatController::onDelta(quint64 id, const QString& thought, const QString& answer, int contextUsed) {
    if (stream_->owns(id)) stream_->add(thought, answer, contextUsed);
}

void ChatController::finishActive() {
    if (stream_->finish()) emit generatingChanged();
}

void ChatController::onFinished(quint64 id, const GenerationResult& r) {
    if (!stream_->owns(id)) return;
    clearRequestError(); // an answer came: what failed before works now
    stream_->flush();
    const int row = stream_->row();
    AnswerStats stats;
    stats.tokensPerSecond = r.tokensPerSecond;
    stats.firstTokenMs = r.firstTokenMs;
    stats.tokens = r.generatedTokens;
    stats.reason = r.stopReason;
    stats.promptTokens = r.promptTokens;
    stats.promptTokensPerSecond = r.promptTokensPerSecond;
    stats.proposedTokens = r.proposedTokens;
    stats.acceptedTokens = r.acceptedTokens;
    messages()->setStats(row, stats.toStored());
    // An answer stopped before its first token has no speed to show.
    if (r.generatedTokens > 0) {
        tokensPerSecond_ = r.tokensPerSecond;
        emit statsChanged();
    }
    // A context-full stop leaves contextFull() true: the composer offers the ways on, and a
    // model with a larger context clears it (no error banner that outlives the model).
    budget_->set(r.contextUsed);
    const bool callsToRun = toolTurn_ && !toolTurn_->streamedCalls().isEmpty() && !stream_->stopRequested();
    if (callsToRun) {
        QJsonArray calls;
        for (const ToolCallInfo& c : toolTurn_->streamedCalls())
            calls.append(QJsonObject{{"id", c.id}, {"name", c.name}, {"arguments", c.arguments}});
        QJsonObject tool = toolObject(messages()->at(row)); // the sources, when the answer drew on documents
        tool.insert("calls", calls);
        messages()->setToolJson(row, QString::fromUtf8(QJsonDocument(tool).toJson(QJsonDocument::Compact)));
        // The space a model writes before its call is no answer.
        if (messages()->at(row).content.trimmed().isEmpty()) messages()->setContent(row, QString());
        toolTurn_->setRoundOpen(true); // generating() stays true across the round
    }
    finishActive();
    session_->touch();
    if (callsToRun) {
        beginToolRound();
        return;
    }
    emit generationFinished(r.stopReason);
}

void ChatController::onToolCall(quint64 id, int, const ToolCallInfo& call) {
    if (toolTurn_ && stream_->owns(id) && !stream_->stopRequested()) toolTurn_->addStreamedCall(call);
}

void ChatController::beginToolRound() {
    if (!toolTurn_->beginStreamedRound()) {
        setError(toolTurn_->roundLimitSentence());
        endToolTurn(QStringLiteral("tool-rounds"));
        return;
    }
    QList<int> rows;
    for (int i = 0; i < int(toolTurn_->cards().size()); ++i) {
        MessageRecord m = session_->nextMessage(QStringLiteral("tool")); // the cards follow each other
        m.content = toolTurn_->cards()[size_t(i)].resultText;
        m.toolJson = toolTurn_->cardJson(i);
        messages()->append(m);
        rows.append(messages()->count() - 1);
        session_->saveRow(messages()->count() - 1);
    }
    toolTurn_->setCardRows(rows);
    if (toolTurn_->finished()) onToolRoundFinished(); // every call was refused before it was asked
}

void ChatController::onCardChanged(int card) {
    const int row = toolTurn_->rowOfCard(card);
    if (toolTurn_->beginningRound() || row < 0) return;
    messages()->setContent(row, toolTurn_->cards()[size_t(card)].resultText);
    messages()->setToolJson(row, toolTurn_->cardJson(card));
    session_->saveRow(row);
}

void ChatController::onToolRoundFinished() {
    if (toolTurn_->beginningRound() || !toolTurn_->roundOpen()) return;
    toolTurn_->setRoundOpen(false);
    if (toolTurn_->stoppedByUser() || model_->state() != ModelManager::State::Ready) {
        endToolTurn(QStringLiteral("stopped"));
        return;
    }
    session_->touch();
    startAssistant(true); // the results go back through the template; the model continues
}

void ChatController::endToolTurn(const QString& reason) {
    toolTurn_->setRoundOpen(false);
    emit generatingChanged();
    emit generationFinished(reason);
}

void ChatController::allowToolCall(int row, bool always) {
    const int card = toolsRunning() ? toolTurn_->cardOfRow(row) : -1;
    if (card < 0) return;
    if (always)
        toolTurn_->allowAlways(card);
    else
        toolTurn_->allowOnce(card);
}

void ChatController::denyToolCall(int row) {
    const int card = toolsRunning() ? toolTurn_->cardOfRow(row) : -1;
    if (card >= 0) toolTurn_->deny(card);
}

void ChatController::stopToolCall(int row) {
    if (toolsRunning() && toolTurn_->cardOfRow(row) >= 0) stop();
}

void ChatController::onFailed(quint64 id, const EngineError& e) {
    if (!stream_->owns(id)) return;
    const int row = stream_->row();
    const bool empty = messages()->at(row).content.isEmpty() && messages()->at(row).thought.isEmpty();
    finishActive();
    if (empty)
        session_->removeRowsFrom(row, true); // a regenerated answer that failed: the earlier one is back
    setRequestError(describeError(e));
    emit canRegenerateChanged(); // the prompt is left without an answer: Retry
    emit generationFinished(QStringLiteral("error"));
}

void ChatController::onOverflow(quint64 id, int promptTokens, int contextSize) {
    if (!stream_->owns(id)) return;
    // The empty answer, written when it started, goes; the prompt is the last row.
    session_->removeRowsFrom(stream_->abandon(), false);
    emit generatingChanged();
    budget_->set(promptTokens);
    if (autoDrop_) {
        if (budget_->dropOldestTurn()) {
            startAssistant();
            return;
        }
        setError(tr("The prompt alone does not fit into the context of %1 tokens.").arg(contextSize));
        emit generationFinished(QStringLiteral("overflow"));
        return;
    }
    const int suggested = budget_->suggestedContext(promptTokens, contextSize);
    const int tools = toolTurn_ ? static_cast<int>(toolTurn_->offered().size()) : 0;
    overflowOpen_ = true;
    emit generationFinished(QStringLiteral("overflow"));
    emit overflowRequested(promptTokens + ContextBudget::kAnswerReserve, contextSize, suggested, tools);
}

void ChatController::resolveOverflow(bool dropOldest) {
    if (!overflowOpen_ || stream_->id() || messages()->count() == 0) return;
    overflowOpen_ = false;
    if (dropOldest) {
        autoDrop_ = true;
        if (budget_->dropOldestTurn()) {
            startAssistant();
        } else {
            setError(tr("The prompt alone does not fit into the context of %1 tokens.").arg(contextTotal()));
        }
        return;
    }
    const int last = messages()->count() - 1;
    const MessageRecord m = messages()->at(last);
    if (m.role != QLatin1String("user")) return;
    // The prompt moves; one that has earlier answers (a regenerate that no longer fits) stays
    // with them. The new chat keeps this one's system prompt and Think.
    if (tree().below(m.id).isEmpty()) session_->removeRowsFrom(last, true);
    const QString system = systemPrompt();
    const bool thinking = thinkingEnabled();
    const QStringList documents = session_->current().documents;
    discardIfEmpty();
    newConversation();
    session_->setSystemPrompt(system);
    session_->setThinking(thinking);
    session_->setDocuments(documents);
    emit currentChanged();
    send(m.content);
}

void ChatController::cancelOverflow() {
    if (!overflowOpen_ || generating() || messages()->count() == 0) return;
    overflowOpen_ = false;
    const int last = messages()->count() - 1;
    const MessageRecord m = messages()->at(last);
    if (m.role != QLatin1String("user")) return;
    if (!tree().below(m.id).isEmpty()) {
        // A regenerated answer that no longer fits: the answers it had are shown again.
        session_->restoreBelow(last + 1, m.id);
        measureContext();
        return;
    }
    session_->removeRowsFrom(last, true); // an edited prompt: the one it replaced is back
    discardIfEmpty();
    measureContext();
    emit promptReturned(m.content);
}

void ChatController::discardIfEmpty() {
    if (currentId() == 0 || messages()->count() > 0 || tree().size() > 0) return;
    const qint64 id = currentId();
    const QString key = toolChatKey();
    // The tools chosen for the chat are again the new chat's (send moved them to its id).
    if (tools_)
        for (const QVariant& v : tools_->enabledServers()) {
            const QString server = v.toMap().value(QStringLiteral("name")).toString();
            tools_->setChatUsesServer(QStringLiteral("0"), server, tools_->chatUsesServer(key, server));
        }
    session_->remove(id);
    for (ModelSource* source : model_->sources()) source->forgetConversation(id);
    session_->forgetRecord();
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
    int first = messages()->count() - 1;
    while (first > 0 && messages()->at(first - 1).role != QLatin1String("user")) --first;
    messages()->removeFrom(first);
    clearError();
    startAssistant();
}

void ChatController::editMessage(int row, const QString& text) {
    if (generating() || row < 0 || row >= messages()->count() || text.trimmed().isEmpty()) return;
    if (messages()->at(row).role != QLatin1String("user") || model_->state() != ModelManager::State::Ready)
        return;
    // A sibling of the edited prompt: the old one and everything after it stay in the tree.
    const MessageRecord old = messages()->at(row);
    MessageRecord m = session_->nextMessage(old.role);
    m.position = old.position;
    m.parentId =
        tree().contains(old.id) ? tree().find(old.id)->parentId : (row > 0 ? messages()->at(row - 1).id : 0);
    m.content = text.trimmed();
    m.images = old.images; // the edited text keeps the prompt's images
    m.inContext = old.inContext;
    messages()->removeFrom(row);
    messages()->append(m);
    session_->saveRow(row);
    clearError();
    session_->touch();
    startAssistant();
}

void ChatController::selectAlternative(int row, int step) {
    if (generating() || row < 0 || row >= messages()->count() || step == 0) return;
    const qint64 id = messages()->at(row).id;
    const QList<qint64> alternatives = tree().siblings(id);
    const int to = static_cast<int>(alternatives.indexOf(id)) + step;
    if (to < 0 || to >= alternatives.size()) return;
    emit alternativeSwitching(row);
    session_->showAlternative(row, alternatives.at(to));
    emit alternativeShown(row);
    clearError();
    measureContext(); // another branch, another length
    emit canRegenerateChanged();
}

void ChatController::copyText(const QString& text) const {
    if (auto* cb = QGuiApplication::clipboard()) cb->setText(text);
}

void ChatController::copyMessage(int row) const {
    if (row < 0 || row >= messages()->count()) return;
    const MessageRecord& m = messages()->at(row);
    // A model without a chat template continues the prompt's text ("Once upon a time" + " there
    // was…"), and the view shows the two as one story: Copy copies the story, not its second
    // half (issue 39, defect 15).
    const bool continuesPrompt = model_->promptMode() == QLatin1String("continuation") && row > 0 &&
                                 m.role == QLatin1String("assistant") &&
                                 messages()->at(row - 1).role == QLatin1String("user");
    copyText(continuesPrompt ? messages()->at(row - 1).content + m.content : m.content);
}

void ChatController::copyConversation() const {
    copyText(Exporter::toMarkdown(session_->current(), messages()->messages(), &tree()));
}

bool ChatController::exportConversation(const QUrl& url, const QString& format) {
    const QString path = url.isLocalFile() ? url.toLocalFile() : url.toString();
    const bool json = format == QLatin1String("json");
    const ConversationRecord& c = session_->current();
    const QByteArray data = json ? Exporter::toJson(c, messages()->messages(), &tree())
                                 : Exporter::toMarkdown(c, messages()->messages(), &tree()).toUtf8();
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
                               Exporter::suggestedFileName(currentTitle(), format));
}

} // namespace smoldesk::app
