#pragma once
// User settings in QSettings. Sampling, context, threads, the thinking budget and the default
// system prompt are kept per model (keyed by file name) and start from the model card's recommended values.
#include <QObject>
#include <QSettings>
#include <QStringList>
#include <QUrl>
#include <QtQml/qqmlregistration.h>

#include "worker/engine_types.h"

#include <memory>

namespace smoldesk::app {

class AppSettings : public QObject {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("Use App.settings")
    Q_PROPERTY(QString language READ language WRITE setLanguage NOTIFY languageChanged)
    // "system", "light" or "dark" (appearance.h).
    Q_PROPERTY(QString appearance READ appearance WRITE setAppearance NOTIFY appearanceChanged)
    Q_PROPERTY(QString device READ device WRITE setDevice NOTIFY changed)
    Q_PROPERTY(bool safeMode READ safeMode WRITE setSafeMode NOTIFY changed)
    // Chats that resume instantly: each chat's KV cache saved on disk when it is left.
    Q_PROPERTY(bool resumeChats READ resumeChats WRITE setResumeChats NOTIFY changed)
    // The local API server (off by default) and the port it tries first.
    Q_PROPERTY(bool serverEnabled READ serverEnabled WRITE setServerEnabled NOTIFY serverSettingsChanged)
    Q_PROPERTY(int serverPort READ serverPort WRITE setServerPort NOTIFY serverSettingsChanged)
    Q_PROPERTY(QStringList recentModels READ recentModels NOTIFY recentModelsChanged)
    Q_PROPERTY(QString lastModel READ lastModel NOTIFY recentModelsChanged)
    // per model (the model selected with selectModel(); the settings tab says so)
    Q_PROPERTY(int thinkingBudget READ thinkingBudget WRITE setThinkingBudget NOTIFY modelSettingsChanged)
    // Whether a new chat with this model starts with Think on.
    Q_PROPERTY(bool thinkByDefault READ thinkByDefault WRITE setThinkByDefault NOTIFY modelSettingsChanged)
    // Models with a reasoning effort (gpt-oss): Think on asks for "high" instead of "medium".
    Q_PROPERTY(bool thinkHard READ thinkHard WRITE setThinkHard NOTIFY modelSettingsChanged)
    Q_PROPERTY(int contextLength READ contextLength WRITE setContextLength NOTIFY modelSettingsChanged)
    Q_PROPERTY(int threads READ threads WRITE setThreads NOTIFY modelSettingsChanged)
    // Layers on the GPU when the model does not fit it whole: -1 automatic (from free memory).
    Q_PROPERTY(int gpuLayers READ gpuLayers WRITE setGpuLayers NOTIFY modelSettingsChanged)
    // Speculative decoding: "auto" (n-gram proposals while they pay), "off" or "draft" (the
    // draftModel's guesses; auto while none is chosen).
    Q_PROPERTY(QString speculation READ speculation WRITE setSpeculation NOTIFY modelSettingsChanged)
    Q_PROPERTY(QString draftModel READ draftModel WRITE setDraftModel NOTIFY modelSettingsChanged)
    Q_PROPERTY(double temperature READ temperature WRITE setTemperature NOTIFY modelSettingsChanged)
    Q_PROPERTY(double topP READ topP WRITE setTopP NOTIFY modelSettingsChanged)
    Q_PROPERTY(int topK READ topK WRITE setTopK NOTIFY modelSettingsChanged)
    Q_PROPERTY(double minP READ minP WRITE setMinP NOTIFY modelSettingsChanged)
    Q_PROPERTY(double repeatPenalty READ repeatPenalty WRITE setRepeatPenalty NOTIFY modelSettingsChanged)
    Q_PROPERTY(int seed READ seed WRITE setSeed NOTIFY modelSettingsChanged)
    Q_PROPERTY(int maxTokens READ maxTokens WRITE setMaxTokens NOTIFY modelSettingsChanged)
    Q_PROPERTY(QString defaultSystemPrompt READ defaultSystemPrompt WRITE setDefaultSystemPrompt NOTIFY
                   modelSettingsChanged)
  public:
    // iniPath empty: the platform's standard QSettings location.
    explicit AppSettings(const QString& iniPath = {}, QObject* parent = nullptr);

    QString language() const;
    void setLanguage(const QString& v);
    QString appearance() const;
    void setAppearance(const QString& v);
    QString device() const;
    void setDevice(const QString& v);
    bool safeMode() const;
    void setSafeMode(bool v);
    bool resumeChats() const;
    void setResumeChats(bool v);
    // Bytes the saved chat states may take in all (engine/chatStateCapMB, default 2048).
    qint64 chatStateCapBytes() const;
    bool serverEnabled() const;
    void setServerEnabled(bool v);
    int serverPort() const;
    void setServerPort(int v);
    QStringList recentModels() const;
    QString lastModel() const;
    void addRecentModel(const QString& path);
    Q_INVOKABLE void removeRecentModel(const QString& path);

    // Selects the model whose settings the per-model properties read and write.
    void selectModel(const QString& path, const QString& architecture);
    // The settings group of a model file (by file name).
    static QString modelKeyFor(const QString& path);
    // What a load of `path` needs before that model is selected (0: the model's default).
    int contextLengthFor(const QString& path) const;
    int threadsFor(const QString& path) const;
    int gpuLayersFor(const QString& path) const;
    // LoadRequest::speculation for `path`: "auto", "off" or "draft:PATH".
    QString speculationFor(const QString& path) const;
    int thinkingBudget() const; // 0: unlimited
    void setThinkingBudget(int v);
    bool thinkByDefault() const;
    void setThinkByDefault(bool v);
    bool thinkHard() const;
    void setThinkHard(bool v);
    int contextLength() const; // 0: the model's trained context, capped at 4096
    void setContextLength(int v);
    int threads() const;
    void setThreads(int v);
    int gpuLayers() const; // -1: automatic
    void setGpuLayers(int v);
    QString speculation() const;
    void setSpeculation(const QString& v);
    QString draftModel() const;
    void setDraftModel(const QString& path);
    // The file dialog's choice (a file: URL) as the draft model.
    Q_INVOKABLE void setDraftModelUrl(const QUrl& url);
    double temperature() const;
    void setTemperature(double v);
    double topP() const;
    void setTopP(double v);
    int topK() const;
    void setTopK(int v);
    double minP() const;
    void setMinP(double v);
    double repeatPenalty() const;
    void setRepeatPenalty(double v);
    int seed() const;
    void setSeed(int v);
    int maxTokens() const;
    void setMaxTokens(int v);
    QString defaultSystemPrompt() const;
    void setDefaultSystemPrompt(const QString& v);
    Q_INVOKABLE void resetModelSettings();

    SamplingSettings sampling() const;
    static SamplingSettings recommended(const QString& architecture);
    QSettings& raw() { return *s_; }

  signals:
    void languageChanged();
    void appearanceChanged();
    void changed();
    void recentModelsChanged();
    void modelSettingsChanged();
    void serverSettingsChanged();

  private:
    QVariant modelValue(const char* key, const QVariant& fallback) const;
    QVariant valueFor(const QString& modelKey, const char* key, const QVariant& fallback) const;
    void setModelValue(const char* key, const QVariant& v);
    std::unique_ptr<QSettings> s_;
    QString modelKey_ = QStringLiteral("default");
    QString arch_;
};

} // namespace smoldesk::app
