// Issue 38 in the app: speculative decoding per model in the settings (Auto / Off / a draft model),
// what a load asks the worker for, and the answer's speed line with the guesses kept.
#include "answer_stats.h"
#include "app_settings.h"

#include <QTemporaryDir>
#include <QTest>

using namespace smoldesk::app;

class TestSpeculationSettings : public QObject {
    Q_OBJECT
  private slots:
    void perModelChoiceBecomesTheLoadRequest() {
        QTemporaryDir dir;
        AppSettings s(dir.filePath(QStringLiteral("settings.ini")));
        const QString big = QStringLiteral("/models/Qwen3-8B-Q4_K_M.gguf");
        const QString other = QStringLiteral("/models/SmolLM3-3B-Q4_K_M.gguf");
        QCOMPARE(s.speculationFor(big), QStringLiteral("auto")); // on by default, where it pays
        s.selectModel(big, QStringLiteral("qwen3"));
        QCOMPARE(s.speculation(), QStringLiteral("auto"));
        s.setSpeculation(QStringLiteral("draft"));
        // Draft without a file yet: the n-gram lookup goes on meanwhile.
        QCOMPARE(s.speculationFor(big), QStringLiteral("auto"));
        s.setDraftModelUrl(QUrl::fromLocalFile(QStringLiteral("/models/Qwen3-0.6B-Q8_0.gguf")));
        QCOMPARE(s.draftModel(), QStringLiteral("/models/Qwen3-0.6B-Q8_0.gguf"));
        QCOMPARE(s.speculationFor(big), QStringLiteral("draft:/models/Qwen3-0.6B-Q8_0.gguf"));
        // Another model keeps its own choice.
        QCOMPARE(s.speculationFor(other), QStringLiteral("auto"));
        s.selectModel(other, QStringLiteral("smollm3"));
        s.setSpeculation(QStringLiteral("off"));
        QCOMPARE(s.speculationFor(other), QStringLiteral("off"));
        QCOMPARE(s.speculationFor(big), QStringLiteral("draft:/models/Qwen3-0.6B-Q8_0.gguf"));
        // Anything else written to the file reads as automatic.
        s.setSpeculation(QStringLiteral("fast"));
        QCOMPARE(s.speculation(), QStringLiteral("auto"));
        // Reset gives the default back.
        s.resetModelSettings();
        QCOMPARE(s.speculationFor(other), QStringLiteral("auto"));
    }

    void speedLineTellsTheGuessesKept() {
        AnswerStats a;
        a.tokensPerSecond = 12.5;
        a.firstTokenMs = 80;
        a.tokens = 48;
        a.reason = QStringLiteral("end");
        QVERIFY2(!a.text().contains(QLatin1String("guessed")), qPrintable(a.text()));
        // Without speculation the stored form is the one older answers have.
        QVERIFY(!a.toStored().contains(QLatin1String("proposed")));
        a.proposedTokens = 40;
        a.acceptedTokens = 31;
        QVERIFY2(a.text().contains(QLatin1String("31 of 40 guessed tokens kept")), qPrintable(a.text()));
        const std::optional<AnswerStats> back = AnswerStats::fromStored(a.toStored());
        QVERIFY(back);
        QCOMPARE(back->proposedTokens, 40);
        QCOMPARE(back->acceptedTokens, 31);
        QCOMPARE(AnswerStats::display(a.toStored()), a.text());
    }
};

QTEST_GUILESS_MAIN(TestSpeculationSettings)
#include "test_speculation_settings.moc"
