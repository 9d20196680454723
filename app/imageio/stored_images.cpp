// A conversation's images as stored: JSON array of base64 strings.
#include "imageio/stored_images.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace smoldesk::imageio {

QString storeImages(const QList<QByteArray>& images) {
    if (images.isEmpty()) return QStringLiteral("");
    QJsonArray array;
    for (const QByteArray& bytes : images) array.append(QString::fromLatin1(bytes.toBase64()));
    return QString::fromUtf8(QJsonDocument(array).toJson(QJsonDocument::Compact));
}

QList<QByteArray> readStoredImages(const QString& stored) {
    QList<QByteArray> out;
    if (stored.isEmpty()) return out;
    const QJsonDocument doc = QJsonDocument::fromJson(stored.toUtf8());
    if (!doc.isArray()) return out;
    for (const QJsonValue v : doc.array()) {
        if (!v.isString()) continue;
        const QByteArray::FromBase64Result bytes =
            QByteArray::fromBase64Encoding(v.toString().toLatin1(), QByteArray::AbortOnBase64DecodingErrors);
        if (bytes && !bytes.decoded.isEmpty()) out.append(bytes.decoded);
    }
    return out;
}

} // namespace smoldesk::imageio
