#pragma once
// The built-in model catalogue (resources/catalogue/models.json): what the download dialog offers,
// with URL, size and, where pinned, sha256; and whether an entry fits this computer's memory.
#include <QList>
#include <QString>
#include <QUrl>

namespace smoldesk::app {

struct CatalogueEntry {
    QString id;
    QString name;
    QString description;
    QString fileName;
    QUrl url;
    qint64 size = 0;       // exact, with a pinned sha256; 0: the host says it
    qint64 approxSize = 0; // for the list and the memory verdict when size is 0
    QString sha256;        // lower-case hex; empty: the host's X-Linked-Etag is required
    qint64 displaySize() const { return size > 0 ? size : approxSize; }
};

QList<CatalogueEntry> readCatalogue(const QString& path);

enum class FitVerdict { Fits, TooLarge, Unknown };
// The memory a model needs to answer: its weights, a 4,096-token KV cache and working buffers,
// estimated from the file size (the model panel computes it exactly once the file is there).
qint64 estimatedNeed(const CatalogueEntry& e);
FitVerdict fitOf(const CatalogueEntry& e, qint64 availableBytes);
// One sentence for the list ("Fits this computer", "Needs about 21 GB; 12 GB are free").
QString fitText(FitVerdict v, const CatalogueEntry& e, qint64 availableBytes);

} // namespace smoldesk::app
