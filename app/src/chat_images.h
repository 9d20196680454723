#pragma once
// The images of a chat message (issue 37): how the composer reads one (a file, a data URL, the
// clipboard), how QML shows one (a data URL), and how a message's images are stored in its row
// (a JSON array of base64 strings in the `images` column) and exported. The bytes are kept as the
// user gave them (PNG, JPEG, WebP); the worker decodes them when a request carries them.
#include <QByteArray>
#include <QList>
#include <QString>
#include <QUrl>

namespace smoldesk::app::ChatImages {

// The bytes of an image file (a local file URL) or a data URL, checked by decoding them as the
// worker will; empty with *error set (one sentence) when they are no image SmolDesk can read.
QByteArray read(const QUrl& fileOrDataUrl, QString* error);
// An image of the clipboard, as PNG bytes; empty when the clipboard holds no image.
QByteArray fromClipboard();
// The checks of read() for bytes already in memory: empty error when they are usable.
QString check(const QByteArray& bytes);
// "data:image/png;base64,…" (the type from the bytes' signature), for QML and the JSON export.
QString dataUrl(const QByteArray& bytes);
QStringList dataUrls(const QList<QByteArray>& images);
// A message row's `images` column: "" for none, else a JSON array of base64 strings.
QString toStored(const QList<QByteArray>& images);
QList<QByteArray> fromStored(const QString& stored);

} // namespace smoldesk::app::ChatImages
