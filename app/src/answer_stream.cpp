#include "answer_stream.h"

#include "conversation_session.h"
#include "model_source.h"

namespace smoldesk::app {
namespace {
constexpr int kFlushMs = 30;    // streamed text reaches the view at most once per frame or two
constexpr int kPersistMs = 500; // and the database at most twice a second (a kill loses less)
} // namespace

AnswerStream::AnswerStream(ConversationSession* session, QObject* parent)
    : QObject(parent), session_(session), messages_(session->messages()) {
    flushTimer_.setSingleShot(true);
    flushTimer_.setInterval(kFlushMs);
    connect(&flushTimer_, &QTimer::timeout, this, &AnswerStream::flush);
    persistTimer_.setSingleShot(true);
    persistTimer_.setInterval(kPersistMs);
    connect(&persistTimer_, &QTimer::timeout, this, &AnswerStream::persist);
}

void AnswerStream::begin(quint64 id, int row, ModelSource* source) {
    id_ = id;
    row_ = row;
    source_ = source;
    stopRequested_ = false;
    pendingContext_ = -1;
    pendingAnswer_.clear();
    pendingThought_.clear();
    setPromptProgress(-1.0, 0.0);
}

bool AnswerStream::requestStop() {
    if (!id_ || stopRequested_) return false;
    stopRequested_ = true;
    if (source_) source_->stop(id_);
    flush(); // what arrived before Stop is shown; nothing after it
    return true;
}

void AnswerStream::add(const QString& thought, const QString& answer, int contextUsed) {
    if (stopRequested_) return;
    pendingThought_ += thought;
    pendingAnswer_ += answer;
    pendingContext_ = contextUsed;
    if (!flushTimer_.isActive()) flushTimer_.start();
}

void AnswerStream::flush() {
    flushTimer_.stop();
    if (row_ < 0) return;
    if (!pendingThought_.isEmpty()) {
        messages_->appendThought(row_, pendingThought_);
        if (messages_->at(row_).thoughtSeconds == 0.0) messages_->setThinking(row_, true, 0.0);
        pendingThought_.clear();
    }
    if (!pendingAnswer_.isEmpty()) {
        messages_->appendContent(row_, pendingAnswer_);
        pendingAnswer_.clear();
    }
    if (pendingContext_ >= 0) emit contextReported(pendingContext_);
    pendingContext_ = -1;
    if (!persistTimer_.isActive()) persistTimer_.start();
}

void AnswerStream::restart() {
    if (row_ < 0) return;
    flushTimer_.stop();
    pendingThought_.clear();
    pendingAnswer_.clear();
    messages_->setContent(row_, QString());
    messages_->setThought(row_, QString());
    messages_->setThinking(row_, false, 0.0);
    persist();
}

void AnswerStream::endThought(double seconds) {
    flush();
    messages_->setThinking(row_, false, std::max(seconds, 0.1));
}

void AnswerStream::persist() {
    persistTimer_.stop();
    if (row_ >= 0) session_->saveRow(row_);
}

bool AnswerStream::finish() {
    if (row_ < 0) return false;
    flush();
    persistTimer_.stop();
    messages_->setStreaming(row_, false);
    messages_->setThinking(row_, false, messages_->at(row_).thoughtSeconds);
    messages_->setState(row_, MessageState::Complete);
    session_->saveRow(row_);
    row_ = -1;
    id_ = 0;
    setPromptProgress(-1.0, 0.0);
    return true;
}

int AnswerStream::abandon() {
    const int row = row_;
    persistTimer_.stop();
    row_ = -1;
    id_ = 0;
    return row;
}

void AnswerStream::setPromptProgress(double fraction, double tokensPerSecond) {
    if (fraction == promptProgress_ && tokensPerSecond == promptTokensPerSecond_) return;
    promptProgress_ = fraction;
    promptTokensPerSecond_ = tokensPerSecond;
    emit promptProgressChanged();
}

} // namespace smoldesk::app
