// QImageReader with its size read first (nothing is decoded for a huge image) and auto-transform on.
#include "imageio/image_decode.h"

#include "common/error.h"

#include <QBuffer>
#include <QFile>
#include <QImage>
#include <QImageReader>
#include <QPainter>

#include <algorithm>
#include <mutex>

namespace smoldesk::imageio {

namespace {

// Qt refuses to allocate a decoded image over 128 MB (Qt 6.4; 256 MB later) and reports it as
// "Unable to read image data": a 48-megapixel phone photo (8000x6000, 4 bytes a pixel) was called
// truncated or damaged. The limit (process-wide in Qt) is raised to what the largest image this
// reader accepts takes at 8 bytes a pixel (16-bit PNGs); the side check above it stays the bound.
void allowLargestImage() {
    static std::once_flag once;
    std::call_once(once, [] {
        constexpr qint64 side = vision::kMaxImageSide;
        constexpr int megabytes = static_cast<int>(side * side * 8 / (1024 * 1024)) + 1;
        QImageReader::setAllocationLimit(std::max(QImageReader::allocationLimit(), megabytes));
    });
}

vision::RgbImage decode(QIODevice& device, const std::string& what) {
    allowLargestImage();
    QImageReader reader(&device);
    reader.setAutoTransform(true);
    reader.setDecideFormatFromContent(true);
    const QSize size = reader.size();
    if (!reader.canRead())
        throw Error(ErrorCode::InvalidArgument,
                    what + " is not an image SmolDesk can read (PNG, JPEG or WebP).");
    if (size.isValid() && (size.width() > vision::kMaxImageSide || size.height() > vision::kMaxImageSide))
        throw Error(ErrorCode::InvalidArgument,
                    what + " is " + std::to_string(size.width()) + "x" + std::to_string(size.height()) +
                        " pixels; SmolDesk reads images up to " + std::to_string(vision::kMaxImageSide) +
                        " pixels on a side.");
    QImage image;
    if (!reader.read(&image) || image.isNull())
        throw Error(ErrorCode::InvalidArgument, what + " cannot be decoded (" +
                                                    reader.errorString().toStdString() +
                                                    "): it may be truncated or damaged.");
    if (image.width() > vision::kMaxImageSide || image.height() > vision::kMaxImageSide)
        throw Error(ErrorCode::InvalidArgument,
                    what + " is larger than " + std::to_string(vision::kMaxImageSide) + " pixels on a side.");
    if (image.hasAlphaChannel()) { // transparent pixels on white, as an image viewer shows them
        QImage flat(image.size(), QImage::Format_RGB888);
        flat.fill(Qt::white);
        QPainter painter(&flat);
        painter.drawImage(0, 0, image);
        painter.end();
        image = flat;
    }
    image = image.convertToFormat(QImage::Format_RGB888);
    vision::RgbImage out;
    out.width = image.width();
    out.height = image.height();
    out.rgb.reserve(static_cast<size_t>(out.width) * static_cast<size_t>(out.height) * 3);
    for (int y = 0; y < image.height(); ++y) {
        const uchar* line = image.constScanLine(y);
        out.rgb.insert(out.rgb.end(), line, line + 3 * static_cast<size_t>(image.width()));
    }
    return out;
}

} // namespace

vision::RgbImage decodeImage(const QByteArray& bytes) {
    QByteArray copy = bytes;
    QBuffer buffer(&copy);
    buffer.open(QIODevice::ReadOnly);
    return decode(buffer, "The image");
}

vision::RgbImage loadImageFile(const std::string& path) {
    QFile file(QString::fromStdString(path));
    if (!file.open(QIODevice::ReadOnly))
        throw Error(ErrorCode::Io, "The image file '" + path + "' cannot be opened.");
    return decode(file, "The image file '" + path + "'");
}

} // namespace smoldesk::imageio
