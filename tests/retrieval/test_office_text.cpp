// DOCX and ODT text: the tiny documents Python's zipfile wrote (tests/data/docs/make_office.py,
// deflated and stored entries) read back paragraph by paragraph with their heading paths, one
// indexed and found by keyword; damaged archives (cut short, bad offsets, a size that lies, a
// directory pointing outside the file, not a ZIP) refused as Error(Corrupt), never a crash.
#include "common/error.h"
#include "compute/cpu/cpu_backend.h"
#include "gguf/file.h"
#include "retrieval/embedder.h"
#include "retrieval/library_index.h"
#include "retrieval/office_text.h"
#include "retrieval/zip_reader.h"
#include "test_data.h"

#include <QTemporaryDir>
#include <QtTest>

#include <cstring>

using namespace smoldesk;
using namespace smoldesk::retrieval;

namespace {

std::string office(const std::string& name) {
    return test::readText(test::dataPath("docs/office/" + name));
}

void expectBlock(const Block& b, const std::string& heading, int paragraph, const std::string& text) {
    QCOMPARE(QString::fromStdString(b.headingPath), QString::fromStdString(heading));
    QCOMPARE(b.lineBegin, paragraph);
    QCOMPARE(b.lineEnd, paragraph);
    QCOMPARE(QString::fromStdString(b.text), QString::fromStdString(text));
}

bool corrupt(const std::string& bytes) {
    try {
        ZipReader zip(bytes);
        for (const auto& e : zip.entries()) zip.read(e);
    } catch (const Error& e) {
        return e.code() == ErrorCode::Corrupt && std::strlen(e.what()) > 10;
    }
    return false;
}

void put32(std::string& s, size_t at, uint32_t v) {
    for (int i = 0; i < 4; ++i) s[at + static_cast<size_t>(i)] = static_cast<char>(v >> (8 * i));
}

} // namespace

class TestOfficeText : public QObject {
    Q_OBJECT
  private slots:
    void docx() {
        const auto b = docxFileBlocks(office("report.docx"));
        QCOMPARE(b.size(), size_t(2));
        expectBlock(b[0], "Quarterly Report > Sales", 3, "Sales grew by 12 % in Berlin & Paris.");
        expectBlock(b[1], "Quarterly Report > Sales > Details", 6, "Region\tNorth\nCaf\u00e9 sales doubled.");
    }

    void odt() {
        const auto b = odtFileBlocks(office("notes.odt"));
        QCOMPARE(b.size(), size_t(2));
        expectBlock(b[0], "R\u00e9sum\u00e9", 2, "Ein Absatz \u00fcber \u00c4pfel.   Ende.");
        expectBlock(b[1], "R\u00e9sum\u00e9 > Zweiter Teil", 4, "Zeile eins\nZeile zwei");
    }

    void wrongContainer() {
        bool refused = false;
        try {
            docxFileBlocks(office("notes.odt")); // a ZIP, but no word/document.xml
        } catch (const Error& e) {
            refused = QByteArray(e.what()).contains("not a DOCX document");
        }
        QVERIFY(refused);
    }

    void damagedArchives() {
        const std::string good = office("report.docx");
        QVERIFY(!corrupt(good));
        QVERIFY(corrupt("not a zip file at all, just some text of some length"));
        QVERIFY(corrupt(good.substr(0, good.size() / 2))); // the directory is gone
        QVERIFY(corrupt(good.substr(good.size() / 2)));    // the data is gone
        const size_t eocd = good.rfind(std::string("PK\x05\x06", 4));
        QVERIFY(eocd != std::string::npos);
        std::string s = good;
        put32(s, eocd + 16, 0x7FFFFFF0); // the directory's offset
        QVERIFY(corrupt(s));
        const size_t dir = good.find(std::string("PK\x01\x02", 4));
        s = good;
        put32(s, dir + 42, 0x7FFFFFF0); // the first entry's local header offset
        QVERIFY(corrupt(s));
        s = good;
        put32(s, dir + 24, 0x40000000); // an uncompressed size of 1 GiB
        QVERIFY(corrupt(s));
        s = good;
        put32(s, dir + 24, 3); // a size smaller than what inflates
        QVERIFY(corrupt(s));
        s = good;
        put32(s, dir + 20, 0x7FFFFFF0); // compressed data past the end
        QVERIFY(corrupt(s));
        // Random single-byte damage anywhere: a sentence or the right text, never a crash.
        for (size_t at = 0; at < good.size(); at += 3) {
            s = good;
            s[at] = static_cast<char>(s[at] ^ 0x5A);
            try {
                docxFileBlocks(s);
            } catch (const Error&) {
            }
        }
    }

    void indexedAndFound() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        auto file = gguf::File::open(test::dataPath("embed/bert-tiny.gguf"));
        compute::CpuBackend cpu(1);
        Embedder embedder(*file, cpu);
        LibraryIndex index(dir.filePath("db.sqlite").toStdString());
        const IndexStats s = index.index({test::dataPath("docs/office")}, embedder, "bert-tiny");
        QCOMPARE(s.indexed, 2);
        const auto hits = index.keywordSearch("Berlin", 5);
        QCOMPARE(hits.size(), size_t(1));
        const SearchHit h = index.chunk(hits[0].first);
        QVERIFY(h.file.ends_with("report.docx"));
        QCOMPARE(QString::fromStdString(h.heading), QString("Quarterly Report > Sales"));
        // FTS5 folds accents both ways, so German and French words are found as typed or without.
        QCOMPARE(index.keywordSearch("Apfel", 5).size(), size_t(1));
        QCOMPARE(index.keywordSearch("\u00e4pfel", 5).size(), size_t(1));
        QCOMPARE(index.keywordSearch("cafe", 5).size(), size_t(1));
        QCOMPARE(index.keywordSearch("resume", 5).size(), size_t(2)); // the heading is in both chunks' text
    }
};

QTEST_GUILESS_MAIN(TestOfficeText)
#include "test_office_text.moc"
