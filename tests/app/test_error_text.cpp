// Load errors read as one specific sentence plus one action (issue 12, defect 6): no sentence
// said twice, no byte offsets, the sizes of a truncated file; the model panel shows only facts
// that were read from a bad file.
#include "worker/engine_error.h"
#include "worker/error_text.h"
#include "worker/model_facts.h"

#include "common/error.h"
#include "test_data.h"
#include "tiny_model.h"

#include <QFile>
#include <QFileInfo>
#include <QLocale>
#include <QTest>

using namespace smoldesk;
using namespace smoldesk::app;

namespace {
QString writeFile(const char* name, const QByteArray& bytes) {
    const QString p = QString::fromStdString(test::tmpPath(name));
    QFile f(p);
    if (!f.open(QIODevice::WriteOnly)) return {};
    f.write(bytes);
    return p;
}
QString demo() {
    return QString::fromStdString(test::demoModelPath());
}
QByteArray demoBytes() {
    QFile f(demo());
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}
// What the user reads for a file the panel inspected.
QString sentenceFor(const QString& path) {
    const ModelFacts f = readModelFacts(path);
    return f.hasError() ? describeError(f.error) : QString();
}
// One sentence: a single full stop at the end, nothing said twice, no engine internals.
void verifyOneSentence(const QString& s) {
    QVERIFY2(!s.isEmpty(), "no error");
    QVERIFY2(s.endsWith(QLatin1Char('.')), qPrintable(s));
    QVERIFY2(s.count(QLatin1String(". ")) == 0, qPrintable(s));
    QVERIFY2(!s.contains(QLatin1String("offset")), qPrintable(s));
    QVERIFY2(!s.contains(QLatin1String("claims")), qPrintable(s));
}
} // namespace

class TestErrorText : public QObject {
    Q_OBJECT

  private slots:
    void initTestCase() { QLocale::setDefault(QLocale(QLocale::English)); }

    void notGguf() {
        const QString s =
            sentenceFor(writeFile("app_err_text.gguf", QByteArray("plain text\n").repeated(40)));
        verifyOneSentence(s);
        QCOMPARE(s,
                 QStringLiteral("This is not a GGUF model file: it does not start with the bytes “GGUF”."));
        QCOMPARE(errorAction(int(ErrorCode::NotGguf)), QStringLiteral("Choose a .gguf model file."));
        QCOMPARE(sentenceFor(writeFile("app_err_empty.gguf", QByteArray())),
                 QStringLiteral("The file is empty, so it is not a model."));
    }

    void truncatedInTheData() {
        const QByteArray all = demoBytes();
        const qint64 keep = all.size() / 2;
        const QString s = sentenceFor(writeFile("app_err_half.gguf", all.left(keep)));
        verifyOneSentence(s);
        QVERIFY2(s.startsWith(QLatin1String("The file is truncated: at least ")), qPrintable(s));
        QVERIFY2(s.contains(QStringLiteral("bytes expected, %1 present").arg(QLocale().toString(keep))),
                 qPrintable(s));
        QVERIFY2(s.contains(QLatin1String("the download was probably interrupted")), qPrintable(s));
        const ModelFacts f = readModelFacts(QString::fromStdString(test::tmpPath("app_err_half.gguf")));
        QCOMPARE(f.error.code, int(ErrorCode::Truncated));
        QVERIFY(f.error.expectedBytes > keep && f.error.expectedBytes <= all.size());
    }

    // Cut inside the metadata: the reader says "corrupt ... claims N elements"; users read "truncated".
    void truncatedInTheHeader() {
        const QString s = sentenceFor(writeFile("app_err_head.gguf", demoBytes().left(600)));
        verifyOneSentence(s);
        QCOMPARE(s, QStringLiteral("The file is truncated: it ends after 600 bytes, inside its header — the "
                                   "download was probably interrupted."));
    }

    void missingFile() {
        const QString s = sentenceFor(QStringLiteral("/nonexistent/dir/model.gguf"));
        verifyOneSentence(s);
        QCOMPARE(s, QStringLiteral("The file model.gguf does not exist."));
    }

    void unsupportedArchitecture() {
        test::TinyModelSpec spec;
        spec.arch = "mamba2";
        const QString s =
            sentenceFor(QString::fromStdString(test::writeTinyModel(spec, "app_err_mamba2.gguf")));
        verifyOneSentence(s);
        QVERIFY2(s.startsWith(QStringLiteral("The architecture “mamba2” is not supported (supported: ")),
                 qPrintable(s));
        QVERIFY2(s.contains(QLatin1String("llama")), qPrintable(s));
        QCOMPARE(s.count(QLatin1String("supported")), 2);
    }

    void unsupportedTensorType() {
        test::TinyModelSpec spec;
        spec.skipTensor = "blk.0.attn_q.weight";
        spec.edit = [](gguf::Writer& w) {
            // 64 x 64 in NVFP4 (read, not computed): 1 block of 36 bytes per row.
            w.addTensor("blk.0.attn_q.weight", quant::Type::NVFP4, {64, 64}, std::vector<uint8_t>(64 * 36));
        };
        const QString s = sentenceFor(QString::fromStdString(test::writeTinyModel(spec, "app_err_iq.gguf")));
        verifyOneSentence(s);
        QCOMPARE(s, QStringLiteral("The tensor type NVFP4 is not supported."));
    }

    void notEnoughMemory() {
        const ModelFacts f = readModelFacts(demo());
        QVERIFY(!f.hasError());
        QVERIFY(!checkBeforeLoad(f, 0, 1LL << 40)); // plenty: no error
        const auto e = checkBeforeLoad(f, 2048, 1000);
        QVERIFY(e.has_value());
        QCOMPARE(e->code, int(ErrorCode::OutOfMemory));
        const QString s = describeError(*e);
        verifyOneSentence(s);
        QVERIFY2(s.startsWith(QLatin1String("Not enough memory: the model needs ")), qPrintable(s));
        QVERIFY2(s.endsWith(QLatin1String(" are free.")), qPrintable(s));
    }

    // The engine's own sentence stays available for the log and the diagnostics.
    void engineSentenceIsKept() {
        const Error err(ErrorCode::Corrupt, "The array 'tokenizer.ggml.tokens' at byte offset 566 claims 512 "
                                            "elements, more than the rest of the file can hold.");
        const EngineError e = engineErrorFrom(err, demo());
        QCOMPARE(e.code, int(ErrorCode::Truncated));
        QVERIFY(e.message.contains(QLatin1String("byte offset 566")));
        QVERIFY(!describeError(e).contains(QLatin1String("offset")));
    }

    // A file that does not open has a name, a size and an error, and nothing invented.
    void panelShowsOnlyWhatIsKnown() {
        const QString bad = writeFile("app_err_panel.gguf", QByteArray("plain text\n").repeated(40));
        const QVariantMap m = factsToVariant(readModelFacts(bad), 0, 8LL << 30);
        QCOMPARE(m.value("fileName").toString(), QFileInfo(bad).fileName());
        QVERIFY(!m.value("fileSize").toString().isEmpty());
        QVERIFY(!m.value("error").toString().isEmpty());
        QVERIFY(m.value("parameters").toString().isEmpty());
        QVERIFY(m.value("quantMix").toString().isEmpty());
        QVERIFY(m.value("promptMode").toString().isEmpty());
        QVERIFY(!m.value("templateKnown").toBool());
        QVERIFY(!m.value("estimable").toBool());
        QVERIFY(m.value("weights").toString().isEmpty());
        QCOMPARE(m.value("verdict").toString(), QStringLiteral("unknown"));

        const QVariantMap good = factsToVariant(readModelFacts(demo()), 0, 8LL << 30);
        QVERIFY(good.value("error").toString().isEmpty());
        QCOMPARE(good.value("promptMode").toString(), QStringLiteral("continuation"));
        QVERIFY(good.value("estimable").toBool());
        QCOMPARE(good.value("verdict").toString(), QStringLiteral("fits"));
    }
};

QTEST_GUILESS_MAIN(TestErrorText)
#include "test_error_text.moc"
