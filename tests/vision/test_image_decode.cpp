// Image files decoded for vision models (app/imageio, Qt): EXIF orientation applied, transparency
// on white, and hostile files — truncated, not an image, a PNG announcing 20000x20000 pixels —
// refused in one sentence (the same files are the seeds of fuzz_image).
#include "common/error.h"
#include "imageio/image_decode.h"

#include <QBuffer>
#include <QFile>
#include <QImage>
#include <QImageWriter>
#include <QTemporaryDir>
#include <QtTest>

using namespace smoldesk;

namespace {

QByteArray seed(const char* name) {
    QFile f(QStringLiteral(SMOLDESK_FUZZ_CORPUS "/image/") + name);
    if (!f.open(QIODevice::ReadOnly)) qFatal("missing seed %s", name);
    return f.readAll();
}

QString refusal(const QByteArray& bytes) {
    try {
        imageio::decodeImage(bytes);
    } catch (const Error& e) {
        return e.what();
    }
    return {};
}

// The image as the bytes of a PNG file (empty when Qt could not write it).
QByteArray pngOf(const QImage& image) {
    QByteArray png;
    QBuffer buffer(&png);
    buffer.open(QIODevice::WriteOnly);
    return image.save(&buffer, "PNG") ? png : QByteArray();
}

} // namespace

class TestImageDecode : public QObject {
    Q_OBJECT
  private slots:
    void pngPixels() {
        const vision::RgbImage img = imageio::decodeImage(seed("speck-3x2.png"));
        QCOMPARE(img.width, 3);
        QCOMPARE(img.height, 2);
        QImage ref;
        QVERIFY(ref.loadFromData(seed("speck-3x2.png")));
        ref = ref.convertToFormat(QImage::Format_RGB888);
        for (int y = 0; y < 2; ++y)
            for (int x = 0; x < 3; ++x)
                for (int c = 0; c < 3; ++c)
                    QCOMPARE(int(img.rgb[static_cast<size_t>((y * 3 + x) * 3 + c)]),
                             int(ref.constScanLine(y)[x * 3 + c]));
    }
    // rotated-6x4.jpg holds a 6x4 image with EXIF orientation "rotate 90": it reads as 4x6, the
    // first stored column becoming the top row read from right to left.
    void exifOrientation() {
        const vision::RgbImage img = imageio::decodeImage(seed("rotated-6x4.jpg"));
        QCOMPARE(img.width, 4);
        QCOMPARE(img.height, 6);
        // Stored pixel (x, y) had blue 200, red 40x and green 60y: after the rotation the top-right
        // pixel is stored (0, 0) (dark), the bottom-right stored (5, 0) (red 200).
        const auto at = [&](int x, int y, int c) {
            return int(img.rgb[static_cast<size_t>((y * 4 + x) * 3 + c)]);
        };
        QVERIFY2(at(3, 0, 0) < 40, qPrintable(QString::number(at(3, 0, 0))));
        QVERIFY2(at(3, 5, 0) > 160, qPrintable(QString::number(at(3, 5, 0))));
    }
    void transparencyOnWhite() {
        QImage clear(2, 2, QImage::Format_ARGB32);
        clear.fill(Qt::transparent);
        const QByteArray png = pngOf(clear);
        QVERIFY(!png.isEmpty());
        const vision::RgbImage img = imageio::decodeImage(png);
        for (uint8_t v : img.rgb) QCOMPARE(int(v), 255);
    }
    // A 35-megapixel image (7000x5000, 140 MB decoded) is read, not called damaged: Qt's default
    // allocation limit of 128 MB refused it as "Unable to read image data".
    void largePhotoIsRead() {
        QImage big(7000, 5000, QImage::Format_RGB888);
        big.fill(QColor(10, 200, 30));
        const QByteArray png = pngOf(big);
        QVERIFY(!png.isEmpty());
        big = QImage();
        const vision::RgbImage img = imageio::decodeImage(png);
        QCOMPARE(img.width, 7000);
        QCOMPARE(img.height, 5000);
        QCOMPARE(int(img.rgb[img.rgb.size() - 2]), 200);
    }
    // A 72-megapixel image (over kExactPixels) comes out reduced to a 4096-pixel longer side, the
    // size decodedSize reports from the header; a 1-bit PNG keeps the file and the test fast.
    void hugeImageIsReduced() {
        QImage big(9000, 8000, QImage::Format_Mono);
        big.fill(1);
        const QByteArray png = pngOf(big);
        QVERIFY(!png.isEmpty());
        big = QImage();
        const vision::RgbImage img = imageio::decodeImage(png);
        QCOMPARE(img.width, imageio::kReducedSide);
        QCOMPARE(img.height, 3640); // 8000 · 4096 / 9000, rounded down by QSize::scaled
        QCOMPARE(imageio::decodedSize(png), QSize(img.width, img.height));
        QCOMPARE(img.rgb.size(), size_t(img.width) * size_t(img.height) * 3);
    }
    // decodedSize follows EXIF rotation (4x6 for the 6x4 stored image) and keeps sizes up to
    // kExactPixels as they are.
    void decodedSizeFromHeader() {
        QCOMPARE(imageio::decodedSize(seed("rotated-6x4.jpg")), QSize(4, 6));
        QCOMPARE(imageio::decodedSize(seed("speck-3x2.png")), QSize(3, 2));
        QVERIFY(!imageio::decodedSize(seed("huge-20000x20000.png")).isValid());
        QVERIFY(!imageio::decodedSize("plain text").isValid());
    }
    void refusals() {
        QCOMPARE(
            refusal(seed("tall-20x50-truncated.png")),
            QString(
                "The image cannot be decoded (Unable to read image data): it may be truncated or damaged."));
        QCOMPARE(
            refusal(seed("huge-20000x20000.png")),
            QString("The image is 20000x20000 pixels; SmolDesk reads images up to 16384 pixels on a side."));
        QCOMPARE(refusal("plain text, not an image"),
                 QString("The image is not an image SmolDesk can read (PNG, JPEG or WebP)."));
        QCOMPARE(refusal(QByteArray()),
                 QString("The image is not an image SmolDesk can read (PNG, JPEG or WebP)."));
        try {
            imageio::loadImageFile("/nonexistent/x.png");
            QFAIL("a missing file was read");
        } catch (const Error& e) {
            QCOMPARE(QString(e.what()), QString("The image file '/nonexistent/x.png' cannot be opened."));
        }
    }
};

QTEST_GUILESS_MAIN(TestImageDecode)
#include "test_image_decode.moc"
