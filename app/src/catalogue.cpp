#include "catalogue.h"

#include "worker/quantity_text.h"

#include <QCoreApplication>
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
        e.description = o.value(QLatin1String("description")).toString();
        e.fileName = o.value(QLatin1String("file")).toString();
        e.url = QUrl(o.value(QLatin1String("url")).toString());
        e.size = o.value(QLatin1String("size")).toInteger();
        e.approxSize = o.value(QLatin1String("approxSize")).toInteger();
        e.sha256 = o.value(QLatin1String("sha256")).toString().toLower();
        // A file name with a folder in it could write outside the models folder.
        const bool plainName = !e.fileName.contains(QLatin1Char('/')) &&
                               !e.fileName.contains(QLatin1Char('\\')) &&
                               !e.fileName.startsWith(QLatin1Char('.'));
        if (!e.id.isEmpty() && e.url.isValid() && !e.fileName.isEmpty() && plainName && e.displaySize() > 0)
            out.append(e);
    }
    return out;
}

qint64 estimatedNeed(const CatalogueEntry& e) {
    // Weights as stored, plus about 15% for a 4K-token KV cache and compute buffers, plus the
    // app itself: measured on SmolLM3-3B Q4_K_M (1.9 GB file, 2.24 GB peak while answering).
    return e.displaySize() + e.displaySize() * 15 / 100 + (qint64(256) << 20);
}

FitVerdict fitOf(const CatalogueEntry& e, qint64 availableBytes) {
    if (availableBytes <= 0) return FitVerdict::Unknown;
    return estimatedNeed(e) <= availableBytes ? FitVerdict::Fits : FitVerdict::TooLarge;
}

QString fitText(FitVerdict v, const CatalogueEntry& e, qint64 availableBytes) {
    switch (v) {
    case FitVerdict::Fits:
        return QCoreApplication::translate("smoldesk::app::Catalogue", "Fits this computer");
    case FitVerdict::TooLarge:
        return QCoreApplication::translate("smoldesk::app::Catalogue", "Needs about %1; %2 are free")
            .arg(formatBytes(estimatedNeed(e)), formatBytes(availableBytes));
    case FitVerdict::Unknown:
        break;
    }
    return QCoreApplication::translate("smoldesk::app::Catalogue", "Needs about %1")
        .arg(formatBytes(estimatedNeed(e)));
}

} // namespace smoldesk::app
