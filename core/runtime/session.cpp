#include "runtime/session.h"

#include "common/error.h"
#include "compute/cpu/cpu_backend.h"
#include "compute/cpu/thread_pool.h"
#ifdef SMOLDESK_HAVE_VULKAN
#include "compute/vulkan/vulkan_backend.h"
#endif
#include "model/memory_plan.h"
#include "runtime/decode_constraint.h"
#include "runtime/gpu_offload.h"
#include "runtime/gpu_warmup.h"
#include "runtime/stop_matcher.h"

#include <algorithm>
#include <chrono>
#include <optional>

namespace smoldesk::runtime {

namespace {

using Clock = std::chrono::steady_clock;
double msSince(Clock::time_point t) {
    return std::chrono::duration<double, std::milli>(Clock::now() - t).count();
}

// Reads every weight page once so that loading shows real progress and can be cancelled,
// and the first token does not pay for page faults.
void touchWeights(const gguf::File& file, const std::function<bool(float)>& progress) {
    uint64_t total = 0;
    for (const auto& t : file.tensors()) total += t.nBytes;
    uint64_t done = 0;
    constexpr uint64_t kChunk = 8u << 20;
    volatile uint8_t sink = 0;
    for (const auto& t : file.tensors()) {
        for (uint64_t off = 0; off < t.nBytes; off += kChunk) {
            const uint64_t len = std::min(kChunk, t.nBytes - off);
            file.map().prefetch(static_cast<size_t>(t.data - file.map().data() + off), len);
            uint8_t acc = 0;
            for (uint64_t b = 0; b < len; b += 4096) acc ^= t.data[off + b];
            sink = sink ^ acc;
            done += len;
            if (progress && !progress(total ? float(double(done) / double(total)) : 1.0f))
                throw Error(ErrorCode::Cancelled, "Loading was cancelled.");
        }
    }
    (void)sink;
}

} // namespace

std::vector<GpuDevice> listGpuDevices(std::string* whyNone) {
    std::vector<GpuDevice> out;
#ifdef SMOLDESK_HAVE_VULKAN
    for (const auto& d : compute::listVulkanDevices(whyNone))
        out.push_back({d.index, d.name, d.type, d.memoryBytes, d.usable, d.whyNot, d.driverVersion});
#else
    if (whyNone) *whyNone = "This build of SmolDesk has no Vulkan support.";
#endif
    return out;
}

const char* stopReasonName(StopReason reason) {
    switch (reason) {
    case StopReason::EndOfGeneration:
        return "end of generation";
    case StopReason::MaxTokens:
        return "token limit";
    case StopReason::StopString:
        return "stop string";
    case StopReason::Cancelled:
        return "cancelled";
    case StopReason::ContextFull:
        return "context full";
    case StopReason::GrammarComplete:
        return "grammar complete";
    }
    return "unknown";
}

double GenerationStats::promptTokensPerSecond() const {
    const int n = promptTokens - reusedTokens;
    return promptMs > 0 ? n * 1000.0 / promptMs : 0.0;
}

double GenerationStats::decodeTokensPerSecond() const {
    return decodeMs > 0 && generatedTokens > 1 ? (generatedTokens - 1) * 1000.0 / decodeMs : 0.0;
}

double GenerationStats::acceptanceRate() const {
    return proposedTokens > 0 ? double(acceptedTokens) / double(proposedTokens) : 0.0;
}

Session::~Session() = default;

std::unique_ptr<Session> Session::load(const LoadOptions& options) {
    std::unique_ptr<Session> s(new Session());
    s->file_ = gguf::File::open(options.path);
    model::HyperParams hp = model::readHyperParams(*s->file_); // fails fast on unknown architectures
    if (options.adjustHyperParams) options.adjustHyperParams(hp);
    s->tokenizer_ = text::Tokenizer::fromGguf(*s->file_);
    s->identity_ = identifyModel(*s->file_); // before a backend releases mapped pages

    int nCtx = options.contextLength > 0 ? options.contextLength : std::min(hp.nCtxTrain, kDefaultContext);
    if (options.contextLength < 0 || nCtx > (1 << 20))
        throw Error(ErrorCode::InvalidArgument,
                    "A context of " + std::to_string(options.contextLength) + " tokens is not possible.");
    if (nCtx > hp.nCtxTrain)
        s->warnings_.push_back("The requested context of " + std::to_string(nCtx) +
                               " tokens is longer than the " + std::to_string(hp.nCtxTrain) +
                               " the model was trained with; quality may drop beyond that.");

    s->threads_ = options.threads > 0 ? options.threads : compute::ThreadPool::physicalCores();
    const int batch = std::max(1, options.batchSize);
    // Progress: reading the weights (touching every page) is the first half, handing them to
    // the backend the second: the upload to the GPU in 16 MiB pieces, or the CPU's repacking.
    // Reading first is faster than letting the upload fault the pages in (3B-shaped file on
    // lavapipe: 14.9 s against 16.5 s, medians of 4 and 5 loads), and both halves can be cancelled.
    const uint64_t weightBytes = model::planMemory(*s->file_, hp, nCtx, batch).weightBytes;
    float reported = 0.0f;
    const auto report = [&](float f) {
        reported = std::max(reported, std::min(f, 1.0f));
        return !options.progress || options.progress(reported);
    };
    // The GPU backend keeps its upload callback: once load() returns (or throws), it must no
    // longer reach the locals and the caller's callback it refers to.
    struct Expiry {
        std::shared_ptr<bool> loading = std::make_shared<bool>(true);
        ~Expiry() { *loading = false; }
    } expiry;
    // The second half from wherever it stands now (a CPU load after a failed upload goes on).
    const auto secondHalf = [&](float from) {
        return [&report, from, weightBytes, loading = expiry.loading](uint64_t bytes) {
            if (!*loading) return true;
            const double f = weightBytes ? std::min(1.0, double(bytes) / double(weightBytes)) : 1.0;
            return report(from + (1.0f - from) * float(f));
        };
    };
    touchWeights(*s->file_, [&](float f) { return report(0.5f * f); });
    if (options.backend != BackendChoice::Cpu) {
        s->backend_ = createGpuBackend(*s->file_, hp, nCtx, batch, options, s->threads_, secondHalf(reported),
                                       &s->fallbackReason_);
        if (s->backend_) {
            try {
                s->decoder_ = std::make_unique<model::Decoder>(*s->file_, hp, *s->backend_, nCtx, batch);
                // The pipelines of the first prompt and decode, compiled in parallel now rather
                // than one by one inside the first prompt (seconds on a GPU's first start).
                bool announced = false;
                warmUpGpu(*s->decoder_, *s->backend_, [&](size_t, size_t) {
                    if (!announced && options.phase) options.phase(LoadPhase::PreparingGpu);
                    announced = true;
                    return report(reported);
                });
            } catch (const Error& e) {
                // Uploading can still fail (out of device memory, device lost): the CPU takes over.
                // A cancel (Error Cancelled) ends the load; the backend frees its memory with s.
                if (e.code() != ErrorCode::Backend && e.code() != ErrorCode::DeviceLost &&
                    e.code() != ErrorCode::OutOfMemory)
                    throw;
                s->fallbackReason_ =
                    std::string("The GPU could not take the model (") + e.what() + "), so the CPU is used.";
                s->decoder_.reset();
                s->backend_.reset();
            }
        }
    }
    if (!s->decoder_) {
        s->backend_ = std::make_unique<compute::CpuBackend>(s->threads_);
        s->decoder_ =
            std::make_unique<model::Decoder>(*s->file_, hp, *s->backend_, nCtx, batch, secondHalf(reported));
    }
    if (reported < 1.0f) report(1.0f); // tensors the model does not use were not bound
    return s;
}

std::shared_ptr<const grammar::VocabTrie> Session::vocabTrie() {
    if (!vocabTrie_)
        vocabTrie_ =
            std::make_shared<const grammar::VocabTrie>(grammar::VocabTrie::fromTokenizer(*tokenizer_));
    return vocabTrie_;
}

std::string Session::deviceName() const {
    return backend_->deviceName();
}

void Session::attachImage(std::shared_ptr<PromptImage> image) {
    const int width = hparams().nEmbd;
    if (!image || image->layout.pieces <= 0 || image->layout.tokensPerPiece <= 0)
        throw Error(ErrorCode::InvalidArgument, "The image has no positions to put in the prompt.");
    if (!image->layout.rows.empty() &&
        image->layout.rows.size() != static_cast<size_t>(image->layout.pieces) *
                                         static_cast<size_t>(image->layout.tokensPerPiece) *
                                         static_cast<size_t>(width))
        throw Error(ErrorCode::BadShape, "The image's embeddings do not have the text model's width of " +
                                             std::to_string(width) + ".");
    // Rows that attend to each other both ways must share one forward batch: split across two,
    // the first part would never see the second (libmtmd refuses such a batch size too).
    if (image->bidirectional && image->layout.tokensPerPiece > decoder_->maxBatch())
        throw Error(ErrorCode::InvalidArgument,
                    "The image takes " + std::to_string(image->layout.tokensPerPiece) +
                        " positions that must be read in one batch, but the batch size is " +
                        std::to_string(decoder_->maxBatch()) + "; use a batch size of at least " +
                        std::to_string(image->layout.tokensPerPiece) + ".");
    for (int p = 0; p < image->layout.pieces; ++p) images_[image->pieceToken(p)] = ImagePiece{image, p};
}

void Session::forwardImage(int32_t id, int pos0, int n, bool allLogits, std::vector<float>& part,
                           const std::atomic<bool>* cancel) {
    const auto it = images_.find(id);
    if (it == images_.end())
        throw Error(ErrorCode::InvalidArgument,
                    "The prompt holds an image that was not given with it; attach the image again.");
    PromptImage& image = *it->second.image;
    const std::vector<float>& all = image.rows();
    const size_t d = static_cast<size_t>(hparams().nEmbd);
    const size_t perPiece = static_cast<size_t>(image.layout.tokensPerPiece);
    if (all.size() != static_cast<size_t>(image.layout.pieces) * perPiece * d)
        throw Error(ErrorCode::BadShape, "The image's embeddings do not have the text model's width of " +
                                             std::to_string(d) + ".");
    // The row of each position: how far into its piece's run it stands (the run may have started
    // in an earlier batch, or be cached from an earlier turn).
    size_t before = 0;
    while (before < cached_.size() && cached_[cached_.size() - 1 - before] == id) ++before;
    std::vector<float> rows(static_cast<size_t>(n) * d);
    const float* piece = all.data() + static_cast<size_t>(it->second.piece) * perPiece * d;
    for (size_t r = 0; r < static_cast<size_t>(n); ++r)
        std::copy_n(piece + ((before + r) % perPiece) * d, d, rows.data() + r * d);
    decoder_->forwardRows(rows, pos0, !image.bidirectional, allLogits, part, cancel);
}

void Session::forwardChunked(std::span<const int32_t> tokens, int pos0, bool allLogits,
                             std::vector<float>& logits, const std::atomic<bool>* cancel,
                             const PromptProgress& progress) {
    const size_t nv = static_cast<size_t>(hparams().nVocab);
    const size_t batch = static_cast<size_t>(decoder_->maxBatch());
    std::vector<float> part;
    logits.clear();
    for (size_t b = 0; b < tokens.size();) {
        if (cancel && cancel->load()) throw Error(ErrorCode::Cancelled, "Cancelled.");
        // A batch is text only, or one image piece only (its rows replace the lookup; Gemma 3's
        // attend both ways within the batch, as libmtmd decodes each image on its own).
        const int32_t first = tokens[b];
        size_t n = 1;
        while (n < batch && b + n < tokens.size() &&
               (isImageToken(first) ? tokens[b + n] == first : !isImageToken(tokens[b + n])))
            ++n;
        const bool last = b + n == tokens.size();
        if (isImageToken(first))
            forwardImage(first, pos0 + static_cast<int>(b), static_cast<int>(n), allLogits, part, cancel);
        else
            decoder_->forward(tokens.subspan(b, n), pos0 + static_cast<int>(b), allLogits, part, cancel);
        // The cache now holds these positions: record them so a later cancel keeps them.
        cached_.insert(cached_.end(), tokens.begin() + static_cast<long>(b),
                       tokens.begin() + static_cast<long>(b + n));
        if (allLogits)
            logits.insert(logits.end(), part.begin(), part.end());
        else if (last)
            logits.assign(part.end() - static_cast<long>(nv), part.end());
        b += n;
        if (progress) progress(static_cast<int>(b), static_cast<int>(tokens.size()));
    }
}

std::vector<float> Session::evaluate(std::span<const int32_t> tokens, bool allLogits,
                                     const std::atomic<bool>* cancel, int* reused,
                                     const PromptProgress& progress) {
    if (tokens.empty())
        throw Error(ErrorCode::InvalidArgument, "There is nothing to evaluate: the prompt is empty.");
    if (static_cast<int>(tokens.size()) > contextSize())
        throw Error(ErrorCode::InvalidArgument, "The prompt has " + std::to_string(tokens.size()) +
                                                    " tokens but the context holds only " +
                                                    std::to_string(contextSize()) + ".");
    for (int32_t id : tokens)
        if (id >= hparams().nVocab) // negative ids are images' positions (forwardImage checks those)
            throw Error(ErrorCode::InvalidArgument, "Token id " + std::to_string(id) +
                                                        " is outside the vocabulary of " +
                                                        std::to_string(hparams().nVocab) + " tokens.");
    size_t common = 0;
    while (common < cached_.size() && common < tokens.size() && cached_[common] == tokens[common]) ++common;
    if (common == tokens.size()) --common; // the last token is evaluated again to get its logits
    // An image piece goes through the model whole: its rows may attend to each other both ways.
    while (common > 0 && isImageToken(tokens[common]) && tokens[common - 1] == tokens[common]) --common;
    cached_.resize(common);
    if (reused) *reused = static_cast<int>(common);
    std::vector<float> logits;
    forwardChunked(tokens.subspan(common), static_cast<int>(common), allLogits, logits, cancel, progress);
    return logits;
}

std::vector<float> Session::decode(int32_t token) {
    if (static_cast<int>(cached_.size()) >= contextSize())
        throw Error(ErrorCode::InvalidArgument,
                    "The context of " + std::to_string(contextSize()) + " tokens is full.");
    if (token < 0 || token >= hparams().nVocab)
        throw Error(ErrorCode::InvalidArgument,
                    "Token id " + std::to_string(token) + " is outside the vocabulary.");
    std::vector<float> logits;
    const int32_t one[1] = {token};
    forwardChunked(std::span<const int32_t>(one, 1), static_cast<int>(cached_.size()), false, logits,
                   nullptr);
    return logits;
}

Speculator::Target Session::speculationTarget() {
    Speculator::Target t;
    t.decode = [this](int32_t id, std::vector<float>& logits) { logits = decode(id); };
    t.verify = [this](std::span<const int32_t> ids, std::vector<float>& rows) {
        decoder_->forward(ids, static_cast<int>(cached_.size()), true, rows);
        cached_.push_back(ids[0]); // the proposals' rows count only once they are accepted
    };
    t.keep = [this](int32_t id) { cached_.push_back(id); };
    return t;
}

bool Session::readPrompt(std::span<const int32_t> prompt, const GenerateParams& params,
                         const std::atomic<bool>* cancel, GenerationStats& stats,
                         std::vector<float>& logits) {
    stats.promptTokens = static_cast<int>(prompt.size());
    if (static_cast<int>(prompt.size()) >= contextSize())
        throw Error(ErrorCode::InvalidArgument,
                    "The prompt has " + std::to_string(prompt.size()) +
                        " tokens but the context holds only " + std::to_string(contextSize()) +
                        "; shorten the conversation or raise the context length.");
    const auto t0 = Clock::now();
    try {
        logits = evaluate(prompt, false, cancel, &stats.reusedTokens, params.promptProgress);
    } catch (const Error& e) {
        if (e.code() != ErrorCode::Cancelled) throw;
        stats.promptMs = msSince(t0);
        stats.stopReason = StopReason::Cancelled;
        return false;
    }
    stats.promptMs = msSince(t0);
    return true;
}

GenerationStats Session::generate(std::span<const int32_t> prompt, const GenerateParams& params,
                                  const std::function<bool(const TokenEvent&)>& onToken,
                                  const std::atomic<bool>* cancel) {
    GenerationStats stats;
    std::vector<float> logits;
    if (!readPrompt(prompt, params, cancel, stats, logits)) return stats;

    Sampler sampler(params.sampling);
    for (int32_t id : prompt) sampler.accept(id);
    text::StreamingDetokenizer detok(*tokenizer_, false, true); // continues the prompt's text
    StopMatcher stops(params.stopStrings);
    const auto thoughtParser = chat::makeOutputParser(params.outputFormat, params.startsInThought);
    chat::OutputParser& thought = *thoughtParser;
    const std::string thoughtClose =
        params.thinkingEndText.empty() ? chat::thoughtCloseText(params.outputFormat) : params.thinkingEndText;
    bool keepGoing = true;
    DecodeConstraint constraint(params, size_t(hparams().nVocab));
    Speculator spec(params.speculation, prompt, size_t(hparams().nVocab), speculationTarget(),
                    params.speculation.proposer ? draftGate_ : ngramGate_);
    // The loop's decode step: with speculation, one batched pass may serve several steps.
    auto advance = [&](int32_t id) {
        // Verification batches stay where the backend's batched logits are decode's, bit for bit.
        const int room =
            std::min({contextSize() - static_cast<int>(cached_.size()) - 1, decoder_->maxBatch() - 1,
                      backend_->exactBatchRows() - 1, params.maxTokens - stats.generatedTokens});
        spec.advance(id, room, logits);
        stats.proposedTokens = spec.proposed();
        stats.acceptedTokens = spec.accepted();
    };
    const auto tDecode = Clock::now();
    // Shows one generated (or forced) token: text through the detokenizer and stop matcher.
    auto emit = [&](int32_t id, bool forced) {
        const std::string piece = detok.push(id);
        constraint.onText(thought.push(piece), thought.inThought());
        if (stats.generatedTokens == 0) stats.firstTokenMs = stats.promptMs + msSince(tDecode);
        TokenEvent ev{id, stops.push(piece), stats.generatedTokens};
        ++stats.generatedTokens;
        if (thought.inThought() && !forced) ++stats.thoughtTokens;
        if (onToken && !onToken(ev)) keepGoing = false;
    };
    auto contextFull = [&] { return static_cast<int>(cached_.size()) >= contextSize(); };
    // Why generation ends now, if it does: a stop string, the caller, a full context.
    auto mustStop = [&]() -> std::optional<StopReason> {
        if (stops.stopped()) return StopReason::StopString;
        if (!keepGoing) return StopReason::Cancelled;
        if (contextFull()) return StopReason::ContextFull;
        return std::nullopt;
    };
    // Text the engine writes itself (the thought's close, a forced call's opening): its tokens go
    // through the model like sampled ones, with control tokens parsed. grammarReads: the grammar
    // already holds and reads them too.
    auto forceText = [&](const std::string& text, bool grammarReads) {
        for (int32_t id : tokenizer_->encode(text, false, true)) {
            sampler.accept(id);
            if (grammarReads) constraint.acceptForced(id);
            emit(id, true);
            if (contextFull()) break;
            advance(id);
        }
    };
    // The next token: sampled freely, or among those the grammar allows.
    auto sampleNext = [&] {
        if (!constraint.holds()) return sampler.sample(logits);
        const auto tMask = Clock::now();
        const std::vector<uint64_t>& allowed = constraint.allowed();
        stats.maskMs += msSince(tMask);
        ++stats.maskedSteps;
        const int32_t id = sampler.sample(logits, &allowed);
        if (id < 0)
            throw Error(ErrorCode::InvalidArgument,
                        "No token of this model's vocabulary can continue the grammar here.");
        if (!tokenizer_->isEndOfGeneration(id)) constraint.accept(id);
        return id;
    };
    auto budgetReached = [&] {
        return params.thinkingBudget >= 0 && !stats.thinkingBudgetHit && thought.inThought() &&
               stats.thoughtTokens >= params.thinkingBudget;
    };
    stats.stopReason = StopReason::MaxTokens;
    while (stats.generatedTokens < params.maxTokens) {
        if (cancel && cancel->load()) {
            stats.stopReason = StopReason::Cancelled;
            break;
        }
        if (budgetReached()) {
            // Close the thought ourselves. A grammar that spans the thought (harmony's forced call)
            // reads the close too; one that starts after the thought starts as it closes.
            stats.thinkingBudgetHit = true;
            forceText(thoughtClose, constraint.holds());
            if (const auto why = mustStop()) {
                stats.stopReason = *why;
                break;
            }
            continue;
        }
        if (const auto trigger = constraint.takeTrigger()) {
            forceText(*trigger, false); // tool_choice required: the call's opening
            if (const auto why = mustStop()) {
                stats.stopReason = *why;
                break;
            }
            continue;
        }
        if (constraint.complete()) {
            stats.stopReason = StopReason::GrammarComplete;
            break;
        }
        const int32_t id = sampleNext();
        sampler.accept(id);
        if (params.stopAtEndOfGeneration && tokenizer_->isEndOfGeneration(id)) {
            stats.stopReason = StopReason::EndOfGeneration;
            break;
        }
        emit(id, false);
        if (const auto why = mustStop(); why && *why != StopReason::ContextFull) {
            stats.stopReason = *why;
            break;
        }
        if (stats.generatedTokens >= params.maxTokens) break; // a full context too: the limit came first
        if (contextFull()) {
            stats.stopReason = StopReason::ContextFull;
            break;
        }
        advance(id);
    }
    std::string rest = stops.stopped() ? std::string() : stops.push(detok.flush()) + stops.flush();
    if (!rest.empty() && onToken) onToken(TokenEvent{-1, rest, stats.generatedTokens});
    stats.decodeMs = msSince(tDecode);
    return stats;
}

} // namespace smoldesk::runtime
