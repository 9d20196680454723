#pragma once
// Session: a loaded model ready to generate. Owns the file map, the tokenizer, the compute
// backend, the KV cache and the tokens whose state the cache holds (for prefix reuse).
// Not thread-safe: one thread drives a session; `cancel` flags may be set from anywhere.
#include "chat/output_parser.h"
#include "compute/backend.h"
#include "gguf/file.h"
#include "grammar/matcher.h"
#include "model/decoder.h"
#include "model/hparams.h"
#include "runtime/prompt_image.h"
#include "runtime/sampler.h"
#include "runtime/session_state.h"
#include "runtime/speculation.h"
#include "text/tokenizer.h"

#include <atomic>
#include <functional>
#include <iosfwd>
#include <memory>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

namespace smoldesk::runtime {

enum class BackendChoice { Auto, Cpu, Vulkan };

// The parts of a load the app names while its progress bar runs.
enum class LoadPhase {
    PreparingGpu, // after the weights: the GPU compiles the model's pipelines (gpu_warmup.h)
};

struct LoadOptions {
    std::string path;
    int contextLength = 0; // 0: the trained context, capped at kDefaultContext
    int threads = 0;       // 0: physical cores
    int batchSize = 256;   // prompt tokens per forward pass
    BackendChoice backend = BackendChoice::Auto;
    int device = -1; // GPU index for Vulkan, -1: best
    // Layers on the GPU (the last ones, with the output head; the rest on the CPU): -1 chooses
    // from the GPU's free memory (all when the model fits), 0 runs everything on the CPU.
    int gpuLayers = -1;
    // Called with 0…1 while weights are brought in; return false to cancel (Error(Cancelled)).
    std::function<bool(float)> progress;
    // Called when a named phase begins (on the loading thread); progress keeps being called in it.
    std::function<void(LoadPhase)> phase;
    // Test hook: edit the hyper-parameters before the model is built.
    std::function<void(model::HyperParams&)> adjustHyperParams;
};

// Called after each batch of a prompt's new tokens with (tokens done, new tokens in all): a long
// history takes a minute on a laptop CPU, and the app shows how far reading it got.
using PromptProgress = std::function<void(int done, int total)>;

struct GenerateParams {
    int maxTokens = 512;
    SamplingParams sampling;
    std::vector<std::string> stopStrings;
    bool stopAtEndOfGeneration = true;
    // Thinking budget: after this many tokens inside <think>…</think> the engine writes
    // thinkingEndText itself and the answer follows. < 0: no limit.
    int thinkingBudget = -1;
    bool startsInThought = false; // the prompt already opened <think> (see ChatFormatter::promptOpensThought)
    // How the output marks its thought (ChatFormatter::outputFormat): <think> tags or harmony channels.
    chat::OutputFormat outputFormat = chat::OutputFormat::ThinkTags;
    // Empty: chat::thoughtCloseText(outputFormat), what the model itself writes there.
    std::string thinkingEndText;
    // Constrained decoding: the answer must be a sentence of this grammar (compiled for this
    // session's vocabulary: Session::vocabTrie()), and generation ends when the grammar is
    // complete. The constraint starts after the thought closes when startsInThought; the thought
    // itself stays free. nullptr: free text.
    std::shared_ptr<grammar::GrammarTables> grammar;
    // The text a tool-call grammar follows (chat::ToolCallFormat::trigger()), or empty.
    //  - grammarLazy false (tool_choice required or named): where the answer starts the engine
    //    writes the trigger itself (tokenized with control tokens, which a grammar over the
    //    vocabulary's text pieces could not produce), then the grammar holds to its end.
    //  - grammarLazy true (tool_choice auto): the answer is free until the model writes the
    //    trigger; then the grammar holds until the call is complete, and the answer is free again
    //    (a further trigger starts a further call). A trigger inside the thought does nothing.
    std::string grammarTrigger;
    bool grammarLazy = false;
    PromptProgress promptProgress; // optional
    // Speculative decoding (speculation.h): the output is the same with it on or off.
    SpecOptions speculation;
};

enum class StopReason { EndOfGeneration, MaxTokens, StopString, Cancelled, ContextFull, GrammarComplete };
const char* stopReasonName(StopReason reason);

struct TokenEvent {
    int32_t id = -1;
    std::string text; // complete UTF-8 text released by this token (may be empty)
    int index = 0;    // 0-based generated-token index
};

struct GenerationStats {
    int promptTokens = 0; // tokens in the prompt
    int reusedTokens = 0; // of which came from the cache
    int generatedTokens = 0;
    int thoughtTokens = 0; // generated tokens inside <think>…</think>
    bool thinkingBudgetHit = false;
    double promptMs = 0.0; // prompt processing time (new tokens only)
    double firstTokenMs = 0.0;
    double decodeMs = 0.0;
    double maskMs = 0.0;    // time spent computing grammar masks (included in decodeMs)
    int maskedSteps = 0;    // steps sampled under a grammar mask
    int proposedTokens = 0; // speculative decoding: proposals verified…
    int acceptedTokens = 0; // …and those the sampled tokens matched
    StopReason stopReason = StopReason::MaxTokens;
    double promptTokensPerSecond() const;
    double decodeTokensPerSecond() const;
    double acceptanceRate() const; // accepted ÷ proposed, 0 without proposals
};

struct GpuDevice {
    int index = 0; // pass as LoadOptions::device
    std::string name;
    std::string type; // "discrete", "integrated", "cpu", …
    uint64_t memoryBytes = 0;
    bool usable = false; // false: whyNot says why (CPU-type devices are listed but never auto-selected)
    std::string whyNot;
    std::string driverVersion;
};
// Vulkan devices for a device picker; empty when the build or the machine has no Vulkan.
// When empty, *whyNone (if given) says why in one sentence, a driver failing to list included.
std::vector<GpuDevice> listGpuDevices(std::string* whyNone = nullptr);

class Session {
  public:
    static constexpr int kDefaultContext = 4096;

    // Throws Error with one sentence (bad file, unsupported architecture/type, cancelled, …).
    static std::unique_ptr<Session> load(const LoadOptions& options);
    ~Session();

    const gguf::File& file() const { return *file_; }
    const model::HyperParams& hparams() const { return decoder_->hparams(); }
    const text::Tokenizer& tokenizer() const { return *tokenizer_; }
    std::string deviceName() const;
    // The compute backend (bench reads the Vulkan backend's host-cost counters from it).
    const compute::Backend& backend() const { return *backend_; }
    // Why the GPU is not used (empty when it is, or when the CPU was asked for).
    const std::string& fallbackReason() const { return fallbackReason_; }
    const std::vector<std::string>& warnings() const { return warnings_; }
    int contextSize() const { return decoder_->contextSize(); }
    int threads() const { return threads_; }
    // Tokens whose state the KV cache holds, in order.
    const std::vector<int32_t>& cachedTokens() const { return cached_; }

    // The vocabulary as a byte trie for grammar masks, built on first use and then kept.
    std::shared_ptr<const grammar::VocabTrie> vocabTrie();

    // Drops the cached state.
    void reset() { cached_.clear(); }

    // Makes an image's token ids (PromptImage::pieceToken, negative) known to evaluate(): a
    // prompt may then hold them, and the image's rows go through the model where its positions
    // are not cached yet (encoded then, once). Error when the rows' width is not the model's.
    void attachImage(std::shared_ptr<PromptImage> image);
    // Forgets the attached images (their rows); cached positions stay valid.
    void forgetImages() { images_.clear(); }

    // Saving and restoring the KV cache, so that a chat resumes without reading its history
    // again (format: session_state.h). saveState writes the tokens the cache holds and their
    // K/V rows and returns the bytes written; Error(Io) when the stream fails.
    uint64_t saveState(std::ostream& out);
    // Writes path + ".part" and renames it over path: a crash never leaves half a state there.
    uint64_t saveStateFile(const std::string& path);
    // Makes the cache hold a saved state and returns its tokens. A state of another model file,
    // context length or backend, or a truncated or damaged one, is refused with an Error of one
    // sentence (InvalidArgument, UnsupportedVersion, Truncated, Corrupt) and the session then
    // holds nothing, as after reset(): the caller evaluates the history instead.
    const std::vector<int32_t>& restoreState(std::istream& in);
    const std::vector<int32_t>& restoreStateFile(const std::string& path);
    const ModelIdentity& modelIdentity() const { return identity_; }
    // Makes the cache hold exactly `tokens` (reusing the longest common prefix) and returns
    // the logits after the last one: every position of the new part when allLogits (rows
    // for tokens [reused, n)), else one row. Checks `cancel` between batches and layers.
    std::vector<float> evaluate(std::span<const int32_t> tokens, bool allLogits = false,
                                const std::atomic<bool>* cancel = nullptr, int* reused = nullptr,
                                const PromptProgress& progress = {});
    // Appends one token to the cache and returns its logits (decode step).
    std::vector<float> decode(int32_t token);

    // Processes the prompt (reusing the cached prefix) and samples up to maxTokens tokens,
    // calling onToken for each; onToken returning false stops like a cancel.
    GenerationStats generate(std::span<const int32_t> prompt, const GenerateParams& params,
                             const std::function<bool(const TokenEvent&)>& onToken,
                             const std::atomic<bool>* cancel = nullptr);

  private:
    // generate()'s first step: the prompt's new tokens through the model (logits of the last);
    // false when it was cancelled (stats say so).
    bool readPrompt(std::span<const int32_t> prompt, const GenerateParams& params,
                    const std::atomic<bool>* cancel, GenerationStats& stats, std::vector<float>& logits);
    Session() = default;
    // How a Speculator runs tokens through this session's model and cache.
    Speculator::Target speculationTarget();
    // The auto mode's gates, one per kind of proposer, kept across this session's answers.
    SpecGate ngramGate_, draftGate_;
    StateHeader stateHeader() const;
    void restoreChecked(std::istream& in, const StateHeader& h, uint64_t available);
    void forwardChunked(std::span<const int32_t> tokens, int pos0, bool allLogits, std::vector<float>& logits,
                        const std::atomic<bool>* cancel, const PromptProgress& progress = {});
    // forwardChunked's step for n positions of one attached image piece from pos0 (cached_ holds
    // everything before them).
    void forwardImage(int32_t id, int pos0, int n, bool allLogits, std::vector<float>& part,
                      const std::atomic<bool>* cancel);

    std::unique_ptr<gguf::File> file_;
    std::unique_ptr<text::Tokenizer> tokenizer_;
    std::unique_ptr<compute::Backend> backend_;
    std::unique_ptr<model::Decoder> decoder_;
    std::vector<int32_t> cached_;
    struct ImagePiece {
        std::shared_ptr<PromptImage> image;
        int piece = 0;
    };
    std::unordered_map<int32_t, ImagePiece> images_; // by the pieces' token ids
    std::shared_ptr<const grammar::VocabTrie> vocabTrie_;
    ModelIdentity identity_;
    std::string fallbackReason_;
    std::vector<std::string> warnings_;
    int threads_ = 1;
};

} // namespace smoldesk::runtime
