#include "runtime/speculation.h"

#include <algorithm>
#include <bit>
#include <chrono>

namespace smoldesk::runtime {

namespace {

using Clock = std::chrono::steady_clock;
double msSince(Clock::time_point t) {
    return std::chrono::duration<double, std::milli>(Clock::now() - t).count();
}

constexpr double kAlpha = 0.25; // weight of a new sample in the moving averages
constexpr int kBaseline = 2;    // plain steps measured before the first verification
// Batches judged together: one after a pause (a probe costs at most one batch), three otherwise
// (a good run is not stopped by one unlucky batch).
constexpr int kJudgeProbe = 1, kJudgeRun = 3;
constexpr int kJudgeSize = 2;   // batches of one size measured before a size is judged hopeless
constexpr int kFirstPause = 64; // plain steps before probing again, doubled per failure…
constexpr int kMaxBackoff = 6;  // …up to 64 << 6 = 4096

void average(double& avg, int& samples, double value) {
    avg = samples == 0 ? value : avg + kAlpha * (value - avg);
    ++samples;
}

// The longest draft of 1, 3, 7, 15 or 31 proposals shorter than n (0 when n ≤ 1).
int smallerDraft(int n) {
    int keep = 0;
    while (keep * 2 + 1 < n) keep = keep * 2 + 1;
    return keep;
}

} // namespace

const char* specModeName(SpecMode mode) {
    switch (mode) {
    case SpecMode::Off:
        return "off";
    case SpecMode::Ngram:
        return "ngram";
    case SpecMode::Auto:
        return "auto";
    }
    return "unknown";
}

std::optional<SpecMode> parseSpecMode(std::string_view name) {
    for (SpecMode m : {SpecMode::Off, SpecMode::Ngram, SpecMode::Auto})
        if (name == specModeName(m)) return m;
    return std::nullopt;
}

bool SpecGate::allow() const {
    return pause_ == 0 && plainSamples_ >= kBaseline;
}

int SpecGate::sizeClass(int rows) {
    return std::clamp(static_cast<int>(std::bit_width(static_cast<unsigned>(std::max(rows, 2) - 1))) - 1, 0,
                      5);
}

bool SpecGate::rowsCanPay(int rows) const {
    return sizes_[sizeClass(rows)].banned == 0;
}

void SpecGate::plainStep(double ms) {
    average(plainMs_, plainSamples_, ms);
    if (pause_ > 0) --pause_;
    for (SizeClass& c : sizes_)
        if (c.banned > 0) --c.banned;
}

bool SpecGate::canShadow(int rows) const {
    return backoff_ > 0 && allow() && sizes_[sizeClass(rows)].rowMs > 0;
}

void SpecGate::shadowDone(int tokens, int rows) {
    judge(sizes_[sizeClass(rows)].rowMs * rows / std::max(1, tokens));
}

void SpecGate::batchDone(double ms, int tokens, int rows) {
    judge(ms / std::max(1, tokens));
    if (rows > 0) {
        // The best case of this size: every row an emitted token. Two batches judge it.
        SizeClass& c = sizes_[sizeClass(rows)];
        average(c.rowMs, c.samples, ms / rows);
        if (c.samples >= kJudgeSize && c.rowMs > plainMs_) {
            c.banned = kBanSteps;
            c.samples = 0;
        }
    }
}

void SpecGate::judge(double msPerToken) {
    average(specMs_, specSamples_, msPerToken);
    if (specSamples_ < (backoff_ > 0 ? kJudgeProbe : kJudgeRun)) return;
    if (specMs_ > plainMs_) { // slower than plain decoding: pause, and probe again later
        pause_ = kFirstPause << std::min(backoff_, kMaxBackoff);
        backoff_ = std::min(backoff_ + 1, kMaxBackoff);
        specSamples_ = 0;
    } else {
        backoff_ = 0;
    }
}

void SpecGate::newGeneration() {
    pause_ = std::min(pause_, kFirstPause);
}

Speculator::Speculator(const SpecOptions& options, std::span<const int32_t> prompt, size_t nVocab,
                       Target target, SpecGate& gate)
    : options_(options), nVocab_(nVocab), target_(std::move(target)), gate_(gate) {
    if (options_.mode == SpecMode::Off) return;
    gate_.newGeneration();
    if (options_.proposer)
        text_.assign(prompt.begin(), prompt.end());
    else
        ngram_.reset(prompt);
}

int Speculator::propose(int room) {
    draft_.clear();
    int limit = std::min(room, options_.maxDraft);
    if (options_.mode == SpecMode::Off || limit <= 0) return 0;
    const bool gated = options_.mode == SpecMode::Auto;
    if (gated && !gate_.allow()) return 0;
    // In auto mode a batch size that cannot pay even when every proposal is right is avoided: a
    // smaller draft that may pay is asked for instead (a draft model spends no time on the rest).
    auto canPay = [&](int n) { return !gated || gate_.rowsCanPay(1 + n); };
    while (limit > 0 && !canPay(limit)) limit = smallerDraft(limit);
    if (limit == 0) return 0;
    if (options_.proposer) {
        options_.proposer(text_, limit, draft_);
        if (static_cast<int>(draft_.size()) > limit) draft_.resize(static_cast<size_t>(limit));
    } else {
        ngram_.propose(limit, draft_);
    }
    // A proposal outside the vocabulary (a broken test proposer) ends the draft there.
    const auto bad = std::find_if(draft_.begin(), draft_.end(),
                                  [&](int32_t t) { return t < 0 || static_cast<size_t>(t) >= nVocab_; });
    draft_.erase(bad, draft_.end());
    // A short draft is cut to 1, 3, 7, 15 or 31 proposals, so batches have few sizes: a GPU backend
    // builds pipelines for each batch size it meets (lavapipe takes seconds per size). The default
    // full draft of 7 makes batches of 8 rows, which stay in the matrix-vector kernels of decode.
    int n = static_cast<int>(draft_.size());
    if (n < limit && n > 1) n = smallerDraft(n + 1);
    while (n > 0 && !canPay(n)) n = smallerDraft(n);
    draft_.resize(static_cast<size_t>(n));
    return n;
}

void Speculator::endBatch() {
    if (!inBatch_) return;
    gate_.batchDone(batchMs_, 1 + static_cast<int>(next_), 1 + static_cast<int>(draft_.size()));
    inBatch_ = false;
    draft_.clear();
    next_ = 0;
}

void Speculator::watch(int32_t id) {
    if (shadow_[shadowNext_] == id && ++shadowNext_ < shadow_.size()) return; // right so far
    gate_.shadowDone(1 + static_cast<int>(shadowNext_), 1 + static_cast<int>(shadow_.size()));
    shadow_.clear();
}

void Speculator::advance(int32_t id, int room, std::vector<float>& logits) {
    if (options_.mode != SpecMode::Off) {
        if (options_.proposer)
            text_.push_back(id);
        else
            ngram_.push(id);
    }
    if (inBatch_ && next_ < draft_.size() && draft_[next_] == id) {
        // Verified: its KV row is written and its logits are the batch's next row.
        target_.keep(id);
        ++next_;
        ++accepted_;
        logits.assign(rows_.begin() + static_cast<long>(next_ * nVocab_),
                      rows_.begin() + static_cast<long>((next_ + 1) * nVocab_));
        return;
    }
    endBatch(); // a rejected or used-up run: its remaining rows are dead
    if (!shadow_.empty()) watch(id);
    const auto tPropose = Clock::now();
    int n = shadow_.empty() ? propose(room) : 0;
    if (n > 0 && options_.mode == SpecMode::Auto && gate_.canShadow(1 + n)) {
        // A probe after a pause: plain decoding goes on, and the proposal is compared with what it
        // emits, which with the timed cost of such batches says whether verifying would pay.
        shadow_.swap(draft_);
        shadowNext_ = 0;
        draft_.clear();
        n = 0;
    }
    if (n == 0) {
        const auto t0 = Clock::now();
        target_.decode(id, logits);
        gate_.plainStep(msSince(t0));
        return;
    }
    batch_.assign(1, id);
    batch_.insert(batch_.end(), draft_.begin(), draft_.end());
    target_.verify(batch_, rows_);
    batchMs_ = msSince(tPropose); // a draft model's guesses are part of the cost
    proposed_ += static_cast<int>(draft_.size());
    inBatch_ = true;
    next_ = 0;
    logits.assign(rows_.begin(), rows_.begin() + static_cast<long>(nVocab_));
}

} // namespace smoldesk::runtime
