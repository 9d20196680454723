// smoldesk-cli's image commands end to end: image-embed against libmtmd's rows, logits after an
// image prompt against llama.cpp's (tests/data/vision), the mmproj found next to the model, and
// refusals (a truncated or huge image, a model without an mmproj) as one sentence with a non-zero exit.
#include "program_run.h"
#include "test_data.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <cmath>

using namespace smoldesk;

namespace {
using Result = test::ProgramRun;
Result cli(const QStringList& args) {
    return test::runProgram(SMOLDESK_CLI, args);
}
QString vision(const char* name) {
    return QString::fromStdString(test::dataPath(std::string("vision/") + name));
}
std::vector<float> floats(const QString& path) {
    return test::readF32(path.toStdString());
}
// Largest difference relative to the largest reference value, over the rows given.
double relMaxAbs(const float* a, const float* b, size_t n) {
    double d = 0, scale = 0;
    for (size_t i = 0; i < n; ++i) {
        d = std::max(d, double(std::abs(a[i] - b[i])));
        scale = std::max(scale, double(std::abs(b[i])));
    }
    return d / scale;
}
} // namespace

class TestCliImage : public QObject {
    Q_OBJECT
    QTemporaryDir tmp_;

  private slots:
    void imageEmbedMatchesLibmtmd() {
        const QString out = tmp_.filePath("e.f32");
        const Result r = cli({"image-embed", "--mmproj", vision("smolvlm-tiny-tiles-mmproj.gguf"), "--image",
                              vision("wide-70x40.png"), "-o", out});
        QVERIFY2(r.code == 0, r.err.constData());
        QVERIFY2(r.err.contains("wrote 5 pieces x 4 rows of 64 floats"), r.err.constData());
        const std::vector<float> ours = floats(out), ref = floats(vision("smolvlm-tiles-wide-70x40.f32"));
        QCOMPARE(ours.size(), ref.size());
        QVERIFY(relMaxAbs(ours.data(), ref.data(), ref.size()) < 0.002);
    }

    // --all writes every position's row; the golden holds the text positions from first_logits on.
    void logitsAfterAnImagePrompt() {
        QFile jf(vision("smolvlm-prompt-wide-70x40.json"));
        QVERIFY(jf.open(QIODevice::ReadOnly));
        const QJsonObject g = QJsonDocument::fromJson(jf.readAll()).object();
        const QString out = tmp_.filePath("l.f32");
        const Result r = cli({"logits", "-m", vision("smolvlm-text-tiny.gguf"), "--mmproj",
                              vision("smolvlm-tiny-tiles-mmproj.gguf"), "--image", vision("wide-70x40.png"),
                              "--prompt", g["prompt"].toString(), "--all", "-o", out});
        QVERIFY2(r.code == 0, r.err.constData());
        const std::vector<float> ours = floats(out), ref = floats(vision("smolvlm-prompt-wide-70x40.f32"));
        const QJsonArray tokens = g["tokens"].toArray();
        const size_t nv = 280;
        QCOMPARE(ours.size(), size_t(tokens.size()) * nv);
        size_t row = 0;
        for (qsizetype i = g["first_logits"].toInt(); i < tokens.size(); ++i) {
            if (tokens[i].toInt() < 0) continue;
            QVERIFY(relMaxAbs(ours.data() + size_t(i) * nv, ref.data() + row * nv, nv) < 0.005);
            ++row;
        }
        QCOMPARE(row * nv, ref.size());
    }

    // mmproj-<model>.gguf next to the model is found without --mmproj, and gives the same logits.
    void mmprojFoundNextToTheModel() {
        QTemporaryDir dir;
        QVERIFY(QFile::copy(vision("gemma3-text-tiny.gguf"), dir.filePath("gemma3-text-tiny.gguf")));
        QVERIFY(
            QFile::copy(vision("gemma3-tiny-mmproj.gguf"), dir.filePath("mmproj-gemma3-text-tiny-f32.gguf")));
        QVERIFY(QFile::copy(vision("smolvlm-tiny-mmproj.gguf"), dir.filePath("mmproj-other.gguf")));
        const QStringList common = {"--image", vision("tall-20x50.png"), "--prompt",
                                    "Look:<__media__> what is it?"};
        const Result found = cli(
            QStringList{"logits", "-m", dir.filePath("gemma3-text-tiny.gguf"), "-o", dir.filePath("a.f32")} +
            common);
        QVERIFY2(found.code == 0, found.err.constData());
        const Result given = cli(QStringList{"logits", "-m", vision("gemma3-text-tiny.gguf"), "--mmproj",
                                             vision("gemma3-tiny-mmproj.gguf"), "-o", dir.filePath("b.f32")} +
                                 common);
        QVERIFY2(given.code == 0, given.err.constData());
        QCOMPARE(floats(dir.filePath("a.f32")), floats(dir.filePath("b.f32")));
    }

    void refusals_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("sentence");
        const QString corpus = QStringLiteral(SMOLDESK_FUZZ_CORPUS "/image/");
        QTest::newRow("truncated")
            << QStringList{"image-embed",
                           "--mmproj",
                           vision("smolvlm-tiny-mmproj.gguf"),
                           "--image",
                           corpus + "tall-20x50-truncated.png",
                           "-o",
                           "/dev/null"}
            << "cannot be decoded (Unable to read image data): it may be truncated or damaged.";
        QTest::newRow("huge") << QStringList{"image-embed",
                                             "--mmproj",
                                             vision("smolvlm-tiny-mmproj.gguf"),
                                             "--image",
                                             corpus + "huge-20000x20000.png",
                                             "-o",
                                             "/dev/null"}
                              << "is 20000x20000 pixels; SmolDesk reads images up to 16384 pixels on a side.";
        QTest::newRow("no mmproj")
            << QStringList{"logits",
                           "-m",
                           vision("smolvlm-text-tiny.gguf"),
                           "--image",
                           vision("tiny-32.png"),
                           "--prompt",
                           "<__media__>",
                           "-o",
                           "/dev/null"}
            << "The model cannot see images: no --mmproj was given and no mmproj*.gguf lies "
               "next to it.";
        QTest::newRow("unsupported projector") << QStringList{"logits",
                                                    "-m",
                                                    vision("smolvlm-text-tiny.gguf"),
                                                    "--mmproj",
                                                    vision("qwen25vl-tiny-mmproj.gguf"),
                                                    "--image",
                                                    vision("tiny-32.png"),
                                                    "--prompt",
                                                    "<__media__>",
                                                    "-o",
                                                    "/dev/null"}
                                     << "qwen2.5vl_merger";
        QTest::newRow("no marker") << QStringList{"logits",
                                                  "-m",
                                                  vision("smolvlm-text-tiny.gguf"),
                                                  "--mmproj",
                                                  vision("smolvlm-tiny-mmproj.gguf"),
                                                  "--image",
                                                  vision("tiny-32.png"),
                                                  "--prompt",
                                                  "no marker",
                                                  "-o",
                                                  "/dev/null"}
                                   << "The prompt has 0 image markers (<__media__>) but 1 image is attached.";
    }
    void refusals() {
        QFETCH(QStringList, args);
        QFETCH(QString, sentence);
        const Result r = cli(args);
        QVERIFY(r.code != 0);
        QVERIFY2(QString::fromUtf8(r.err).contains(sentence), r.err.constData());
    }
};

QTEST_GUILESS_MAIN(TestCliImage)
#include "test_cli_image.moc"
