#pragma once
// The check behind the saved-state tests of both backends: a session that restores a saved
// KV cache must continue exactly as the session that saved it would have, and as a session
// that reads the whole history from scratch (an independent path: no save, no restore).
#include "runtime/session.h"

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace smoldesk::test {

struct ResumeLogits {
    std::vector<int32_t> history;  // what the saved cache held
    std::vector<int32_t> restored; // what restoreStateFile returned
    int reused = 0;                // prefix reused by the resumed session's next evaluate
    std::vector<float> resumed;    // next-token logits after restore + follow-up
    std::vector<float> stepwise;   // the same steps without save/restore (history, then follow-up)
    std::vector<float> scratch;    // history + follow-up in one evaluate on a fresh session
    uint64_t stateBytes = 0;
};

// Generates `decodeTokens` greedy tokens after `prompt` (so the cache holds prompt and decode
// positions), saves the state to `path`, restores it into a fresh session and evaluates a
// follow-up; the references run on their own fresh sessions.
ResumeLogits resumeVersusScratch(const std::function<std::unique_ptr<runtime::Session>()>& open,
                                 const std::string& prompt, const std::string& followUp, int decodeTokens,
                                 const std::string& path);

float maxAbsDiff(const std::vector<float>& a, const std::vector<float>& b);
size_t argmax(const std::vector<float>& v);

} // namespace smoldesk::test
