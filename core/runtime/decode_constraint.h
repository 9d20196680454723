#pragma once
// The grammar that holds a generation's output (GenerateParams::grammar), as a state machine the
// decode loop asks at each step. It starts where the answer starts (at once, or where the thought
// closes), or — lazy, tool_choice auto — where the model writes the trigger, and lets the text go
// free again when that call is complete; forced (tool_choice required), the engine writes the
// trigger itself first. Session::generate only samples, forces text and reports what it wrote.
#include "chat/output_parser.h"
#include "grammar/matcher.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace smoldesk::runtime {

struct GenerateParams;

class DecodeConstraint {
  public:
    // Throws Error(InvalidArgument) when the grammar was compiled for another vocabulary.
    DecodeConstraint(const GenerateParams& params, size_t vocabSize);

    // The text a token released, as the thought parser split it: the answer's start (after the
    // thought) or the lazy trigger can switch the grammar on.
    void onText(const chat::ParsedDelta& delta, bool inThought);
    // True while the grammar decides which tokens may come.
    bool holds() const { return constrained_; }
    // A forced token the grammar must read (the thought's close inside a forced harmony call).
    void acceptForced(int32_t id);
    // tool_choice required: the trigger the engine writes before the first sampled answer token,
    // once; nothing while the grammar does not hold yet.
    std::optional<std::string> takeTrigger();
    // Before sampling: true when the grammar is complete and generation ends. A complete lazy
    // call frees the text instead (a further trigger starts a further call).
    bool complete();
    // The tokens the grammar allows now (holds() is true).
    const std::vector<uint64_t>& allowed() { return matcher_->allowedTokens(); }
    // A sampled token under the mask; throws if the grammar refuses it (an engine bug).
    void accept(int32_t id);

  private:
    std::optional<grammar::GrammarMatcher> matcher_;
    std::string trigger_;
    bool lazy_ = false;
    bool constrained_ = false;
    bool broken_ = false;         // the answer left the grammar where the thought closed
    bool triggerToWrite_ = false; // forced calls: the trigger is still to be written
    std::string sinceTrigger_;    // lazy: the answer's latest text, searched for the trigger
};

} // namespace smoldesk::runtime
