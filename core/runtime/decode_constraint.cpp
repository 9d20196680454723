#include "runtime/decode_constraint.h"

#include "common/error.h"
#include "runtime/session.h"

namespace smoldesk::runtime {

DecodeConstraint::DecodeConstraint(const GenerateParams& params, size_t vocabSize) {
    if (!params.grammar) return;
    if (params.grammar->vocab() == nullptr || params.grammar->vocab()->vocabSize() != vocabSize)
        throw Error(ErrorCode::InvalidArgument, "The grammar was compiled for another vocabulary.");
    matcher_.emplace(params.grammar);
    trigger_ = params.grammarTrigger;
    lazy_ = params.grammarLazy && !trigger_.empty();
    constrained_ = !params.startsInThought && !lazy_;
    triggerToWrite_ = !lazy_ && !trigger_.empty();
}

void DecodeConstraint::onText(const chat::ParsedDelta& delta, bool inThought) {
    if (!matcher_) return;
    if (lazy_ && !constrained_ && !inThought && !delta.answer.empty()) {
        sinceTrigger_ += delta.answer;
        const size_t at = sinceTrigger_.find(trigger_);
        if (at != std::string::npos) {
            // The call starts: the rest of this text is its first bytes.
            matcher_->reset();
            constrained_ = matcher_->accept(std::string_view(sinceTrigger_).substr(at + trigger_.size()));
            sinceTrigger_.clear();
        } else if (sinceTrigger_.size() >= trigger_.size()) {
            sinceTrigger_.erase(0, sinceTrigger_.size() - (trigger_.size() - 1));
        }
    } else if (!lazy_ && !constrained_ && delta.thoughtEnded) {
        // The answer may start inside the token that closed the thought.
        constrained_ = true;
        const size_t start = delta.answer.find_first_not_of(" \t\r\n");
        // (With a trigger still to write, the grammar starts after it: such text is not its own.)
        if (start != std::string::npos && !triggerToWrite_ &&
            !matcher_->accept(std::string_view(delta.answer).substr(start)))
            broken_ = true;
    }
}

void DecodeConstraint::acceptForced(int32_t id) {
    if (!broken_ && !matcher_->acceptToken(id)) broken_ = true;
}

std::optional<std::string> DecodeConstraint::takeTrigger() {
    if (!constrained_ || !triggerToWrite_) return std::nullopt;
    triggerToWrite_ = false;
    return trigger_;
}

bool DecodeConstraint::complete() {
    if (lazy_ && constrained_ && (broken_ || matcher_->mustEnd())) {
        constrained_ = false; // the call is complete: free text again until the next trigger
        broken_ = false;
    }
    return constrained_ && (broken_ || matcher_->mustEnd());
}

void DecodeConstraint::accept(int32_t id) {
    if (!matcher_->acceptToken(id))
        throw Error(ErrorCode::InvalidArgument, "The sampled token does not continue the grammar.");
}

} // namespace smoldesk::runtime
