#include "worker/quantity_text.h"

#include <QLocale>

namespace smoldesk::app {

QString formatBytes(qint64 bytes) {
    return QLocale().formattedDataSize(bytes, 1, QLocale::DataSizeSIFormat);
}

QString formatCount(qint64 n) {
    if (n >= 1000000000) return QStringLiteral("%1 B").arg(QLocale().toString(double(n) / 1e9, 'f', 2));
    if (n >= 1000000) return QStringLiteral("%1 M").arg(QLocale().toString(double(n) / 1e6, 'f', 1));
    if (n >= 1000) return QStringLiteral("%1 K").arg(QLocale().toString(double(n) / 1e3, 'f', 0));
    return QString::number(n);
}

} // namespace smoldesk::app
