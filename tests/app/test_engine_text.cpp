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
    void unknownStaysAsItIs() {
        use("fr");
        const QString s = QStringLiteral("vkQueueSubmit failed: VK_ERROR_DEVICE_LOST.");
        QCOMPARE(EngineText::translate(s), s);
    }
};

QTEST_GUILESS_MAIN(TestEngineText)
#include "test_engine_text.moc"
