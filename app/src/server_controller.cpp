#include "server_controller.h"

#include "api_server.h"
#include "app_settings.h"
#include "model_manager.h"

#include <QClipboard>
#include <QGuiApplication>
#include <QLoggingCategory>

namespace smoldesk::app {

Q_LOGGING_CATEGORY(lcServer, "smoldesk.server")

ServerController::ServerController(AppSettings* settings, ModelManager* model, QObject* parent)
    : QObject(parent), settings_(settings), model_(model),
      server_(new server::ApiServer(model->worker(), this)) {
    connect(settings_, &AppSettings::serverSettingsChanged, this, &ServerController::apply);
    connect(model_, &ModelManager::modelChanged, this, &ServerController::updateModel);
    connect(model_, &ModelManager::stateChanged, this, &ServerController::updateModel);
    connect(server_, &server::ApiServer::requestLogged, this, &ServerController::onRequest);
    connect(server_, &server::ApiServer::listeningChanged, this, &ServerController::stateChanged);
    updateModel();
    apply();
}

ServerController::~ServerController() = default;

bool ServerController::running() const {
    return server_->isListening();
}
QString ServerController::address() const {
    return server_->baseUrl();
}

void ServerController::copyAddress() const {
    if (auto* cb = QGuiApplication::clipboard()) cb->setText(address());
}

void ServerController::apply() {
    error_.clear();
    if (!settings_->serverEnabled()) {
        server_->stop();
        qCInfo(lcServer) << "API server off";
        emit stateChanged();
        return;
    }
    server::ServerOptions options; // loopback only and no key: the app offers nothing wider
    options.port = settings_->serverPort();
    error_ = server_->start(options);
    if (error_.isEmpty())
        qCInfo(lcServer).noquote() << "API server on at" << server_->baseUrl();
    else
        qCWarning(lcServer).noquote() << "API server could not start:" << error_;
    emit stateChanged();
}

void ServerController::updateModel() {
    // Requests that arrive while no model is ready are answered 503 (model_not_loaded).
    // The engine's model: while a remote model answers the chat, the local one (if any) still serves.
    const QString path = model_->engineModelPath();
    const bool ready = model_->isRemote() ? !path.isEmpty() : model_->state() == ModelManager::State::Ready;
    server_->setModel(ready ? server::ApiServer::modelIdFor(path) : QString());
}

void ServerController::onRequest(const server::RequestLogEntry& entry) {
    const QString line = entry.toLine();
    qCInfo(lcServer).noquote() << line;
    log_.append(line);
    if (log_.size() > kLogLines) log_.remove(0, log_.size() - kLogLines);
    emit logChanged();
}

} // namespace smoldesk::app
