#include "runtime/draft_proposer.h"

#include <algorithm>

namespace smoldesk::runtime {

std::string draftVocabularyMismatch(const Session& target, const Session& draft) {
    const text::Tokenizer& a = target.tokenizer();
    const text::Tokenizer& b = draft.tokenizer();
    if (a.vocabSize() != b.vocabSize() || target.hparams().nVocab != draft.hparams().nVocab)
        return "The draft model has " + std::to_string(b.vocabSize()) + " tokens but the model has " +
               std::to_string(a.vocabSize()) + "; a draft model needs the same vocabulary.";
    for (int32_t id = 0; id < a.vocabSize(); ++id)
        if (a.tokenText(id) != b.tokenText(id))
            return "Token " + std::to_string(id) + " is '" + std::string(b.tokenText(id)) +
                   "' in the draft model but '" + std::string(a.tokenText(id)) +
                   "' in the model; a draft model needs the same vocabulary.";
    return {};
}

int DraftProposer::propose(std::span<const int32_t> text, int maxTokens, std::vector<int32_t>& out) {
    out.clear();
    const int room = draft_->contextSize() - static_cast<int>(text.size());
    maxTokens = std::min(maxTokens, room);
    if (maxTokens <= 0 || text.empty()) return 0;
    // A text-only draft cannot read an image's positions (negative ids whose rows only the
    // target's projector makes): such a chat decodes without speculation instead of failing.
    if (std::any_of(text.begin(), text.end(), isImageToken)) return 0;
    std::vector<float> logits = draft_->evaluate(text); // reuses the accepted prefix
    for (int i = 0; i < maxTokens; ++i) {
        out.push_back(argmax(logits));
        if (i + 1 < maxTokens) logits = draft_->decode(out.back());
    }
    return static_cast<int>(out.size());
}

SpecOptions DraftProposer::options(std::shared_ptr<Session> draft, SpecMode mode, int maxDraft) {
    SpecOptions o;
    o.mode = mode == SpecMode::Off ? SpecMode::Off : mode;
    o.maxDraft = maxDraft;
    auto proposer = std::make_shared<DraftProposer>(std::move(draft));
    o.proposer = [proposer](std::span<const int32_t> text, int maxTokens, std::vector<int32_t>& out) {
        return proposer->propose(text, maxTokens, out);
    };
    return o;
}

} // namespace smoldesk::runtime
