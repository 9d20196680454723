#include "worker/model_worker.h"

#include "imageio/image_decode.h"
#include "runtime/vision_input.h"
#include "vision/mmproj.h"

#include "worker/chat_state_store.h"
#include "worker/crash_guard.h"
#include "worker/engine_error.h"
#include "worker/gpu_check_store.h"
#include "worker/turn_request.h"

#include "common/error.h"
#include "compute/cpu/cpu_backend.h"
#include "grounding/document_tools.h"
#include "runtime/chat_turn.h"
#include "runtime/draft_proposer.h"
#include "runtime/self_check.h"
#include "runtime/session.h"

#include <QDateTime>
#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QLoggingCategory>
#include <QThread>

#include <algorithm>
#include <cmath>
#include <new>
#include <optional>

Q_LOGGING_CATEGORY(lcState, "smoldesk.state")
Q_LOGGING_CATEGORY(lcGpuCheck, "smoldesk.gpucheck")

namespace smoldesk::app {
namespace {

QString stopReasonText(runtime::StopReason r) {
    switch (r) {
    case runtime::StopReason::EndOfGeneration:
    case runtime::StopReason::GrammarComplete: // the answer is complete, as at end of generation
        return QStringLiteral("end");
    case runtime::StopReason::MaxTokens:
        return QStringLiteral("max-tokens");
    case runtime::StopReason::StopString:
        return QStringLiteral("stop-string");
    case runtime::StopReason::Cancelled:
        return QStringLiteral("stopped");
    case runtime::StopReason::ContextFull:
        return QStringLiteral("context-full");
    }
    return {};
}

constexpr int kAnswerReserve = 16; // a prompt must leave at least this much room to answer

} // namespace

ModelWorker::ModelWorker(QObject* parent) : QObject(parent) {}
ModelWorker::~ModelWorker() = default;

void ModelWorker::requestStop(quint64 id) {
    quint64 prev = stoppedUpTo_.load();
    while (prev < id && !stoppedUpTo_.compare_exchange_weak(prev, id)) {
    }
    if (running_.load() != 0 && running_.load() <= id) stop_.store(true);
}

void ModelWorker::requestCancel(quint64 id) {
    {
        QMutexLocker lock(&cancelMutex_);
        cancelled_.insert(id);
    }
    if (running_.load() == id) stop_.store(true);
}

void ModelWorker::requestStopAll() {
    stoppedUpTo_.store(~quint64(0));
    stop_.store(true);
}

void ModelWorker::load(const LoadRequest& request) {
    // Check the new file before giving up the loaded model for it: header, architecture, tensor
    // types, tokenizer, template, and memory (what the current model frees counts as free).
    const ModelFacts facts = readModelFacts(request.path);
    const qint64 freed =
        session_ ? loadedFacts_.kvBytesPerToken() * static_cast<qint64>(session_->contextSize()) : 0;
    const qint64 available = availableMemoryBytes();
    if (const auto problem =
            checkBeforeLoad(facts, request.contextLength, available > 0 ? available + freed : 0)) {
        emit loadFailed(*problem, session_ != nullptr);
        return;
    }
    if (cancelLoad_.load()) {
        // Cancelled before the loaded model was given up: it simply stays.
        emit loadFailed(engineErrorFrom(Error(ErrorCode::Cancelled, "Loading was cancelled."), request.path),
                        session_ != nullptr);
        return;
    }
    try {
        saveOwnerState(); // the chat continues with the new model; coming back restores it
        chatPrompt_.reset();
        session_.reset();
        openSession(request);
        loadedRequest_ = request;
        loadedFacts_ = facts;
        emit loaded(describeLoaded(request));
        restoreState(cacheOwner_);
    } catch (const std::exception& e) {
        const EngineError error = engineErrorFrom(e, request.path);
        chatPrompt_.reset();
        session_.reset();
        // The file passed the check but still failed (a tensor's shape, a device, a cancel):
        // bring the previous model back, so a failed switch never leaves the chat without one.
        bool restored = false;
        if (!loadedRequest_.path.isEmpty()) {
            try {
                // A cancel was meant for the new file: bringing the previous one back must not
                // see it (it did, and a cancelled switch left no model at all).
                openSession(loadedRequest_, false);
                restored = true;
                restoreState(cacheOwner_);
            } catch (const std::exception&) {
                chatPrompt_.reset();
                session_.reset();
                loadedRequest_ = {};
            }
        }
        emit loadFailed(error, restored);
    }
}

void ModelWorker::openSession(const LoadRequest& request, bool cancellable) {
    runtime::LoadOptions o;
    o.path = request.path.toStdString();
    o.contextLength = request.contextLength;
    o.threads = request.threads;
    o.backend = request.cpuOnly         ? runtime::BackendChoice::Cpu
                : request.gpuIndex >= 0 ? runtime::BackendChoice::Vulkan
                                        : runtime::BackendChoice::Auto;
    o.device = request.cpuOnly ? -1 : request.gpuIndex;
    o.gpuLayers = request.gpuLayers;
    // LoadRequest::clampGpuLayers: the settings' spin box goes past any model's depth, so more
    // layers than this model has means all of them (the engine refuses such a count otherwise).
    if (request.clampGpuLayers && o.gpuLayers > 0)
        if (const ModelFacts f = readModelFacts(request.path); f.nLayer > 0)
            o.gpuLayers = std::min(o.gpuLayers, f.nLayer);
    int lastPercent = -1;
    float lastValue = 0.0f;
    o.progress = [this, cancellable, &lastPercent, &lastValue](float f) {
        const int percent = static_cast<int>(std::lround(f * 100.0f));
        if (percent != lastPercent) {
            lastPercent = percent;
            lastValue = f;
            emit loadProgress(f);
        }
        return !cancellable || !cancelLoad_.load();
    };
    o.phase = [this](runtime::LoadPhase) { emit loadPreparingGpu(); };
    if (!QFileInfo::exists(request.path))
        throw Error(ErrorCode::Io, "The file '" + o.path + "' does not exist.");
    gpuRefusal_ = request.cpuOnly ? QString() : gpuCheckRefusal(request, false);
    if (!gpuRefusal_.isEmpty()) {
        o.backend = runtime::BackendChoice::Cpu;
        o.device = -1;
    }
    {
        // A crash while a GPU backend starts leaves this marker behind: the next start uses the CPU.
        CrashGuard guard(request.cpuOnly ? QString() : request.crashMarker);
        session_ = runtime::Session::load(o);
    }
    vision_.reset(); // the next image opens the new model's mmproj
    countParams_.reset();
    chatPrompt_ = std::make_unique<runtime::ChatPrompt>(session_->file(), session_->tokenizer());
    openDraft(request);
    if (lastValue < 1.0f) emit loadProgress(1.0);
}

void ModelWorker::openDraft(const LoadRequest& request) {
    draft_.reset();
    draftProblem_.clear();
    if (!request.speculation.startsWith(QLatin1String("draft:"))) return;
    const QString path = request.speculation.mid(6);
    const QString name = QFileInfo(path).fileName();
    try {
        if (!QFileInfo::exists(path)) throw Error(ErrorCode::Io, "the file does not exist.");
        runtime::LoadOptions o;
        o.path = path.toStdString();
        o.threads = session_->threads();
        o.contextLength = session_->contextSize();
        // On the target's device: a draft's decode steps are many and small, and beside a model
        // on the GPU they would otherwise wait for the CPU at every guess.
        o.backend = onGpu() ? runtime::BackendChoice::Vulkan : runtime::BackendChoice::Cpu;
        o.device = onGpu() ? request.gpuIndex : -1;
        std::shared_ptr<runtime::Session> draft = runtime::Session::load(o);
        if (const std::string why = runtime::draftVocabularyMismatch(*session_, *draft); !why.empty())
            throw Error(ErrorCode::InvalidArgument, why);
        draft_ = std::move(draft);
    } catch (const std::exception& e) {
        draftProblem_ =
            QStringLiteral("The draft model %1 is not used: %2").arg(name, QString::fromUtf8(e.what()));
    }
}

LoadedModel ModelWorker::describeLoaded(const LoadRequest& request) const {
    LoadedModel m;
    m.path = request.path;
    m.name = QFileInfo(request.path).fileName();
    m.architecture = QString::fromStdString(session_->hparams().arch);
    m.device = QString::fromStdString(session_->deviceName());
    m.fallbackReason =
        gpuRefusal_.isEmpty() ? QString::fromStdString(session_->fallbackReason()) : gpuRefusal_;
    for (const auto& w : session_->warnings()) m.warnings << QString::fromStdString(w);
    if (!draftProblem_.isEmpty()) m.warnings << draftProblem_;
    m.draftProblem = draftProblem_;
    m.contextSize = session_->contextSize();
    m.threads = session_->threads();
    m.supportsThinking = chatPrompt_->supportsThinking();
    m.reasoningEffort = chatPrompt_->supportsReasoningEffort();
    m.promptMode = chatPrompt_->mode();
    m.callsTools = chatPrompt_->toolCallFamily() != chat::ToolCallFamily::None;
    m.seesImages =
        !request.mmprojPath.isEmpty() || !runtime::findMmprojNextTo(request.path.toStdString()).empty();
    return m;
}

void ModelWorker::unload() {
    saveOwnerState();
    chatPrompt_.reset();
    draft_.reset();
    vision_.reset(); // the mmproj and its backend go with the model
    countParams_.reset();
    session_.reset();
    loadedRequest_ = {};
    emit unloaded();
}

QString ModelWorker::gpuCheckRefusal(const LoadRequest& request, bool force) {
    if (request.gpuCheckFile.isEmpty() || request.demoModel.isEmpty()) return {};
    std::optional<runtime::GpuDevice> gpu;
    {
        CrashGuard guard(request.crashMarker);
        gpu = runtime::gpuForLoad(request.gpuIndex);
    }
    if (!gpu) return {}; // no GPU would be used: the load says why itself
    const GpuCheckStore store(request.gpuCheckFile);
    const QString device = QString::fromStdString(gpu->name),
                  driver = QString::fromStdString(gpu->driverVersion);
    const QString key = GpuCheckStore::keyFor(device, driver);
    if (!force)
        if (const auto v = store.verdict(key))
            return v->value(QStringLiteral("passed")).toBool()
                       ? QString()
                       : v->value(QStringLiteral("sentence")).toString();
    emit gpuCheckStarted(device);
    qCInfo(lcGpuCheck) << "GPU self-check on" << device << "driver" << driver;
    QVariantMap v{{QStringLiteral("device"), device},
                  {QStringLiteral("driver"), driver},
                  {QStringLiteral("version"), QStringLiteral(SMOLDESK_VERSION)},
                  {QStringLiteral("checkedAt"), QDateTime::currentDateTime().toString(Qt::ISODate)}};
    try {
        // A driver that crashes inside the check leaves the marker: the next start is in safe mode.
        CrashGuard guard(request.crashMarker);
        const QString golden =
            QFileInfo(request.demoModel).dir().filePath(QStringLiteral("stories260K-golden.f32"));
        const runtime::SelfCheckReport report =
            runtime::runSelfCheck(runtime::BackendChoice::Vulkan, gpu->index, request.demoModel.toStdString(),
                                  golden.toStdString());
        QStringList table;
        int failed = 0;
        for (const auto& r : report.rows) {
            failed += !r.passed;
            table << QStringLiteral("%1 %2: error %3, tolerance %4, %5 ms")
                         .arg(r.passed ? QStringLiteral("ok  ") : QStringLiteral("FAIL"),
                              QString::fromStdString(r.kernel))
                         .arg(r.maxError, 0, 'g', 3)
                         .arg(r.tolerance, 0, 'g', 3)
                         .arg(r.millis, 0, 'f', 2);
        }
        v.insert(QStringLiteral("passed"), report.passed());
        v.insert(QStringLiteral("sentence"),
                 report.passed() ? QString() : QString::fromStdString(report.failureSentence()));
        v.insert(QStringLiteral("checks"), int(report.rows.size()));
        v.insert(QStringLiteral("failed"), failed);
        v.insert(QStringLiteral("seconds"), report.seconds);
        v.insert(QStringLiteral("table"), table.join(QLatin1Char('\n')));
    } catch (const std::exception& e) {
        v.insert(QStringLiteral("passed"), false);
        v.insert(QStringLiteral("sentence"),
                 QStringLiteral("The GPU self-check could not run (%1); SmolDesk uses the CPU.")
                     .arg(QString::fromUtf8(e.what())));
    }
    if (!store.save(key, v))
        qCWarning(lcGpuCheck) << "could not save the GPU self-check's verdict to" << request.gpuCheckFile;
    qCInfo(lcGpuCheck) << "GPU self-check:"
                       << (v.value(QStringLiteral("passed")).toBool() ? "passed" : "failed")
                       << v.value(QStringLiteral("sentence")).toString();
    emit gpuChecked(v);
    return v.value(QStringLiteral("passed")).toBool() ? QString()
                                                      : v.value(QStringLiteral("sentence")).toString();
}

void ModelWorker::checkGpu(const LoadRequest& request) {
    if (!request.cpuOnly) gpuCheckRefusal(request, true);
}

void ModelWorker::listDevices(const QString& crashMarker) {
    QList<GpuDeviceInfo> out;
    std::string whyNone;
    try {
        // Drivers can crash while they enumerate: the next start then runs in CPU safe mode.
        CrashGuard guard(crashMarker);
        for (const runtime::GpuDevice& d : runtime::listGpuDevices(&whyNone))
            out.append({d.index, QString::fromStdString(d.name), QString::fromStdString(d.type),
                        d.memoryBytes, d.usable, QString::fromStdString(d.whyNot)});
    } catch (const std::exception& e) {
        out.clear();
        whyNone = e.what();
    }
    if (out.isEmpty())
        emit devicesUnavailable(whyNone.empty() ? QStringLiteral("No Vulkan device was found.")
                                                : QString::fromStdString(whyNone));
    emit devicesListed(out);
}

void ModelWorker::countTokens(quint64 id, const QList<ChatTurn>& turns, bool enableThinking,
                              const QString& toolsJson) {
    if (!session_ || !chatPrompt_) {
        emit tokensCounted(id, -1, 0);
        return;
    }
    try {
        runtime::PromptRequest request;
        // Each question's kept passages go in front of it, as the next turn will send them.
        request.messages = grounding::withDocuments(chatMessages(turns), {});
        request.enableThinking = enableThinking;
        request.toolsJson = toolsJson.toStdString(); // the definitions cost context too
        const std::vector<std::shared_ptr<runtime::PromptImage>> images = countedImages(turns);
        emit tokensCounted(id, static_cast<int>(chatPrompt_->build(request, images).tokens.size()),
                           session_->contextSize());
    } catch (const std::exception&) {
        emit tokensCounted(id, -1, session_->contextSize()); // the template fails: the send will say why
    }
}

void ModelWorker::generate(const GenerationRequest& request) {
    if (!session_ || !chatPrompt_) {
        EngineError e;
        e.code = EngineError::kNoModel;
        e.message = QStringLiteral("No model is loaded.");
        emit failed(request.id, e);
        return;
    }
    stop_.store(false);
    running_.store(request.id);
    if (stoppedUpTo_.load() >= request.id) stop_.store(true);
    {
        QMutexLocker lock(&cancelMutex_);
        if (cancelled_.contains(request.id)) stop_.store(true);
    }
    struct Done {
        ModelWorker& w;
        quint64 id;
        ~Done() {
            w.running_.store(0);
            // Requests run in order: a cancel for this one or an earlier one has nothing left to stop.
            QMutexLocker lock(&w.cancelMutex_);
            w.cancelled_.removeIf([this](quint64 c) { return c <= id; });
        }
    } done{*this, request.id};
    try {
        // A crash inside the GPU driver while it computes starts the next run in CPU safe mode,
        // as a crash while it starts does.
        CrashGuard guard(onGpu() ? loadedRequest_.crashMarker : QString());
        switchCacheTo(request.conversationId);
        cacheChanged_ = true; // whatever happens next, the cache is this request's now
        runGeneration(request);
    } catch (const std::exception& e) {
        EngineError err = engineErrorFrom(e);
        if (err.code == static_cast<int>(ErrorCode::DeviceLost) && onGpu()) {
            // A lost or hung GPU fails every later request: go on without it. Other backend
            // errors (a driver error, a limit, a bug) are reported, not hidden by the CPU.
            if (!continueOnCpu(request, err)) emit failed(request.id, err);
        } else if (err.code == static_cast<int>(ErrorCode::Cancelled)) {
            GenerationResult r;
            r.stopReason = QStringLiteral("stopped");
            r.contextUsed = static_cast<int>(session_->cachedTokens().size());
            r.contextSize = session_->contextSize();
            emit finished(request.id, r);
        } else {
            emit failed(request.id, err);
        }
    }
}

bool ModelWorker::onGpu() const {
    return session_ && !dynamic_cast<const compute::CpuBackend*>(&session_->backend());
}

bool ModelWorker::continueOnCpu(const GenerationRequest& request, const EngineError& fault) {
    LoadRequest cpu = loadedRequest_;
    cpu.cpuOnly = true;
    cpu.gpuIndex = -1;
    chatPrompt_.reset();
    session_.reset(); // the Vulkan backend waits (bounded) for the device, or leaks what it still uses
    try {
        cancelLoad_.store(false);
        openSession(cpu);
    } catch (const std::exception&) {
        chatPrompt_.reset();
        session_.reset();
        loadedRequest_ = {};
        emit unloaded();
        return false;
    }
    loadedRequest_ = cpu;
    LoadedModel m = describeLoaded(cpu);
    m.fallbackReason = fault.message;
    emit gpuFault(request.id, fault.message, m);
    try {
        runGeneration(request);
    } catch (const std::exception& e) {
        const EngineError err = engineErrorFrom(e);
        if (err.code != static_cast<int>(ErrorCode::Cancelled)) {
            emit failed(request.id, err);
        } else {
            GenerationResult r;
            r.stopReason = QStringLiteral("stopped");
            r.contextUsed = static_cast<int>(session_->cachedTokens().size());
            r.contextSize = session_->contextSize();
            emit finished(request.id, r);
        }
    }
    return true;
}

std::string ModelWorker::mmprojPath() const {
    return loadedRequest_.mmprojPath.isEmpty() ? runtime::findMmprojNextTo(loadedRequest_.path.toStdString())
                                               : loadedRequest_.mmprojPath.toStdString();
}

// The turns' images laid out as a prompt lays them out (their sizes from the headers, the mmproj's
// parameters from its header: nothing decoded, encoded or loaded on a device), so the context meter
// counts the image tokens the model will read, not the marker text. Empty when the model has no
// mmproj or an image would be refused: the meter then counts the text, and the send says why.
std::vector<std::shared_ptr<runtime::PromptImage>> ModelWorker::countedImages(const QList<ChatTurn>& turns) {
    std::vector<std::shared_ptr<runtime::PromptImage>> images;
    for (const ChatTurn& turn : turns)
        for (const QByteArray& bytes : turn.images) {
            if (!vision_ && !countParams_) {
                const std::string path = mmprojPath();
                if (path.empty()) return {};
                countParams_ = vision::readVisionParams(*gguf::File::open(path));
            }
            const QSize size = imageio::decodedSize(bytes);
            if (!size.isValid()) return {};
            auto image = std::make_shared<runtime::PromptImage>();
            image->layout =
                vision::imageLayout(vision_ ? vision_->params() : *countParams_, size.width(), size.height());
            images.push_back(std::move(image));
        }
    return images;
}

// The request's images as prompt images, through the mmproj (opened on first use: a model chat
// without images never reads it). Error in one sentence for a model that cannot see images or an
// image that cannot be decoded.
std::vector<std::shared_ptr<runtime::PromptImage>>
ModelWorker::promptImages(const GenerationRequest& request) {
    std::vector<std::shared_ptr<runtime::PromptImage>> images;
    session_->forgetImages(); // each request brings its images again; positions already read stay cached
    for (const ChatTurn& turn : request.turns)
        for (const QByteArray& bytes : turn.images) {
            if (!vision_) {
                const std::string path = mmprojPath();
                if (path.empty())
                    throw Error(
                        ErrorCode::InvalidArgument,
                        "This model cannot see images: no mmproj file was given or found next to it.");
                const bool gpu = session_->deviceName().rfind("CPU", 0) != 0;
                vision_ = runtime::VisionInput::load(
                    path, *session_, gpu ? runtime::BackendChoice::Vulkan : runtime::BackendChoice::Cpu,
                    loadedRequest_.gpuIndex);
            }
            images.push_back(vision_->prepare(imageio::decodeImage(bytes)));
        }
    return images;
}

void ModelWorker::runGeneration(const GenerationRequest& request) {
    runtime::ChatTurnRequest turnRequest = chatTurnRequest(request);
    turnRequest.images = promptImages(request);
    if (!turnRequest.documents.empty() && !request.embeddingModel.isEmpty())
        documentEmbedder_.attach(request.embeddingModel, turnRequest.documents);
    runtime::ChatTurn turn(*session_, *chatPrompt_, grammars_, turnRequest);
    const int ctx = session_->contextSize();
    const int n = static_cast<int>(turn.prompt().tokens.size());
    if (n + kAnswerReserve > ctx) {
        emit contextOverflow(request.id, n, ctx);
        return;
    }
    emit promptReady(request.id, n, ctx);
    const quint64 id = request.id;
    for (const runtime::LeftOutTool& t : turn.leftOutTools())
        emit toolLeftOut(id, QString::fromStdString(t.name), QString::fromStdString(t.reason));

    runtime::GenerateParams gp = generateParams(request);
    if (draft_) // the draft's guesses instead of the n-gram lookup, under the same gate
        gp.speculation =
            runtime::DraftProposer::options(draft_, runtime::SpecMode::Auto, gp.speculation.maxDraft);
    else if (const auto mode = runtime::parseSpecMode(loadedRequest_.speculation.toStdString()))
        gp.speculation.mode = *mode;
    QElapsedTimer promptTimer;
    promptTimer.start();
    gp.promptProgress = [this, id, &promptTimer](int done, int total) {
        const double seconds = static_cast<double>(promptTimer.nsecsElapsed()) / 1e9;
        emit promptProgress(id, done, total, seconds > 0.0 ? done / seconds : 0.0);
    };
    runtime::ChatTurnEvents events;
    events.onText = [&](const std::string& thought, const std::string& answer, int generated) {
        emit delta(id, QString::fromStdString(thought), QString::fromStdString(answer),
                   std::min(ctx, n + generated));
    };
    events.onToolCall = [&](const chat::ToolCall& c, int index) {
        emit toolCall(id, index,
                      ToolCallInfo{QString::fromStdString(c.id), QString::fromStdString(c.name),
                                   QString::fromStdString(c.arguments)});
    };
    events.onThoughtEnded = [&](double seconds) { emit thoughtFinished(id, seconds); };
    events.onDocuments = [&](const grounding::Grounding& g) {
        emit documentsUsed(id, app::documentsUsed(g));
    };
    const runtime::ChatTurnResult done = turn.run(gp, events, &stop_);
    const runtime::GenerationStats& st = done.stats;

    GenerationResult r;
    r.promptTokens = st.promptTokens;
    r.reusedTokens = st.reusedTokens;
    r.generatedTokens = st.generatedTokens;
    r.tokensPerSecond = st.decodeTokensPerSecond();
    r.firstTokenMs = st.firstTokenMs;
    r.promptTokensPerSecond = st.promptTokensPerSecond();
    r.thoughtSeconds = done.thoughtSeconds;
    r.stopReason = stop_.load() ? QStringLiteral("stopped") : stopReasonText(st.stopReason);
    r.toolCalls = done.toolCalls;
    r.proposedTokens = st.proposedTokens;
    r.acceptedTokens = st.acceptedTokens;
    // The conversation now holds the prompt and every generated token (the cache lacks the last
    // one, which was never fed back); the same count the meter showed while streaming.
    r.contextUsed = std::min(ctx, n + st.generatedTokens);
    r.contextSize = ctx;
    emit finished(id, r);
}

void ModelWorker::runDocumentTool(quint64 id, const GenerationRequest& documents, const ToolCallInfo& call,
                                  int firstNumber) {
    QString text;
    DocumentsUsed found;
    try {
        grounding::DocumentRequest request = chatTurnRequest(documents).documents;
        if (!request.empty() && !documents.embeddingModel.isEmpty())
            documentEmbedder_.attach(documents.embeddingModel, request);
        // Attached files are chunked with the chat model's tokenizer, as the prompt's passages are.
        grounding::DocumentTools tools(std::move(request), session_ ? &session_->tokenizer() : nullptr);
        tools.setNextNumber(std::max(1, firstNumber));
        text = QString::fromStdString(
            tools.run({call.id.toStdString(), call.name.toStdString(), call.arguments.toStdString()}));
        found = documentSources(tools.sources());
    } catch (const std::exception& e) { // DocumentTools::run answers in sentences; this is the embedder
        text = QString::fromStdString(e.what());
    }
    emit documentToolFinished(id, text, found);
}

// ---- saved chat states ----

void ModelWorker::setStateStore(const QString& dir, qint64 capBytes) {
    if (dir.isEmpty() && states_) states_->removeAll();
    states_ = std::make_unique<ChatStateStore>(dir, capBytes);
    if (states_->enabled()) states_->prune();
}

void ModelWorker::openConversation(qint64 conversationId) {
    switchCacheTo(conversationId);
}

void ModelWorker::forgetConversation(qint64 conversationId) {
    if (states_) states_->remove(conversationId);
    if (cacheOwner_ == conversationId) {
        cacheOwner_ = 0;
        cacheChanged_ = false;
    }
}

void ModelWorker::shutdown() {
    saveOwnerState();
    QThread::currentThread()->quit();
}

void ModelWorker::switchCacheTo(qint64 conversationId) {
    if (conversationId == cacheOwner_) return;
    saveOwnerState();
    cacheOwner_ = conversationId;
    cacheChanged_ = false;
    // Without a saved state the cache keeps what it holds: the next prompt still reuses any
    // common prefix (the system prompt), and nothing is saved for this chat until it changes.
    restoreState(conversationId);
}

void ModelWorker::saveOwnerState() {
    if (!states_ || !states_->enabled() || !session_ || cacheOwner_ == 0 || !cacheChanged_) return;
    cacheChanged_ = false;
    if (session_->cachedTokens().empty()) return;
    try {
        if (!states_->ensureDir())
            throw Error(ErrorCode::Io, "The folder for chat states cannot be created.");
        QElapsedTimer timer;
        timer.start();
        const auto bytes = session_->saveStateFile(states_->pathFor(cacheOwner_).toStdString());
        const double ms = static_cast<double>(timer.nsecsElapsed()) / 1e6;
        qCInfo(lcState).noquote() << "saved chat" << cacheOwner_ << session_->cachedTokens().size()
                                  << "tokens," << bytes << "bytes in" << ms << "ms";
        states_->prune();
        emit stateSaved(cacheOwner_, static_cast<qint64>(bytes), ms);
    } catch (const std::exception& e) {
        // Not fatal: the chat is read again from its text when it is opened next time.
        qCWarning(lcState).noquote() << "chat" << cacheOwner_ << "state not saved:" << e.what();
    }
}

void ModelWorker::restoreState(qint64 conversationId) {
    if (!states_ || !session_ || conversationId == 0 || !states_->has(conversationId)) return;
    QElapsedTimer timer;
    timer.start();
    try {
        const auto& tokens = session_->restoreStateFile(states_->pathFor(conversationId).toStdString());
        const double ms = static_cast<double>(timer.nsecsElapsed()) / 1e6;
        cacheChanged_ = false;
        states_->touch(conversationId);
        qCInfo(lcState).noquote() << "restored chat" << conversationId << tokens.size() << "tokens in" << ms
                                  << "ms";
        emit stateRestored(conversationId, static_cast<int>(tokens.size()), ms);
    } catch (const Error& e) {
        // The session holds nothing now and the next prompt is read in full. A state of another
        // model or context stays for when the chat comes back to it; a damaged one goes.
        if (e.code() != ErrorCode::InvalidArgument) states_->remove(conversationId);
        qCInfo(lcState).noquote() << "chat" << conversationId << "state not used:" << e.what();
        emit stateRefused(conversationId, QString::fromStdString(e.what()));
    } catch (const std::exception& e) {
        qCWarning(lcState).noquote() << "chat" << conversationId << "state not used:" << e.what();
        emit stateRefused(conversationId, QString::fromStdString(e.what()));
    }
}

} // namespace smoldesk::app
