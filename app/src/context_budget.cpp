#include "context_budget.h"

#include "conversation_session.h"
#include "model_manager.h"

namespace smoldesk::app {
namespace {
constexpr int kDropTargetPercent = 75; // dropOldestTurns() leaves room for a few more turns
} // namespace

ContextBudget::ContextBudget(ModelManager* model, ConversationSession* session,
                             std::function<void(quint64)> measure, QObject* parent)
    : QObject(parent), model_(model), session_(session), measure_(std::move(measure)) {}

int ContextBudget::total() const {
    return model_->contextSize();
}

int ContextBudget::used() const {
    return total() > 0 ? std::min(used_, total()) : used_;
}

bool ContextBudget::warning() const {
    return total() > 0 && used_ * 10 >= total() * 9;
}

bool ContextBudget::full() const {
    return total() > 0 && used_ > 0 && used_ + kAnswerReserve > total();
}

bool ContextBudget::canDropOldestTurns() const {
    int first = 0, next = 0;
    return oldestDroppableTurn(&first, &next);
}

void ContextBudget::set(int used) {
    if (used == used_) return;
    used_ = used;
    emit changed();
}

void ContextBudget::invalidate() {
    ++measureId_;
    dropping_ = false;
}

void ContextBudget::measure() {
    const quint64 id = ++measureId_;
    if (session_->messages()->count() == 0 || model_->state() != ModelManager::State::Ready) {
        dropping_ = false;
        set(0);
        return;
    }
    measure_(id);
}

void ContextBudget::takeMeasurement(quint64 id, int tokens, bool generating) {
    if (id != measureId_ || generating) return; // a newer measurement, or a generation reports itself
    set(std::max(0, tokens));
    if (!dropping_) return;
    if (used_ * 100 > total() * kDropTargetPercent && dropOldestTurn()) {
        measure();
        return;
    }
    dropping_ = false;
}

bool ContextBudget::dropOldestTurns() {
    if (!dropOldestTurn()) return false;
    dropping_ = true;
    measure();
    return true;
}

bool ContextBudget::oldestDroppableTurn(int* firstRow, int* nextRow) const {
    const auto& rows = session_->messages()->messages();
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

bool ContextBudget::dropOldestTurn() {
    int first = 0, next = 0;
    if (!oldestDroppableTurn(&first, &next)) return false;
    MessageListModel* messages = session_->messages();
    messages->setInContextBefore(messages->at(next).position);
    // The rows of this branch; other branches keep their own marks below where they part.
    for (int r = 0; r < next; ++r) session_->saveRow(r);
    emit changed(); // canDropOldestTurns
    return true;
}

int ContextBudget::suggestedContext(int promptTokens, int contextSize) const {
    const int trained = model_->trainedContext();
    if (model_->isRemote() || (trained > 0 && promptTokens + kAnswerReserve > trained)) return 0;
    constexpr int kStep = 1024, kRoom = 512;
    int suggested = (promptTokens + kRoom + kStep - 1) / kStep * kStep;
    if (trained > 0) suggested = std::min(suggested, trained);
    return suggested <= contextSize ? 0 : suggested;
}

} // namespace smoldesk::app
