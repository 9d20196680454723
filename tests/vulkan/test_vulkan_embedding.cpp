// Embedding models on the Vulkan backend (lavapipe in CI) against llama.cpp's goldens, the same
// check as the CPU's (tests/model/embedding_check.h): LayerNorm with bias, GELU, bidirectional
// attention in both attention shaders (a 12-token prompt takes the tiled prompt kernel, 3 tokens
// the decode kernel), NeoX rotary, SwiGLU, F16 matrices, and a qwen3 decoder embedder.
#include "../model/embedding_check.h"
#include "require_all.h"
#include "vulkan_test_util.h"

#include <QtTest>

using namespace smoldesk;
using namespace smoldesk::test;

class VulkanEmbeddingTest : public QObject {
    Q_OBJECT

  private slots:
    void goldens_data() {
        QTest::addColumn<QString>("model");
        QTest::newRow("bert") << "bert-tiny";
        QTest::newRow("nomic-bert") << "nomic-bert-tiny";
        QTest::newRow("qwen3-last") << "qwen3-embed-tiny";
    }

    void goldens() {
        if (vulkanTestDevice() < 0) SMOLDESK_SKIP_OR_FAIL(whyNoVulkanTestDevice().c_str());
        QFETCH(QString, model);
        auto backend = makeVulkanBackend();
        const EmbeddingWorst w = checkEmbeddingGoldens(*backend, model.toStdString());
        qInfo("%s on %s: worst cosine %.8f, worst max-abs %.2f of the tolerance", qPrintable(model),
              backend->deviceName().c_str(), w.cosine, w.maxAbs);
        QVERIFY2(w.cosine >= 0.9999, "cosine below 0.9999");
        QVERIFY2(w.maxAbs <= 1.0, "max-abs beyond the tolerance");
    }
};

QTEST_APPLESS_MAIN(VulkanEmbeddingTest)
#include "test_vulkan_embedding.moc"
