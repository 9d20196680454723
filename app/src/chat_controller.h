#pragma once
// ChatController: the chat view's one object, and the turn's conductor. It sends the open
// conversation to the model source (model_source.h: the local engine or a remote endpoint; it never
// asks which) and decides what each result means: stop, regenerate, retry, edit and branches, the
// tool rounds of a turn, context overflow, errors. Its parts do the rest: ConversationSession (the
// open chat, its tree and the database), AnswerStream (the answer that streams into its row),
// ContextBudget (the meter and making room), ToolTurn (a turn's tool calls and their cards).
#include "chat_documents.h"
#include "conversation_list_model.h"
#include "message_list_model.h"
#include "message_tree.h"
#include "store_types.h"
#include "worker/document_sources.h"
#include "worker/engine_types.h"

#include <QObject>
#include <QSet>
#include <QUrl>
#include <QtQml/qqmlregistration.h>

namespace smoldesk::app {

class AnswerStream;
class ChatDocuments;
class AppSettings;
class ContextBudget;
class ConversationSession;
class ModelManager;
class ModelSource;
class ToolServers;
class ToolTurn;

class ChatController : public QObject {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("Use App.chat")
    Q_PROPERTY(smoldesk::app::ConversationListModel* conversations READ conversations CONSTANT)
    Q_PROPERTY(smoldesk::app::MessageListModel* messages READ messages CONSTANT)
    Q_PROPERTY(qint64 currentId READ currentId NOTIFY currentChanged)
    Q_PROPERTY(QString currentTitle READ currentTitle NOTIFY currentChanged)
    Q_PROPERTY(bool thinkingEnabled READ thinkingEnabled WRITE setThinkingEnabled NOTIFY currentChanged)
    Q_PROPERTY(QString systemPrompt READ systemPrompt WRITE setSystemPrompt NOTIFY currentChanged)
    // An answer streams, or a prompt waits for the model that loads (Stop cancels either).
    Q_PROPERTY(bool generating READ generating NOTIFY generatingChanged)
    // A prompt was sent while the model loaded: it is answered once the load ends.
    Q_PROPERTY(bool waitingForModel READ waitingForModel NOTIFY generatingChanged)
    // The last message is an answer (complete, stopped or interrupted) and a model is ready.
    Q_PROPERTY(bool canRegenerate READ canRegenerate NOTIFY canRegenerateChanged)
    // The last message is a prompt with no answer (its request failed, was stopped while the
    // model loaded, or the app ended first) and a model is ready: Retry asks for the answer.
    Q_PROPERTY(bool canRetry READ canRetry NOTIFY canRegenerateChanged)
    Q_PROPERTY(int contextUsed READ contextUsed NOTIFY contextChanged)
    Q_PROPERTY(int contextTotal READ contextTotal NOTIFY contextChanged)
    Q_PROPERTY(bool contextWarning READ contextWarning NOTIFY contextChanged)
    // The conversation no longer leaves room for an answer: the composer offers the two ways on.
    Q_PROPERTY(bool contextFull READ contextFull NOTIFY contextChanged)
    Q_PROPERTY(bool canDropOldestTurns READ canDropOldestTurns NOTIFY contextChanged)
    Q_PROPERTY(double tokensPerSecond READ tokensPerSecond NOTIFY statsChanged)
    // While the answer's prompt is read: how far (0…1, -1 before the first report) and how fast.
    Q_PROPERTY(double promptProgress READ promptProgress NOTIFY promptProgressChanged)
    Q_PROPERTY(double promptTokensPerSecond READ promptTokensPerSecond NOTIFY promptProgressChanged)
    Q_PROPERTY(QString errorText READ errorText NOTIFY errorChanged)
    // Tools left out of a request (no grammar can hold their parameters): named once per tool.
    Q_PROPERTY(QString toolNotice READ toolNotice NOTIFY toolNoticeChanged)
    Q_PROPERTY(QString searchText READ searchText WRITE setSearchText NOTIFY searchTextChanged)
    // The model asked for tools: their cards wait for the user's consent or run (Stop ends the turn).
    Q_PROPERTY(bool toolsRunning READ toolsRunning NOTIFY generatingChanged)
    // Whether the open chat draws on the document library (the composer's chip), and citations.
    Q_PROPERTY(smoldesk::app::ChatDocuments* documents READ documents CONSTANT)
    // Images attached in the composer for the next prompt, as data URLs (its thumbnails).
    Q_PROPERTY(QStringList pendingImages READ pendingImages NOTIFY pendingImagesChanged)
  public:
    ChatController(ModelManager* model, AppSettings* settings, const QString& databasePath,
                   QObject* parent = nullptr);
    ~ChatController() override;

    ConversationListModel* conversations() const;
    MessageListModel* messages() const;
    qint64 currentId() const;
    QString currentTitle() const;
    bool thinkingEnabled() const;
    void setThinkingEnabled(bool on);
    QString systemPrompt() const;
    void setSystemPrompt(const QString& prompt);
    bool generating() const;
    bool toolsRunning() const;
    // The MCP servers whose tools the chats may offer the model (AppContext; none in tests
    // without tools). The API server never gets them.
    void setToolServers(ToolServers* servers);
    // The library the chats may draw on (set once, at start; null: none).
    void setDocuments(ChatDocuments* documents);
    ChatDocuments* documents() const { return documents_; }
    // Tests: the next `rounds` answers of a turn with tools must be a tool call (tool_choice
    // required, through the call grammar), of `name` when given; with a name, only that tool is
    // offered from then on, its schema closed to other properties (the tiny test model's
    // 4096-token context cannot hold a whole server's schemas, and its random text would write
    // extra property names without end). The loop is tested with calls the grammar forces.
    void forceToolCalls(int rounds, const QString& name = {}) {
        forcedToolRounds_ = rounds;
        forcedToolName_ = name;
    }
    bool waitingForModel() const { return waitingForModel_; }
    bool canRegenerate() const;
    bool canRetry() const;
    // Tokens of the open conversation as the model sees it: measured when a chat opens or the
    // model changes, then prompt + generated tokens; never more than the context holds.
    int contextUsed() const;
    int contextTotal() const;
    bool contextWarning() const;
    bool contextFull() const;
    bool canDropOldestTurns() const;
    double tokensPerSecond() const { return tokensPerSecond_; }
    double promptProgress() const;
    double promptTokensPerSecond() const;
    QString errorText() const { return errorText_; }
    QString searchText() const { return searchText_; }
    void setSearchText(const QString& text);

    Q_INVOKABLE void newConversation();
    Q_INVOKABLE void selectConversation(qint64 id);
    Q_INVOKABLE void renameConversation(qint64 id, const QString& title);
    Q_INVOKABLE void deleteConversation(qint64 id);
    Q_INVOKABLE bool send(const QString& text);
    // Attaches an image (a file URL or a data URL) to the next prompt; false with errorText set
    // (one sentence) when it is no image SmolDesk can read. From the clipboard: false when the
    // clipboard holds no image.
    Q_INVOKABLE bool attachImage(const QUrl& fileOrDataUrl);
    Q_INVOKABLE bool attachImageFromClipboard();
    Q_INVOKABLE void removeAttachment(int index);
    QStringList pendingImages() const;
    Q_INVOKABLE void stop();
    // A new answer to the last prompt; the earlier ones stay as its alternatives (‹ 2/3 ›).
    Q_INVOKABLE void regenerate();
    // Answers the last prompt, which has none (canRetry).
    Q_INVOKABLE void retry();
    // The edited prompt starts a branch beside the row's: the old prompt, its answers and what
    // followed stay reachable as the row's alternatives.
    Q_INVOKABLE void editMessage(int row, const QString& text);
    // Shows the row's previous (step -1) or next (+1) alternative and the branch below it.
    Q_INVOKABLE void selectAlternative(int row, int step);
    Q_INVOKABLE void copyText(const QString& text) const;
    Q_INVOKABLE void copyMessage(int row) const;
    Q_INVOKABLE void copyConversation() const;
    Q_INVOKABLE bool exportConversation(const QUrl& url, const QString& format);
    // Where the export dialog starts: the documents folder and a name from the title.
    Q_INVOKABLE QUrl suggestedExportUrl(const QString& format) const;
    // The user's answer to overflowRequested: drop the oldest turns, or move the prompt to a new chat.
    Q_INVOKABLE void resolveOverflow(bool dropOldest);
    // The user closed the overflow question (Escape, a click outside, Cancel): the prompt leaves
    // the chat and goes back into the prompt box (promptReturned); nothing is sent. A chat that
    // held only that prompt is not kept. A regenerated answer that did not fit: the earlier
    // answers are shown again.
    Q_INVOKABLE void cancelOverflow();
    // Leaves the oldest turns out of the context until the conversation fits with room to answer.
    Q_INVOKABLE void dropOldestTurns();
    Q_INVOKABLE void clearError();
    QString toolNotice() const { return toolNotice_; }
    Q_INVOKABLE void clearToolNotice();
    // The user's answer on a tool call's card (a "tool" row of messages).
    Q_INVOKABLE void allowToolCall(int row, bool always);
    Q_INVOKABLE void denyToolCall(int row);
    // Stop on a running card: cancels the call, then the turn (as Stop in the composer).
    Q_INVOKABLE void stopToolCall(int row);
    // The chat's key in ToolServers' per-chat choice ("0": the new chat not yet saved).
    Q_INVOKABLE QString toolChatKey() const { return QString::number(currentId()); }
    // Waits until every queued write reached the database (tests, shutdown).
    void flushStore();
    // Every message of the open conversation, every branch (the shown one is messages()).
    const MessageTree& tree() const;
    // The open conversation as the model is sent it: the shown branch, in-context rows.
    QList<ChatTurn> promptTurns() const;
    // The tools the next answer would be offered (OpenAI's `tools`; empty: none), for the meter.
    QString offeredToolsJson() const;
    static QString titleFromPrompt(const QString& prompt);

  signals:
    void currentChanged();
    void generatingChanged();
    void canRegenerateChanged();
    void contextChanged();
    void statsChanged();
    void promptProgressChanged();
    void errorChanged();
    void toolNoticeChanged();
    void searchTextChanged();
    void pendingImagesChanged();
    // The prompt does not fit: the user decides (resolveOverflow, cancelOverflow). neededTokens:
    // the prompt and the least room to answer (what the context would have to hold); suggestedContext:
    // a context length that would hold it with room to answer (0: none the model can take);
    // tools: how many tool definitions the prompt carried.
    void overflowRequested(int neededTokens, int contextSize, int suggestedContext, int tools);
    // A prompt that was not sent, for the prompt box (cancelOverflow).
    void promptReturned(const QString& text);
    void conversationsReady();
    void messagesReady();
    void generationFinished(const QString& stopReason);
    // selectAlternative shows another branch from `row` on (the view keeps its place instead of
    // following the changed row count to the end).
    void alternativeSwitching(int row);
    void alternativeShown(int row);
    // An export was written (the window confirms it with the path).
    void exported(const QString& path);

  private:
    void connectSource(ModelSource* source);
    void openInSources(qint64 id);
    // A new chat, or chat `record`, replaces the open one.
    void openConversation(const ConversationRecord& record);
    void onDelta(quint64 id, const QString& thought, const QString& answer, int contextUsed);
    void onTokensCounted(quint64 id, int tokens, int contextSize);
    // Asks the model source to measure the open conversation (contextChanged follows).
    void measureContext();
    void onFinished(quint64 id, const GenerationResult& r);
    void onFailed(quint64 id, const EngineError& e);
    void onOverflow(quint64 id, int promptTokens, int contextSize);
    void onConversationsLoaded(const QList<ConversationRecord>& all);
    // continuingTools: the next round of a turn whose tool calls were answered (no new ToolTurn).
    void startAssistant(bool continuingTools = false);
    // A new turn: a ToolTurn when the chat's servers offer tools now.
    void startToolTurn(const GenerationRequest& request);
    // Whether a turn of `request` offers search_documents and read_document (ToolTurn).
    bool offersDocumentTools(const GenerationRequest& request) const;
    // The answer's sources: its prompt's and what the turn's document tools read.
    void setAnswerSources(int row, QList<DocumentSource> sources);
    static constexpr int kDefaultToolRounds = 8; // without ToolServers (tests), as the CLI
    GenerationRequest nextRequest(bool continuingTools);
    void onToolCall(quint64 id, int index, const ToolCallInfo& call);
    void onDocumentsUsed(quint64 id, const DocumentsUsed& used);
    // The answer that just ended made tool calls: shows a card (tool row) per call and asks.
    void beginToolRound();
    void onCardChanged(int card);
    void onToolRoundFinished();
    void endToolTurn(const QString& reason);
    // The load a held prompt waited for ended: answer it, or say why it cannot be.
    void onLoadEnded();
    // The answer that streams is complete as shown (generatingChanged).
    void finishActive();
    // The open chat has no message left (its only prompt went back): it is deleted, and the
    // window shows a new chat with the same settings.
    void discardIfEmpty();
    void setError(const QString& text);
    // An error of a request (it failed, or no model could answer): it goes by itself when its
    // cause is gone (another model, an endpoint changed, an answer that arrives).
    void setRequestError(const QString& text);
    void clearRequestError();

    ModelManager* model_;
    AppSettings* settings_;
    ConversationSession* session_;
    AnswerStream* stream_;
    ContextBudget* budget_;

    quint64 nextRequest_ = 0;
    bool waitingForModel_ = false; // the last prompt waits for the model that loads
    bool autoDrop_ = false;        // the user chose to drop oldest turns for this prompt
    bool overflowOpen_ = false;    // overflowRequested waits for the user's answer
    double tokensPerSecond_ = 0.0;
    QString errorText_;
    bool requestError_ = false; // errorText_ came from setRequestError
    QString searchText_;

    ToolServers* tools_ = nullptr;
    ChatDocuments* documents_ = nullptr;
    QString toolNotice_;
    QSet<QString> toolsNamedLeftOut_;
    ToolTurn* toolTurn_ = nullptr; // the user's turn with tools, across its rounds
    int forcedToolRounds_ = 0;
    QString forcedToolName_;
    QList<QByteArray> pendingImages_; // attached for the next prompt (issue 37)
};

} // namespace smoldesk::app
