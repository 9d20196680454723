// The vision encoder + idefics3 projector against llama.cpp's own image embeddings (libmtmd,
// tests/data/vision/dump_mtmd_golden.cpp) for the tiny SmolVLM-shaped mmproj, and the refusal of
// files SmolDesk does not run. The PNG is decoded with Qt here; the engine takes RGB8 pixels.
#include "common/error.h"
#include "compute/cpu/cpu_backend.h"
#include "gguf/file.h"
#include "gguf/writer.h"
#include "test_data.h"
#include "vision/image_embedding.h"
#include "vision/mmproj.h"
#include "vision/preprocess.h"
#include "vision/vision_encoder.h"
#include "vision_check.h"

#include <QFile>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

#include <cmath>
#include <functional>

using namespace smoldesk;

namespace {

using test::Agreement;
using test::compare;
using test::loadPng;

// Our encoder inputs against the pixels llama.cpp's encoder read (`<golden>-pixels.f32`: every
// image's planar floats in chunk order): the same uint8 resize and normalisation give the same
// floats, so any difference is a preprocessing bug.
void checkPixels(const std::vector<const std::vector<float>*>& inputs, const std::string& golden) {
    const std::vector<float> ref = test::readF32(test::dataPath("vision/" + golden + "-pixels.f32"));
    size_t total = 0, differing = 0;
    double worst = 0;
    for (const std::vector<float>* in : inputs) {
        QVERIFY(total + in->size() <= ref.size());
        for (size_t i = 0; i < in->size(); ++i) {
            const double d = std::abs(static_cast<double>((*in)[i]) - ref[total + i]);
            differing += d > 1e-6;
            worst = std::max(worst, d);
        }
        total += in->size();
    }
    QCOMPARE(total, ref.size());
    qInfo("pixels: %zu of %zu differ from llama.cpp's (worst %.3g)", differing, total, worst);
    QCOMPARE(differing, size_t(0));
}

// The tiny SmolVLM mmproj rewritten with `edit` applied after its keys (set replaces a key) and
// without the tensor named `drop`.
std::string editedMmproj(const std::function<void(gguf::Writer&)>& edit, const std::string& drop,
                         const std::string& name) {
    auto src = gguf::File::open(test::dataPath("vision/smolvlm-tiny-mmproj.gguf"));
    gguf::Writer w;
    for (const auto& [key, value] : src->metadata()) w.set(std::string(key), gguf::WriteValue::copyOf(value));
    edit(w);
    for (const gguf::TensorInfo& t : src->tensors())
        if (t.name != drop)
            w.addTensor(t.name, t.type, std::vector<uint64_t>(t.ne.begin(), t.ne.begin() + t.nDims),
                        std::vector<uint8_t>(t.data, t.data + t.nBytes));
    const std::string path = test::tmpPath(name);
    w.write(path);
    return path;
}

} // namespace

class TestVisionEncoder : public QObject {
    Q_OBJECT

  private slots:
    void readsSmolVlmParams();
    void matchesLlamaCppEmbeddings();
    void matchesLlamaCppPreprocessing_data();
    void matchesLlamaCppPreprocessing();
    void matchesLlamaCppGemma3_data();
    void matchesLlamaCppGemma3();
    void embedsWholeImages_data();
    void embedsWholeImages();
    void refusesOtherProjectors();
    void refusesBadImages();
    void refusesHostileFiles_data();
    void refusesHostileFiles();
};

void TestVisionEncoder::readsSmolVlmParams() {
    auto file = gguf::File::open(test::dataPath("vision/smolvlm-tiny-mmproj.gguf"));
    const vision::VisionParams p = vision::readVisionParams(*file);
    QCOMPARE(p.projectorName, std::string("idefics3"));
    QCOMPARE(p.imageSize, 32);
    QCOMPARE(p.patchSize, 8);
    QCOMPARE(p.scaleFactor, 2);
    QCOMPARE(p.tokensPerImage(), 4); // llama.cpp: 4 image tokens per chunk (smolvlm-tiny-tiny-32.json)
    QCOMPARE(p.projectionDim, 64);
    QCOMPARE(p.mean[1], 0.45f);
    QCOMPARE(p.std[2], 0.6f);
    vision::checkTextModelWidth(p, 64); // stories260K, the goldens' text model
    try {
        vision::checkTextModelWidth(p, 576); // SmolVLM-256M's text width
        QFAIL("a 64-wide projector was paired with a 576-wide text model");
    } catch (const Error& e) {
        QVERIFY2(std::string(e.what()).find("embeddings 64 wide, but the text model's embeddings are 576") !=
                     std::string::npos,
                 e.what());
    }
}

// tiny-32.png is exactly the encoder's size, so llama.cpp's tile and overview are the image itself
// (its two chunks are identical); both chunks are checked.
void TestVisionEncoder::matchesLlamaCppEmbeddings() {
    auto file = gguf::File::open(test::dataPath("vision/smolvlm-tiny-mmproj.gguf"));
    const vision::VisionParams p = vision::readVisionParams(*file);
    compute::CpuBackend cpu(2);
    vision::VisionEncoder encoder(*file, p, cpu);
    const vision::RgbImage image = loadPng(test::dataPath("vision/tiny-32.png"));
    QCOMPARE(image.width, 32);
    std::vector<float> ours;
    encoder.encode(vision::normalize(image, p), ours);
    const std::vector<float> ref = test::readF32(test::dataPath("vision/smolvlm-tiny-tiny-32.f32"));
    const size_t width = 64, tokens = 4;
    QCOMPARE(ours.size(), tokens * width);
    QCOMPARE(ref.size(), 2 * tokens * width);
    for (size_t chunk = 0; chunk < 2; ++chunk) {
        const Agreement a = compare(ours.data(), ref.data() + chunk * tokens * width, tokens, width);
        qInfo("chunk %zu: worst cosine %.7f, max-abs %.5f (largest value %.3f)", chunk, a.cosine, a.maxAbs,
              a.scale);
        QVERIFY2(a.cosine > 0.99999, "cosine below 0.99999");
        QVERIFY2(a.maxAbs < 0.002 * a.scale, "max-abs above 0.2% of the largest value");
    }
    // A second encode of the same image gives the same values (buffers and KV cache are reused).
    std::vector<float> again;
    encoder.encode(vision::normalize(image, p), again);
    QCOMPARE(again, ours);
}

void TestVisionEncoder::matchesLlamaCppPreprocessing_data() {
    QTest::addColumn<QString>("mmproj");
    QTest::addColumn<QString>("image");
    QTest::addColumn<QString>("golden");
    QTest::addColumn<int>("rows");
    QTest::addColumn<int>("cols");
    // Downscaled to 32 with black padding, and a 32-px overview from 70x40.
    QTest::newRow("wide 70x40, 1x1") << "smolvlm-tiny-mmproj.gguf"
                                     << "wide-70x40.png"
                                     << "smolvlm-tiny-wide-70x40" << 1 << 1;
    // Upscaled to 64x64 (2x2 tiles), padded rows, a downscaled overview.
    QTest::newRow("wide 70x40, 2x2") << "smolvlm-tiny-tiles-mmproj.gguf"
                                     << "wide-70x40.png"
                                     << "smolvlm-tiles-wide-70x40" << 2 << 2;
    // Upscaled to 32x64 (2 rows of 1), an upscaled overview.
    QTest::newRow("tall 20x50, 2x1") << "smolvlm-tiny-tiles-mmproj.gguf"
                                     << "tall-20x50.png"
                                     << "smolvlm-tiles-tall-20x50" << 2 << 1;
    // Upscaled 32 -> 64 (2x2), the overview the image itself.
    QTest::newRow("tiny 32, 2x2") << "smolvlm-tiny-tiles-mmproj.gguf"
                                  << "tiny-32.png"
                                  << "smolvlm-tiles-tiny-32" << 2 << 2;
    // Odd sizes: a larger image scaled down into 2x2 tiles, and a 3x2 speck blown up to 64x64.
    QTest::newRow("large 161x97, 2x2") << "smolvlm-tiny-tiles-mmproj.gguf"
                                       << "large-161x97.png"
                                       << "smolvlm-tiles-large-161x97" << 2 << 2;
    QTest::newRow("speck 3x2, 2x2") << "smolvlm-tiny-tiles-mmproj.gguf"
                                    << "speck-3x2.png"
                                    << "smolvlm-tiles-speck-3x2" << 2 << 2;
    // F16 matrices and patch kernel (real files' type; llama.cpp rounds the pixels to f16 in im2col).
    QTest::newRow("f16 wide 70x40, 2x2") << "smolvlm-tiny-tiles-f16-mmproj.gguf"
                                         << "wide-70x40.png"
                                         << "smolvlm-tiles-f16-wide-70x40" << 2 << 2;
}

// Every chunk llama.cpp encodes (tiles row by row, then the overview) against ours, and the
// tiles' row/column markers against the text chunks it put before them.
void TestVisionEncoder::matchesLlamaCppPreprocessing() {
    QFETCH(QString, mmproj);
    QFETCH(QString, image);
    QFETCH(QString, golden);
    QFETCH(int, rows);
    QFETCH(int, cols);
    auto file = gguf::File::open(test::dataPath("vision/" + mmproj.toStdString()));
    const vision::VisionParams p = vision::readVisionParams(*file);
    compute::CpuBackend cpu(2);
    vision::VisionEncoder encoder(*file, p, cpu);
    const vision::Idefics3Input in =
        vision::preprocessIdefics3(loadPng(test::dataPath("vision/" + image.toStdString())), p);
    QCOMPARE(in.rows, rows);
    QCOMPARE(in.cols, cols);
    if (!golden.contains("f16")) { // the F16 file reads the same pixels as its F32 twin
        std::vector<const std::vector<float>*> inputs;
        for (const std::vector<float>& t : in.tiles) inputs.push_back(&t);
        inputs.push_back(&in.overview);
        checkPixels(inputs, golden.toStdString());
    }
    const std::vector<float> ref = test::readF32(test::dataPath("vision/" + golden.toStdString() + ".f32"));
    const size_t width = 64, tokens = 4, images = in.tiles.size() + 1;
    QCOMPARE(ref.size(), images * tokens * width);
    for (size_t i = 0; i < images; ++i) {
        std::vector<float> ours;
        encoder.encode(i < in.tiles.size() ? in.tiles[i] : in.overview, ours);
        const Agreement a = compare(ours.data(), ref.data() + i * tokens * width, tokens, width);
        qInfo("image %zu: worst cosine %.7f, max-abs %.5f (largest value %.3f)", i, a.cosine, a.maxAbs,
              a.scale);
        QVERIFY2(a.cosine > 0.99999, "cosine below 0.99999");
        QVERIFY2(a.maxAbs < 0.002 * a.scale, "max-abs above 0.2% of the largest value");
    }
    // The markers: llama.cpp's text chunks, their pieces joined, end with ours.
    QFile json(QString::fromStdString(test::dataPath("vision/" + golden.toStdString() + ".json")));
    QVERIFY(json.open(QIODevice::ReadOnly));
    const QJsonArray chunks = QJsonDocument::fromJson(json.readAll()).object()["chunks"].toArray();
    const std::vector<std::string> markers = vision::idefics3Markers(rows, cols);
    QCOMPARE(markers.size(), images + 1);
    size_t tile = 0;
    for (const QJsonValue& c : chunks) {
        if (c.toObject().contains("image_tokens")) {
            ++tile;
            continue;
        }
        if (tile >= in.tiles.size()) break; // the overview's markers are token look-ups (#-1 here)
        QString text;
        for (const QJsonValue& piece : c.toObject()["text"].toArray()) text += piece.toString();
        std::string marker = markers[tile];
        if (marker.rfind("\n", 0) == 0) marker.erase(0, 1); // the piece dump drops control characters
        QVERIFY2(text.endsWith(QString::fromStdString(marker)), qPrintable(text));
    }
}

void TestVisionEncoder::matchesLlamaCppGemma3_data() {
    QTest::addColumn<QString>("image");
    QTest::addColumn<QString>("mmproj");
    QTest::newRow("tiny 32") << "tiny-32"
                             << "gemma3-tiny"; // no resize
    QTest::newRow("wide 70x40") << "wide-70x40"
                                << "gemma3-tiny"; // padded down
    QTest::newRow("tall 20x50") << "tall-20x50"
                                << "gemma3-tiny"; // padded, up
    QTest::newRow("large 161x97") << "large-161x97"
                                  << "gemma3-tiny";
    QTest::newRow("speck 3x2") << "speck-3x2"
                               << "gemma3-tiny";
    QTest::newRow("f16 tall 20x50") << "tall-20x50"
                                    << "gemma3-tiny-f16"; // F16 matrices
}

// Gemma 3's projector (2x2 average pooling, soft-embedding RMS norm, the transposed projection) and
// its fixed-size preprocessing against llama.cpp's one chunk per image.
void TestVisionEncoder::matchesLlamaCppGemma3() {
    QFETCH(QString, image);
    QFETCH(QString, mmproj);
    auto file = gguf::File::open(test::dataPath("vision/" + mmproj.toStdString() + "-mmproj.gguf"));
    const vision::VisionParams p = vision::readVisionParams(*file);
    QVERIFY(p.projector == vision::Projector::Gemma3);
    QCOMPARE(p.tokensPerImage(), 4);
    compute::CpuBackend cpu(2);
    vision::VisionEncoder encoder(*file, p, cpu);
    const std::string name = image.toStdString();
    const std::vector<float> pixels =
        vision::preprocessGemma3(loadPng(test::dataPath("vision/" + name + ".png")), p);
    if (mmproj == "gemma3-tiny" && name != "tiny-32") checkPixels({&pixels}, "gemma3-tiny-" + name);
    std::vector<float> ours;
    encoder.encode(pixels, ours);
    const std::vector<float> ref =
        test::readF32(test::dataPath("vision/" + mmproj.toStdString() + "-" + name + ".f32"));
    QCOMPARE(ours.size(), ref.size());
    const Agreement a = compare(ours.data(), ref.data(), 4, 64);
    qInfo("worst cosine %.7f, max-abs %.5f (largest value %.3f)", a.cosine, a.maxAbs, a.scale);
    QVERIFY2(a.cosine > 0.99999, "cosine below 0.99999");
    QVERIFY2(a.maxAbs < 0.002 * a.scale, "max-abs above 0.2% of the largest value");
    // llama.cpp's chunks: text ending in <start_of_image>, the image, text ending in <end_of_image>.
    QFile json(
        QString::fromStdString(test::dataPath("vision/" + mmproj.toStdString() + "-" + name + ".json")));
    QVERIFY(json.open(QIODevice::ReadOnly));
    const QJsonArray chunks = QJsonDocument::fromJson(json.readAll()).object()["chunks"].toArray();
    QCOMPARE(chunks.size(), 3);
    QStringList texts;
    for (int i : {0, 2}) {
        QString text;
        for (const QJsonValue& piece : chunks[i].toObject()["text"].toArray()) text += piece.toString();
        texts << text;
    }
    QVERIFY2(texts[0].endsWith(vision::kGemma3ImageStart), qPrintable(texts[0]));
    QVERIFY2(texts[1].endsWith(vision::kGemma3ImageEnd), qPrintable(texts[1]));
}

void TestVisionEncoder::embedsWholeImages_data() {
    QTest::addColumn<QString>("mmproj");
    QTest::addColumn<QString>("image");
    QTest::addColumn<QString>("golden");
    QTest::addColumn<int>("pieces");
    QTest::newRow("smolvlm 2x1") << "smolvlm-tiny-tiles-mmproj.gguf"
                                 << "tall-20x50.png"
                                 << "smolvlm-tiles-tall-20x50" << 3;
    QTest::newRow("gemma3") << "gemma3-tiny-mmproj.gguf"
                            << "large-161x97.png"
                            << "gemma3-tiny-large-161x97" << 1;
}

// embedImage gives all of llama.cpp's image rows in its order (the whole golden file at once).
void TestVisionEncoder::embedsWholeImages() {
    QFETCH(QString, mmproj);
    QFETCH(QString, image);
    QFETCH(QString, golden);
    QFETCH(int, pieces);
    auto file = gguf::File::open(test::dataPath("vision/" + mmproj.toStdString()));
    compute::CpuBackend cpu(2);
    vision::VisionEncoder encoder(*file, vision::readVisionParams(*file), cpu);
    const vision::ImageEmbedding e =
        vision::embedImage(encoder, loadPng(test::dataPath("vision/" + image.toStdString())));
    QCOMPARE(e.pieces, pieces);
    QCOMPARE(e.markers.size(), size_t(pieces) + 1);
    const std::vector<float> ref = test::readF32(test::dataPath("vision/" + golden.toStdString() + ".f32"));
    QCOMPARE(e.rows.size(), ref.size());
    const Agreement a = compare(e.rows.data(), ref.data(), ref.size() / 64, 64);
    QVERIFY2(a.cosine > 0.99999 && a.maxAbs < 0.002 * a.scale, "the rows differ from llama.cpp's");
}

void TestVisionEncoder::refusesOtherProjectors() {
    auto file = gguf::File::open(test::dataPath("vision/qwen25vl-tiny-mmproj.gguf"));
    try {
        vision::readVisionParams(*file);
        QFAIL("a qwen2.5vl_merger mmproj was accepted");
    } catch (const Error& e) {
        QCOMPARE(e.code(), ErrorCode::UnsupportedArch);
        QVERIFY2(std::string(e.what()).find("'qwen2.5vl_merger' is not supported") != std::string::npos,
                 e.what());
    }
    // A text model is not an mmproj file.
    auto text = gguf::File::open(test::dataPath("models/llama-2-tiny-random.gguf"));
    QVERIFY_THROWS_EXCEPTION(Error, vision::readVisionParams(*text));
}

void TestVisionEncoder::refusesBadImages() {
    auto file = gguf::File::open(test::dataPath("vision/smolvlm-tiny-mmproj.gguf"));
    const vision::VisionParams p = vision::readVisionParams(*file);
    vision::RgbImage huge;
    huge.width = 20000;
    huge.height = 10;
    try {
        vision::normalize(huge, p);
        QFAIL("a 20000-pixel-wide image was accepted");
    } catch (const Error& e) {
        QVERIFY2(std::string(e.what()).find("up to 16384 pixels") != std::string::npos, e.what());
    }
    vision::RgbImage shortBuffer;
    shortBuffer.width = shortBuffer.height = 4;
    shortBuffer.rgb.resize(10);
    QVERIFY_THROWS_EXCEPTION(Error, vision::normalize(shortBuffer, p));
    compute::CpuBackend cpu(1);
    vision::VisionEncoder encoder(*file, p, cpu);
    std::vector<float> out;
    QVERIFY_THROWS_EXCEPTION(Error, encoder.encode(std::vector<float>(10), out));
}

void TestVisionEncoder::refusesHostileFiles_data() {
    QTest::addColumn<QString>("key");
    QTest::addColumn<int>("value");
    QTest::addColumn<QString>("drop");
    QTest::addColumn<QString>("sentence");
    QTest::newRow("heads") << "clip.vision.attention.head_count" << 3 << ""
                           << "not a multiple of the 3 heads";
    QTest::newRow("patch") << "clip.vision.patch_size" << 7 << ""
                           << "not a multiple of the patch size 7";
    QTest::newRow("scale") << "clip.vision.projector.scale_factor" << 3 << ""
                           << "scale factor 3 does not divide";
    QTest::newRow("huge") << "clip.vision.image_size" << 16384 << ""
                          << "beyond what SmolDesk runs";
    QTest::newRow("width") << "clip.vision.embedding_length" << 48 << ""
                           << "has the unexpected shape";
    QTest::newRow("text width") << "clip.vision.projection_dim" << 96 << ""
                                << "'mm.model.fc.weight' has the unexpected shape";
    QTest::newRow("missing") << "" << 0 << "v.blk.1.ffn_down.weight"
                             << "lacks the tensor 'v.blk.1.ffn_down.weight'";
    QTest::newRow("no mean") << "" << 0 << ""
                             << "";
}

// Each broken file is refused in one sentence naming the key or tensor, before any compute.
void TestVisionEncoder::refusesHostileFiles() {
    QFETCH(QString, key);
    QFETCH(int, value);
    QFETCH(QString, drop);
    QFETCH(QString, sentence);
    const std::string path = editedMmproj(
        [&](gguf::Writer& w) {
            if (!key.isEmpty()) w.set(key.toStdString(), gguf::WriteValue::u32(static_cast<uint32_t>(value)));
            if (sentence.isEmpty()) w.set("clip.vision.image_mean", gguf::WriteValue::f32s({0.5f, 0.5f}));
        },
        drop.toStdString(), "hostile.gguf");
    if (sentence.isEmpty()) sentence = "must hold 3 values";
    auto file = gguf::File::open(path);
    try {
        const vision::VisionParams p = vision::readVisionParams(*file);
        compute::CpuBackend cpu(1);
        vision::VisionEncoder encoder(*file, p, cpu);
        QFAIL("the broken file was accepted");
    } catch (const Error& e) {
        QVERIFY2(std::string(e.what()).find(sentence.toStdString()) != std::string::npos, e.what());
    }
}

QTEST_GUILESS_MAIN(TestVisionEncoder)
#include "test_vision_encoder.moc"
