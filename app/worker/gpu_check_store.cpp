#include "worker/gpu_check_store.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>

namespace smoldesk::app {

namespace {

QJsonObject readFile(const QString& path) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) return {};
    return QJsonDocument::fromJson(f.readAll()).object(); // a damaged file counts as no verdicts
}

} // namespace

QString GpuCheckStore::keyFor(const QString& device, const QString& driver) {
    return device + QLatin1Char('|') + driver + QLatin1Char('|') + QStringLiteral(SMOLDESK_VERSION);
}

std::optional<QVariantMap> GpuCheckStore::verdict(const QString& key) const {
    const QJsonObject verdicts = readFile(path_).value(QStringLiteral("verdicts")).toObject();
    if (!verdicts.contains(key)) return std::nullopt;
    return verdicts.value(key).toObject().toVariantMap();
}

QVariantMap GpuCheckStore::last() const {
    const QJsonObject root = readFile(path_);
    return root.value(QStringLiteral("verdicts"))
        .toObject()
        .value(root.value(QStringLiteral("last")).toString())
        .toObject()
        .toVariantMap();
}

bool GpuCheckStore::save(const QString& key, const QVariantMap& verdict) const {
    QJsonObject root = readFile(path_);
    QJsonObject verdicts = root.value(QStringLiteral("verdicts")).toObject();
    verdicts.insert(key, QJsonObject::fromVariantMap(verdict));
    root.insert(QStringLiteral("verdicts"), verdicts);
    root.insert(QStringLiteral("last"), key);
    QSaveFile f(path_);
    if (!f.open(QIODevice::WriteOnly)) return false;
    f.write(QJsonDocument(root).toJson());
    return f.commit();
}

} // namespace smoldesk::app
