#pragma once
// The built-in model catalogue (resources/catalogue/models.json): what the welcome view offers to
// download, with URL, size and sha256.
#include <QList>
#include <QString>
#include <QUrl>

namespace smoldesk::app {

struct CatalogueEntry {
    QString id;
    QString name;
    QString fileName;
    QUrl url;
    qint64 size = 0;
    QString sha256; // lower-case hex
};

QList<CatalogueEntry> readCatalogue(const QString& path);

} // namespace smoldesk::app
