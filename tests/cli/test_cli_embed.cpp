// smoldesk-cli embed end to end: vectors against llama.cpp's goldens (tests/data/embed), the
// plain and JSON outputs, and its refusals as one sentence with a non-zero exit.
#include "program_run.h"
#include "require_all.h"
#include "test_data.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QtTest>

#include <cmath>

using namespace smoldesk;

namespace {
using Result = test::ProgramRun;
Result cli(const QStringList& args, const QString& vkDevice = {}) {
    return test::runProgram(SMOLDESK_CLI, args, {},
                            vkDevice.isEmpty() ? QStringList{} : QStringList{"SMOLDESK_VK_DEVICE=" + vkDevice});
}
QString data(const std::string& rel) {
    return QString::fromStdString(test::dataPath(rel));
}
QJsonObject goldenRun(const QString& model, int index) {
    const QJsonDocument doc = QJsonDocument::fromJson(QByteArray::fromStdString(
        test::readText(test::dataPath("embed/" + model.toStdString() + ".embd.json"))));
    return doc.object().value("runs").toArray().at(index).toObject();
}
double cosine(const QJsonArray& a, const QJsonArray& b) {
    double ab = 0, aa = 0, bb = 0;
    for (qsizetype i = 0; i < a.size(); ++i) {
        const double x = a[i].toDouble(), y = b[i].toDouble();
        ab += x * y, aa += x * x, bb += y * y;
    }
    return ab / std::sqrt(aa * bb);
}
} // namespace

class TestCliEmbed : public QObject {
    Q_OBJECT
  private slots:
    // Every prompt of each model in one call, normalised, against llama-embedding one by one.
    void jsonMatchesLlamaCpp_data() {
        QTest::addColumn<QString>("model");
        QTest::newRow("bert") << "bert-tiny";
        QTest::newRow("nomic-bert") << "nomic-bert-tiny";
        QTest::newRow("qwen3") << "qwen3-embed-tiny";
    }
    void jsonMatchesLlamaCpp() {
        QFETCH(QString, model);
        const QJsonObject run = goldenRun(model, 1); // file pooling, normalised, one by one
        QStringList args{
            "embed", "-m", data("embed/" + model.toStdString() + ".gguf"), "--normalize", "--json",
            "-t",    "1"};
        for (const QJsonValue& p : run.value("prompts").toArray()) args << p.toString();
        const Result r = cli(args);
        QVERIFY2(r.code == 0, r.err.constData());
        const QJsonObject out = QJsonDocument::fromJson(r.out).object();
        QCOMPARE(out.value("dimension").toInt(), 32);
        const QJsonArray got = out.value("data").toArray(), want = run.value("embeddings").toArray();
        QCOMPARE(got.size(), want.size());
        for (qsizetype i = 0; i < got.size(); ++i) {
            const QJsonArray v = got[i].toObject().value("embedding").toArray();
            QCOMPARE(v.size(), 32);
            QVERIFY2(cosine(v, want[i].toArray()) >= 0.9999, qPrintable(run.value("prompts")[i].toString()));
        }
    }

    // --backend vulkan on lavapipe (chosen by name: automatic selection never takes a CPU-type
    // device) gives llama.cpp's vectors too.
    void vulkanMatchesLlamaCpp() {
        const QJsonObject run = goldenRun("bert-tiny", 1);
        QStringList args{"embed",     "-m",    data("embed/bert-tiny.gguf"), "--normalize", "--json",
                         "--backend", "vulkan"};
        for (const QJsonValue& p : run.value("prompts").toArray()) args << p.toString();
        const Result r = cli(args, "llvmpipe");
        QVERIFY2(r.code == 0, r.err.constData());
        const QJsonObject out = QJsonDocument::fromJson(r.out).object();
        if (!out.value("device").toString().contains("Vulkan"))
            SMOLDESK_SKIP_OR_FAIL(r.err.trimmed().constData());
        const QJsonArray got = out.value("data").toArray(), want = run.value("embeddings").toArray();
        QCOMPARE(got.size(), want.size());
        for (qsizetype i = 0; i < got.size(); ++i)
            QVERIFY(cosine(got[i].toObject().value("embedding").toArray(), want[i].toArray()) >= 0.9999);
    }

    // Plain output: one line of 32 numbers per text.
    void plainLines() {
        const Result r = cli({"embed", "-m", data("embed/bert-tiny.gguf"), "hello world", "a"});
        QCOMPARE(r.code, 0);
        const QList<QByteArray> lines = r.out.trimmed().split('\n');
        QCOMPARE(lines.size(), 2);
        QCOMPARE(lines[0].split(' ').size(), 32);
    }

    void refusals_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<int>("code");
        QTest::addColumn<QString>("needle");
        QTest::newRow("chat model") << QStringList{"-m", data("models/smollm3-tiny.gguf"), "x"} << 2
                                    << "not an embedding model";
        QTest::newRow("empty text") << QStringList{"-m", data("embed/bert-tiny.gguf"), "a", ""} << 1
                                    << "Text 2 is empty";
        QTest::newRow("over the context")
            << QStringList{"-m", data("embed/bert-tiny.gguf"), "--ctx", "4", "a b c d e"} << 4
            << "more than the model's context of 4";
        QTest::newRow("no text") << QStringList{"-m", data("embed/bert-tiny.gguf")} << 1
                                 << "at least one text";
        QTest::newRow("bad backend") << QStringList{"-m", data("embed/bert-tiny.gguf"), "--backend", "cuda",
                                                    "a"}
                                     << 1 << "--backend takes cpu or vulkan";
        QTest::newRow("bad pooling") << QStringList{"-m", data("embed/bert-tiny.gguf"), "--pooling", "max",
                                                    "a"}
                                     << 1 << "--pooling must be";
    }
    void refusals() {
        QFETCH(QStringList, args);
        QFETCH(int, code);
        QFETCH(QString, needle);
        const Result r = cli(QStringList{"embed"} + args);
        QCOMPARE(r.code, code);
        QVERIFY2(r.err.contains(needle.toUtf8()), r.err.constData());
        QCOMPARE(r.err.trimmed().count('\n'), 0); // one sentence
        QVERIFY(r.out.isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestCliEmbed)
#include "test_cli_embed.moc"
