// A conversation's stored images column (app/imageio/stored_images.h) read back as opening a chat
// reads it, every image then through the decoder the worker uses: whatever the bytes, nothing
// throws but the decoder's Error, and what was read is stored again to the same images. Seeds in
// corpus/stored_images: columns with a small PNG, two images, broken base64, not an array.
#include "common/error.h"
#include "imageio/image_decode.h"
#include "imageio/stored_images.h"

#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    using namespace smoldesk;
    const QString stored =
        QString::fromUtf8(reinterpret_cast<const char*>(data), static_cast<qsizetype>(size));
    const QList<QByteArray> images = imageio::readStoredImages(stored);
    for (const QByteArray& bytes : images) {
        if (bytes.isEmpty()) __builtin_trap(); // empty entries are left out
        try {
            const vision::RgbImage image = imageio::decodeImage(bytes);
            if (image.rgb.size() != static_cast<size_t>(image.width) * static_cast<size_t>(image.height) * 3)
                __builtin_trap();
        } catch (const Error&) {
        }
    }
    if (imageio::readStoredImages(imageio::storeImages(images)) != images) __builtin_trap();
    return 0;
}
