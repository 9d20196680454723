#pragma once
// ContextBudget: how much of the model's context the open conversation takes, and the ways to make
// room. It keeps the meter (measured when a chat opens or the model changes, then as the answer
// reports), says when the context is nearly or wholly full, finds the oldest turn that can leave
// the context (never the latest prompt), drops turns until the chat fits with room for a few more,
// and suggests a larger context when a prompt overflows. Measuring itself is the controller's: it
// knows what the model is sent.
#include <QObject>

#include <functional>

namespace smoldesk::app {

class ConversationSession;
class ModelManager;

class ContextBudget : public QObject {
    Q_OBJECT
  public:
    // As ModelWorker: a prompt must leave this much room to answer.
    static constexpr int kAnswerReserve = 16;

    // measure(id) asks the model source to count the conversation's tokens (tokensCounted(id) follows).
    ContextBudget(ModelManager* model, ConversationSession* session, std::function<void(quint64)> measure,
                  QObject* parent = nullptr);

    // Never more than the context holds (the measured value may exceed a smaller model's context).
    int used() const;
    int total() const;
    bool warning() const;
    bool full() const;
    bool canDropOldestTurns() const;

    void set(int used);
    // Measures the open conversation again (0 with no messages or no model ready).
    void measure();
    // Measurements under way are of no use any more (another chat, or an answer reports the size).
    void invalidate();
    // A measurement's result; `generating`: an answer runs and reports the size itself.
    void takeMeasurement(quint64 id, int tokens, bool generating);
    // Leaves the oldest turns out of the context until the conversation fits with room to answer.
    // False when no turn can go.
    bool dropOldestTurns();
    // Leaves the oldest turn out; false when none can go (the latest prompt always stays).
    bool dropOldestTurn();
    // A context length that would hold `promptTokens` with room to answer, in the steps of
    // Settings; 0 where the model was not trained for that much, the context is the server's, or
    // it would be no larger than `contextSize`.
    int suggestedContext(int promptTokens, int contextSize) const;

  signals:
    void changed();

  private:
    // The rows [first, next) that dropping the oldest turn would leave out; false if none can go.
    bool oldestDroppableTurn(int* first, int* next) const;

    ModelManager* model_;
    ConversationSession* session_;
    std::function<void(quint64)> measure_;
    int used_ = 0; // as measured or reported
    quint64 measureId_ = 0;
    bool dropping_ = false; // dropOldestTurns() is measuring after each dropped turn
};

} // namespace smoldesk::app
