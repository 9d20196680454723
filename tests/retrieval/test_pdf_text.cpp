// PDF text with Qt PDF (app/library/pdf_reader.cpp) plugged into the library engine: the page
// texts of hand-written PDFs (tests/data/docs/pdf/make_pdfs.py: what each page says is known
// there, independently of any PDF library) page by page; a page without text listed (not silently
// nothing) and a PDF without any text refused in one sentence; a cut-short PDF refused; chunks and
// search hits keeping their 1-based page; the sentence a build without the reader gives.
#include "common/error.h"
#include "library/pdf_reader.h"
#include "require_all.h"
#include "retrieval/library_index.h"
#include "retrieval/pdf_text.h"
#include "test_data.h"

#include <QElapsedTimer>

#include <QtTest>

#include <filesystem>
#include <fstream>
#include <iterator>

using namespace smoldesk;
using namespace smoldesk::retrieval;
namespace fs = std::filesystem;

namespace {

std::string readAll(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

std::string pdfPath(const std::string& name) {
    return test::dataPath("docs/pdf/" + name);
}

// A folder with the three PDFs and a Markdown file, and a fresh database path.
std::pair<std::string, std::string> freshFolder(const std::string& name) {
    const fs::path root = test::tmpPath("pdf-" + name);
    fs::remove_all(root);
    fs::create_directories(root / "docs");
    for (const char* f : {"manual.pdf", "scanned.pdf", "truncated.pdf"})
        fs::copy_file(pdfPath(f), root / "docs" / f);
    std::ofstream(root / "docs/notes.md") << "# Notes\n\nRoses like sun.\n";
    return {(root / "docs").string(), (root / "library.sqlite").string()};
}

} // namespace

class TestPdfText : public QObject {
    Q_OBJECT
  private slots:
    void initTestCase() { library::installPdfReader(); }

    void pageTexts() {
        const auto pages = library::readPdfPages(readAll(pdfPath("manual.pdf")));
        QCOMPARE(pages.size(), size_t{3});
        QCOMPARE(QString::fromStdString(pages[0]),
                 QStringLiteral("Tomato seedlings need light.\nWater them gently every morning."));
        QCOMPARE(QString::fromStdString(pages[1]), QString());
        QCOMPARE(QString::fromStdString(pages[2]),
                 QStringLiteral("Pruning roses in March.\n\u00c4pfel are picked in October."));
    }

    void refusals() {
        for (const char* bytes : {"", "not a pdf at all", "%PDF-1.4\n1 0 obj"}) {
            try {
                library::readPdfPages(bytes);
                QFAIL("no error");
            } catch (const Error& e) {
                QVERIFY2(std::string(e.what()).find("not a valid PDF") != std::string::npos, e.what());
            }
        }
        std::string why;
        IndexFailure failure;
        const PdfText t = pdfFileText("cut.pdf", readAll(pdfPath("truncated.pdf")), why, &failure);
        QVERIFY(t.blocks.empty());
        QCOMPARE(QString::fromStdString(why),
                 QStringLiteral("cut.pdf could not be read: it is not a valid PDF (damaged, cut short or "
                                "another kind of file)."));
        // The same failure as a code with its arguments (the app translates it), and its round trip
        // through the index's column.
        QCOMPARE(failure.code, std::string(IndexFailure::kUnreadable));
        QCOMPARE(failure.args.size(), size_t(2));
        QCOMPARE(failure.args[0], std::string("cut.pdf"));
        QCOMPARE(failure.sentence(), why);
        const auto back = IndexFailure::decode(failure.encode());
        QVERIFY(back && back->code == failure.code && back->args == failure.args);
        QVERIFY(!IndexFailure::decode(""));
    }

    void blocksKeepPages() {
        std::string why;
        const PdfText t = pdfFileText("manual.pdf", readAll(pdfPath("manual.pdf")), why);
        QVERIFY2(why.empty(), why.c_str());
        QCOMPARE(t.pages, 3);
        QCOMPARE(t.pagesWithoutText, std::vector<int>{2});
        QVERIFY(!t.blocks.empty());
        for (const Block& b : t.blocks) {
            QVERIFY(b.page == 1 || b.page == 3);
            QCOMPARE(b.text.find("Pruning") != std::string::npos, b.page == 3);
        }
        IndexFailure failure;
        const PdfText none = pdfFileText("scan.pdf", readAll(pdfPath("scanned.pdf")), why, &failure);
        QCOMPARE(failure.code, std::string(IndexFailure::kNoTextPage));
        QCOMPARE(failure.args, std::vector<std::string>{"scan.pdf"});
        QCOMPARE(
            IndexFailure({IndexFailure::kNoTextPages, {"old.pdf", "9"}}).sentence(),
            std::string("old.pdf has no text on any of its 9 pages (scanned? text in pictures cannot be read "
                        "yet), so it was not indexed."));
        QVERIFY(none.blocks.empty());
        QCOMPARE(none.pagesWithoutText, std::vector<int>{1});
        QCOMPARE(QString::fromStdString(why),
                 QStringLiteral("scan.pdf has no text on its page (scanned? text in pictures cannot be read "
                                "yet), so it was not indexed."));
    }

    void notes() {
        QCOMPARE(pagesWithoutTextNote({}), std::string());
        QCOMPARE(pagesWithoutTextNote({3}), std::string("page 3 has no text — scanned?"));
        QCOMPARE(pagesWithoutTextNote({2, 5, 9}), std::string("pages 2, 5 and 9 have no text — scanned?"));
        std::vector<int> many;
        for (int i = 1; i <= 12; ++i) many.push_back(i);
        QCOMPARE(pagesWithoutTextNote(many),
                 std::string("pages 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 and 2 more have no text — scanned?"));
    }

    // Keyword-only indexing of a folder with PDFs: pages kept on chunks and hits, the page without
    // text recorded on the file, the unreadable PDFs failed with their sentence.
    void indexFolder() {
        const auto [folder, db] = freshFolder("index");
        LibraryIndex index(db);
        index.addFolder(folder);
        std::vector<std::vector<int>> noText;
        IndexRun run;
        run.progress = [&](const IndexProgress& p) {
            if (fs::path(p.path).filename() == "manual.pdf") noText.push_back(p.pagesWithoutText);
        };
        const IndexStats s = index.index({folder}, nullptr, LibraryIndex::kKeywordOnlyModel, run);
        QCOMPARE(s.files, 4);
        QCOMPARE(s.indexed, 2);
        QCOMPARE(s.failed, 2);
        QCOMPARE(noText, std::vector<std::vector<int>>{{2}});
        QCOMPARE(index.vectorCount(LibraryIndex::kKeywordOnlyModel), int64_t{0});
        for (const FileEntry& f : index.files()) {
            const std::string name = fs::path(f.path).filename().string();
            if (name == "manual.pdf") {
                QCOMPARE(f.state, std::string("indexed"));
                QCOMPARE(f.pagesWithoutText, std::vector<int>{2});
            } else if (name == "scanned.pdf") {
                QCOMPARE(f.state, std::string("failed"));
                QVERIFY2(f.error.find("has no text on its page") != std::string::npos, f.error.c_str());
            } else if (name == "truncated.pdf") {
                QVERIFY2(f.error.find("not a valid PDF") != std::string::npos, f.error.c_str());
            }
        }
        const auto pruning = index.search("pruning", nullptr, LibraryIndex::kKeywordOnlyModel, 5);
        QCOMPARE(pruning.size(), size_t{1});
        QCOMPARE(pruning[0].page, 3);
        QCOMPARE(pruning[0].lineBegin, 1);
        const auto apples = index.search("apfel", nullptr, LibraryIndex::kKeywordOnlyModel, 5); // diacritics
        QCOMPARE(apples.size(), size_t{1});
        QCOMPARE(apples[0].page, 3);
        QCOMPARE(index.search("seedlings", nullptr, LibraryIndex::kKeywordOnlyModel, 5).at(0).page, 1);
        const auto folders = index.folders();
        QCOMPARE(folders.size(), size_t{1});
        QCOMPARE(folders[0].files, 4);
        QCOMPARE(folders[0].indexed, 2);
        QCOMPARE(folders[0].failed, 2);
        QCOMPARE(folders[0].filesWithoutTextPages, 1);
        // A file re-indexed keeps one list of its pages without text, not two.
        std::ofstream(fs::path(folder) / "manual.pdf", std::ios::app) << "\n";
        index.index({folder}, nullptr, LibraryIndex::kKeywordOnlyModel, IndexRun{});
        for (const FileEntry& f : index.files())
            if (fs::path(f.path).filename() == "manual.pdf")
                QCOMPARE(f.pagesWithoutText, std::vector<int>{2});
        index.removeFolder(folder);
        QCOMPARE(index.files().size(), size_t{0});
        QCOMPARE(index.folders().size(), size_t{0});
    }

    // Through smoldesk-cli docs pdf-pages in a child process: the same pages and sentences, and a
    // PDF on which pdfium loops for ever (cycle.pdf, found by fuzz_pdf: a page tree whose kids hold
    // the tree itself) given up after the timeout instead of hanging the indexer.
    void isolatedReader() {
#ifdef SMOLDESK_CLI
        const std::string cli = SMOLDESK_CLI;
        const auto pages = library::readPdfPagesIsolated(readAll(pdfPath("manual.pdf")), cli, 20000);
        QCOMPARE(pages, library::readPdfPages(readAll(pdfPath("manual.pdf"))));
        try {
            library::readPdfPagesIsolated(readAll(pdfPath("truncated.pdf")), cli, 20000);
            QFAIL("no error");
        } catch (const Error& e) {
            QCOMPARE(QString::fromUtf8(e.what()),
                     QStringLiteral("it is not a valid PDF (damaged, cut short or another kind of file)."));
        }
        QElapsedTimer t;
        t.start();
        try {
            library::readPdfPagesIsolated(readAll(pdfPath("cycle.pdf")), cli, 2000);
            QFAIL("no error");
        } catch (const Error& e) {
            QCOMPARE(QString::fromUtf8(e.what()),
                     QStringLiteral("reading it took longer than 2 s (a damaged PDF?), so it was given up."));
        }
        QVERIFY(t.elapsed() < 8000);
        QCOMPARE(library::decodePages(library::encodePages({"a\nb", "", "ç"})),
                 (std::vector<std::string>{"a\nb", "", "ç"}));
        for (const char* bad : {"5\nab", "x\n", "\n"})
            QVERIFY_THROWS_EXCEPTION(Error, library::decodePages(bad));
#else
        SMOLDESK_SKIP_OR_FAIL("this test needs smoldesk-cli with Qt PDF");
#endif
    }

    // Without a reader (a build without Qt PDF) a PDF gets a sentence, never silence.
    void withoutReader() {
        setPdfTextReader({});
        std::string why;
        pdfFileText("manual.pdf", readAll(pdfPath("manual.pdf")), why);
        library::installPdfReader();
        QCOMPARE(QString::fromStdString(why),
                 QStringLiteral("manual.pdf is a PDF; PDF text extraction is not in this build yet."));
    }
};

QTEST_GUILESS_MAIN(TestPdfText)
#include "test_pdf_text.moc"
