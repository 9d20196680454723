#pragma once
// Speculative decoding for Session::generate. Where the plain loop would run one token through
// the model (decode), the Speculator runs that token followed by up to k proposed ones in one
// batched forward pass, with the logits of every position. The loop then samples exactly as
// before; while the token it samples equals the next proposal, that proposal's logits are the
// next step's and no forward pass runs. The first one that differs ends the run: the rejected
// tail's KV rows lie past the tokens the cache records, so the next pass overwrites them and no
// attention reads them (a query at position p reads positions ≤ p; sliding windows only narrow
// that), and the session's token list — what saving, the context meter and prefix reuse see —
// only ever holds accepted tokens.
//
// Sampling from the target's processed distribution p (penalties, top-k/p, min-p, temperature,
// grammar mask, exactly as the plain path) and accepting a proposal t when the draw equals t is
// the standard rejection scheme for a one-hot proposal: t is accepted with probability p(t), and
// otherwise the token is a draw from p with t removed and renormalised. So the output
// distribution is the target's, and with a fixed seed the sampled text is the plain path's,
// token for token. The same holds under grammars, stop strings, the thinking budget, the token
// limit and the context limit, which the loop checks as before.
//
// The gate (auto) measures the model's time per token with and without speculation and stops
// proposing when speculation does not pay, probing again later with growing pauses; a probe
// watches whether plain decoding emits its proposal rather than verifying it, so a paused
// proposer costs no batch at all.
#include "runtime/ngram_proposer.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace smoldesk::runtime {

enum class SpecMode {
    Off,   // plain decoding
    Ngram, // n-gram proposals on every step that has one (no gate)
    Auto,  // n-gram proposals while the gate finds that they pay (the default)
};
const char* specModeName(SpecMode mode);
// "off", "ngram" or "auto"; nothing for any other text.
std::optional<SpecMode> parseSpecMode(std::string_view name);

struct SpecOptions {
    SpecMode mode = SpecMode::Auto;
    int maxDraft = 7; // proposed tokens per verification at most (shorter drafts: 1, 3, 7, 15 or 31)
    // Proposes instead of the n-gram lookup (a draft model: draft_proposer.h; tests), from the
    // text so far (prompt, generated and forced tokens); returns how many it wrote into out (at
    // most maxTokens are used). Its time counts in the gate's cost of a verification.
    std::function<int(std::span<const int32_t> text, int maxTokens, std::vector<int32_t>& out)> proposer;
};

// Decides, in auto mode, whether a step with a proposal verifies it: it compares the model's
// milliseconds per emitted token in verification batches with those of plain decode steps.
class SpecGate {
  public:
    bool allow() const;
    void plainStep(double ms);
    // A verification batch and its accepted proposals has ended: `tokens` = 1 + accepted, `rows`
    // the batch's rows (0: not told).
    void batchDone(double ms, int tokens, int rows = 0);
    // False while batches of about this many rows are known to cost more per row than a plain
    // step: then even a draft that is right throughout is slower than plain decoding, whatever
    // the text (a tiny model, whose batch of a few rows wakes the thread pool). Such sizes are
    // skipped without a probe until kBanSteps plain steps have passed, then measured again.
    bool rowsCanPay(int rows) const;
    bool paused() const { return pause_ > 0; }
    // True when the next proposal may be judged without verifying it: speculation was paused
    // (this is a probe) and batches of this many rows have been timed. The probe then only
    // watches whether plain decoding emits the proposal (shadowDone), predicting the batch's cost.
    bool canShadow(int rows) const;
    // A watched proposal of rows - 1 tokens ended: `tokens` = 1 + how many of them plain decoding
    // emitted in a row, what a batch would have emitted.
    void shadowDone(int tokens, int rows);
    // A new answer begins: the averages and the backoff stay (the session keeps one gate across its
    // answers), but a long pause is cut to the first one's length, so that an answer that copies
    // from its prompt is probed within a few dozen tokens.
    void newGeneration();

    static constexpr int kBanSteps = 4096;

  private:
    // Batches of 2, 3-4, 5-8, 9-16, 17-32 and 33 rows: milliseconds per row, and a ban's steps left.
    struct SizeClass {
        double rowMs = 0;
        int samples = 0;
        int banned = 0;
    };
    static int sizeClass(int rows);
    // A batch or a watched probe cost msPerToken: averaged, and judged against plain steps.
    void judge(double msPerToken);

    double plainMs_ = 0, specMs_ = 0; // moving averages, milliseconds per token
    int plainSamples_ = 0, specSamples_ = 0;
    int pause_ = 0;   // plain steps before the next probe
    int backoff_ = 0; // pauses in a row: each is twice as long as the one before
    SizeClass sizes_[6];
};

class Speculator {
  public:
    // What the speculator needs from the session. decode: one token through the model at the
    // end of the cache (the cache records it), logits of one row. verify: ids at the end of the
    // cache in one pass, logits of every row; the cache records ids[0] only. keep: the cache
    // records a verified token whose KV row the last verify already wrote.
    struct Target {
        std::function<void(int32_t, std::vector<float>&)> decode;
        std::function<void(std::span<const int32_t>, std::vector<float>&)> verify;
        std::function<void(int32_t)> keep;
    };

    // gate: the session's, kept across its answers (a fresh gate would spend each answer's first
    // batches learning what the last answer already measured).
    Speculator(const SpecOptions& options, std::span<const int32_t> prompt, size_t nVocab, Target target,
               SpecGate& gate);

    // The plain loop's `logits = decode(id)`: makes the cache hold id and writes the logits after
    // it. room: how many proposals may follow id (positions left in the context and the batch,
    // tokens left to generate); 0 never verifies.
    void advance(int32_t id, int room, std::vector<float>& logits);

    int proposed() const { return proposed_; }
    int accepted() const { return accepted_; }

  private:
    void endBatch();
    int propose(int room);
    // A probe's proposal is watched, not verified: id is plain decoding's next token.
    void watch(int32_t id);

    SpecOptions options_;
    size_t nVocab_;
    Target target_;
    NgramProposer ngram_;
    std::vector<int32_t> text_; // for options_.proposer only
    SpecGate& gate_;
    std::vector<int32_t> draft_, batch_;
    std::vector<float> rows_; // logits after batch_[0], batch_[1], …
    size_t next_ = 0;         // draft_[next_] is the next proposal to check
    bool inBatch_ = false;
    std::vector<int32_t> shadow_; // a watched proposal (SpecGate::canShadow) and how much of it came
    size_t shadowNext_ = 0;
    double batchMs_ = 0;
    int proposed_ = 0, accepted_ = 0;
};

} // namespace smoldesk::runtime
