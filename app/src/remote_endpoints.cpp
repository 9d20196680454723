#include "remote_endpoints.h"

#include <QLoggingCategory>

Q_LOGGING_CATEGORY(lcRemote, "smoldesk.remote")

namespace smoldesk::app {
namespace {

QString connectedText(int models) {
    return models == 1 ? RemoteEndpoints::tr("Connected: 1 model.")
                       : RemoteEndpoints::tr("Connected: %1 models.").arg(models);
}

} // namespace

RemoteEndpoints::RemoteEndpoints(QSettings* settings, const QString& secretsFile, QObject* parent)
    : QAbstractListModel(parent), settings_(settings), secrets_(secretsFile) {
    load();
    connect(&tester_, &remote::RemoteModelLister::listed, this, [this](const QStringList& models) {
        emit connectionTested(true, connectedText(int(models.size())), models);
    });
    connect(&tester_, &remote::RemoteModelLister::failed, this,
            [this](const QString& sentence) { emit connectionTested(false, sentence, {}); });
}

int RemoteEndpoints::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : int(entries_.size());
}

QVariant RemoteEndpoints::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= entries_.size()) return {};
    const Entry& e = entries_.at(index.row());
    switch (role) {
    case NameRole:
        return e.name;
    case BaseUrlRole:
        return e.baseUrl.toString();
    case HasKeyRole:
        return e.hasKey;
    case ModelsRole:
        return e.models;
    case StatusRole:
        return e.status;
    case OkRole:
        return e.ok;
    case BusyRole:
        return e.busy;
    default:
        return {};
    }
}

QHash<int, QByteArray> RemoteEndpoints::roleNames() const {
    return {{NameRole, "name"},     {BaseUrlRole, "baseUrl"}, {HasKeyRole, "hasKey"}, {ModelsRole, "models"},
            {StatusRole, "status"}, {OkRole, "ok"},           {BusyRole, "busy"}};
}

int RemoteEndpoints::indexOf(const QString& name) const {
    for (int i = 0; i < entries_.size(); ++i)
        if (entries_.at(i).name == name) return i;
    return -1;
}

void RemoteEndpoints::load() {
    const int n = settings_->beginReadArray(QStringLiteral("remoteEndpoints"));
    for (int i = 0; i < n; ++i) {
        settings_->setArrayIndex(i);
        Entry e;
        e.name = settings_->value(QStringLiteral("name")).toString();
        e.baseUrl = QUrl(settings_->value(QStringLiteral("baseUrl")).toString());
        e.hasKey = settings_->value(QStringLiteral("hasKey")).toBool();
        e.models = settings_->value(QStringLiteral("models")).toStringList();
        e.contexts = settings_->value(QStringLiteral("contexts")).toMap();
        if (!e.name.isEmpty() && e.baseUrl.isValid()) entries_.append(e);
    }
    settings_->endArray();
}

void RemoteEndpoints::save() {
    settings_->beginWriteArray(QStringLiteral("remoteEndpoints"), int(entries_.size()));
    for (int i = 0; i < entries_.size(); ++i) {
        settings_->setArrayIndex(i);
        const Entry& e = entries_.at(i);
        settings_->setValue(QStringLiteral("name"), e.name);
        settings_->setValue(QStringLiteral("baseUrl"), e.baseUrl.toString());
        settings_->setValue(QStringLiteral("hasKey"), e.hasKey); // whether, never which
        settings_->setValue(QStringLiteral("models"), e.models);
        settings_->setValue(QStringLiteral("contexts"), e.contexts);
    }
    settings_->endArray();
    settings_->sync();
}

QString RemoteEndpoints::addEndpoint(const QString& name, const QString& baseUrl, const QString& apiKey,
                                     bool clearKey) {
    const QString n = name.trimmed();
    if (n.isEmpty()) return tr("Give the endpoint a name.");
    QString error;
    const QUrl url = remote::parseBaseUrl(baseUrl, &error);
    if (!error.isEmpty()) return error;
    int row = indexOf(n);
    if (row < 0) {
        beginInsertRows({}, int(entries_.size()), int(entries_.size()));
        entries_.append(Entry{n, url, false, {}, {}, {}, false, false});
        endInsertRows();
        row = int(entries_.size()) - 1;
        emit countChanged();
    }
    Entry& e = entries_[row];
    e.baseUrl = url;
    if (!apiKey.isEmpty()) {
        if (!secrets_.write(secretKey(n), apiKey)) return tr("The API key cannot be stored.");
        keyCache_.insert(n, apiKey);
        e.hasKey = true;
    } else if (clearKey) {
        secrets_.remove(secretKey(n));
        keyCache_.insert(n, QString());
        e.hasKey = false;
    }
    save();
    emit dataChanged(index(row), index(row));
    emit endpointChanged(n);
    refresh(n);
    return {};
}

void RemoteEndpoints::removeEndpoint(const QString& name) {
    const int row = indexOf(name);
    if (row < 0) return;
    beginRemoveRows({}, row, row);
    entries_.removeAt(row);
    endRemoveRows();
    secrets_.remove(secretKey(name));
    keyCache_.remove(name);
    save();
    emit countChanged();
    emit pickerModelsChanged();
    emit endpointRemoved(name);
}

remote::Endpoint RemoteEndpoints::endpoint(const QString& name) {
    const int row = indexOf(name);
    if (row < 0) return {};
    const Entry& e = entries_.at(row);
    remote::Endpoint out{e.name, e.baseUrl, {}};
    if (e.hasKey) {
        auto it = keyCache_.find(name);
        if (it == keyCache_.end()) it = keyCache_.insert(name, secrets_.read(secretKey(name)));
        out.apiKey = it.value();
    }
    return out;
}

int RemoteEndpoints::contextLength(const QString& name, const QString& model) const {
    const int row = indexOf(name);
    return row < 0 ? 0 : entries_.at(row).contexts.value(model).toInt();
}

QStringList RemoteEndpoints::models(const QString& name) const {
    const int row = indexOf(name);
    return row < 0 ? QStringList() : entries_.at(row).models;
}

void RemoteEndpoints::refresh(const QString& name) {
    const int row = indexOf(name);
    if (row < 0) return;
    entries_[row].busy = true;
    emit dataChanged(index(row), index(row));
    auto* lister = new remote::RemoteModelLister(this);
    auto settle = [this, name, lister](bool ok, const QString& status, const QStringList& models) {
        QVariantMap contexts;
        for (auto it = lister->contexts().begin(); it != lister->contexts().end(); ++it)
            contexts.insert(it.key(), it.value());
        lister->deleteLater();
        const int r = indexOf(name);
        if (r < 0) return;
        Entry& e = entries_[r];
        e.busy = false;
        e.ok = ok;
        e.status = status;
        if (ok && (models != e.models || contexts != e.contexts)) {
            e.models = models;
            e.contexts = contexts;
            emit endpointChanged(name);
            save();
            emit pickerModelsChanged();
        }
        if (!ok) qCWarning(lcRemote).noquote() << status;
        emit dataChanged(index(r), index(r));
        emit refreshed(name, ok);
    };
    connect(lister, &remote::RemoteModelLister::listed, this,
            [settle](const QStringList& models) { settle(true, connectedText(int(models.size())), models); });
    connect(lister, &remote::RemoteModelLister::failed, this,
            [settle](const QString& sentence) { settle(false, sentence, {}); });
    lister->list(endpoint(name));
}

void RemoteEndpoints::noteRequest(const QString& name, bool ok, const QString& sentence) {
    const int row = indexOf(name);
    if (row < 0 || entries_[row].busy) return;
    Entry& e = entries_[row];
    if (ok) {
        if (!e.ok) refresh(name);
        return;
    }
    if (!e.ok && e.status == sentence) return;
    e.ok = false;
    e.status = sentence;
    emit dataChanged(index(row), index(row));
}

void RemoteEndpoints::refreshAll() {
    for (const Entry& e : entries_) refresh(e.name);
}

void RemoteEndpoints::testConnection(const QString& baseUrl, const QString& apiKey, const QString& name) {
    QString error;
    const QUrl url = remote::parseBaseUrl(baseUrl, &error);
    if (!error.isEmpty()) {
        emit connectionTested(false, error, {});
        return;
    }
    remote::Endpoint e{name.trimmed().isEmpty() ? url.host() : name.trimmed(), url, apiKey};
    // The dialog of a saved endpoint leaves the key field empty: its stored key is tested.
    if (apiKey.isEmpty() && contains(name.trimmed())) e.apiKey = endpoint(name.trimmed()).apiKey;
    tester_.list(e);
}

QVariantList RemoteEndpoints::pickerModels() const {
    QVariantList out;
    for (const Entry& e : entries_)
        for (const QString& m : e.models)
            out.append(QVariantMap{{QStringLiteral("endpoint"), e.name},
                                   {QStringLiteral("model"), m},
                                   {QStringLiteral("label"), tr("%1 — %2").arg(m, e.name)}});
    return out;
}

QStringList RemoteEndpoints::describe() const {
    QStringList out;
    for (const Entry& e : entries_)
        out << QStringLiteral("%1 at %2, %3 model(s), API key: %4%5")
                   .arg(e.name, e.baseUrl.toString(QUrl::RemoveUserInfo))
                   .arg(e.models.size())
                   .arg(e.hasKey ? QStringLiteral("stored (%1)").arg(secrets_.backend())
                                 : QStringLiteral("none"),
                        e.status.isEmpty() ? QString() : QStringLiteral("; last check: ") + e.status);
    return out;
}

} // namespace smoldesk::app
