// The engine's English sentences about devices and GPU fallback are shown in the UI's language,
// with their specifics (device name, sizes) kept; unknown sentences stay as they are.
#include "worker/engine_text.h"

#include <QTest>
#include <QTranslator>

using namespace smoldesk::app;

class TestEngineText : public QObject {
    Q_OBJECT
    QTranslator translator_;

    void use(const char* lang) {
        QCoreApplication::removeTranslator(&translator_);
        QVERIFY(translator_.load(QStringLiteral(":/i18n/smoldesk_%1.qm").arg(QLatin1String(lang))));
        QCoreApplication::installTranslator(&translator_);
    }

  private slots:
    void german() {
        use("de");
        QCOMPARE(EngineText::translate(
                     QStringLiteral("The only Vulkan device is 'llvmpipe (LLVM 15.0.6, 256 bits)', "
                                    "a CPU implementation slower than SmolDesk's own CPU backend.")),
                 QStringLiteral("Das einzige Vulkan-Gerät ist „llvmpipe (LLVM 15.0.6, 256 bits)“, eine "
                                "CPU-Implementierung, langsamer als SmolDesks eigenes CPU-Backend."));
        QCOMPARE(EngineText::translate(
                     QStringLiteral("The GPU 'Radeon' has 1.5 GB available, the model needs 2.1 GB.")),
                 QStringLiteral("Die GPU „Radeon“ hat 1.5 GB frei, das Modell braucht 2.1 GB."));
    }
    void frenchNested() {
        use("fr");
        QCOMPARE(
            EngineText::translate(QStringLiteral(
                "The GPU could not take the model (No Vulkan GPU is available.), so the CPU is used.")),
            QStringLiteral(
                "Le GPU n’a pas pu accueillir le modèle (Aucun GPU Vulkan n’est disponible.)\u00a0; le CPU "
                "est donc utilisé."));
    }
    // The status bar's device line (CpuBackend::deviceName), singular and plural.
    void cpuDeviceLine() {
        use("fr");
        QCOMPARE(EngineText::translate(QStringLiteral("CPU (2 threads, avx512)")),
                 QStringLiteral("CPU (2 fils d’exécution, avx512)"));
        use("de");
        QCOMPARE(EngineText::translate(QStringLiteral("CPU (1 thread, avx2)")),
                 QStringLiteral("CPU (1 Thread, avx2)"));
        QCOMPARE(EngineText::translate(QStringLiteral("CPU (8 threads, scalar)")),
                 QStringLiteral("CPU (8 Threads, scalar)"));
    }
    // A model split by layers between the GPU and the CPU: the device line and the load's note.
    void splitDeviceLine() {
        use("de");
        QCOMPARE(
            EngineText::translate(QStringLiteral("Radeon RX 6600 (Vulkan), 24 of 36 layers on the GPU, the "
                                                 "rest on CPU (8 threads, avx2)")),
            QStringLiteral("Radeon RX 6600 (Vulkan), 24 von 36 Schichten auf der GPU, der Rest auf CPU (8 "
                           "Threads, avx2)"));
        use("fr");
        QCOMPARE(
            EngineText::translate(QStringLiteral("Arc A380 (Vulkan), 48 of 48 layers on the GPU, the experts "
                                                 "of 12 on the CPU, the rest on CPU (1 thread, avx2)")),
            QStringLiteral("Arc A380 (Vulkan), 48 couches sur 48 sur le GPU, les experts de 12 sur le CPU, "
                           "le reste sur CPU (1 fil d’exécution, avx2)"));
        QCOMPARE(
            EngineText::translate(QStringLiteral(
                "The model needs 2.6 GB of GPU memory but the GPU has 1.6 GB free, so it is split: 18 of 36 "
                "layers on the GPU, the rest on the CPU.")),
            QStringLiteral(
                "Le modèle a besoin de 2.6 GB de mémoire GPU mais le GPU n’en a que 1.6 GB de "
                "libre\u00a0; il est donc partagé\u00a0: 18 couches sur 36 sur le GPU, le reste sur "
                "le CPU."));
    }
    void unknownStaysAsItIs() {
        use("fr");
        const QString s = QStringLiteral("vkQueueSubmit failed: VK_ERROR_DEVICE_LOST.");
        QCOMPARE(EngineText::translate(s), s);
    }
};

QTEST_GUILESS_MAIN(TestEngineText)
#include "test_engine_text.moc"
