// The library index with the tiny bert embedder (tests/data/embed) on the committed corpus
// (tests/data/docs/corpus): skipped folders and a binary file's sentence; an interrupted run
// resumed without re-embedding finished files; a move, a change, a deletion and a model change;
// BM25 scores against the Okapi formula with FTS5's constants computed here; every stored vector
// against llama-embedding's vector of the same chunk text (tests/data/docs/bert-tiny-chunks.json)
// and vector search against a brute-force cosine ranking of those goldens; the RRF arithmetic.
#include "common/error.h"
#include "compute/cpu/cpu_backend.h"
#include "gguf/file.h"
#include "retrieval/embedder.h"
#include "retrieval/library_index.h"
#include "retrieval/sha256.h"
#include "test_data.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>

using namespace smoldesk;
using namespace smoldesk::retrieval;
namespace fs = std::filesystem;

namespace {

const std::string kModel = "bert-tiny";

struct Model {
    std::unique_ptr<gguf::File> file;
    compute::CpuBackend cpu{1};
    std::unique_ptr<Embedder> embedder;
    explicit Model(const std::string& name)
        : file(gguf::File::open(test::dataPath("embed/" + name + ".gguf"))) {
        embedder = std::make_unique<Embedder>(*file, cpu);
    }
};

void writeFile(const fs::path& p, const std::string& text) {
    fs::create_directories(p.parent_path());
    std::ofstream(p, std::ios::binary) << text;
}

// A fresh copy of the corpus with folders the walk must skip, and a fresh database path.
std::pair<std::string, std::string> freshCorpus(const std::string& name) {
    const fs::path root = test::tmpPath("lib-" + name);
    fs::remove_all(root);
    fs::create_directories(root);
    fs::copy(test::dataPath("docs/corpus"), root / "docs", fs::copy_options::recursive);
    writeFile(root / "docs/.git/notes.md", "# hidden\n\nnot to be indexed\n");
    writeFile(root / "docs/node_modules/pkg/readme.md", "# dependency\n\nnot to be indexed\n");
    return {(root / "docs").string(), (root / "library.sqlite").string()};
}

double cosine(const std::vector<float>& a, const std::vector<float>& b) {
    double ab = 0, aa = 0, bb = 0;
    for (size_t i = 0; i < a.size(); ++i)
        ab += double(a[i]) * b[i], aa += double(a[i]) * a[i], bb += double(b[i]) * b[i];
    return ab / std::sqrt(aa * bb);
}

std::vector<float> toVector(const QJsonArray& a) {
    std::vector<float> v;
    for (const QJsonValue& x : a) v.push_back(static_cast<float>(x.toDouble()));
    return v;
}

} // namespace

class TestLibraryIndex : public QObject {
    Q_OBJECT
    Model bert{"bert-tiny"};

  private slots:
    void cleanupTestCase() { // the scratch copies and databases
        for (const auto& e : fs::directory_iterator(fs::path(test::tmpPath("x")).parent_path()))
            if (e.path().filename().string().starts_with(fs::path(test::tmpPath("lib-")).filename().string()))
                fs::remove_all(e.path());
    }

    void indexesAndSkips() {
        const auto [docs, db] = freshCorpus("skip");
        LibraryIndex index(db);
        const IndexStats s = index.index({docs}, *bert.embedder, kModel);
        QCOMPARE(s.files, 5);
        QCOMPARE(s.indexed, 4);
        QCOMPARE(s.failed, 1);
        for (const FileEntry& f : index.files()) {
            QVERIFY2(f.path.find(".git") == std::string::npos &&
                         f.path.find("node_modules") == std::string::npos,
                     f.path.c_str());
            if (f.path.ends_with("blob.bin")) {
                QCOMPARE(QString::fromStdString(f.state), QString("failed"));
                QCOMPARE(
                    QString::fromStdString(f.error),
                    QString("blob.bin is not a text file (it contains NUL bytes), so it was not indexed."));
            } else {
                QVERIFY2(f.chunks > 0, f.path.c_str());
            }
        }
        // A second run with nothing changed embeds nothing.
        const IndexStats again = index.index({docs}, *bert.embedder, kModel);
        QCOMPARE(again.unchanged, 5);
        QCOMPARE(again.chunksEmbedded, 0);
    }

    void resumesAfterInterruption() {
        const auto [docs, db] = freshCorpus("resume");
        int total = 0;
        {
            for (const char* ext : {"", "-wal", "-shm"})
                fs::remove(test::tmpPath("lib-resume-full.sqlite") + ext);
            LibraryIndex full(test::tmpPath("lib-resume-full.sqlite"));
            total = full.index({docs}, *bert.embedder, kModel).chunksEmbedded;
        }
        int embeddedBefore = 0;
        {
            LibraryIndex index(db);
            int seen = 0;
            bool threw = false;
            try {
                index.index({docs}, *bert.embedder, kModel, [&](const IndexProgress& p) {
                    embeddedBefore += p.chunks;
                    if (++seen == 2) throw std::runtime_error("killed");
                });
            } catch (const std::runtime_error&) {
                threw = true;
            }
            QVERIFY(threw);
        }
        LibraryIndex reopened(db); // a new process would see the same file
        const IndexStats s = reopened.index({docs}, *bert.embedder, kModel);
        QCOMPARE(s.unchanged, 2);
        QCOMPARE(s.indexed + s.failed, 3);
        QVERIFY(embeddedBefore > 0);
        QCOMPARE(s.chunksEmbedded + embeddedBefore, total);
    }

    void followsMovesChangesAndDeletions() {
        const auto [docs, db] = freshCorpus("move");
        LibraryIndex index(db);
        index.index({docs}, *bert.embedder, kModel);
        const auto notesChunks = index.keywordSearch("Berlin", 5);
        QCOMPARE(notesChunks.size(), size_t(1));
        fs::rename(fs::path(docs) / "notes.txt", fs::path(docs) / "sub/renamed-notes.txt");
        fs::remove(fs::path(docs) / "sub/tool.py");
        std::ofstream(fs::path(docs) / "guide.md", std::ios::app) << "\nPumpkins need room.\n";
        const IndexStats s = index.index({docs}, *bert.embedder, kModel);
        QCOMPARE(s.moved, 1);
        QCOMPARE(s.removed, 1);
        QCOMPARE(s.indexed, 1); // guide.md
        QCOMPARE(s.unchanged, 2);
        const auto after = index.keywordSearch("Berlin", 5);
        QCOMPARE(after.size(), size_t(1));
        QCOMPARE(after[0].first, notesChunks[0].first); // the same chunk row: not re-embedded
        QVERIFY(index.chunk(after[0].first).file.ends_with("sub/renamed-notes.txt"));
        QCOMPARE(index.keywordSearch("Planner", 5).size(), size_t(0));
        QCOMPARE(index.keywordSearch("Pumpkins", 5).size(), size_t(1));
        for (const FileEntry& f : index.files()) QVERIFY(!f.path.ends_with("tool.py"));
    }

    void modelChangeReembeds() {
        const auto [docs, db] = freshCorpus("model");
        LibraryIndex index(db);
        const int first = index.index({docs}, *bert.embedder, kModel).chunksEmbedded;
        Model nomic("nomic-bert-tiny");
        const IndexStats s = index.index({docs}, *nomic.embedder, "nomic-bert-tiny");
        QCOMPARE(s.indexed, 4);
        QVERIFY(s.chunksEmbedded > 0);
        QVERIFY(first > 0);
        QCOMPARE(index.vectorSearch(std::vector<float>(32, 1.0f), kModel, 100).size(), size_t(0));
        QCOMPARE(index.vectorSearch(std::vector<float>(32, 1.0f), "nomic-bert-tiny", 1000).size(),
                 static_cast<size_t>(s.chunksEmbedded));
    }

    // A long document, counted with the model's own tokenizer: every chunk within the 256-token
    // target (plus [CLS]/[SEP]) and, with its heading path, within the model's context.
    void chunksFitTheModel() {
        const fs::path root = test::tmpPath("lib-long");
        fs::remove_all(root);
        std::string md = "# Long document\n\n## Part\n\n";
        for (int p = 0; p < 30; ++p) {
            for (int w = 0; w < 40; ++w)
                md += (w % 7 == 0 ? "embedding " : w % 5 == 0 ? "documents " : "the quick fox ");
            md += "\n\n";
        }
        writeFile(root / "long.md", md);
        LibraryIndex index((root / "db.sqlite").string());
        const IndexStats s = index.index({(root / "long.md").string()}, *bert.embedder, kModel);
        QVERIFY(s.chunksEmbedded >= 10);
        for (int64_t id : index.chunkIds()) {
            const SearchHit h = index.chunk(id);
            Chunk c;
            c.headingPath = h.heading;
            c.text = h.text;
            QCOMPARE(QString::fromStdString(h.heading), QString("Long document > Part"));
            QVERIFY(bert.embedder->tokenize(h.text).size() <= 256 + 2);
            QVERIFY(static_cast<int>(bert.embedder->tokenize(c.embedText()).size()) <=
                    bert.embedder->maxTokens());
        }
    }

    // A library kept inside a folder it indexes never reads its own database (nor its -wal file,
    // which WAL mode keeps beside it): they were counted as failed files.
    void skipsItsOwnDatabase() {
        const fs::path root = test::tmpPath("lib-self");
        fs::remove_all(root);
        writeFile(root / "note.txt", "the only document");
        LibraryIndex index((root / "library.sqlite").string());
        const IndexStats s = index.index({root.string()}, nullptr, LibraryIndex::kKeywordOnlyModel, {});
        QVERIFY(fs::exists(root / "library.sqlite-wal"));
        QCOMPARE(s.files, 1);
        QCOMPARE(s.failed, 0);
        QCOMPARE(s.indexed, 1);
    }

    // BM25 as FTS5 documents it: idf = ln((N - n + 0.5) / (n + 0.5)) (1e-6 when not positive),
    // k1 = 1.2, b = 0.75, score = -sum idf * f * (k1 + 1) / (f + k1 * (1 - b + b * D / avgD)).
    void bm25MatchesTheFormula() {
        const fs::path root = test::tmpPath("lib-bm25");
        fs::remove_all(root);
        writeFile(root / "a.txt", "apple banana apple");
        writeFile(root / "b.txt", "banana cherry");
        writeFile(root / "c.txt", "cherry date elderberry fig");
        writeFile(root / "d.txt", "grape grape grape grape grape apple");
        LibraryIndex index((root / "db.sqlite").string());
        index.index({(root / "a.txt").string(), (root / "b.txt").string(), (root / "c.txt").string(),
                     (root / "d.txt").string()},
                    *bert.embedder, kModel);
        const std::map<std::string, std::map<std::string, int>> tf{
            {"a.txt", {{"apple", 2}, {"banana", 1}}}, {"b.txt", {{"banana", 1}}}, {"d.txt", {{"apple", 1}}}};
        const std::map<std::string, int> len{{"a.txt", 3}, {"b.txt", 2}, {"c.txt", 4}, {"d.txt", 6}};
        const double N = 4, avg = (3 + 2 + 4 + 6) / 4.0, k1 = 1.2, b = 0.75;
        auto idf = [&](double n) {
            const double v = std::log((N - n + 0.5) / (n + 0.5));
            return v > 0 ? v : 1e-6;
        };
        const std::map<std::string, double> df{{"apple", 2}, {"banana", 2}};
        const auto hits = index.keywordSearch("Apple, banana!", 10);
        QCOMPARE(hits.size(), size_t(3));
        double previous = -1e9;
        for (const auto& [id, score] : hits) {
            const std::string file = fs::path(index.chunk(id).file).filename().string();
            double want = 0;
            for (const auto& [term, f] : tf.at(file))
                want -= idf(df.at(term)) * f * (k1 + 1) / (f + k1 * (1 - b + b * len.at(file) / avg));
            QVERIFY2(std::abs(score - want) <= 1e-9 * std::max(1.0, std::abs(want)),
                     qPrintable(QString("%1: %2 vs %3").arg(file.c_str()).arg(score).arg(want)));
            QVERIFY(score >= previous);
            previous = score;
        }
    }

    void vectorsMatchLlamaCpp() {
        const auto [docs, db] = freshCorpus("goldens");
        LibraryIndex index(db);
        index.index({docs}, *bert.embedder, kModel);
        const QJsonObject g =
            QJsonDocument::fromJson(
                QByteArray::fromStdString(test::readText(test::dataPath("docs/bert-tiny-chunks.json"))))
                .object();
        std::map<std::string, std::vector<float>> golden;
        const QJsonArray texts = g.value("texts").toArray(), vectors = g.value("embeddings").toArray();
        for (qsizetype i = 0; i < texts.size(); ++i)
            golden[texts[i].toString().toStdString()] = toVector(vectors[i].toArray());
        QVERIFY(golden.size() >= 8);
        std::map<int64_t, std::string> textOf;
        double worst = 1;
        for (int64_t id : index.chunkIds()) {
            const SearchHit h = index.chunk(id);
            Chunk c;
            c.headingPath = h.heading;
            c.text = h.text;
            const auto it = golden.find(c.embedText());
            QVERIFY2(it != golden.end(), c.embedText().c_str()); // the goldens cover every chunk
            const std::vector<float> v = index.vectorOf(id);
            QCOMPARE(v.size(), it->second.size());
            worst = std::min(worst, cosine(v, it->second));
            for (size_t k = 0; k < v.size(); ++k) QVERIFY(std::abs(v[k] - it->second[k]) <= 2e-3f);
            textOf[id] = c.embedText();
        }
        QVERIFY2(worst >= 0.9999, qPrintable(QString::number(worst, 'f', 8)));
        qInfo("%zu chunk vectors, worst cosine to llama-embedding %.8f", textOf.size(), worst);
        // Vector search with llama.cpp's query vector ranks as a brute-force cosine over llama.cpp's
        // chunk vectors does.
        const QJsonArray queries = g.value("queries").toArray(), qv = g.value("query_embeddings").toArray();
        for (qsizetype q = 0; q < queries.size(); ++q) {
            const std::vector<float> query = toVector(qv[q].toArray());
            std::vector<std::pair<double, std::string>> brute;
            for (const auto& [id, text] : textOf) brute.emplace_back(cosine(query, golden[text]), text);
            std::sort(brute.begin(), brute.end(),
                      [](const auto& a, const auto& b) { return a.first > b.first; });
            const auto got = index.vectorSearch(query, kModel, 3);
            QCOMPARE(got.size(), size_t(3));
            for (size_t r = 0; r < 3; ++r) {
                QCOMPARE(QString::fromStdString(textOf[got[r].first]),
                         QString::fromStdString(brute[r].second));
                QVERIFY(std::abs(got[r].second - brute[r].first) < 1e-3);
            }
        }
    }

    // Vector search scans the vectors in memory (vector_scan.h), loaded once: a file indexed
    // afterwards must be in the next search all the same (the copy follows the database).
    void vectorScanFollowsTheIndex() {
        const auto [docs, db] = freshCorpus("scan");
        LibraryIndex index(db);
        index.index({docs}, *bert.embedder, kModel);
        const std::vector<float> q =
            bert.embedder->embed(bert.embedder->tokenize("lighthouse keepers"), true);
        const auto before = index.vectorSearch(q, kModel, 1000);
        QCOMPARE(int64_t(before.size()), index.vectorCount(kModel));
        writeFile(fs::path(docs) / "lighthouse.txt", "Lighthouse keepers trimmed the wicks every night.");
        index.index({docs}, *bert.embedder, kModel);
        const auto after = index.vectorSearch(q, kModel, 1000);
        QCOMPARE(int64_t(after.size()), index.vectorCount(kModel));
        QVERIFY(after.size() > before.size());
        // Best first, ties by chunk id; every cosine within [-1, 1] (unit rows, f16 rounding).
        for (size_t i = 1; i < after.size(); ++i) QVERIFY(after[i].second <= after[i - 1].second);
        for (const auto& [id, score] : after) QVERIFY(score >= -1.001 && score <= 1.001);
    }

    void hybridFusesRanks() {
        const auto [docs, db] = freshCorpus("hybrid");
        LibraryIndex index(db);
        index.index({docs}, *bert.embedder, kModel);
        const auto hits = index.search("watering can seedlings", bert.embedder.get(), kModel, 5);
        QVERIFY(!hits.empty());
        QCOMPARE(QString::fromStdString(hits[0].heading), QString("Garden Guide > Tools > Watering"));
        QVERIFY(hits[0].file.ends_with("guide.md"));
        QCOMPARE(hits[0].lineBegin, 15);
        QCOMPARE(hits[0].lineEnd, 21);
        for (size_t i = 0; i < hits.size(); ++i) {
            double want = 0;
            if (hits[i].keywordRank) want += 1.0 / (LibraryIndex::kRrfK + hits[i].keywordRank);
            if (hits[i].vectorRank) want += 1.0 / (LibraryIndex::kRrfK + hits[i].vectorRank);
            QCOMPARE(hits[i].score, want);
            if (i) QVERIFY(hits[i].score <= hits[i - 1].score);
        }
        // Keyword only (no embedder): BM25's order.
        const auto keyword = index.search("compost", nullptr, kModel, 5);
        QVERIFY(!keyword.empty());
        QCOMPARE(keyword[0].vectorRank, 0);
        QVERIFY(keyword[0].text.find("Tomatoes") != std::string::npos);
    }

    // FIPS 180-4's examples (one block, two blocks, a million 'a's) and the empty string.
    void sha256KnownAnswers() {
        QCOMPARE(sha256Hex(""),
                 std::string("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"));
        QCOMPARE(sha256Hex("abc"),
                 std::string("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"));
        QCOMPARE(sha256Hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
                 std::string("248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"));
        QCOMPARE(sha256Hex(std::string(1000000, 'a')),
                 std::string("cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"));
    }

    void badDatabase() {
        const std::string path = test::tmpPath("lib-not-a-db.sqlite");
        std::ofstream(path, std::ios::binary) << std::string(4096, 'x');
        bool refused = false;
        try {
            LibraryIndex index(path);
        } catch (const Error& e) {
            refused = e.code() == ErrorCode::Io;
        }
        QVERIFY(refused);
    }
};

QTEST_GUILESS_MAIN(TestLibraryIndex)
#include "test_library_index.moc"
