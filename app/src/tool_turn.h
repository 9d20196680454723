#pragma once
// The tool calls of one answer, from the model's request to the messages fed back: which MCP tool
// each call names, the user's consent for each (Allow once, Always allow this tool, Deny; nothing
// runs before it, unless the tool is on the server's "Always allow" list), running it, Stop, and
// the tool message each call leaves for the next round. Counts the rounds of a turn against the
// cap of Settings ▸ Tools. Independent of the model and of QML: the chat drives it with the calls
// its tool-call parser found (chat::ToolCall) and shows its cards.
// A chat that uses documents also offers a model that writes tool calls search_documents and
// read_document (core/grounding/document_tools.h), as the CLI does: their cards ask for consent
// the same way ("Always allow" is kept under the server name "documents"), run on the engine's
// thread one at a time (passages are numbered in order), and the passages they return are the
// answer's citations besides those of its prompt.
#include "chat/tool_calls.h"
#include "mcp_toolset.h"
#include "mcp_types.h"
#include "worker/document_sources.h"
#include "worker/engine_types.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QObject>
#include <QPointer>
#include <QString>
#include <QVariantList>

#include <deque>
#include <functional>
#include <vector>

namespace smoldesk::app {

class ToolServers;

// One tool the model may call in a chat: the name it sees, and where the call goes.
using OfferedTool = mcp::OfferedTool;

class ToolTurn : public QObject {
    Q_OBJECT
  public:
    enum class CardState { Waiting, Running, Done, Failed, Denied, Stopped };
    Q_ENUM(CardState)
    struct Card {
        QString name; // as the model wrote it
        QString server, tool;
        QString argumentsJson; // pretty-printed
        QJsonObject arguments;
        CardState state = CardState::Waiting;
        QString resultText; // what the model is sent back: the result, or one sentence
        mcp::McpToolResult result;
        qint64 callId = -1;
        QList<DocumentSource> sources; // a document tool's passages
    };
    // The server name of the document tools' cards (and of their "Always allow").
    static constexpr const char* kDocumentsServer = "documents";
    // Starts a document tool call; documentCallFinished(callId, …) settles it.
    using DocumentRunner = std::function<void(qint64 callId, const ToolCallInfo& call, int firstNumber)>;

    ToolTurn(ToolServers* servers, const QStringList& chatServers, int maxRounds, QObject* parent = nullptr);

    // The tools of the chat's servers that are connected now, names made unique.
    const std::vector<OfferedTool>& offered() const { return offered_; }
    const OfferedTool* find(const QString& name) const;
    // Offers search_documents and read_document too (an MCP tool of the same name gives way).
    void offerDocumentTools(DocumentRunner runner);
    bool offersDocumentTools() const { return bool(documentRunner_); }
    // The passages of the turn's prompt: the tools' passages are numbered after them.
    void setPromptSourceCount(int count) { nextDocumentNumber_ = std::max(nextDocumentNumber_, count + 1); }
    void documentCallFinished(qint64 callId, const QString& text, const QList<DocumentSource>& sources);
    // Every passage the document calls of this turn returned, numbered as the model saw them.
    const QList<DocumentSource>& documentSources() const { return documentSources_; }

    // A new round: the calls of one model answer. False (and nothing asked) when the turn has had
    // its maxRounds rounds already; roundLimitSentence() says so for the chat.
    bool beginRound(const std::vector<chat::ToolCall>& calls);
    int round() const { return round_; }
    QString roundLimitSentence() const;

    const std::vector<Card>& cards() const { return cards_; }
    Q_INVOKABLE void allowOnce(int card);
    Q_INVOKABLE void allowAlways(int card);
    Q_INVOKABLE void deny(int card);
    // Stops a running call (cancelled on the server) or a waiting one (as denied).
    Q_INVOKABLE void stop(int card);
    bool finished() const; // every card of the round is settled
    // The tool messages of the round, in the calls' order: [{name, content}] for the template.
    QVariantList toolMessages() const;

    // The chat's side of the turn (ChatController). The calls of the answer that streams, which
    // run as the next round:
    void addStreamedCall(const ToolCallInfo& call) { streamedCalls_.append(call); }
    void clearStreamedCalls() { streamedCalls_.clear(); }
    const QList<ToolCallInfo>& streamedCalls() const { return streamedCalls_; }
    // beginRound with the streamed calls. While it runs (beginningRound()), cards settle before
    // the chat has rows for them: their signals are not the chat's to show yet.
    bool beginStreamedRound();
    bool beginningRound() const { return beginning_; }
    // The card's state, arguments, images and call id, as its tool row in the chat stores them.
    QString cardJson(int card) const;
    // Each card's row in the chat's messages.
    void setCardRows(const QList<int>& rows) { cardRows_ = rows; }
    int cardOfRow(int row) const { return int(cardRows_.indexOf(row)); }
    int rowOfCard(int card) const { return card >= 0 && card < cardRows_.size() ? cardRows_.at(card) : -1; }
    // The round's cards wait for consent or run: the chat's turn goes on (generating).
    bool roundOpen() const { return roundOpen_; }
    void setRoundOpen(bool open) { roundOpen_ = open; }
    // Stop: waiting cards are denied, running calls cancelled, and no round follows.
    void stopByUser();
    bool stoppedByUser() const { return stoppedByUser_; }

  signals:
    void cardChanged(int card);
    void roundFinished();

  private:
    // A waiting call whose tool its server no longer lists (tools/list_changed) fails with a
    // sentence at once, so the card shows it and the round can go on.
    void settleWithdrawnCalls();
    bool withdrawn(const Card& c) const;
    QString withdrawnSentence(const Card& c) const;
    void run(int card);
    void runDocumentCall(int card);
    void startNextDocumentCall();
    void settle(int card, CardState state, const QString& text);
    void checkFinished();

    QPointer<ToolServers> servers_;
    std::vector<OfferedTool> offered_;
    int maxRounds_;
    int round_ = 0;
    std::vector<Card> cards_;
    bool announced_ = false;
    QList<ToolCallInfo> streamedCalls_;
    QList<int> cardRows_;
    bool beginning_ = false;
    bool roundOpen_ = false;
    bool stoppedByUser_ = false;
    DocumentRunner documentRunner_;
    std::deque<int> documentQueue_; // allowed document cards waiting for the one in flight
    qint64 documentInFlight_ = -1;
    int nextDocumentNumber_ = 1;
    QList<DocumentSource> documentSources_;
};

// What the model reads back for a result: its text, cut at `limit` characters with a note.
QString toolResultForModel(const mcp::McpToolResult& result, int limit = 16384);

// The result's images for its card, [{mimeType, data (base64)}], kept with the card's JSON (so
// they are stored, restored and exported with it). Only image/* types with plain base64 data are
// kept (they become data: URLs), up to `maxBytes` of base64 in all; *omitted counts the rest.
QJsonArray toolResultImages(const mcp::McpToolResult& result, int* omitted = nullptr,
                            qsizetype maxBytes = 4 << 20);

} // namespace smoldesk::app
