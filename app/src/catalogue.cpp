#include "catalogue.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace smoldesk::app {

QList<CatalogueEntry> readCatalogue(const QString& path) {
    QList<CatalogueEntry> out;
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) return out;
    const QJsonArray models =
        QJsonDocument::fromJson(f.readAll()).object().value(QLatin1String("models")).toArray();
    for (const QJsonValue& v : models) {
        const QJsonObject o = v.toObject();
        CatalogueEntry e;
        e.id = o.value(QLatin1String("id")).toString();
        e.name = o.value(QLatin1String("name")).toString();
        e.fileName = o.value(QLatin1String("file")).toString();
        e.url = QUrl(o.value(QLatin1String("url")).toString());
        e.size = o.value(QLatin1String("size")).toInteger();
        e.sha256 = o.value(QLatin1String("sha256")).toString().toLower();
        if (!e.id.isEmpty() && e.url.isValid() && !e.fileName.isEmpty()) out.append(e);
    }
    return out;
}

} // namespace smoldesk::app
