// The app's document library (app/library) end to end, on the tiny bert embedder of
// tests/data/embed: a folder is added and indexed by the harness process, which is killed with
// SIGKILL mid-way; the next start finishes without re-embedding what was done (vectors in the
// database after the kill + vectors made after the restart = the chunks of the folder, each with
// its vector), files done before the kill come back unchanged; the folder list shows the counts
// and the PDF page without text; a changed file (saved as editors do: a new file renamed over the
// old), a deleted one and a moved one are picked up by the watcher (the move without embedding);
// pause holds the indexer and resume lets it go on; a file path is refused in one sentence.
#include "library/library.h"
#include "retrieval/library_index.h"
#include "retrieval/sqlite_db.h"
#include "test_data.h"

#include <QElapsedTimer>
#include <QProcess>
#include <QSignalSpy>
#include <QtTest>

#include <csignal>
#include <filesystem>
#include <fstream>

using namespace smoldesk;
using namespace smoldesk::library;
namespace fs = std::filesystem;

namespace {

const QString kModel = QString::fromStdString(test::dataPath("embed/bert-tiny.gguf"));
constexpr int kIndexed = int(retrieval::IndexProgress::Outcome::Indexed);
constexpr int kUnchanged = int(retrieval::IndexProgress::Outcome::Unchanged);
constexpr int kMoved = int(retrieval::IndexProgress::Outcome::Moved);

void writeFile(const fs::path& p, const std::string& text) {
    fs::create_directories(p.parent_path());
    std::ofstream(p, std::ios::binary) << text;
}

int64_t count(const std::string& db, const char* sql) {
    retrieval::Db d(db);
    retrieval::Stmt s(d, sql);
    return s.step() ? s.integer(0) : -1;
}

// Waits for the next idle() after `act`.
bool runUntilIdle(Library& lib, const std::function<void()>& act, int ms = 60000) {
    QSignalSpy idle(&lib, &Library::idle);
    act();
    return idle.wait(ms);
}

} // namespace

class TestLibrary : public QObject {
    Q_OBJECT
    fs::path root_, folder_;
    std::string db_;

  private slots:
    void initTestCase() {
        root_ = test::tmpPath("app-library");
        fs::remove_all(root_);
        fs::create_directories(root_);
        folder_ = root_ / "docs";
        fs::copy(test::dataPath("docs/corpus"), folder_, fs::copy_options::recursive);
        fs::copy_file(test::dataPath("docs/pdf/manual.pdf"), folder_ / "manual.pdf");
        for (int i = 0; i < 6; ++i)
            writeFile(
                folder_ / ("chapter" + std::to_string(i) + ".md"),
                "# Chapter " + std::to_string(i) + "\n\nThe library keeps chapter " + std::to_string(i) +
                    " of the garden book, about beds, seeds and watering.\n\n## Notes\n\nWater early.\n");
        db_ = (root_ / "library.sqlite").string();
    }

    void killedMidwayResumesWithoutReembedding() {
        QProcess harness;
        harness.setProgram(QStringLiteral(SMOLDESK_LIBRARY_HARNESS));
        harness.setArguments({QString::fromStdString(db_), QString::fromStdString(folder_.string()), kModel,
                              QStringLiteral("300")});
        harness.setProcessChannelMode(QProcess::SeparateChannels);
        harness.start();
        QVERIFY2(harness.waitForStarted(10000), qPrintable(harness.errorString()));
        QStringList done;
        QVERIFY2(QTest::qWaitFor(
                     [&] {
                         while (harness.canReadLine())
                             done << QString::fromUtf8(harness.readLine()).trimmed();
                         return done.size() >= 3 || harness.state() != QProcess::Running;
                     },
                     60000),
                 "the harness reported no files");
        QCOMPARE(harness.state(), QProcess::Running); // mid-way, not at the end
        QCOMPARE(::kill(static_cast<pid_t>(harness.processId()), SIGKILL), 0);
        QVERIFY(harness.waitForFinished(10000));
        QCOMPARE(harness.exitStatus(), QProcess::CrashExit);
        const int64_t vectorsBefore = count(db_, "SELECT COUNT(*) FROM vectors");
        const int64_t filesBefore = count(db_, "SELECT COUNT(*) FROM files WHERE state = 'indexed'");
        QVERIFY2(vectorsBefore > 0, "nothing was committed before the kill");
        QVERIFY(filesBefore >= 2);

        Library lib(QString::fromStdString(db_), nullptr);
        lib.setEmbeddingModel(kModel);
        int unchanged = 0, indexed = 0;
        connect(&lib, &Library::fileIndexed, this, [&](const QString&, int outcome, int) {
            unchanged += outcome == kUnchanged;
            indexed += outcome == kIndexed;
        });
        QVERIFY(runUntilIdle(lib, [&] { lib.start(); }));
        const int64_t chunks = count(db_, "SELECT COUNT(*) FROM chunks");
        QCOMPARE(count(db_, "SELECT COUNT(*) FROM vectors"), chunks); // every chunk has its vector
        QVERIFY(lib.chunksEmbedded() > 0);
        QCOMPARE(vectorsBefore + lib.chunksEmbedded(), chunks); // nothing embedded twice
        QCOMPARE(int64_t{unchanged}, filesBefore);
        QVERIFY(indexed > 0);
        QCOMPARE(lib.filesDone(), lib.filesTotal());
        QCOMPARE(lib.state(), Library::State::Idle);

        FolderListModel* folders = lib.folders();
        QCOMPARE(folders->rowCount(), 1);
        const QModelIndex row = folders->index(0);
        const int files = static_cast<int>(count(db_, "SELECT COUNT(*) FROM files"));
        QCOMPARE(folders->data(row, FolderListModel::FilesRole).toInt(), files);
        QCOMPARE(folders->data(row, FolderListModel::FailedRole).toInt(), 1); // blob.bin
        QCOMPARE(folders->data(row, FolderListModel::NoTextFilesRole).toInt(), 1);
        const QStringList notes = folders->data(row, FolderListModel::NotesRole).toStringList();
        QVERIFY2(notes.contains(QStringLiteral("manual.pdf: page 2 has no text — scanned?")),
                 qPrintable(notes.join(QLatin1Char('|'))));
        QVERIFY2(notes.filter(QStringLiteral("blob.bin is not a text file")).size() == 1,
                 qPrintable(notes.join(QLatin1Char('|'))));
        QCOMPARE(folders->data(row, FolderListModel::StateRole).toInt(),
                 int(FolderListModel::FolderState::Ready));
    }

    void watcherPicksUpChanges() {
        Library lib(QString::fromStdString(db_), nullptr);
        lib.setEmbeddingModel(kModel);
        QVERIFY(runUntilIdle(lib, [&] { lib.start(); }));
        QCOMPARE(lib.chunksEmbedded(), 0); // nothing changed since the last run
        QHash<QString, int> outcome, vectors;
        connect(&lib, &Library::fileIndexed, this, [&](const QString& path, int o, int v) {
            outcome[QFileInfo(path).fileName()] = o;
            vectors[QFileInfo(path).fileName()] = v;
        });
        retrieval::LibraryIndex probe(db_);

        // Changed as an editor saves: a new file renamed over the old one.
        QVERIFY(runUntilIdle(lib, [&] {
            writeFile(folder_ / ".chapter1.md.tmp", "# Chapter 1\n\nRhubarb grows in the shade.\n");
            fs::rename(folder_ / ".chapter1.md.tmp", folder_ / "chapter1.md");
        }));
        QCOMPARE(outcome.value(QStringLiteral("chapter1.md")), kIndexed);
        const auto hits = probe.search("rhubarb", nullptr, "", 5);
        QCOMPARE(hits.size(), size_t{1});
        QCOMPARE(fs::path(hits[0].file).filename().string(), std::string("chapter1.md"));

        // Deleted: its chunks and vectors leave the index.
        const int64_t before = count(db_, "SELECT COUNT(*) FROM vectors");
        QVERIFY(runUntilIdle(lib, [&] { fs::remove(folder_ / "chapter2.md"); }));
        QVERIFY(count(db_, "SELECT COUNT(*) FROM vectors") < before);
        QCOMPARE(count(db_, "SELECT COUNT(*) FROM files WHERE path LIKE '%chapter2.md'"), int64_t{0});

        // Moved into a new subfolder: found by its hash, not embedded again.
        const int embeddedBefore = lib.chunksEmbedded();
        QVERIFY(runUntilIdle(lib, [&] {
            fs::create_directories(folder_ / "moved");
            fs::rename(folder_ / "chapter3.md", folder_ / "moved/chapter3.md");
        }));
        QCOMPARE(outcome.value(QStringLiteral("chapter3.md")), kMoved);
        QCOMPARE(lib.chunksEmbedded(), embeddedBefore);
        QCOMPARE(count(db_, "SELECT COUNT(*) FROM vectors"), count(db_, "SELECT COUNT(*) FROM chunks"));
    }

    void pauseHoldsTheIndexer() {
        Library lib(QString::fromStdString(db_), nullptr);
        lib.setEmbeddingModel(kModel);
        QVERIFY(runUntilIdle(lib, [&] { lib.start(); }));
        lib.pause();
        QCOMPARE(lib.state(), Library::State::Idle); // nothing to hold yet
        writeFile(folder_ / "later.md", "# Later\n\nParsnips after frost.\n");
        QSignalSpy idle(&lib, &Library::idle);
        lib.rescan();
        QCOMPARE(lib.state(), Library::State::Paused);
        QVERIFY(!idle.wait(1500)); // held
        QCOMPARE(count(db_, "SELECT COUNT(*) FROM files WHERE path LIKE '%later.md'"), int64_t{0});
        lib.resume();
        QVERIFY(idle.wait(30000));
        QCOMPARE(count(db_, "SELECT COUNT(*) FROM files WHERE path LIKE '%later.md'"), int64_t{1});
    }

    // Stop (quitting the app) inside a file that takes long to embed returns at once, and nothing of
    // that file is written; without the checkpoint between chunks it waited for the whole file.
    void stopInsideALargeFile() {
        const fs::path folder = root_ / "large";
        std::string text = "# Large\n\n";
        for (int i = 0; i < 4000; ++i)
            text += "Paragraph " + std::to_string(i) +
                    " tells of seeds, beds, watering cans and the weather in spring.\n\n";
        writeFile(folder / "large.md", text);
        const std::string db = (root_ / "large.sqlite").string();
        auto lib = std::make_unique<Library>(QString::fromStdString(db), nullptr);
        lib->setEmbeddingModel(kModel);
        lib->addFolder(QString::fromStdString(folder.string()));
        lib->start();
        QTRY_VERIFY_WITH_TIMEOUT(lib->currentFile().endsWith(QStringLiteral("large.md")), 30000);
        QTest::qWait(500); // embedding its chunks by now
        QElapsedTimer stop;
        stop.start();
        lib->stopAndWait();
        QVERIFY2(stop.elapsed() < 2000, qPrintable(QString::number(stop.elapsed())));
        lib.reset();
        QCOMPARE(count(db, "SELECT COUNT(*) FROM files WHERE path LIKE '%large.md'"), int64_t{0});
        QCOMPARE(count(db, "SELECT COUNT(*) FROM vectors"), int64_t{0});
    }

    void refusals() {
        Library lib(QString::fromStdString(db_), nullptr);
        lib.addFolder(QString::fromStdString((folder_ / "guide.md").string()));
        QVERIFY2(lib.error().endsWith(QStringLiteral("guide.md is not a folder.")), qPrintable(lib.error()));
        QCOMPARE(lib.state(), Library::State::Failed);
        QVERIFY(lib.isFolder(QUrl::fromLocalFile(QString::fromStdString(folder_.string())).toString()));
        QVERIFY(!lib.isFolder(QStringLiteral("file:///no/such/folder")));
    }
};

QTEST_GUILESS_MAIN(TestLibrary)
#include "test_library.moc"
