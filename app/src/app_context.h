#pragma once
// App: the QML singleton that ties the application together (settings, model, chat, downloads,
// language, diagnostics). main() creates one instance; QML reaches it as `App`.
#include "app_settings.h"
#include "chat_controller.h"
#include "downloader.h"
#include "language_manager.h"
#include "library/library.h"
#include "model_manager.h"
#include "remote_endpoints.h"
#include "server_controller.h"
#include "tool_servers.h"

#include <QDateTime>
#include <QObject>
#include <QWindow> // complete for moc: a Q_INVOKABLE takes one
#include <QtQml/qqmlregistration.h>

class QQmlEngine;
class QJSEngine;

namespace smoldesk::app {

class AppContext : public QObject {
    Q_OBJECT
    QML_NAMED_ELEMENT(App)
    QML_SINGLETON
    Q_PROPERTY(smoldesk::app::AppSettings* settings READ settings CONSTANT)
    Q_PROPERTY(smoldesk::app::ModelManager* model READ model CONSTANT)
    Q_PROPERTY(smoldesk::app::ChatController* chat READ chat CONSTANT)
    Q_PROPERTY(smoldesk::app::Downloader* downloader READ downloader CONSTANT)
    Q_PROPERTY(smoldesk::app::LanguageManager* language READ language CONSTANT)
    Q_PROPERTY(smoldesk::app::ServerController* server READ server CONSTANT)
    Q_PROPERTY(smoldesk::app::ToolServers* tools READ tools CONSTANT)
    Q_PROPERTY(smoldesk::app::RemoteEndpoints* remotes READ remotes CONSTANT)
    // The document library (Settings ▸ Documents; app/library).
    Q_PROPERTY(smoldesk::library::Library* library READ library CONSTANT)
    Q_PROPERTY(QString version READ version CONSTANT)
    Q_PROPERTY(bool safeModeEntered READ safeModeEntered CONSTANT)
  public:
    struct Options {
        QString settingsPath; // empty: the standard QSettings location
        QString databasePath; // empty: the app data location
        QString crashMarkerPath;
        // The GPU self-check's verdicts; empty: beside the crash marker when that is given (tests),
        // else gpu-checks.json in the app data folder.
        QString gpuCheckPath;
    };
    explicit AppContext(const Options& options, QObject* parent = nullptr);
    ~AppContext() override;

    static AppContext* create(QQmlEngine* qml, QJSEngine* js);
    static void setInstance(AppContext* app);

    AppSettings* settings() const { return settings_; }
    ModelManager* model() const { return model_; }
    ChatController* chat() const { return chat_; }
    Downloader* downloader() const { return downloader_; }
    LanguageManager* language() const { return language_; }
    ServerController* server() const { return server_; }
    ToolServers* tools() const { return tools_; }
    RemoteEndpoints* remotes() const { return remotes_; }
    library::Library* library() const { return library_; }
    QString version() const;
    bool safeModeEntered() const { return safeModeEntered_; }

    // Applies the saved language, enters safe mode after a crash at GPU start, loads a model:
    // `modelArg` (the command line's file) when given, else the last model or the demo.
    void start(QQmlEngine* engine, bool loadModel = true, const QString& modelArg = {});
    Q_INVOKABLE QString diagnostics() const;
    Q_INVOKABLE void copyDiagnostics() const;
    Q_INVOKABLE QString logFile() const;
    // Gives the main window the size and place it had when it was closed, fitted into its
    // screen's available area (window_placement.h), and shows it.
    Q_INVOKABLE void placeWindow(QWindow* window) const;
    // Remembers the window's size, place and maximized state for the next start.
    Q_INVOKABLE void rememberWindow(QWindow* window) const;

  private:
    AppSettings* settings_;
    ModelManager* model_;
    ChatController* chat_;
    Downloader* downloader_;
    LanguageManager* language_;
    ServerController* server_;
    ToolServers* tools_;
    RemoteEndpoints* remotes_;
    library::Library* library_;
    bool safeModeEntered_ = false;
    // The latest error any part showed (a failed export or download included), for the
    // diagnostics: the banner that said it may have been closed since.
    QString lastError_;
    QDateTime lastErrorTime_;
    void recordError(const QString& where, const QString& text);
    QString crashMarker_;
    bool resumeChats_ = true;
};

} // namespace smoldesk::app
