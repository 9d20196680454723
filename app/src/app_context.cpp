#include "app_context.h"

#include "chat_documents.h"

#include "app_paths.h"
#include "app_settings.h"
#include "appearance.h"
#include "chat_controller.h"
#include "downloader.h"
#include "language_manager.h"
#include "logger.h"
#include "model_manager.h"
#include "window_placement.h"
#include "worker/crash_guard.h"
#include "worker/model_worker.h"

#include <QClipboard>
#include <QDir>
#include <QFileInfo>
#include <QGuiApplication>
#include <QJSEngine>
#include <QLoggingCategory>
#include <QQmlEngine>
#include <QScreen>
#include <QSysInfo>
#include <QWindow>

#include <algorithm>

Q_LOGGING_CATEGORY(lcApp, "smoldesk.app")

namespace smoldesk::app {
namespace {
AppContext* instance = nullptr;
}

AppContext::AppContext(const Options& o, QObject* parent)
    : QObject(parent), settings_(new AppSettings(o.settingsPath, this)),
      crashMarker_(o.crashMarkerPath.isEmpty() ? paths::crashMarkerPath() : o.crashMarkerPath) {
    model_ = new ModelManager(settings_, crashMarker_,
                              !o.gpuCheckPath.isEmpty() ? o.gpuCheckPath
                              : !o.crashMarkerPath.isEmpty()
                                  ? o.crashMarkerPath + QStringLiteral(".gpu-checks.json")
                                  : paths::dataDir() + QStringLiteral("/gpu-checks.json"),
                              this);
    chat_ = new ChatController(model_, settings_,
                               o.databasePath.isEmpty() ? paths::databasePath() : o.databasePath, this);
    downloader_ = new Downloader(this);
    language_ = new LanguageManager(this);
    server_ = new ServerController(settings_, model_, this);
    // MCP servers (Settings ▸ Tools): the chat only, never the API server.
    tools_ = new ToolServers(settings_->raw(), this);
    chat_->setToolServers(tools_);
    // Remote endpoints (Settings ▸ Models): names and URLs in the settings, keys in the secret
    // store, else in a 0600 file beside the settings file (so each profile has its own).
    const QFileInfo settingsFile(settings_->raw().fileName());
    remotes_ = new RemoteEndpoints(&settings_->raw(),
                                   settingsFile.absolutePath() + QLatin1Char('/') +
                                       settingsFile.completeBaseName() + QStringLiteral(".keys.json"),
                                   this);
    model_->setRemoteEndpoints(remotes_);
    // The document library: library.sqlite in the app data folder, or beside a given chat
    // database (tests), so each profile has its own.
    library_ = new library::Library(o.databasePath.isEmpty()
                                        ? paths::dataDir() + QStringLiteral("/library.sqlite")
                                        : QFileInfo(o.databasePath).absolutePath() + QLatin1Char('/') +
                                              QFileInfo(o.databasePath).completeBaseName() +
                                              QStringLiteral(".library.sqlite"),
                                    &settings_->raw(), this);
    static const bool libraryTypes = [] { // for its enums in QML (Library.Indexing, …)
        qmlRegisterUncreatableType<library::Library>("SmolDesk", 1, 0, "Library",
                                                     QStringLiteral("Use App.library"));
        qmlRegisterUncreatableType<library::FolderListModel>("SmolDesk", 1, 0, "FolderListModel",
                                                             QStringLiteral("Use App.library.folders"));
        return true;
    }();
    Q_UNUSED(libraryTypes);
    chat_->setDocuments(new ChatDocuments(library_, chat_)); // the composer's "Using: Documents" chip
    connect(downloader_, &Downloader::finished, model_, &ModelManager::load);
    connect(downloader_, &Downloader::failed, this,
            [this](const QString& error) { recordError(QStringLiteral("download"), error); });
    connect(chat_, &ChatController::errorChanged, this, [this] {
        if (!chat_->errorText().isEmpty()) recordError(QStringLiteral("chat"), chat_->errorText());
    });
    connect(model_, &ModelManager::errorChanged, this, [this] {
        if (model_->errorText().isEmpty()) return;
        QString text = model_->errorText();
        // The engine's own sentence names the internals (offsets, keys) that the UI leaves out.
        if (!model_->lastError().message.isEmpty())
            text += QStringLiteral(" (engine: %1)").arg(model_->lastError().message);
        recordError(QStringLiteral("model"), text);
    });
    // Saved chat states live next to the chat database whose conversation ids name them
    // (conversations.sqlite → conversations.states/); the setting turns them on and off.
    const QFileInfo db(o.databasePath.isEmpty() ? paths::databasePath() : o.databasePath);
    const QString stateDir =
        db.absolutePath() + QLatin1Char('/') + db.completeBaseName() + QStringLiteral(".states");
    auto applyStateStore = [this, stateDir] {
        ModelWorker* w = model_->worker();
        const QString dir = settings_->resumeChats() ? stateDir : QString();
        const qint64 cap = settings_->chatStateCapBytes();
        QMetaObject::invokeMethod(
            w, [w, dir, cap] { w->setStateStore(dir, cap); }, Qt::QueuedConnection);
    };
    applyStateStore();
    connect(settings_, &AppSettings::changed, this, [this, applyStateStore] {
        if (settings_->resumeChats() == resumeChats_) return;
        resumeChats_ = settings_->resumeChats();
        applyStateStore();
    });
    resumeChats_ = settings_->resumeChats();
    connect(settings_, &AppSettings::appearanceChanged, this,
            [this] { applyAppearance(settings_->appearance()); });
    connect(settings_, &AppSettings::languageChanged, this,
            [this] { language_->setLanguage(settings_->language()); });
    // The engine's sentences are translated when read (EngineText): read them again.
    connect(language_, &LanguageManager::currentChanged, model_, &ModelManager::engineTextChanged);
    // Sizes ("Go" → "GB") and the figures under answers are formatted when shown: again now.
    connect(language_, &LanguageManager::currentChanged, model_, &ModelManager::refreshEstimate);
    connect(language_, &LanguageManager::currentChanged, chat_->messages(), &MessageListModel::retranslate);
    connect(language_, &LanguageManager::currentChanged, tools_, &ToolServers::retranslate);
    connect(language_, &LanguageManager::currentChanged, library_->folders(),
            &library::FolderListModel::retranslate);
}

AppContext::~AppContext() {
    if (instance == this) instance = nullptr;
    // The chat controller flushes its writes before the worker goes away.
    delete chat_;
    chat_ = nullptr;
    // The API server cancels its generation and closes its clients before the worker goes away.
    delete server_;
    server_ = nullptr;
    // The MCP servers' processes end with their clients.
    delete tools_;
    tools_ = nullptr;
    // The indexer finishes the file it is on (committed whole) and its thread ends.
    delete library_;
    library_ = nullptr;
}

AppContext* AppContext::create(QQmlEngine*, QJSEngine*) {
    QJSEngine::setObjectOwnership(instance, QJSEngine::CppOwnership);
    return instance;
}

void AppContext::setInstance(AppContext* app) {
    instance = app;
}

QString AppContext::version() const {
    return QStringLiteral(SMOLDESK_VERSION);
}

void AppContext::start(QQmlEngine* engine, bool loadModel, const QString& modelArg) {
    language_->setEngine(engine);
    language_->setLanguage(settings_->language());
    applyAppearance(settings_->appearance());
    if (CrashGuard::consumeCrashMarker(crashMarker_)) {
        qCWarning(lcApp) << "the previous run crashed while it used the GPU (starting, listing or "
                            "computing): CPU-only safe mode";
        settings_->setSafeMode(true);
        safeModeEntered_ = true;
    }
    model_->refreshDevices(); // queued before the model, on the worker thread
    if (!modelArg.isEmpty())
        model_->openAtStart(modelArg);
    else if (loadModel && !model_->resumeRemote()) // the remote model used last, else the last file
        model_->loadInitialModel();
    remotes_->refreshAll();
    tools_->startAll();
    library_->start();
}

QString AppContext::diagnostics() const {
    QStringList lines;
    lines << QStringLiteral("SmolDesk %1").arg(version());
    lines << QStringLiteral("Qt %1 (built with %2)")
                 .arg(QString::fromLatin1(qVersion()), QStringLiteral(QT_VERSION_STR));
    lines << QStringLiteral("OS: %1, %2")
                 .arg(QSysInfo::prettyProductName(), QSysInfo::currentCpuArchitecture());
    lines << QStringLiteral("Model: %1 (%2)")
                 .arg(model_->modelPath().isEmpty() ? QStringLiteral("none") : model_->modelPath(),
                      model_->architecture());
    // Remote endpoints: name, address, whether a key is stored and where; never the key.
    const QStringList remotes = remotes_->describe();
    lines
        << QStringLiteral("Remote endpoints: %1").arg(remotes.isEmpty() ? QStringLiteral("none") : QString());
    for (const QString& r : remotes) lines << QStringLiteral("  %1").arg(r);
    lines << QStringLiteral("Device: %1")
                 .arg(model_->engineDevice().isEmpty() ? QStringLiteral("-") : model_->engineDevice());
    QStringList gpus;
    for (const GpuDeviceInfo& d : model_->gpuDevices())
        gpus << QStringLiteral("%1: %2 (%3%4)")
                    .arg(d.index)
                    .arg(d.name, d.type, d.usable ? QString() : QStringLiteral(", not usable: ") + d.whyNot);
    lines << QStringLiteral("Vulkan devices: %1")
                 .arg(!model_->devicesListed() ? QStringLiteral("not listed")
                      : gpus.isEmpty()         ? QStringLiteral("none")
                                               : gpus.join(QStringLiteral("; ")));
    lines << QStringLiteral("Device setting: %1").arg(settings_->device());
    if (!model_->engineFallbackReason().isEmpty())
        lines << QStringLiteral("GPU not used: %1").arg(model_->engineFallbackReason());
    const QVariantMap check = model_->gpuCheck();
    if (check.isEmpty()) {
        lines << QStringLiteral("GPU self-check: not run");
    } else {
        lines << QStringLiteral("GPU self-check: %1 on %2, driver %3, %4, %5 s%6")
                     .arg(check.value(QStringLiteral("passed")).toBool() ? QStringLiteral("passed")
                                                                         : QStringLiteral("failed"),
                          check.value(QStringLiteral("device")).toString(),
                          check.value(QStringLiteral("driver")).toString(),
                          check.value(QStringLiteral("checkedAt")).toString(),
                          QString::number(check.value(QStringLiteral("seconds")).toDouble(), 'f', 1),
                          check.value(QStringLiteral("passed")).toBool()
                              ? QString()
                              : QStringLiteral(": ") + check.value(QStringLiteral("sentence")).toString());
        lines << check.value(QStringLiteral("table")).toString();
    }
    lines << QStringLiteral("Context: %1 tokens").arg(model_->contextSize());
    lines << QStringLiteral("Safe mode: %1")
                 .arg(settings_->safeMode() ? QStringLiteral("on") : QStringLiteral("off"));
    lines << QStringLiteral("Last error: %1")
                 .arg(lastError_.isEmpty()
                          ? QStringLiteral("none")
                          : QStringLiteral("%1 (%2)").arg(lastError_, lastErrorTime_.toString(Qt::ISODate)));
    lines << QStringLiteral("API server: %1")
                 .arg(server_->running()
                          ? server_->address()
                          : (server_->error().isEmpty() ? QStringLiteral("off") : server_->error()));
    const QStringList requests = server_->log().mid(std::max<qsizetype>(0, server_->log().size() - 20));
    for (const QString& r : requests) lines << QStringLiteral("  API request: %1").arg(r);
    lines << QStringLiteral("Log: %1").arg(logger::logFilePath());
    return lines.join(QLatin1Char('\n'));
}

void AppContext::recordError(const QString& where, const QString& text) {
    lastError_ = where + QStringLiteral(": ") + text;
    lastErrorTime_ = QDateTime::currentDateTime();
}

void AppContext::copyDiagnostics() const {
    if (auto* cb = QGuiApplication::clipboard()) cb->setText(diagnostics());
}

QString AppContext::logFile() const {
    return logger::logFilePath();
}

void AppContext::placeWindow(QWindow* window) const {
    if (!window) return;
    const QRect saved = settings_->raw().value(QStringLiteral("window/geometry")).toRect();
    QScreen* screen = window->screen();
    if (saved.isValid())
        if (QScreen* s = QGuiApplication::screenAt(saved.center())) screen = s; // the monitor it was on
    const QRect available = screen ? screen->availableGeometry() : QRect();
    window->setMinimumSize(window_placement::kMinimum.boundedTo(
        available.isValid() ? available.size() : window_placement::kMinimum));
    window->setGeometry(window_placement::fit(saved, available, window->frameMargins()));
    if (settings_->raw().value(QStringLiteral("window/maximized"), false).toBool()) {
        window->showMaximized();
        return;
    }
    window->show();
    // The frame (title bar, borders) is known once the window is shown: fit the whole of it.
    const QMargins frame = window->frameMargins();
    if (!frame.isNull() && available.isValid() && !available.contains(window->frameGeometry()))
        window->setGeometry(window_placement::fit(window->geometry(), available, frame));
}

void AppContext::rememberWindow(QWindow* window) const {
    if (!window) return;
    const bool maximized = window->windowStates() & (Qt::WindowMaximized | Qt::WindowFullScreen);
    settings_->raw().setValue(QStringLiteral("window/maximized"), maximized);
    // A maximized window keeps the size it had before, for when it is restored.
    if (!maximized) settings_->raw().setValue(QStringLiteral("window/geometry"), window->geometry());
}

} // namespace smoldesk::app
