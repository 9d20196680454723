// smoldesk-cli docs end to end on a copy of the committed corpus with the tiny bert embedder:
// progress lines and the summary, a second run that embeds nothing, search results in plain and
// JSON form citing file and line range, keyword-only search, and bad input refused in one
// sentence with a non-zero exit.
#include "program_run.h"
#include "test_data.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

using namespace smoldesk;

namespace {
using Result = test::ProgramRun;
Result cli(const QStringList& args) {
    return test::runProgram(SMOLDESK_CLI, QStringList{"docs"} + args, {}, {}, 60000);
}
QString model() {
    return QString::fromStdString(test::dataPath("embed/bert-tiny.gguf"));
}
} // namespace

class TestDocsCli : public QObject {
    Q_OBJECT
    QTemporaryDir dir;
    QString docs, db;

  private slots:
    void initTestCase() {
        QVERIFY(dir.isValid());
        docs = dir.filePath("docs");
        db = dir.filePath("library.sqlite");
        const QString src = QString::fromStdString(test::dataPath("docs/corpus"));
        QDir().mkpath(docs + "/sub");
        QDir().mkpath(docs + "/.git");
        for (const char* f : {"guide.md", "notes.txt", "sub/page.html", "sub/tool.py", "sub/blob.bin"})
            QVERIFY(QFile::copy(src + "/" + f, docs + "/" + f));
        QFile hidden(docs + "/.git/HEAD.md");
        QVERIFY(hidden.open(QIODevice::WriteOnly));
        hidden.write("# hidden\n");
    }

    void index() {
        const Result r = cli({"index", "--db", db, "-m", model(), docs});
        QVERIFY2(r.code == 0, r.err.constData());
        const QList<QByteArray> lines = r.err.trimmed().split('\n');
        QCOMPARE(lines.size(), 5); // one progress line per file, .git skipped
        QVERIFY(lines[0].startsWith("[1/5] indexed ") && lines[0].endsWith("guide.md (4 chunks)"));
        QVERIFY(
            r.err.contains("[3/5] failed ") &&
            r.err.contains("blob.bin is not a text file (it contains NUL bytes), so it was not indexed."));
        QVERIFY2(r.out.startsWith(
                     "5 files: 4 indexed, 0 unchanged, 0 moved, 1 failed, 0 removed; 8 chunks embedded"),
                 r.out.constData());
        const Result again = cli({"index", "--db", db, "-m", model(), "--quiet", docs});
        QCOMPARE(again.code, 0);
        QVERIFY(again.err.isEmpty() || again.err.contains("failed")); // --quiet keeps only failures
        QVERIFY2(
            again.out.startsWith("5 files: 0 indexed, 5 unchanged, 0 moved, 0 failed, 0 removed; 0 chunks"),
            again.out.constData());
    }

    void search() {
        const Result r =
            cli({"search", "--db", db, "-m", model(), "--top", "3", "--json", "watering", "can"});
        QVERIFY2(r.code == 0, r.err.constData());
        const QJsonArray hits = QJsonDocument::fromJson(r.out).array();
        QCOMPARE(hits.size(), 3);
        const QJsonObject first = hits[0].toObject();
        QVERIFY(first.value("file").toString().endsWith("/docs/guide.md"));
        QVERIFY(first.value("page").isNull());
        QCOMPARE(first.value("line").toInt(), 15);
        QCOMPARE(first.value("line_end").toInt(), 21);
        QCOMPARE(first.value("heading").toString(), QString("Garden Guide > Tools > Watering"));
        QVERIFY(first.value("text").toString().contains("A watering can"));
        QVERIFY(first.value("score").toDouble() >= hits[1].toObject().value("score").toDouble());

        const Result plain = cli({"search", "--db", db, "-m", model(), "--top", "1", "watering can"});
        QCOMPARE(plain.code, 0);
        QVERIFY2(plain.out.contains("guide.md:15-21  (score ") &&
                     plain.out.contains("\n   Garden Guide > Tools > Watering\n"),
                 plain.out.constData());

        const Result keyword = cli({"search", "--db", db, "--keyword-only", "--json", "croissant"});
        QCOMPARE(keyword.code, 0);
        const QJsonArray k = QJsonDocument::fromJson(keyword.out).array();
        QCOMPARE(k.size(), 1);
        QVERIFY(k[0].toObject().value("file").toString().endsWith("sub/page.html"));
        QCOMPARE(k[0].toObject().value("heading").toString(),
                 QString("Kitchen & Bakery > Caf\u00e9 corner \u2013 coffee"));
    }

    void otherModelFallsBackToKeywords() {
        const Result r = cli({"search", "--db", db, "-m",
                              QString::fromStdString(test::dataPath("embed/nomic-bert-tiny.gguf")), "--json",
                              "croissant"});
        QCOMPARE(r.code, 0);
        QVERIFY2(r.err.contains("note: nothing in") && r.err.contains("the search uses keywords only."),
                 r.err.constData());
        QCOMPARE(QJsonDocument::fromJson(r.out).array().size(), 1);
    }

    void refusals_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<int>("code");
        QTest::addColumn<QString>("sentence");
        QTest::newRow("no subcommand")
            << QStringList{} << 1 << "docs needs a subcommand: add, list, remove, index or search.";
        QTest::newRow("unknown subcommand") << QStringList{"lists"} << 1 << "Unknown docs subcommand 'lists'";
        QTest::newRow("no model") << QStringList{"index", "--library", "x.sqlite", "."} << 1
                                  << "an embedding model (-m FILE.gguf) or --keyword-only";
        QTest::newRow("no library yet")
            << QStringList{"index", "--library", "/no/such.sqlite", "--keyword-only"} << 2
            << "There is no library database at /no/such.sqlite";
        QTest::newRow("add nothing") << QStringList{"add", "--library", "x.sqlite"} << 1
                                     << "docs add needs at least one folder or file.";
        QTest::newRow("add missing") << QStringList{"add", "--library", "x.sqlite", "/no/such/folder"} << 2
                                     << "/no/such/folder does not exist.";
        QTest::newRow("add with a model") << QStringList{"add", "--library", "x.sqlite", "-m", "x.gguf", "."}
                                          << 1 << "docs add takes only --library.";
        QTest::newRow("list no library") << QStringList{"list", "--library", "/no/such.sqlite"} << 2
                                         << "There is no library database at /no/such.sqlite";
        QTest::newRow("missing folder")
            << QStringList{"index", "--db", "x.sqlite", "-m", "x.gguf", "/no/such/folder"} << 2
            << "/no/such/folder does not exist.";
        QTest::newRow("no database yet")
            << QStringList{"search", "--db", "/no/such.sqlite", "--keyword-only", "x"} << 2
            << "There is no library database at /no/such.sqlite";
        QTest::newRow("bad top") << QStringList{"search", "--db", "x", "--keyword-only", "--top", "0", "x"}
                                 << 1 << "--top takes a number from 1 to 1000.";
        QTest::newRow("no model") << QStringList{"search", "--db", "x", "q"} << 1 << "or --keyword-only";
        QTest::newRow("not a model") << QStringList{"index", "--db", "x.sqlite", "-m", SMOLDESK_CLI, "."} << 2
                                     << "not a GGUF file";
    }
    void refusals() {
        QFETCH(QStringList, args);
        QFETCH(int, code);
        QFETCH(QString, sentence);
        const Result r = cli(args);
        QCOMPARE(r.code, code);
        QVERIFY2(r.err.contains(sentence.toUtf8()), r.err.constData());
        QCOMPARE(r.err.trimmed().count('\n'), 0); // one line
    }

    // add, list, index without folders named (the library's), the notes on PDFs, remove.
    void libraryFolders() {
        const QString lib = dir.filePath("folders.sqlite");
        const QString pdfs = dir.filePath("pdfs");
        QDir().mkpath(pdfs);
        for (const char* f : {"manual.pdf", "truncated.pdf"})
            QVERIFY(QFile::copy(QString::fromStdString(test::dataPath(std::string("docs/pdf/") + f)),
                                pdfs + "/" + f));
        Result r = cli({"add", "--library", lib, docs, pdfs});
        QVERIFY2(r.code == 0, r.err.constData());
        QCOMPARE(r.out, QByteArray("added " + QDir(docs).absolutePath().toUtf8() + "\nadded " +
                                   QDir(pdfs).absolutePath().toUtf8() + "\n"));
        r = cli({"index", "--library", lib, "--keyword-only"});
        QVERIFY2(r.code == 0, r.err.constData());
        QVERIFY2(r.out.startsWith("7 files: 5 indexed, 0 unchanged, 0 moved, 2 failed, 0 removed;") &&
                     r.out.contains("chunks indexed (keywords only)"),
                 r.out.constData());
#ifdef SMOLDESK_CLI_HAS_PDF
        QVERIFY2(r.err.contains("manual.pdf (2 chunks; page 2 has no text — scanned?)"), r.err.constData());
        QVERIFY2(r.err.contains("truncated.pdf could not be read: it is not a valid PDF"), r.err.constData());
        const Result hit = cli({"search", "--library", lib, "--keyword-only", "--json", "pruning"});
        QCOMPARE(QJsonDocument::fromJson(hit.out).array().at(0).toObject().value("page").toInt(), 3);
#endif
        r = cli({"list", "--library", lib, "--json"});
        QVERIFY2(r.code == 0, r.err.constData());
        const QJsonArray folders = QJsonDocument::fromJson(r.out).array();
        QCOMPARE(folders.size(), 2);
        QCOMPARE(folders[0].toObject().value("files").toInt(), 5);
        QCOMPARE(folders[0].toObject().value("failed").toInt(), 1);
        QCOMPARE(folders[1].toObject().value("files").toInt(), 2);
        r = cli({"list", "--library", lib});
        QVERIFY2(r.out.contains("/docs: 5 files, 4 indexed, 1 failed\n  blob.bin is not a text file"),
                 r.out.constData());
        r = cli({"remove", "--library", lib, docs});
        QVERIFY2(r.code == 0, r.err.constData());
        r = cli({"list", "--library", lib, "--json"});
        QCOMPARE(QJsonDocument::fromJson(r.out).array().size(), 1);
        r = cli({"remove", "--library", lib, docs});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains("is not a folder of the library (see docs list)."), r.err.constData());
    }

    void notADatabase() {
        const Result r = cli({"search", "--db", model(), "--keyword-only", "x"});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains("The library database failed: file is not a database."), r.err.constData());
    }
};

QTEST_GUILESS_MAIN(TestDocsCli)
#include "test_docs_cli.moc"
