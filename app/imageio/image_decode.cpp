// QImageReader with its size read first (nothing is decoded for a huge image) and auto-transform on.
// Memory stays bounded: an image over kExactPixels is decoded reduced (JPEG at the reduced size
// already, the other formats reduced right after decoding, the full decode dropped at once), and
// the pixels reach the engine's RGB8 buffer in strips, never as a second full-size copy.
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

// Qt's allocation limit for one decoded image, in MiB: a 16384x16384 image at 4 bytes a pixel (the
// format Qt decodes 8-bit PNG, JPEG and WebP into). Qt 6.4's default of 128 MB called a 48-megapixel
// phone photo "truncated or damaged"; anything above this limit is refused in a sentence before
// decoding (e.g. a 16384x16384 PNG of 16 bits a channel, 2 GiB decoded).
constexpr int kDecodeLimitMiB = 1024;

void allowLargestImage() {
    static std::once_flag once;
    std::call_once(once, [] {
        QImageReader::setAllocationLimit(std::max(QImageReader::allocationLimit(), kDecodeLimitMiB));
    });
}

// The size an image of `size` pixels comes out of decode() (before EXIF rotation): itself up to
// kExactPixels, else reduced (aspect kept) so its longer side is kReducedSide.
QSize outputSize(QSize size) {
    if (static_cast<qint64>(size.width()) * size.height() <= kExactPixels) return size;
    return size.scaled(kReducedSide, kReducedSide, Qt::KeepAspectRatio).expandedTo(QSize(1, 1));
}

[[noreturn]] void tooLarge(const std::string& what, QSize size) {
    throw Error(ErrorCode::InvalidArgument, what + " is " + std::to_string(size.width()) + "x" +
                                                std::to_string(size.height()) +
                                                " pixels; SmolDesk reads images up to " +
                                                std::to_string(vision::kMaxImageSide) + " pixels on a side.");
}

// Document and vector formats that Qt's image plugins also read (Qt PDF, which the document viewer needs,
// installs one): not pictures for a vision model, and reading them runs a PDF or SVG engine on untrusted
// bytes (fuzz_image found pdfium leaking on a file that starts "%PDF-").
bool refusedFormat(const QByteArray& format) {
    return format == "pdf" || format == "svg" || format == "svgz";
}

// Opens the reader and refuses, before anything is decoded, what decode() would not take.
void checkHeader(QImageReader& reader, const std::string& what) {
    if (refusedFormat(reader.format()))
        throw Error(ErrorCode::InvalidArgument,
                    what + " is not an image SmolDesk can read (PNG, JPEG or WebP).");
    const QSize size = reader.size();
    if (!reader.canRead())
        throw Error(ErrorCode::InvalidArgument,
                    what + " is not an image SmolDesk can read (PNG, JPEG or WebP).");
    if (!size.isValid()) return; // the decoder checks what the header did not say
    if (size.width() > vision::kMaxImageSide || size.height() > vision::kMaxImageSide) tooLarge(what, size);
    const int bits = std::max(32, int(QImage::toPixelFormat(reader.imageFormat()).bitsPerPixel()));
    const qint64 bytes = static_cast<qint64>(size.width()) * size.height() * (bits / 8);
    if (bytes > (static_cast<qint64>(kDecodeLimitMiB) << 20))
        throw Error(ErrorCode::InvalidArgument,
                    what + " is " + std::to_string(size.width()) + "x" + std::to_string(size.height()) +
                        " pixels at " + std::to_string(bits) + " bits a pixel, " +
                        std::to_string(bytes >> 20) + " MiB decoded; SmolDesk decodes images up to " +
                        std::to_string(kDecodeLimitMiB) + " MiB.");
}

// The image's RGB8 rows, converted (transparency laid on white, as an image viewer shows it) a
// strip at a time, so no second full-size copy of a large image exists at once. Per pixel the
// same as converting the whole image.
vision::RgbImage toRgb(const QImage& image) {
    vision::RgbImage out;
    out.width = image.width();
    out.height = image.height();
    const size_t row = 3 * static_cast<size_t>(out.width);
    out.rgb.resize(row * static_cast<size_t>(out.height));
    constexpr int kStrip = 256;
    for (int y0 = 0; y0 < out.height; y0 += kStrip) {
        const int rows = std::min(kStrip, out.height - y0);
        QImage strip(out.width, rows, QImage::Format_RGB888);
        if (image.hasAlphaChannel()) {
            strip.fill(Qt::white);
            QPainter painter(&strip);
            painter.drawImage(QPoint(0, 0), image, QRect(0, y0, out.width, rows));
        } else {
            strip = image.copy(0, y0, out.width, rows).convertToFormat(QImage::Format_RGB888);
        }
        for (int y = 0; y < rows; ++y)
            std::copy_n(strip.constScanLine(y), row, out.rgb.data() + row * static_cast<size_t>(y0 + y));
    }
    return out;
}

vision::RgbImage decode(QIODevice& device, const std::string& what) {
    allowLargestImage();
    QImageReader reader(&device);
    reader.setAutoTransform(true);
    reader.setDecideFormatFromContent(true);
    checkHeader(reader, what);
    const QSize size = reader.size();
    const QSize target = size.isValid() ? outputSize(size) : QSize();
    if (target.isValid() && target != size) reader.setScaledSize(target); // JPEG decodes at this size
    QImage image;
    if (!reader.read(&image) || image.isNull())
        throw Error(ErrorCode::InvalidArgument, what + " cannot be decoded (" +
                                                    reader.errorString().toStdString() +
                                                    "): it may be truncated or damaged.");
    if (image.width() > vision::kMaxImageSide || image.height() > vision::kMaxImageSide)
        tooLarge(what, image.size());
    const QSize reduced = outputSize(image.size()); // a header that gave no size
    if (reduced != image.size())
        image = image.scaled(reduced, Qt::IgnoreAspectRatio, Qt::SmoothTransformation);
    return toRgb(image);
}

} // namespace

vision::RgbImage decodeImage(const QByteArray& bytes) {
    QByteArray copy = bytes; // shares the bytes (QBuffer needs a non-const array)
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

QSize decodedSize(const QByteArray& bytes) {
    QByteArray copy = bytes;
    QBuffer buffer(&copy);
    buffer.open(QIODevice::ReadOnly);
    QImageReader reader(&buffer);
    reader.setDecideFormatFromContent(true);
    if (refusedFormat(reader.format())) return {};
    const QSize size = reader.size();
    if (!size.isValid() || size.width() > vision::kMaxImageSide || size.height() > vision::kMaxImageSide)
        return {};
    const QSize out = outputSize(size);
    const QImageIOHandler::Transformations t = reader.transformation();
    return t.testFlag(QImageIOHandler::TransformationRotate90) ? out.transposed() : out;
}

} // namespace smoldesk::imageio
