#include "app_settings.h"

#include <algorithm>

#include <QFileInfo>
#include <QRegularExpression>

namespace smoldesk::app {
namespace {
constexpr int kMaxRecent = 8;
}

AppSettings::AppSettings(const QString& iniPath, QObject* parent)
    : QObject(parent),
      s_(iniPath.isEmpty()
             // ~/.config/SmolDesk/SmolDesk.conf: the application has no organization name (app_paths.h).
             ? std::make_unique<QSettings>(QStringLiteral("SmolDesk"), QStringLiteral("SmolDesk"))
             : std::make_unique<QSettings>(iniPath, QSettings::IniFormat)) {}

QString AppSettings::language() const {
    return s_->value("ui/language").toString();
}
void AppSettings::setLanguage(const QString& v) {
    if (v == language()) return;
    s_->setValue("ui/language", v);
    emit languageChanged();
}

QString AppSettings::appearance() const {
    const QString v = s_->value("ui/appearance").toString();
    return v == QLatin1String("light") || v == QLatin1String("dark") ? v : QStringLiteral("system");
}
void AppSettings::setAppearance(const QString& v) {
    if (v == appearance()) return;
    s_->setValue("ui/appearance", v);
    emit appearanceChanged();
}

QString AppSettings::device() const {
    return s_->value("engine/device", QStringLiteral("auto")).toString();
}
void AppSettings::setDevice(const QString& v) {
    if (v == device()) return;
    s_->setValue("engine/device", v);
    emit changed();
}

bool AppSettings::serverEnabled() const {
    return s_->value("server/enabled", false).toBool();
}

void AppSettings::setServerEnabled(bool v) {
    if (v == serverEnabled()) return;
    s_->setValue("server/enabled", v);
    emit serverSettingsChanged();
}

int AppSettings::serverPort() const {
    return s_->value("server/port", 8080).toInt();
}

void AppSettings::setServerPort(int v) {
    v = std::clamp(v, 1024, 65535);
    if (v == serverPort()) return;
    s_->setValue("server/port", v);
    emit serverSettingsChanged();
}

bool AppSettings::safeMode() const {
    return s_->value("engine/safeMode", false).toBool();
}
void AppSettings::setSafeMode(bool v) {
    if (v == safeMode()) return;
    s_->setValue("engine/safeMode", v);
    emit changed();
}

bool AppSettings::resumeChats() const {
    return s_->value("engine/resumeChats", true).toBool();
}
void AppSettings::setResumeChats(bool v) {
    if (v == resumeChats()) return;
    s_->setValue("engine/resumeChats", v);
    emit changed();
}
qint64 AppSettings::chatStateCapBytes() const {
    return std::max<qint64>(0, s_->value("engine/chatStateCapMB", 2048).toLongLong()) << 20;
}

int AppSettings::thinkingBudget() const {
    // Per model; the global value of earlier versions is the default.
    return modelValue("thinkingBudget", s_->value("chat/thinkingBudget", 0)).toInt();
}
void AppSettings::setThinkingBudget(int v) {
    setModelValue("thinkingBudget", std::max(0, v));
}
bool AppSettings::thinkByDefault() const {
    return modelValue("thinkByDefault", false).toBool();
}
void AppSettings::setThinkByDefault(bool v) {
    setModelValue("thinkByDefault", v);
}
bool AppSettings::thinkHard() const {
    return modelValue("thinkHard", false).toBool();
}
void AppSettings::setThinkHard(bool v) {
    setModelValue("thinkHard", v);
}

QStringList AppSettings::recentModels() const {
    return s_->value("models/recent").toStringList();
}
QString AppSettings::lastModel() const {
    const QStringList r = recentModels();
    return r.isEmpty() ? QString() : r.first();
}

void AppSettings::addRecentModel(const QString& path) {
    QStringList r = recentModels();
    r.removeAll(path);
    r.prepend(path);
    while (r.size() > kMaxRecent) r.removeLast();
    s_->setValue("models/recent", r);
    emit recentModelsChanged();
}

void AppSettings::removeRecentModel(const QString& path) {
    QStringList r = recentModels();
    if (r.removeAll(path) == 0) return;
    s_->setValue("models/recent", r);
    emit recentModelsChanged();
}

QString AppSettings::modelKeyFor(const QString& path) {
    QString key = QFileInfo(path).completeBaseName();
    key.replace(QRegularExpression(QStringLiteral("[^A-Za-z0-9_.-]")), QStringLiteral("_"));
    return key.isEmpty() ? QStringLiteral("default") : key;
}

void AppSettings::selectModel(const QString& path, const QString& architecture) {
    modelKey_ = modelKeyFor(path);
    arch_ = architecture;
    emit modelSettingsChanged();
}

QVariant AppSettings::modelValue(const char* key, const QVariant& fallback) const {
    return valueFor(modelKey_, key, fallback);
}

QVariant AppSettings::valueFor(const QString& modelKey, const char* key, const QVariant& fallback) const {
    return s_->value(QStringLiteral("model-%1/%2").arg(modelKey, QLatin1String(key)), fallback);
}

int AppSettings::contextLengthFor(const QString& path) const {
    return valueFor(modelKeyFor(path), "contextLength", 0).toInt();
}

int AppSettings::threadsFor(const QString& path) const {
    return valueFor(modelKeyFor(path), "threads", 0).toInt();
}

int AppSettings::gpuLayersFor(const QString& path) const {
    return valueFor(modelKeyFor(path), "gpuLayers", -1).toInt();
}

QString AppSettings::speculationFor(const QString& path) const {
    const QString key = modelKeyFor(path);
    const QString mode = valueFor(key, "speculation", QStringLiteral("auto")).toString();
    const QString draft = valueFor(key, "draftModel", QString()).toString();
    if (mode == QLatin1String("draft"))
        return draft.isEmpty() ? QStringLiteral("auto") : QStringLiteral("draft:") + draft;
    return mode == QLatin1String("off") ? mode : QStringLiteral("auto");
}

void AppSettings::setModelValue(const char* key, const QVariant& v) {
    const QString k = QStringLiteral("model-%1/%2").arg(modelKey_, QLatin1String(key));
    if (s_->value(k) == v) return;
    s_->setValue(k, v);
    emit modelSettingsChanged();
}

int AppSettings::contextLength() const {
    return modelValue("contextLength", 0).toInt();
}
void AppSettings::setContextLength(int v) {
    setModelValue("contextLength", v <= 0 ? 0 : std::max(256, v));
}
int AppSettings::threads() const {
    return modelValue("threads", 0).toInt();
}
void AppSettings::setThreads(int v) {
    setModelValue("threads", std::max(0, v));
}
int AppSettings::gpuLayers() const {
    return modelValue("gpuLayers", -1).toInt();
}
void AppSettings::setGpuLayers(int v) {
    setModelValue("gpuLayers", std::max(-1, v));
}
QString AppSettings::speculation() const {
    const QString v = modelValue("speculation", QStringLiteral("auto")).toString();
    return v == QLatin1String("off") || v == QLatin1String("draft") ? v : QStringLiteral("auto");
}
void AppSettings::setSpeculation(const QString& v) {
    setModelValue("speculation",
                  v == QLatin1String("off") || v == QLatin1String("draft") ? v : QStringLiteral("auto"));
}
QString AppSettings::draftModel() const {
    return modelValue("draftModel", QString()).toString();
}
void AppSettings::setDraftModel(const QString& path) {
    setModelValue("draftModel", path);
}
void AppSettings::setDraftModelUrl(const QUrl& url) {
    setDraftModel(url.isLocalFile() ? url.toLocalFile() : url.toString());
}
double AppSettings::temperature() const {
    return modelValue("temperature", recommended(arch_).temperature).toDouble();
}
void AppSettings::setTemperature(double v) {
    setModelValue("temperature", std::max(0.0, v));
}
double AppSettings::topP() const {
    return modelValue("topP", recommended(arch_).topP).toDouble();
}
void AppSettings::setTopP(double v) {
    setModelValue("topP", std::clamp(v, 0.01, 1.0));
}
int AppSettings::topK() const {
    return modelValue("topK", recommended(arch_).topK).toInt();
}
void AppSettings::setTopK(int v) {
    setModelValue("topK", std::max(0, v));
}
double AppSettings::minP() const {
    return modelValue("minP", recommended(arch_).minP).toDouble();
}
void AppSettings::setMinP(double v) {
    setModelValue("minP", std::clamp(v, 0.0, 1.0));
}
double AppSettings::repeatPenalty() const {
    return modelValue("repeatPenalty", recommended(arch_).repeatPenalty).toDouble();
}
void AppSettings::setRepeatPenalty(double v) {
    setModelValue("repeatPenalty", std::max(0.1, v));
}
int AppSettings::seed() const {
    return modelValue("seed", 0).toInt();
}
void AppSettings::setSeed(int v) {
    setModelValue("seed", std::max(0, v));
}
int AppSettings::maxTokens() const {
    return modelValue("maxTokens", recommended(arch_).maxTokens).toInt();
}
void AppSettings::setMaxTokens(int v) {
    setModelValue("maxTokens", std::max(1, v));
}
QString AppSettings::defaultSystemPrompt() const {
    return modelValue("systemPrompt", QString()).toString();
}
void AppSettings::setDefaultSystemPrompt(const QString& v) {
    setModelValue("systemPrompt", v);
}

void AppSettings::resetModelSettings() {
    s_->remove(QStringLiteral("model-%1").arg(modelKey_));
    emit modelSettingsChanged();
}

SamplingSettings AppSettings::sampling() const {
    SamplingSettings s;
    s.temperature = temperature();
    s.topP = topP();
    s.topK = topK();
    s.minP = minP();
    s.repeatPenalty = repeatPenalty();
    s.seed = seed();
    s.maxTokens = maxTokens();
    s.thinkingBudget = thinkingBudget();
    s.thinkHard = thinkHard();
    return s;
}

SamplingSettings AppSettings::recommended(const QString& architecture) {
    SamplingSettings s;
    if (architecture == QLatin1String("smollm3")) {
        // SmolLM3 model card: temperature 0.6, top-p 0.95.
        s.temperature = 0.6;
        s.topP = 0.95;
        s.topK = 0;
        s.minP = 0.0;
        s.maxTokens = 2048;
    } else {
        s.temperature = 0.8;
        s.topP = 0.95;
        s.topK = 40;
        s.minP = 0.05;
        s.maxTokens = 512;
    }
    return s;
}

} // namespace smoldesk::app
