#pragma once
// ServerController: the app's face of the local OpenAI-compatible API server (app/server). Starts
// and stops it as Settings say (off by default), tells it which model is loaded, keeps the recent
// request log for the diagnostics, and gives QML the address for the status bar.
#include <QObject>
#include <QStringList>
#include <QtQml/qqmlregistration.h>

namespace smoldesk::server {
class ApiServer;
struct RequestLogEntry;
} // namespace smoldesk::server

namespace smoldesk::app {

class AppSettings;
class ModelManager;

class ServerController : public QObject {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("Use App.server")
    Q_PROPERTY(bool running READ running NOTIFY stateChanged)
    Q_PROPERTY(QString address READ address NOTIFY stateChanged)
    Q_PROPERTY(QString error READ error NOTIFY stateChanged)
    Q_PROPERTY(QStringList log READ log NOTIFY logChanged)
  public:
    static constexpr int kLogLines = 200;

    ServerController(AppSettings* settings, ModelManager* model, QObject* parent = nullptr);
    ~ServerController() override;

    bool running() const;
    QString address() const;
    QString error() const { return error_; }
    QStringList log() const { return log_; }
    Q_INVOKABLE void copyAddress() const;
    server::ApiServer* server() const { return server_; }

  signals:
    void stateChanged();
    void logChanged();

  private:
    void apply();
    void updateModel();
    void onRequest(const server::RequestLogEntry& entry);

    AppSettings* settings_;
    ModelManager* model_;
    server::ApiServer* server_;
    QString error_;
    QStringList log_;
};

} // namespace smoldesk::app
