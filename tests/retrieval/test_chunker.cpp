// Chunking by structure: the blocks of the committed corpus (tests/data/docs/corpus) against what
// a reader of those files sees (heading paths, line numbers counted by hand, entities decoded,
// script/style/comments gone, code definitions whole), and packing with a word counter whose
// counts are known: no chunk over the target, overlap between neighbours, every line covered.
#include "retrieval/chunker.h"
#include "test_data.h"

#include <QtTest>

#include <random>
#include <sstream>

using namespace smoldesk;
using namespace smoldesk::retrieval;

namespace {

std::string corpus(const std::string& rel) {
    return test::readText(test::dataPath("docs/corpus/" + rel));
}

int words(std::string_view s) {
    std::istringstream in{std::string(s)};
    int n = 0;
    for (std::string w; in >> w;) ++n;
    return n;
}

void expectBlock(const Block& b, const std::string& heading, int begin, int end, const std::string& start) {
    QCOMPARE(QString::fromStdString(b.headingPath), QString::fromStdString(heading));
    QCOMPARE(b.lineBegin, begin);
    QCOMPARE(b.lineEnd, end);
    QVERIFY2(b.text.rfind(start, 0) == 0, b.text.c_str());
}

} // namespace

class TestChunker : public QObject {
    Q_OBJECT
  private slots:
    void markdown() {
        const auto b = markdownBlocks(corpus("guide.md"));
        QCOMPARE(b.size(), size_t(6));
        expectBlock(b[0], "Garden Guide", 3, 3, "A short guide");
        expectBlock(b[1], "Garden Guide > Soil", 7, 7, "Tomatoes like");
        expectBlock(b[2], "Garden Guide > Soil", 9, 9, "Water the bed");
        // The fenced block is one block, blank line inside included, fences kept.
        expectBlock(b[3], "Garden Guide > Tools > Watering", 15, 19, "```sh\nwater --bed tomatoes");
        QVERIFY(b[3].keepWhole);
        QVERIFY(b[3].text.find("\n\nwater --bed beans") != std::string::npos);
        expectBlock(b[4], "Garden Guide > Tools > Watering", 21, 21, "A watering can");
        // A setext "---" heading is level 2: it replaces Tools (and Watering under it).
        expectBlock(b[5], "Garden Guide > Setext Heading", 26, 26, "Beans climb");
    }

    void html() {
        const auto b = htmlBlocks(corpus("sub/page.html"));
        QCOMPARE(b.size(), size_t(4));
        expectBlock(b[0], "Kitchen & Bakery", 6, 7,
                    "Bread needs flour, water, salt & yeast. Knead for ten minutes.");
        expectBlock(b[1], "Kitchen & Bakery > Caf\u00e9 corner \u2013 coffee", 10, 10,
                    "Espresso <strong> and caf\u00e9 cr\u00e8me. Milk is steamed.");
        expectBlock(b[2], "Kitchen & Bakery > Caf\u00e9 corner \u2013 coffee", 12, 12, "Croissant");
        expectBlock(b[3], "Kitchen & Bakery > Caf\u00e9 corner \u2013 coffee", 12, 12, "Baguette");
        for (const Block& x : b)
            for (const char* gone : {"hidden", "Ignored", "color", "comment"})
                QVERIFY2(x.text.find(gone) == std::string::npos, x.text.c_str());
    }

    void htmlTolerance() {
        // Unclosed tags, a lone '<', unknown and broken entities, a tag cut off at the end.
        const auto b = htmlBlocks("<p>a < b &bogus; &#xZZ; &#1114112; <h2>T</h2><p>x</p><div class=\"q>\"");
        QCOMPARE(b.size(), size_t(2));
        QCOMPARE(QString::fromStdString(b[0].text), QString("a < b &bogus; &#xZZ; \uFFFD"));
        QCOMPARE(QString::fromStdString(b[1].headingPath), QString("T"));
        QCOMPARE(QString::fromStdString(b[1].text), QString("x"));
    }

    void code() {
        const auto b = codeBlocks(corpus("sub/tool.py"));
        QCOMPARE(b.size(), size_t(3));
        expectBlock(b[0], "", 1, 2, "\"\"\"A small tool");
        expectBlock(b[1], "", 5, 9, "def water(bed, litres):"); // the blank line in the body does not split
        QVERIFY(b[1].text.find("\n\n    return total") != std::string::npos);
        expectBlock(b[2], "", 12, 17, "class Planner:");
    }

    void pages() {
        const auto b = pageBlocks({"one\nmore\n\ntwo", "", "three"});
        QCOMPARE(b.size(), size_t(3));
        QCOMPARE(b[0].page, 1);
        QCOMPARE(b[0].lineEnd, 2);
        QCOMPARE(b[1].page, 1);
        QCOMPARE(b[1].lineBegin, 4);
        QCOMPARE(b[2].page, 3);
        QCOMPARE(b[2].lineBegin, 1);
        // A chunk never spans pages.
        for (const Chunk& c : packChunks(b, words, {100, 10}))
            QVERIFY(c.text.find("three") == std::string::npos || c.page == 3);
    }

    void packing() {
        // 30 lines of 3 words in one paragraph, target 10, overlap 3: every chunk <= 10 words,
        // each after the first starts with the line the one before ended with, no line lost.
        std::string text;
        for (int i = 1; i <= 30; ++i) text += "w" + std::to_string(i) + " x y\n";
        const auto chunks = packChunks(plainTextBlocks(text), words, {10, 3});
        QVERIFY(chunks.size() >= 10);
        int covered = 0;
        for (size_t i = 0; i < chunks.size(); ++i) {
            QVERIFY(chunks[i].tokens <= 10);
            QCOMPARE(chunks[i].tokens, words(chunks[i].text));
            QCOMPARE(chunks[i].text.rfind("w" + std::to_string(chunks[i].lineBegin) + " ", 0), size_t(0));
            if (i) QCOMPARE(chunks[i].lineBegin, chunks[i - 1].lineEnd);
            covered = chunks[i].lineEnd;
        }
        QCOMPARE(covered, 30);
    }

    void overlapInsideParagraphs() {
        // Paragraphs of 20 words, target 50, overlap 5: no paragraph fits the overlap, so the next
        // chunk starts with the last (at most 5) words of the one before.
        std::string text;
        for (int p = 0; p < 6; ++p) {
            for (int w = 0; w < 20; ++w)
                text += "p" + std::to_string(p) + "w" + std::to_string(w) + (w < 19 ? " " : "\n\n");
        }
        const auto chunks = packChunks(plainTextBlocks(text), words, {50, 5});
        QVERIFY(chunks.size() >= 3);
        for (size_t i = 1; i < chunks.size(); ++i) {
            QVERIFY(chunks[i].tokens <= 50);
            const std::string& prev = chunks[i - 1].text;
            const std::string head = chunks[i].text.substr(0, chunks[i].text.find("\n\n"));
            QVERIFY2(words(head) >= 1 && words(head) <= 5, head.c_str());
            QVERIFY2(prev.size() >= head.size() &&
                         prev.compare(prev.size() - head.size(), head.size(), head) == 0,
                     (prev + " | " + head).c_str());
        }
    }

    void codeKeptWhole() {
        // A 5-word paragraph then an 8-word code block, target 10: the block moves whole to the next chunk.
        const auto chunks = packChunks(
            markdownBlocks("# H\n\none two three four five\n\n```\na b c\nd e f g\n```\n"), words, {10, 2});
        QCOMPARE(chunks.size(), size_t(2));
        QCOMPARE(QString::fromStdString(chunks[1].text), QString("```\na b c\nd e f g\n```"));
        QCOMPARE(chunks[1].lineBegin, 5);
        QCOMPARE(chunks[1].lineEnd, 8);
        QCOMPARE(QString::fromStdString(chunks[1].embedText()), QString("H\n\n```\na b c\nd e f g\n```"));
    }

    void longLineCut() {
        const std::string line(5000, 'a');
        const auto chunks = packChunks(plainTextBlocks(line),
                                       [](std::string_view s) { return int(s.size() / 100); }, {10, 0});
        size_t total = 0;
        for (const Chunk& c : chunks) {
            QVERIFY(c.tokens <= 10);
            total += c.text.size();
        }
        QCOMPARE(total, line.size());
    }

    void formats() {
        QCOMPARE(formatForPath("a/B.MD"), std::optional(DocFormat::Markdown));
        QCOMPARE(formatForPath("x.htm"), std::optional(DocFormat::Html));
        QCOMPARE(formatForPath("x.cpp"), std::optional(DocFormat::Code));
        QCOMPARE(formatForPath("notes.txt"), std::optional(DocFormat::PlainText));
        QVERIFY(!formatForPath("Makefile"));
        QVERIFY(!formatForPath(".bashrc"));
    }

    void randomBytesNeverThrow() {
        std::mt19937 rng(7);
        const std::string alphabet = "<>&#;/\"'=\n \tabh1p-`~*x\xc3\xa9\x80";
        for (int round = 0; round < 300; ++round) {
            std::string s(rng() % 300, ' ');
            for (char& c : s) c = alphabet[rng() % alphabet.size()];
            for (DocFormat f : {DocFormat::Markdown, DocFormat::Html, DocFormat::Code, DocFormat::PlainText})
                for (const Chunk& c : packChunks(documentBlocks(s, f), words, {8, 2}))
                    QVERIFY(c.lineBegin <= c.lineEnd);
        }
    }
};

QTEST_APPLESS_MAIN(TestChunker)
#include "test_chunker.moc"
