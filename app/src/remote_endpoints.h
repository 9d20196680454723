#pragma once
// RemoteEndpoints: Settings ▸ Models ▸ Remote endpoints. The endpoints the user added (a name, a
// base URL, whether it has an API key, the models its GET /v1/models listed, the last check's
// sentence) as a list model for QML; the name and URL in the settings file, the key in the
// SecretStore only. pickerModels: every endpoint's models for the model picker.
#include "remote_chat_client.h"
#include "secret_store.h"

#include <QAbstractListModel>
#include <QHash>
#include <QSettings>
#include <QVariantList>
#include <QtQml/qqmlregistration.h>

namespace smoldesk::app {

class RemoteEndpoints : public QAbstractListModel {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("Use App.remotes")
    Q_PROPERTY(int count READ rowCount NOTIFY countChanged)
    // Maps with endpoint, model and label ("model — endpoint"), endpoint by endpoint.
    Q_PROPERTY(QVariantList pickerModels READ pickerModels NOTIFY pickerModelsChanged)
    // Where keys go: "keychain" (the platform's secret store) or "file" (0600, beside the settings).
    Q_PROPERTY(QString keyStorage READ keyStorage CONSTANT)
  public:
    enum Role {
        NameRole = Qt::UserRole + 1,
        BaseUrlRole,
        HasKeyRole,
        ModelsRole,
        StatusRole,
        OkRole,
        BusyRole
    };

    RemoteEndpoints(QSettings* settings, const QString& secretsFile, QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QHash<int, QByteArray> roleNames() const override;

    // Adds (or, with an existing name, replaces) an endpoint and lists its models. Returns the
    // sentence that says why it cannot be added, or an empty string. An empty apiKey keeps a
    // replaced endpoint's key; clearKey removes it.
    Q_INVOKABLE QString addEndpoint(const QString& name, const QString& baseUrl, const QString& apiKey,
                                    bool clearKey = false);
    Q_INVOKABLE void removeEndpoint(const QString& name);
    // GET /v1/models again for a saved endpoint (its row's status and models follow).
    Q_INVOKABLE void refresh(const QString& name);
    // A chat request to the endpoint ended: a failure's sentence becomes its status; an answer
    // after a failure lists its models again (the status then says what it has).
    void noteRequest(const QString& name, bool ok, const QString& sentence);
    // Test connection in the dialog, before saving: connectionTested follows.
    Q_INVOKABLE void testConnection(const QString& baseUrl, const QString& apiKey, const QString& name = {});
    void refreshAll();

    // The endpoint with its key (from the secret store); empty name when there is none so called.
    remote::Endpoint endpoint(const QString& name);
    bool contains(const QString& name) const { return indexOf(name) >= 0; }
    QStringList models(const QString& name) const;
    // The model's context length as the endpoint's list said; 0 when it did not.
    int contextLength(const QString& name, const QString& model) const;
    QVariantList pickerModels() const;
    QString keyStorage() const { return secrets_.backend(); }
    // For the diagnostics: name, URL and where its key is; never the key.
    QStringList describe() const;

  signals:
    void countChanged();
    void pickerModelsChanged();
    void connectionTested(bool ok, const QString& sentence, const QStringList& models);
    void refreshed(const QString& name, bool ok);
    // An endpoint's address or key changed, or it was removed (a model on it may be answering).
    void endpointChanged(const QString& name);
    void endpointRemoved(const QString& name);

  private:
    struct Entry {
        QString name;
        QUrl baseUrl;
        bool hasKey = false;
        QStringList models;
        QVariantMap contexts; // model → context length, where the list said
        QString status;
        bool ok = false;
        bool busy = false;
    };
    int indexOf(const QString& name) const;
    void save();
    void load();
    static QString secretKey(const QString& name) { return QStringLiteral("remote-endpoint/") + name; }

    QSettings* settings_;
    SecretStore secrets_;
    QList<Entry> entries_;
    QHash<QString, QString> keyCache_; // read once per run
    remote::RemoteModelLister tester_;
};

} // namespace smoldesk::app
