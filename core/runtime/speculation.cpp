#include "runtime/speculation.h"

#include <algorithm>
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
constexpr int kFirstPause = 64; // plain steps before probing again, doubled per failure…
constexpr int kMaxBackoff = 6;  // …up to 64 << 6 = 4096

void average(double& avg, int& samples, double value) {
    avg = samples == 0 ? value : avg + kAlpha * (value - avg);
    ++samples;
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

void SpecGate::plainStep(double ms) {
    average(plainMs_, plainSamples_, ms);
    if (pause_ > 0) --pause_;
}

void SpecGate::batchDone(double ms, int tokens) {
    average(specMs_, specSamples_, ms / std::max(1, tokens));
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
    const int limit = std::min(room, options_.maxDraft);
    if (options_.mode == SpecMode::Off || limit <= 0) return 0;
    if (options_.mode == SpecMode::Auto && !gate_.allow()) return 0;
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
    if (static_cast<int>(draft_.size()) < limit) {
        size_t keep = 1;
        while (keep * 2 + 1 <= draft_.size()) keep = keep * 2 + 1;
        if (draft_.size() > keep) draft_.resize(keep);
    }
    return static_cast<int>(draft_.size());
}

void Speculator::endBatch() {
    if (!inBatch_) return;
    gate_.batchDone(batchMs_, 1 + static_cast<int>(next_));
    inBatch_ = false;
    draft_.clear();
    next_ = 0;
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
    const auto tPropose = Clock::now();
    if (propose(room) == 0) {
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
