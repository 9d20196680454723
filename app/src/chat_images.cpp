#include "chat_images.h"

#include "imageio/image_decode.h"
#include "imageio/stored_images.h"

#include <QBuffer>
#include <QClipboard>
#include <QCoreApplication>
#include <QFile>
#include <QGuiApplication>
#include <QImage>

#include <exception>

namespace smoldesk::app::ChatImages {

namespace {
QString tr(const char* text) {
    return QCoreApplication::translate("ChatImages", text);
}

QString mimeType(const QByteArray& b) {
    if (b.startsWith("\x89PNG")) return QStringLiteral("image/png");
    if (b.startsWith("\xFF\xD8")) return QStringLiteral("image/jpeg");
    if (b.startsWith("RIFF") && b.mid(8, 4) == "WEBP") return QStringLiteral("image/webp");
    if (b.startsWith("GIF8")) return QStringLiteral("image/gif");
    if (b.startsWith("BM")) return QStringLiteral("image/bmp");
    return QStringLiteral("application/octet-stream");
}
} // namespace

QString check(const QByteArray& bytes) {
    if (bytes.isEmpty()) return tr("The image is empty.");
    try {
        imageio::decodeImage(bytes); // the worker's own decoder: what passes here, it can read
    } catch (const std::exception& e) {
        return QString::fromUtf8(e.what());
    }
    return {};
}

QByteArray read(const QUrl& url, QString* error) {
    QByteArray bytes;
    if (url.scheme() == QLatin1String("data")) {
        // data:[<type>][;base64],<data> — only base64 images are taken.
        const QString s = url.toString(QUrl::FullyEncoded);
        const qsizetype comma = s.indexOf(QLatin1Char(','));
        if (comma < 0 || !s.left(comma).endsWith(QLatin1String(";base64"))) {
            *error = tr("This data URL holds no base64 image.");
            return {};
        }
        bytes = QByteArray::fromBase64(QByteArray::fromPercentEncoding(s.mid(comma + 1).toLatin1()));
    } else {
        const QString path = url.isLocalFile() ? url.toLocalFile() : url.toString();
        QFile f(path);
        if (!f.open(QIODevice::ReadOnly)) {
            *error = tr("The image %1 cannot be read: %2").arg(path, f.errorString());
            return {};
        }
        bytes = f.readAll();
    }
    const QString why = check(bytes);
    if (!why.isEmpty()) {
        *error = why;
        return {};
    }
    return bytes;
}

QByteArray fromClipboard() {
    auto* app = qobject_cast<QGuiApplication*>(QCoreApplication::instance());
    if (!app) return {};
    const QImage image = QGuiApplication::clipboard()->image();
    if (image.isNull()) return {};
    QByteArray png;
    QBuffer buffer(&png);
    buffer.open(QIODevice::WriteOnly);
    image.save(&buffer, "PNG");
    return png;
}

QString dataUrl(const QByteArray& bytes) {
    return QStringLiteral("data:%1;base64,").arg(mimeType(bytes)) + QString::fromLatin1(bytes.toBase64());
}

QStringList dataUrls(const QList<QByteArray>& images) {
    QStringList out;
    for (const QByteArray& b : images) out.append(dataUrl(b));
    return out;
}

QString toStored(const QList<QByteArray>& images) {
    return imageio::storeImages(images);
}

QList<QByteArray> fromStored(const QString& stored) {
    return imageio::readStoredImages(stored);
}

} // namespace smoldesk::app::ChatImages
