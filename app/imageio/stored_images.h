#pragma once
// The form a conversation's images are kept in (the conversation store's images column): a
// compact JSON array of base64 strings, one per image, in the message's order. Reading it is what
// opening a chat does with bytes from disk, so it is fuzzed (tests/fuzz/fuzz_stored_images.cpp):
// whatever the column holds, the reader returns the images it can read and never throws.
#include <QByteArray>
#include <QList>
#include <QString>

namespace smoldesk::imageio {

// "" for no images, else ["<base64>", ...].
QString storeImages(const QList<QByteArray>& images);

// The images of a stored column. What is not such an array gives none; an entry that is not a
// string of valid, non-empty base64 is left out (a damaged row loses that image, not the chat).
QList<QByteArray> readStoredImages(const QString& stored);

} // namespace smoldesk::imageio
