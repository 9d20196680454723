#include "model_manager.h"

#include "worker/gpu_check_store.h"

#include "app_paths.h"
#include "app_settings.h"
#include "local_model_source.h"
#include "remote_endpoints.h"
#include "remote_model_source.h"
#include "worker/engine_text.h"
#include "worker/error_text.h"
#include "worker/model_worker.h"
#include "worker/quantity_text.h"

#include "common/error.h"

#include <QDeadlineTimer>
#include <QDir>
#include <QFileInfo>
#include <QFutureWatcher>
#include <QLoggingCategory>
#include <QStandardPaths>
#include <QtConcurrent/QtConcurrentRun>

Q_LOGGING_CATEGORY(lcModel, "smoldesk.model")

namespace smoldesk::app {
namespace {
constexpr int kQuitWaitMs = 3000;
const QString kRemoteSetting = QStringLiteral("model/remote"); // [endpoint, model] while one answers
} // namespace

ModelManager::ModelManager(AppSettings* settings, const QString& crashMarker, const QString& gpuCheckFile,
                           QObject* parent)
    : QObject(parent), settings_(settings), crashMarker_(crashMarker), gpuCheckFile_(gpuCheckFile),
      thread_(new QThread), inspectPool_(new QThreadPool), worker_(new ModelWorker) {
    registerEngineTypes();
    qRegisterMetaType<ModelFacts>();
    thread_->setObjectName(QStringLiteral("ModelWorker"));
    worker_->moveToThread(thread_);
    localSource_ = new LocalModelSource(worker_, this);
    remoteSource_ = new RemoteModelSource(this);
    connect(worker_, &ModelWorker::loadProgress, this, [this](double f) {
        progress_ = f;
        emit loadProgressChanged();
    });
    connect(worker_, &ModelWorker::loadPreparingGpu, this, [this] {
        preparingGpu_ = true;
        emit loadProgressChanged();
    });
    connect(worker_, &ModelWorker::loaded, this, &ModelManager::onLoaded);
    connect(worker_, &ModelWorker::loadFailed, this, &ModelManager::onLoadFailed);
    connect(worker_, &ModelWorker::gpuFault, this,
            [this](quint64, const QString& reason, const LoadedModel& m) { onGpuFault(reason, m); });
    connect(worker_, &ModelWorker::unloaded, this, &ModelManager::onUnloaded);
    connect(worker_, &ModelWorker::devicesUnavailable, this, [this](const QString& reason) {
        devicesError_ = reason;
        qCInfo(lcModel).noquote() << "no Vulkan device:" << reason;
    });
    connect(settings_, &AppSettings::modelSettingsChanged, this, &ModelManager::refreshEstimate);
    gpuCheck_ = GpuCheckStore(gpuCheckFile_).last();
    connect(worker_, &ModelWorker::gpuCheckStarted, this, [this](const QString& device) {
        gpuChecking_ = true;
        qCInfo(lcModel).noquote() << "checking the GPU" << device;
        emit gpuCheckChanged();
    });
    connect(worker_, &ModelWorker::gpuChecked, this, [this](const QVariantMap& verdict) {
        gpuChecking_ = false;
        gpuCheck_ = verdict;
        emit gpuCheckChanged();
    });
    connect(worker_, &ModelWorker::devicesListed, this, [this](const QList<GpuDeviceInfo>& list) {
        listingDevices_ = false;
        if (settings_->safeMode()) return; // safe mode came on meanwhile
        devices_ = list;
        devicesListed_ = true;
        if (!list.isEmpty()) devicesError_.clear();
        for (const GpuDeviceInfo& d : list)
            qCInfo(lcModel).noquote()
                << "Vulkan device" << d.index << d.name << d.type << d.memoryBytes
                << (d.usable ? QStringLiteral("usable") : QStringLiteral("not usable: ") + d.whyNot);
        emit devicesChanged();
    });
    // Leaving safe mode lists the devices it skipped; entering it forgets them.
    safeMode_ = settings_->safeMode();
    connect(settings_, &AppSettings::changed, this, [this] {
        if (settings_->safeMode() == safeMode_) return;
        safeMode_ = settings_->safeMode();
        refreshDevices();
    });
    // Engine sentences are translated when read: a new model or device list says them anew.
    connect(this, &ModelManager::modelChanged, this, &ModelManager::engineTextChanged);
    connect(this, &ModelManager::devicesChanged, this, &ModelManager::engineTextChanged);
    thread_->start();
}

ModelManager::~ModelManager() {
    worker_->requestStopAll();
    worker_->requestCancelLoad();
    // The worker saves the open chat's KV cache (after the generation it stops), then ends its
    // event loop; the wait below bounds both.
    QMetaObject::invokeMethod(worker_, &ModelWorker::shutdown, Qt::QueuedConnection);
    // Loading and generation stop within a token or a progress step. A call that cannot be
    // cancelled (a file on a stalled network share, a driver that hangs) must not hold the
    // quitting GUI: the worker and its thread are left to the ending process.
    const QDeadlineTimer deadline(kQuitWaitMs);
    if (inspectPool_->waitForDone(static_cast<int>(deadline.remainingTime())))
        delete inspectPool_; // else left behind like the worker below
    if (!thread_->wait(deadline)) {
        qCWarning(lcModel) << "the model worker did not stop within" << kQuitWaitMs
                           << "ms; quitting without waiting for it";
        return;
    }
    delete worker_;
    delete thread_;
}

QString ModelManager::fallbackReason() const {
    return EngineText::translate(model_.fallbackReason);
}

QString ModelManager::device() const {
    if (remoteActive_) { // where it runs: the endpoint's host (and port)
        const QUrl url = remoteSource_->endpoint().baseUrl;
        return url.port() > 0 ? QStringLiteral("%1:%2").arg(url.host()).arg(url.port()) : url.host();
    }
    return EngineText::translate(model_.device);
}

QString ModelManager::devicesError() const {
    return EngineText::translate(devicesError_);
}

bool ModelManager::isDemo() const {
    return !model_.path.isEmpty() && QFileInfo(model_.path).fileName() == QLatin1String("stories260K.gguf");
}

QString ModelManager::demoModelPath() const {
    return paths::demoModelPath();
}

void ModelManager::setState(State s) {
    if (s == state_) return;
    state_ = s;
    emit stateChanged();
}

void ModelManager::load(const QString& path) {
    startLoad(path, false);
}

void ModelManager::openAtStart(const QString& path) {
    // `smoldesk model.gguf`: a file that is missing or fails leaves its error on screen and the
    // usual model (the last one, else the demo) in the window, never a window without a model.
    fallBackOnFailure_ = true;
    startLoad(path, false);
}

ModelSource* ModelManager::source() const {
    return remoteActive_ ? static_cast<ModelSource*>(remoteSource_) : static_cast<ModelSource*>(localSource_);
}

QList<ModelSource*> ModelManager::sources() const {
    return {localSource_, remoteSource_};
}

QString ModelManager::remoteEndpoint() const {
    return remoteActive_ ? remoteSource_->endpoint().name : QString();
}

QString ModelManager::remoteModel() const {
    return remoteActive_ ? remoteSource_->model() : QString();
}

QString ModelManager::remoteAddress() const {
    return remoteActive_ ? remoteSource_->endpoint().baseUrl.toDisplayString(QUrl::RemoveUserInfo)
                         : QString();
}

void ModelManager::setRemoteEndpoints(RemoteEndpoints* endpoints) {
    remotes_ = endpoints;
    // What a chat request met is the endpoint's state too: Settings ▸ Models must not go on
    // saying "Connected" once the server refuses the key (or answers again after a failure).
    connect(remoteSource_, &ModelSource::failed, this, [this](quint64, const EngineError& e) {
        if (remoteActive_) remotes_->noteRequest(remoteSource_->endpoint().name, false, describeError(e));
    });
    connect(remoteSource_, &ModelSource::finished, this, [this](quint64, const GenerationResult&) {
        if (remoteActive_) remotes_->noteRequest(remoteSource_->endpoint().name, true, QString());
    });
    // A new address or key for the endpoint that answers applies to the next request.
    connect(remotes_, &RemoteEndpoints::endpointChanged, this, [this](const QString& name) {
        if (remoteActive_ && name == remoteSource_->endpoint().name)
            applyRemoteTarget(name, remoteSource_->model());
    });
    // Its endpoint removed, a remote model no longer answers: the engine's model (if any) does.
    connect(remotes_, &RemoteEndpoints::endpointRemoved, this, [this](const QString& name) {
        if (remoteActive_ && name == remoteSource_->endpoint().name) leaveRemote();
    });
}

bool ModelManager::useRemote(const QString& endpoint, const QString& model) {
    if (!remotes_ || !remotes_->contains(endpoint) || model.isEmpty()) {
        errorText_ =
            tr("There is no remote endpoint “%1” any more: add it again in Settings ▸ Models.").arg(endpoint);
        errorAction_.clear();
        emit errorChanged();
        return false;
    }
    if (state_ == State::Loading) cancelLoad();
    if (!remoteActive_) localModel_ = model_;
    remoteActive_ = true;
    model_ = LoadedModel{};
    model_.path = QStringLiteral("remote:%1/%2").arg(endpoint, model);
    model_.name = tr("%1 — %2").arg(model, endpoint);
    model_.architecture = tr("remote");
    // The Think switch is offered: it goes to the server as chat_template_kwargs.enable_thinking.
    model_.supportsThinking = true;
    model_.contextSize = remotes_->contextLength(endpoint, model);
    remoteSource_->setTarget(remotes_->endpoint(endpoint), model, model_.contextSize);
    settings_->selectModel(QStringLiteral("remote/%1/%2").arg(endpoint, model), QString());
    settings_->raw().setValue(kRemoteSetting, QStringList{endpoint, model});
    qCInfo(lcModel).noquote() << "answering from" << model << "at the remote endpoint" << endpoint;
    lastFacts_ = ModelFacts{};
    facts_.clear();
    emit factsChanged();
    clearError();
    setState(State::Ready);
    emit modelChanged();
    emit modelLoaded();
    return true;
}

void ModelManager::applyRemoteTarget(const QString& endpoint, const QString& model) {
    // The context meter's total: the endpoint's own figure when its model list gave one, else
    // 0 (the meter then shows the server's token count alone).
    const int context = remotes_->contextLength(endpoint, model);
    const QUrl before = remoteSource_->endpoint().baseUrl;
    remoteSource_->setTarget(remotes_->endpoint(endpoint), model, context);
    if (model_.contextSize != context || remoteSource_->endpoint().baseUrl != before) {
        model_.contextSize = context;
        emit modelChanged(); // the context, or the address the privacy notes name
    }
}

bool ModelManager::resumeRemote() {
    const QStringList last = settings_->raw().value(kRemoteSetting).toStringList();
    if (last.size() != 2 || !remotes_ || !remotes_->contains(last.at(0))) return false;
    return useRemote(last.at(0), last.at(1));
}

void ModelManager::leaveRemote() {
    if (!remoteActive_) return;
    remoteActive_ = false;
    settings_->raw().remove(kRemoteSetting);
    model_ = localModel_;
    localModel_ = LoadedModel{};
    if (!model_.path.isEmpty()) settings_->selectModel(model_.path, model_.architecture);
    setState(model_.path.isEmpty() ? State::Empty : State::Ready);
    emit modelChanged();
}

void ModelManager::startLoad(const QString& path, bool keepError) {
    if (path.isEmpty()) return;
    leaveRemote(); // the engine's model answers again (the one loaded now, until the new one is)
    const QString abs = QFileInfo(path).absoluteFilePath();
    const LoadRequest r = requestFor(abs);
    qCInfo(lcModel) << "loading" << abs << "context" << r.contextLength << "cpuOnly" << r.cpuOnly << "gpu"
                    << r.gpuIndex;
    loadingName_ = QFileInfo(abs).fileName();
    loadingPath_ = abs;
    progress_ = 0.0;
    preparingGpu_ = false;
    emit loadProgressChanged();
    if (!keepError) clearError();
    // The current model stays until the new one has loaded: the worker checks the file first
    // and brings the current model back if the new one fails.
    setState(State::Loading);
    worker_->armLoad();
    QMetaObject::invokeMethod(
        worker_, [w = worker_, r] { w->load(r); }, Qt::QueuedConnection);
    inspect(abs);
}

LoadRequest ModelManager::requestFor(const QString& abs) const {
    LoadRequest r;
    r.path = abs;
    // The new file's own settings, not those of the model loaded now.
    r.contextLength = settings_->contextLengthFor(abs);
    r.threads = settings_->threadsFor(abs);
    r.cpuOnly = settings_->device() == QLatin1String("cpu") || settings_->safeMode();
    r.gpuIndex = r.cpuOnly ? -1 : gpuIndexOf(settings_->device());
    r.gpuLayers = settings_->gpuLayersFor(abs);
    r.clampGpuLayers = true; // the setting's maximum (1024) means all the model's layers
    r.speculation = settings_->speculationFor(abs);
    r.crashMarker = crashMarker_;
    r.gpuCheckFile = gpuCheckFile_;
    r.demoModel = paths::demoModelPath();
    return r;
}

void ModelManager::checkGpuAgain() {
    if (gpuChecking_) return;
    const LoadRequest r = requestFor(QString());
    if (r.cpuOnly) return;
    QMetaObject::invokeMethod(
        worker_, [w = worker_, r] { w->checkGpu(r); }, Qt::QueuedConnection);
}

void ModelManager::loadUrl(const QUrl& url) {
    load(url.isLocalFile() ? url.toLocalFile() : url.toString());
}

void ModelManager::cancelLoad() {
    if (state_ == State::Loading) worker_->requestCancelLoad();
}

void ModelManager::reload() {
    if (!model_.path.isEmpty()) load(model_.path);
}

void ModelManager::clearError() {
    if (errorText_.isEmpty() && errorAction_.isEmpty()) return;
    errorText_.clear();
    errorAction_.clear();
    emit errorChanged();
}

QUrl ModelManager::openFolder() const {
    const QString demoDir = QFileInfo(paths::demoModelPath()).absolutePath();
    for (const QString& recent : settings_->recentModels()) {
        const QFileInfo f(recent);
        if (f.absolutePath() != demoDir && f.dir().exists()) return QUrl::fromLocalFile(f.absolutePath());
    }
    const QString models = QDir::homePath() + QStringLiteral("/models");
    if (QFileInfo(models).isDir()) return QUrl::fromLocalFile(models);
    const QString downloads = QStandardPaths::writableLocation(QStandardPaths::DownloadLocation);
    if (!downloads.isEmpty() && QFileInfo(downloads).isDir()) return QUrl::fromLocalFile(downloads);
    return QUrl::fromLocalFile(QDir::homePath());
}

bool ModelManager::isGgufUrl(const QUrl& url) {
    return url.isLocalFile() && url.toLocalFile().endsWith(QLatin1String(".gguf"), Qt::CaseInsensitive);
}

QVariantList ModelManager::devices() const {
    QVariantList out;
    for (const GpuDeviceInfo& d : devices_)
        out.append(QVariantMap{{QStringLiteral("index"), d.index},
                               {QStringLiteral("name"), d.name},
                               {QStringLiteral("type"), d.type},
                               {QStringLiteral("memoryBytes"), double(d.memoryBytes)},
                               {QStringLiteral("memory"), formatBytes(static_cast<qint64>(d.memoryBytes))},
                               {QStringLiteral("usable"), d.usable},
                               {QStringLiteral("whyNot"), EngineText::translate(d.whyNot)}});
    return out;
}

int ModelManager::gpuIndexOf(const QString& deviceSetting) {
    if (!deviceSetting.startsWith(QLatin1String("gpu:"))) return -1;
    bool ok = false;
    const int index = deviceSetting.mid(4).toInt(&ok);
    return ok && index >= 0 ? index : -1;
}

void ModelManager::refreshDevices() {
    if (settings_->safeMode()) {
        // No Vulkan call at all in safe mode: the last start may have crashed inside the driver.
        const bool had = devicesListed_ || !devices_.isEmpty();
        devices_.clear();
        devicesListed_ = false;
        if (had) emit devicesChanged();
        return;
    }
    if (listingDevices_) return;
    listingDevices_ = true;
    QMetaObject::invokeMethod(
        worker_, [w = worker_, marker = crashMarker_] { w->listDevices(marker); }, Qt::QueuedConnection);
}

void ModelManager::onLoaded(const LoadedModel& m) {
    model_ = m;
    fallBackOnFailure_ = false;
    loadingPath_.clear();
    settings_->addRecentModel(m.path);
    settings_->selectModel(m.path, m.architecture);
    qCInfo(lcModel) << "loaded" << m.path << "on" << m.device << "context" << m.contextSize
                    << (m.fallbackReason.isEmpty() ? QString()
                                                   : QStringLiteral("fallback: ") + m.fallbackReason);
    setState(State::Ready);
    emit modelChanged();
    emit modelLoaded();
}

void ModelManager::onGpuFault(const QString& reason, const LoadedModel& cpuModel) {
    qCWarning(lcModel).noquote() << "GPU fault, continuing on the CPU:" << reason;
    if (remoteActive_) { // the engine's model, not the one that answers
        localModel_ = cpuModel;
        return;
    }
    model_ = cpuModel;
    notice_ = tr("The GPU stopped working, so SmolDesk continues on the CPU. %1").arg(reason);
    emit modelChanged();
    emit noticeChanged();
}

void ModelManager::onUnloaded() {
    if (remoteActive_) {
        localModel_ = LoadedModel{};
        return;
    }
    if (model_.path.isEmpty()) return;
    model_ = LoadedModel{};
    setState(State::Empty);
    emit modelChanged();
}

void ModelManager::clearNotice() {
    if (notice_.isEmpty()) return;
    notice_.clear();
    emit noticeChanged();
}

void ModelManager::onLoadFailed(const EngineError& e, bool keptPrevious) {
    lastError_ = e;
    const QString failedPath = loadingPath_;
    loadingPath_.clear();
    if (!keptPrevious && !model_.path.isEmpty()) {
        model_ = LoadedModel{};
        emit modelChanged();
    }
    const bool cancelled = e.code == static_cast<int>(ErrorCode::Cancelled);
    if (cancelled) {
        qCInfo(lcModel) << "loading cancelled";
    } else {
        errorText_ = describeError(e);
        errorAction_ = app::errorAction(e.code);
        qCWarning(lcModel).noquote() << "load failed:" << failedPath << "-" << e.message
                                     << (keptPrevious ? "(the loaded model stays)" : "");
        emit errorChanged();
    }
    setState(keptPrevious ? State::Ready : cancelled ? State::Empty : State::Error);
    // The panel goes back to the model that answers; the banner keeps the failed file's error.
    if (keptPrevious) inspect(model_.path);
    emit loadFailed(e.code, cancelled ? QString() : errorText_);
    if (!keptPrevious && fallBackOnFailure_) {
        fallBackOnFailure_ = false;
        loadInitialModel(true);
    }
}

void ModelManager::inspect(const QString& path) {
    const quint64 token = ++inspectToken_;
    inspecting_ = true;
    emit factsChanged();
    auto* watcher = new QFutureWatcher<ModelFacts>(this);
    connect(watcher, &QFutureWatcher<ModelFacts>::finished, this, [this, watcher, token] {
        watcher->deleteLater();
        if (token != inspectToken_) return;
        lastFacts_ = watcher->result();
        inspecting_ = false;
        refreshEstimate();
    });
    watcher->setFuture(QtConcurrent::run(inspectPool_, [path] { return readModelFacts(path); }));
}

int ModelManager::trainedContext() const {
    if (remoteActive_ || model_.path.isEmpty() || lastFacts_.path != model_.path ||
        !lastFacts_.hparamsKnown())
        return 0;
    return lastFacts_.trainedContext;
}

void ModelManager::inspectUrl(const QUrl& url) {
    inspect(url.isLocalFile() ? url.toLocalFile() : url.toString());
}

void ModelManager::refreshEstimate() {
    if (lastFacts_.path.isEmpty()) return;
    facts_ = factsToVariant(lastFacts_, settings_->contextLengthFor(lastFacts_.path), availableMemoryBytes());
    emit factsChanged();
}

bool ModelManager::loadInitialModel(bool keepError) {
    const QString last = settings_->lastModel();
    if (!last.isEmpty() && QFileInfo::exists(last)) {
        startLoad(last, keepError);
        return true;
    }
    const QString demo = paths::demoModelPath();
    if (!demo.isEmpty()) {
        startLoad(demo, keepError);
        return true;
    }
    return false;
}

} // namespace smoldesk::app
