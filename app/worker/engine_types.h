#pragma once
// Plain data that crosses the thread boundary between the GUI and the ModelWorker through
// queued signals. Every type is registered with the meta-type system (registerEngineTypes).
#include <QList>
#include <QMetaType>
#include <QString>
#include <QStringList>

#include "runtime/prompt_mode.h"

namespace smoldesk::app {

// An engine failure: the smoldesk::ErrorCode as int (or one of the app codes below) plus the
// engine's own sentence. The UI turns the code into a translated sentence (error_text.h).
// The fields after `message` carry what the UI needs to say the error in one translated sentence
// (error_text.h) instead of repeating the engine's English one, which goes to the log.
struct EngineError {
    static constexpr int kNoModel = 1000; // generation asked for without a loaded model
    static constexpr int kBusy = 1001;    // a request arrived while another one was running
    static constexpr int kUnknown = 1002; // a non-engine exception
    static constexpr int kRemote = 1003;  // a remote endpoint failed: `message` is the translated sentence
    int code = kUnknown;
    QString message;
    QString subject;            // the file, architecture or tensor type the error is about
    qint64 fileBytes = -1;      // the file's size (Truncated, NotGguf)
    qint64 expectedBytes = -1;  // Truncated: at least this many bytes were expected; -1: ends in the header
    qint64 neededBytes = -1;    // OutOfMemory: the estimate ...
    qint64 availableBytes = -1; // ... against the memory that is free
};

// How the conversation becomes the prompt (runtime::ChatPrompt).
using PromptMode = runtime::PromptMode;
QString promptModeName(PromptMode mode); // "template", "chatml", "continuation" (for QML)

struct LoadRequest {
    QString path;
    int contextLength = 0;
    int threads = 0;
    bool cpuOnly = false;
    QString crashMarker; // written before a GPU backend starts, removed after (safe mode)
    int gpuIndex = -1;   // a Vulkan device chosen in the settings (also a CPU-type one); -1: automatic
    int gpuLayers = -1;  // layers on the GPU (runtime::LoadOptions::gpuLayers); -1: from its free memory
    // The app's setting goes past any model's depth: more layers than the model has then means all
    // of them. The CLI and serve leave it off, so such a count is refused in a sentence there.
    bool clampGpuLayers = false;
    // The GPU self-check before a device's first use (gpu_check_store.h): its verdict file and the
    // demo model it runs (with stories260K-golden.f32 beside it). No check when either is empty.
    QString gpuCheckFile{};
    QString demoModel{};
    // Speculative decoding for this model's generations: "off", "ngram", "auto" (empty: auto) or
    // "draft:PATH", a draft model with the same vocabulary (on the CPU; auto when it cannot be used).
    QString speculation{};
    // The mmproj file that lets the model see images; empty: an mmproj*.gguf next to the model.
    QString mmprojPath{};
};

// One Vulkan device for the settings' device picker (runtime::GpuDevice as Qt data).
struct GpuDeviceInfo {
    int index = 0;
    QString name;
    QString type; // "discrete", "integrated", "virtual", "cpu", "other"
    quint64 memoryBytes = 0;
    bool usable = false;
    QString whyNot;
};

struct LoadedModel {
    QString path;
    QString name;
    QString architecture;
    QString device;
    QString fallbackReason;
    QStringList warnings;
    QString draftProblem; // why the draft model asked for is not used (also among the warnings)
    int contextSize = 0;
    int threads = 0;
    bool supportsThinking = false;
    // The template takes a reasoning effort (gpt-oss): Think off lowers it, it cannot stop it.
    bool reasoningEffort = false;
    PromptMode promptMode = PromptMode::OwnTemplate;
    // Whether images can be sent to it, as far as is known before sending one: false for a local
    // model with no mmproj given or found next to it (a remote model is assumed to see them).
    bool seesImages = true;
    // The template writes tool calls (runtime::ChatPrompt::toolCallFamily, as the CLI decides):
    // a chat with documents offers it search_documents and read_document.
    bool callsTools = false;
};

// A tool call: one the model made (the API server's `tools`), or one in the history it is sent.
struct ToolCallInfo {
    QString id;
    QString name;
    QString arguments; // JSON text of an object
};

struct ChatTurn {
    QString role; // "system", "user", "assistant", "tool"
    QString content;
    // What the API server's turns may carry beyond the chat's (chat::Message says how they render):
    bool contentIsNull = false;         // an assistant turn with tool calls and `content: null`
    QList<ToolCallInfo> toolCalls = {}; // an assistant turn's calls
    QString toolCallId = {};            // a tool result: the call it answers
    QString name = {};                  // a tool result: the function's name
    // Images (PNG, JPEG or WebP bytes) the content places with "<__media__>", in order.
    QList<QByteArray> images = {};
    // A user turn's document passages as an earlier answer's prompt showed them (chat::Message::
    // passages): they go back in front of its content on every later turn.
    QString passages = {};
};

struct SamplingSettings {
    double temperature = 0.8;
    double topP = 0.95;
    int topK = 40;
    double minP = 0.05;
    double repeatPenalty = 1.0;
    qint64 seed = 0;
    int maxTokens = 512;
    int thinkingBudget = 0; // thought tokens before the engine closes the thought; 0: no cap
    bool thinkHard = false; // Think on means reasoning effort "high" (templates with reasoning_effort)
};

struct GenerationRequest {
    quint64 id = 0;
    qint64 conversationId = 0; // the chat whose KV cache this builds on (0: none, e.g. an API request)
    QList<ChatTurn> turns;
    bool enableThinking = false;
    QString reasoningEffort; // "low", "medium", "high"; empty: from enableThinking and thinkHard
    SamplingSettings sampling;
    // What the local API server asks for beyond the chat (the chat leaves these empty):
    QStringList stopStrings;            // the answer ends before the first of these, which is not sent
    bool rawPrompt = false;             // /v1/completions: `prompt` is the whole text, no chat template
    bool ignoreEndOfGeneration = false; // run to maxTokens (llama.cpp's ignore_eos; benchmarks)
    QString prompt;
    // A constrained answer (response_format, llama.cpp's grammar field): GBNF or a JSON schema
    // as text, or any JSON object; the thought before it stays free.
    enum class Constraint { None, Gbnf, JsonSchema, JsonObject };
    Constraint constraint = Constraint::None;
    QString constraintText;
    // Tools the model may call (OpenAI's `tools`, a JSON array of definitions; empty: none),
    // rendered through the template; the calls it makes come back as ModelWorker::toolCall.
    // Auto: free text, and a call's arguments are held to its schema once the model starts one;
    // Required: the answer is a call to one of them; Named: a call to toolChoiceName;
    // None: the tools are not offered.
    QString toolsJson;
    enum class ToolChoice { Auto, None, Required, Named };
    ToolChoice toolChoice = ToolChoice::Auto;
    QString toolChoiceName;
    bool parallelToolCalls = true;
    // Documents the answer draws on (core/grounding): a library database made by `docs index` or
    // the app's library, and files attached to the chat; whole when they fit in half the context,
    // else the passages that best match the last user message (ModelWorker::documentsUsed says
    // which). embeddingModel: hybrid search with that model; empty: keywords only.
    QString libraryPath;
    QStringList documentFiles;
    QString embeddingModel;
};

struct GenerationResult {
    int promptTokens = 0;
    int reusedTokens = 0;
    int generatedTokens = 0;
    double tokensPerSecond = 0.0;
    double firstTokenMs = 0.0;
    double promptTokensPerSecond = 0.0; // the new part of the prompt (0: all of it was cached)
    double thoughtSeconds = 0.0;
    QString stopReason;     // "end", "max-tokens", "stopped", "context-full", ...
    int toolCalls = 0;      // calls sent as ModelWorker::toolCall
    int proposedTokens = 0; // speculative decoding: proposals verified…
    int acceptedTokens = 0; // …and those the answer kept
    int contextUsed = 0;
    int contextSize = 0;
};

void registerEngineTypes();

} // namespace smoldesk::app

Q_DECLARE_METATYPE(smoldesk::app::EngineError)
Q_DECLARE_METATYPE(smoldesk::app::LoadRequest)
Q_DECLARE_METATYPE(smoldesk::app::LoadedModel)
Q_DECLARE_METATYPE(smoldesk::app::GpuDeviceInfo)
Q_DECLARE_METATYPE(QList<smoldesk::app::GpuDeviceInfo>)
Q_DECLARE_METATYPE(smoldesk::app::GenerationRequest)
Q_DECLARE_METATYPE(smoldesk::app::ToolCallInfo)
Q_DECLARE_METATYPE(smoldesk::app::GenerationResult)
