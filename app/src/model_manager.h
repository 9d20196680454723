#pragma once
// ModelManager: the QML face of the model. Owns the worker thread, drives loading (progress,
// cancel, errors), the model panel's facts and the recent-models list.
#include "worker/engine_types.h"
#include "worker/model_facts.h"

#include <QObject>
#include <QThread>
#include <QThreadPool>
#include <QUrl>
#include <QVariantMap>
#include <QtQml/qqmlregistration.h>

namespace smoldesk::app {

class AppSettings;
class LocalModelSource;
class ModelSource;
class ModelWorker;
class RemoteEndpoints;
class RemoteModelSource;

class ModelManager : public QObject {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("Use App.model")
  public:
    // No model yet (or a load was cancelled), one loading, one answering, or the last load failed
    // with nothing kept. QML reads them as ModelManager.Empty, .Loading, .Ready, .Error.
    enum class State { Empty, Loading, Ready, Error };
    Q_ENUM(State)

  private:
    Q_PROPERTY(State state READ state NOTIFY stateChanged)
    Q_PROPERTY(double loadProgress READ loadProgress NOTIFY loadProgressChanged)
    // The load's last part: the GPU compiles the model's pipelines (runtime/gpu_warmup.h).
    Q_PROPERTY(bool preparingGpu READ preparingGpu NOTIFY loadProgressChanged)
    Q_PROPERTY(QString modelPath READ modelPath NOTIFY modelChanged)
    Q_PROPERTY(QString modelName READ modelName NOTIFY modelChanged)
    Q_PROPERTY(QString loadingName READ loadingName NOTIFY stateChanged)
    Q_PROPERTY(QString architecture READ architecture NOTIFY modelChanged)
    // In the UI's language ("CPU (2 threads, avx2)" is the engine's English).
    Q_PROPERTY(QString device READ device NOTIFY engineTextChanged)
    // In the UI's language: changes with the model and with the language.
    Q_PROPERTY(QString fallbackReason READ fallbackReason NOTIFY engineTextChanged)
    // How prompts are built: "template", "chatml" or "continuation" (PromptMode).
    Q_PROPERTY(QString promptMode READ promptMode NOTIFY modelChanged)
    Q_PROPERTY(QStringList warnings READ warnings NOTIFY modelChanged)
    Q_PROPERTY(int contextSize READ contextSize NOTIFY modelChanged)
    Q_PROPERTY(bool supportsThinking READ supportsThinking NOTIFY modelChanged)
    // The template takes a reasoning effort (gpt-oss): Think off lowers the effort, never to zero.
    Q_PROPERTY(bool reasoningEffort READ reasoningEffort NOTIFY modelChanged)
    Q_PROPERTY(bool isDemo READ isDemo NOTIFY modelChanged)
    Q_PROPERTY(QString errorText READ errorText NOTIFY errorChanged)
    Q_PROPERTY(QString errorAction READ errorAction NOTIFY errorChanged)
    Q_PROPERTY(QVariantMap facts READ facts NOTIFY factsChanged)
    Q_PROPERTY(bool inspecting READ inspecting NOTIFY factsChanged)
    Q_PROPERTY(QString demoModelPath READ demoModelPath CONSTANT)
    // Vulkan devices for the device picker: maps with index, name, type, memoryBytes, usable, whyNot.
    Q_PROPERTY(QVariantList devices READ devices NOTIFY devicesChanged)
    Q_PROPERTY(bool devicesListed READ devicesListed NOTIFY devicesChanged)
    // Why no Vulkan device was listed (no driver, the driver failed to enumerate); empty otherwise.
    Q_PROPERTY(QString devicesError READ devicesError NOTIFY engineTextChanged)
    // Something the user should know that is not an error, e.g. the GPU failed and the CPU took over.
    Q_PROPERTY(QString notice READ notice NOTIFY noticeChanged)
    // The last GPU self-check's verdict (gpu_check_store.h: device, driver, passed, sentence,
    // checkedAt, checks, failed, seconds, table); empty before the first. gpuChecking: one runs now.
    Q_PROPERTY(QVariantMap gpuCheck READ gpuCheck NOTIFY gpuCheckChanged)
    Q_PROPERTY(bool gpuChecking READ gpuChecking NOTIFY gpuCheckChanged)
    // The chat answers from a model on a remote endpoint (useRemote): the local-only settings
    // (device, GPU check, thinking budget, chat resume) do not apply to it.
    Q_PROPERTY(bool remote READ isRemote NOTIFY modelChanged)
    Q_PROPERTY(QString remoteEndpoint READ remoteEndpoint NOTIFY modelChanged)
    // The remote model's id and its endpoint's base URL (where prompts go), empty for a local one.
    Q_PROPERTY(QString remoteModel READ remoteModel NOTIFY modelChanged)
    Q_PROPERTY(QString remoteAddress READ remoteAddress NOTIFY modelChanged)
  public:
    ModelManager(AppSettings* settings, const QString& crashMarker, const QString& gpuCheckFile,
                 QObject* parent = nullptr);
    ~ModelManager() override;

    State state() const { return state_; }
    double loadProgress() const { return progress_; }
    bool preparingGpu() const { return preparingGpu_; }
    QString modelPath() const { return model_.path; }
    QString modelName() const { return model_.name; }
    QString loadingName() const { return loadingName_; }
    QString architecture() const { return model_.architecture; }
    QString device() const;
    QString engineDevice() const { return model_.device; }
    // In the UI's language (EngineText); engineFallbackReason is the engine's English sentence.
    QString fallbackReason() const;
    QString engineFallbackReason() const { return model_.fallbackReason; }
    QString promptMode() const {
        return model_.path.isEmpty() ? QString() : promptModeName(model_.promptMode);
    }
    QStringList warnings() const { return model_.warnings; }
    int contextSize() const { return model_.contextSize; }
    // The context the loaded local model was trained for (0: unknown, or a remote model).
    int trainedContext() const;
    bool supportsThinking() const { return model_.supportsThinking; }
    // False when the model is known not to see images (LoadedModel::seesImages).
    bool seesImages() const { return model_.seesImages; }
    // Whether the model writes tool calls (LoadedModel::callsTools): document tools are offered.
    bool callsTools() const { return model_.callsTools; }
    bool reasoningEffort() const { return model_.reasoningEffort; }
    bool isDemo() const;
    QString errorText() const { return errorText_; }
    QString errorAction() const { return errorAction_; }
    QVariantMap facts() const { return facts_; }
    bool inspecting() const { return inspecting_; }
    QString demoModelPath() const;
    const EngineError& lastError() const { return lastError_; }
    QVariantList devices() const;
    bool devicesListed() const { return devicesListed_; }
    QString devicesError() const;
    QString notice() const { return notice_; }
    Q_INVOKABLE void clearNotice();
    const QList<GpuDeviceInfo>& gpuDevices() const { return devices_; }
    // The Vulkan device index in a device setting ("gpu:N"), -1 for "auto"/"cpu".
    static int gpuIndexOf(const QString& deviceSetting);

    ModelWorker* worker() const { return worker_; }
    // What answers the chat now: the local engine, or the remote endpoint after useRemote().
    ModelSource* source() const;
    // Every source there is (the chat connects to each once).
    QList<ModelSource*> sources() const;
    bool isRemote() const { return remoteActive_; }
    // The file the engine has loaded (also while a remote model answers the chat).
    QString engineModelPath() const { return remoteActive_ ? localModel_.path : model_.path; }
    QString remoteEndpoint() const;
    QString remoteModel() const;
    QString remoteAddress() const;
    void setRemoteEndpoints(RemoteEndpoints* endpoints);
    // Answers from `model` on the saved endpoint `endpoint` from now on (remembered for the next
    // start). False, with the model's error, when there is no such endpoint.
    Q_INVOKABLE bool useRemote(const QString& endpoint, const QString& model);

    Q_INVOKABLE void load(const QString& path);
    Q_INVOKABLE void loadUrl(const QUrl& url);
    Q_INVOKABLE void cancelLoad();
    Q_INVOKABLE void inspect(const QString& path);
    Q_INVOKABLE void inspectUrl(const QUrl& url);
    Q_INVOKABLE void refreshEstimate();
    Q_INVOKABLE void reload();
    Q_INVOKABLE void clearError();
    Q_INVOKABLE static bool isGgufUrl(const QUrl& url);
    // Where File ▸ Open model… starts: the folder of the model opened last (not the bundled
    // demo's), else ~/models, else the downloads folder, else home (it started in the
    // program's working directory).
    Q_INVOKABLE QUrl openFolder() const;
    // Lists the Vulkan devices on the worker thread (not in CPU safe mode); devicesChanged follows.
    Q_INVOKABLE void refreshDevices();
    // Settings ▸ Device ▸ Check again: the self-check on the device the next load would use.
    Q_INVOKABLE void checkGpuAgain();
    QVariantMap gpuCheck() const { return gpuCheck_; }
    bool gpuChecking() const { return gpuChecking_; }
    // Loads the last model, else the bundled demo model. Returns false when there is neither.
    bool loadInitialModel(bool keepError = false);
    // The remote model used last, when one was (restarts pick it again); false otherwise.
    bool resumeRemote();
    // A model named on the command line: on failure its error stays and loadInitialModel() follows.
    void openAtStart(const QString& path);

  signals:
    void engineTextChanged();
    void stateChanged();
    void loadProgressChanged();
    void modelChanged();
    void errorChanged();
    void factsChanged();
    void modelLoaded();
    void loadFailed(int code, const QString& text);
    void devicesChanged();
    void noticeChanged();
    void gpuCheckChanged();

  private:
    void setState(State s);
    void onLoaded(const LoadedModel& m);
    void onLoadFailed(const EngineError& e, bool keptPrevious);
    void startLoad(const QString& path, bool keepError);
    void onGpuFault(const QString& reason, const LoadedModel& cpuModel);
    void onUnloaded();

    AppSettings* settings_;
    QString crashMarker_;
    QString gpuCheckFile_;
    // On the heap: a worker stuck in a call that cannot be cancelled is left behind at quit.
    QThread* thread_;
    // Reads model facts for the panel. Not Qt's global pool: the application waits for that one
    // when it quits, and a file on a stalled share would hold the quit forever.
    QThreadPool* inspectPool_;
    ModelWorker* worker_ = nullptr;
    LocalModelSource* localSource_ = nullptr;
    RemoteModelSource* remoteSource_ = nullptr;
    RemoteEndpoints* remotes_ = nullptr;
    bool remoteActive_ = false;
    LoadedModel localModel_; // the engine's model, kept while a remote one answers
    void leaveRemote();
    void applyRemoteTarget(const QString& endpoint, const QString& model);
    State state_ = State::Empty;
    double progress_ = 0.0;
    bool preparingGpu_ = false;
    LoadedModel model_;
    QString loadingName_;
    QString loadingPath_;
    bool fallBackOnFailure_ = false;
    QString errorText_, errorAction_;
    EngineError lastError_;
    ModelFacts lastFacts_;
    QVariantMap facts_;
    bool inspecting_ = false;
    QList<GpuDeviceInfo> devices_;
    bool devicesListed_ = false;
    QString devicesError_;
    QString notice_;
    QVariantMap gpuCheck_;
    bool gpuChecking_ = false;
    LoadRequest requestFor(const QString& absolutePath) const;
    bool listingDevices_ = false;
    bool safeMode_ = false;
    quint64 inspectToken_ = 0;
};

} // namespace smoldesk::app
