// The vision encoder on the Vulkan backend (lavapipe in CI): the same forward pass as the CPU, run
// against llama.cpp's image embeddings for the tiny SmolVLM (tiles, row copies of the pixel shuffle)
// and Gemma 3 (pooling by copies and adds, RMS norm, the transposed projection) files; and image
// prompts (the text model and the encoder both on the device) against llama.cpp's logits.
#include "../vision/prompt_check.h"
#include "../vision/vision_check.h"
#include "compute/vulkan/backend_impl.h"
#include "gguf/file.h"
#include "require_all.h"
#include "test_data.h"
#include "vision/mmproj.h"
#include "vision/vision_encoder.h"
#include "vulkan_test_util.h"

#include <QtTest>

using namespace smoldesk;

class VulkanVisionTest : public QObject {
    Q_OBJECT

  private slots:
    void goldens_data() {
        QTest::addColumn<QString>("mmproj");
        QTest::addColumn<QString>("image");
        QTest::addColumn<QString>("golden");
        QTest::newRow("smolvlm 2x2") << "smolvlm-tiny-tiles-mmproj.gguf"
                                     << "wide-70x40.png"
                                     << "smolvlm-tiles-wide-70x40";
        QTest::newRow("gemma3") << "gemma3-tiny-mmproj.gguf"
                                << "tall-20x50.png"
                                << "gemma3-tiny-tall-20x50";
    }

    void goldens() {
        if (test::vulkanTestDevice() < 0) SMOLDESK_SKIP_OR_FAIL(test::whyNoVulkanTestDevice().c_str());
        QFETCH(QString, mmproj);
        QFETCH(QString, image);
        QFETCH(QString, golden);
        auto backend = test::makeVulkanBackend();
        auto file = gguf::File::open(test::dataPath("vision/" + mmproj.toStdString()));
        const vision::VisionParams p = vision::readVisionParams(*file);
        vision::VisionEncoder encoder(*file, p, *backend);
        const vision::RgbImage rgb = test::loadPng(test::dataPath("vision/" + image.toStdString()));
        std::vector<std::vector<float>> inputs;
        if (p.projector == vision::Projector::Gemma3) {
            inputs.push_back(vision::preprocessGemma3(rgb, p));
        } else {
            vision::Idefics3Input in = vision::preprocessIdefics3(rgb, p);
            inputs = std::move(in.tiles);
            inputs.push_back(std::move(in.overview));
        }
        const std::vector<float> ref =
            test::readF32(test::dataPath("vision/" + golden.toStdString() + ".f32"));
        const size_t width = 64, tokens = 4;
        QCOMPARE(ref.size(), inputs.size() * tokens * width);
        for (size_t i = 0; i < inputs.size(); ++i) {
            std::vector<float> ours;
            encoder.encode(inputs[i], ours);
            const test::Agreement a =
                test::compare(ours.data(), ref.data() + i * tokens * width, tokens, width);
            qInfo("%s image %zu on %s: worst cosine %.7f, max-abs %.5f (largest value %.3f)",
                  qPrintable(golden), i, backend->deviceName().c_str(), a.cosine, a.maxAbs, a.scale);
            QVERIFY2(a.cosine > 0.99999, "cosine below 0.99999");
            QVERIFY2(a.maxAbs < 0.002 * a.scale, "max-abs above 0.2% of the largest value");
        }
    }

    // tests/data/vision/README.md: the same goldens and tolerance as test_vision_prompt on the CPU.
    void imagePrompts_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("mmproj");
        QTest::addColumn<QString>("image");
        QTest::addColumn<QString>("golden");
        QTest::addColumn<int>("batch");
        QTest::newRow("smolvlm 2x2 whole") << "smolvlm-text-tiny.gguf"
                                           << "smolvlm-tiny-tiles-mmproj.gguf"
                                           << "wide-70x40.png"
                                           << "smolvlm-prompt-wide-70x40" << 64;
        QTest::newRow("smolvlm 2x2 one by one") << "smolvlm-text-tiny.gguf"
                                                << "smolvlm-tiny-tiles-mmproj.gguf"
                                                << "wide-70x40.png"
                                                << "smolvlm-prompt-wide-70x40" << 1;
        QTest::newRow("gemma3 whole") << "gemma3-text-tiny.gguf"
                                      << "gemma3-tiny-mmproj.gguf"
                                      << "tall-20x50.png"
                                      << "gemma3-prompt-tall-20x50" << 64;
        QTest::newRow("gemma3 by fours") << "gemma3-text-tiny.gguf"
                                         << "gemma3-tiny-mmproj.gguf"
                                         << "tall-20x50.png"
                                         << "gemma3-prompt-tall-20x50" << 4;
    }
    void imagePrompts() {
        if (test::vulkanTestDevice() < 0) SMOLDESK_SKIP_OR_FAIL(test::whyNoVulkanTestDevice().c_str());
        QFETCH(QString, text);
        QFETCH(QString, mmproj);
        QFETCH(QString, image);
        QFETCH(QString, golden);
        QFETCH(int, batch);
        const test::PromptCase c{text.toStdString(), mmproj.toStdString(), image.toStdString(),
                                 golden.toStdString()};
        const test::PromptAgreement a =
            test::checkImagePrompt(c, runtime::BackendChoice::Vulkan, test::vulkanTestDevice(), batch);
        qInfo("%s batch %d: %d rows, worst cosine %.7f, max-abs %.5f (largest %.3f)", qPrintable(golden),
              batch, a.rows, a.cosine, a.maxAbs, a.scale);
        QCOMPARE(a.encodes, 1);
        QVERIFY2(a.cosine > 0.99999, "cosine below 0.99999");
        QVERIFY2(a.maxAbs < 0.005 * a.scale, "max-abs above 0.5% of the largest logit");
    }
};

QTEST_GUILESS_MAIN(VulkanVisionTest)
#include "test_vulkan_vision.moc"
