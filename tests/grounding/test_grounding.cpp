// A chat turn's documents (core/grounding) on the corpus tests/data/docs/chat, indexed with the
// tiny bert embedder: the whole library in the system message when it fits in half the context;
// otherwise the passages that match the question in front of it, numbered with file, heading and
// lines that this test finds in the files itself (the line that holds the answer's words); the
// sources a ChatTurn reports and the prompt it builds on the tiny SmolLM3-shaped model; BM25 over
// attached files against the Okapi formula written out here; the two document tools; and the
// sentences for a missing library, an unreadable file and bad tool calls.
#include "common/error.h"
#include "compute/cpu/cpu_backend.h"
#include "gguf/file.h"
#include "grammar/grammar_cache.h"
#include "grounding/document_tools.h"
#include "grounding/documents.h"
#include "grounding/keyword_rank.h"
#include "jinja/template.h"
#include "retrieval/embedder.h"
#include "retrieval/library_index.h"
#include "retrieval/pdf_text.h"
#include "retrieval/sqlite_db.h"
#include "runtime/chat_turn.h"
#include "test_data.h"

#include <QtTest>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>

using namespace smoldesk;
using namespace smoldesk::grounding;
namespace fs = std::filesystem;

namespace {

// The 1-based number of the first line of `file` (in the corpus) that contains `words`.
int lineOf(const std::string& file, const std::string& words) {
    return test::docsChatLineOf(file, words);
}

std::string corpusFile(const std::string& name) {
    return fs::canonical(test::dataPath("docs/chat/" + name)).string();
}

} // namespace

class TestGrounding : public QObject {
    Q_OBJECT
    std::string library_;
    std::unique_ptr<gguf::File> chatFile_;
    std::unique_ptr<text::Tokenizer> tokenizer_;

  private slots:
    void initTestCase() {
        // The corpus without its README, indexed by the tiny bert embedder.
        const fs::path root = test::tmpPath("grounding");
        fs::remove_all(root);
        fs::create_directories(root / "docs");
        for (const char* f : {"boiler.md", "garden.txt", "recipes.md"})
            fs::copy_file(test::dataPath(std::string("docs/chat/") + f), root / "docs" / f);
        library_ = (root / "library.sqlite").string();
        auto bertFile = gguf::File::open(test::dataPath("embed/bert-tiny.gguf"));
        compute::CpuBackend cpu(1);
        retrieval::Embedder bert(*bertFile, cpu);
        retrieval::LibraryIndex index(library_);
        const auto stats = index.index({(root / "docs").string()}, bert, "bert-tiny");
        QCOMPARE(stats.indexed, 3);
        chatFile_ = gguf::File::open(test::dataPath("models/smollm3-tiny.gguf"));
        tokenizer_ = text::Tokenizer::fromGguf(*chatFile_);
    }
    void cleanupTestCase() { fs::remove_all(test::tmpPath("grounding")); }

    void wholeLibraryWhenItFits() {
        DocumentRequest r;
        r.libraryPath = library_;
        const std::vector<chat::Message> conversation = {{"system", "Be brief."},
                                                         {"user", "Summarise my notes."}};
        const Grounding g = ground(r, conversation, *tokenizer_, 4096);
        QCOMPARE(int(g.mode), int(Grounding::Mode::Whole));
        QCOMPARE(g.files, 3);
        QCOMPARE(g.sources.size(), size_t(3));
        QVERIFY(g.tokens <= g.budget && g.budget == 2048);
        QCOMPARE(g.tokens, countTokens(*tokenizer_, g.text));
        // Every paragraph of every file is in the text, each file once under its number.
        for (const Source& s : g.sources) {
            QVERIFY(s.whole);
            const std::string label = "[" + std::to_string(s.number) + "] " + fileName(s.file) + "\n";
            QVERIFY2(g.text.find(label) != std::string::npos, label.c_str());
        }
        for (const char* words : {"Below 0.8 bar the boiler stops", "hold the reset button for 10 seconds",
                                  "Seedlings need a fine rose", "Squeeze four lemons"})
            QVERIFY2(g.text.find(words) != std::string::npos, words);
        // After the system prompt, in the system message: the same text every turn (prefix reuse).
        const auto messages = withDocuments(conversation, g);
        QCOMPARE(messages.size(), size_t(2));
        QCOMPARE(messages[0].content, "Be brief.\n\n" + g.text);
        QCOMPARE(messages[1].content, std::string("Summarise my notes."));
        const auto later = withDocuments({{"user", "a"}, {"assistant", "b"}, {"user", "c"}}, g);
        QCOMPARE(later.front().role, std::string("system"));
        QCOMPARE(later.front().content, g.text);
    }

    void passagesWhenTheLibraryDoesNotFit() {
        DocumentRequest r;
        r.libraryPath = library_;
        r.maxPassages = 2;
        // (The tiny model's vocabulary is small: about 1.6 bytes per token, the library about 900 tokens.)
        const Grounding g = ground(r, {{"user", "How do I reset the boiler?"}}, *tokenizer_, 1000);
        QCOMPARE(int(g.mode), int(Grounding::Mode::Passages));
        QCOMPARE(g.query, std::string("How do I reset the boiler?"));
        QVERIFY(!g.sources.empty() && g.sources.size() <= 2);
        const Source& best = g.sources.front();
        QCOMPARE(fileName(best.file), std::string("boiler.md"));
        QCOMPARE(best.heading, std::string("Boiler manual > Resetting"));
        const int answerLine = lineOf("boiler.md", "hold the reset button");
        QVERIFY2(best.lineBegin <= answerLine && answerLine <= best.lineEnd,
                 (std::to_string(best.lineBegin) + "-" + std::to_string(best.lineEnd)).c_str());
        QVERIFY(best.snippet.find("hold the reset button for 10 seconds") != std::string::npos);
        QVERIFY(g.tokens <= g.budget);
        const std::string label = "[1] boiler.md, Boiler manual > Resetting, lines " +
                                  std::to_string(best.lineBegin) + "-" + std::to_string(best.lineEnd) + "\n";
        QVERIFY2(g.text.find(label) != std::string::npos, g.text.c_str());
        const auto messages = withDocuments({{"user", "earlier"}, {"assistant", "x"}, {"user", g.query}}, g);
        QCOMPARE(messages[0].content, std::string("earlier"));
        QCOMPARE(messages[2].content, g.text + g.query);
        QVERIFY(g.text.size() > 5 && g.text.substr(g.text.size() - 5) == "---\n\n");
    }

    // A conversation re-rendered on the next turn shows the first turn's passages where its prompt
    // had them: the answer's "[1]" keeps its source and the prompt's prefix is the one the model
    // read (before, they went in front of the last user message only and the first turn lost them).
    void earlierTurnsKeepTheirPassages() {
        DocumentRequest r;
        r.libraryPath = library_;
        r.maxPassages = 1;
        const std::string q1 = "How do I reset the boiler?", q2 = "How often should I turn the compost heap?";
        const Grounding g1 = ground(r, {{"user", q1}}, *tokenizer_, 1000);
        QCOMPARE(int(g1.mode), int(Grounding::Mode::Passages));
        const auto first = withDocuments({{"user", q1}}, g1);
        QCOMPARE(first[0].content, g1.text + q1);
        QVERIFY(first[0].passages.empty()); // rendered, not twice

        chat::Message asked{"user", q1};
        asked.passages = g1.text; // what the app keeps with the turn
        std::vector<chat::Message> history = {
            asked, {"assistant", "Hold the reset button [1]."}, {"user", q2}};
        const Grounding g2 = ground(r, history, *tokenizer_, 1000);
        QCOMPARE(g2.query, q2);
        QVERIFY(g2.text != g1.text);
        const auto second = withDocuments(history, g2);
        QCOMPARE(second.size(), size_t(3));
        QCOMPARE(second[0].content, first[0].content);
        QCOMPARE(second[1].content, std::string("Hold the reset button [1]."));
        QCOMPARE(second[2].content, g2.text + q2);
        // Documents detached since: the earlier turn still shows its own.
        const auto detached = withDocuments(history, Grounding{});
        QCOMPARE(detached[0].content, g1.text + q1);
        QCOMPARE(detached[2].content, q2);
        // The last turn asked again: this turn's passages replace the ones it kept.
        history.resize(1);
        const auto again = withDocuments(history, g2);
        QCOMPARE(again[0].content, g2.text + q1);
    }

    void nothingMatchedIsSaid() {
        DocumentRequest r;
        r.libraryPath = library_;
        const Grounding g = ground(r, {{"user", "xylophone quartz"}}, *tokenizer_, 200);
        QCOMPARE(int(g.mode), int(Grounding::Mode::Passages));
        QVERIFY(g.sources.empty());
        QVERIFY(g.text.find("no passage matched") != std::string::npos);
        QVERIFY(!g.note.empty());
    }

    void attachedFilesRankedByBm25() {
        DocumentRequest r;
        r.files = {corpusFile("garden.txt"), corpusFile("recipes.md")};
        const Grounding whole = ground(r, {{"user", "compost?"}}, *tokenizer_, 4096);
        QCOMPARE(int(whole.mode), int(Grounding::Mode::Whole));
        QCOMPARE(whole.files, 2);
        r.maxPassages = 1;
        const Grounding g =
            ground(r, {{"user", "How often should I turn the compost heap?"}}, *tokenizer_, 500);
        QCOMPARE(int(g.mode), int(Grounding::Mode::Passages));
        QCOMPARE(g.sources.size(), size_t(1));
        QCOMPARE(fileName(g.sources[0].file), std::string("garden.txt"));
        const int line = lineOf("garden.txt", "Turn the compost heap");
        QVERIFY(g.sources[0].lineBegin <= line && line <= g.sources[0].lineEnd);
    }

    void bm25MatchesTheOkapiFormula() {
        // Okapi BM25 with k1 = 1.2, b = 0.75 and idf = ln((N - n + 0.5) / (n + 0.5) + 1), by hand.
        const std::vector<std::string> passages = {"the cat sat", "the dog sat on the cat mat", "a bird"};
        const auto ranked = bm25Rank("cat mat", passages, 10);
        QCOMPARE(ranked.size(), size_t(2));
        const double n = 3, avg = (3 + 7 + 2) / 3.0;
        auto term = [&](double f, double df, double len) {
            return std::log((n - df + 0.5) / (df + 0.5) + 1) * f * 2.2 /
                   (f + 1.2 * (0.25 + 0.75 * len / avg));
        };
        QCOMPARE(ranked[0].first, size_t(1));
        QVERIFY(std::abs(ranked[0].second - (term(1, 2, 7) + term(1, 1, 7))) < 1e-12);
        QCOMPARE(ranked[1].first, size_t(0));
        QVERIFY(std::abs(ranked[1].second - term(1, 2, 3)) < 1e-12);
        QCOMPARE(words("Äpfel, CAFÉ-au lait"), (std::vector<std::string>{"äpfel", "café", "au", "lait"}));
        // Typographic punctuation ends words too: curly quotes, an em dash, an ellipsis, a no-break
        // space; Greek and Cyrillic capitals fold like Latin ones.
        QCOMPARE(words("“Filter” boiler—when…then\u00a0ΔΕΛΤΑ МОСКВА Łódź"),
                 (std::vector<std::string>{"filter", "boiler", "when", "then", "δελτα", "москва", "łódź"}));
        QCOMPARE(bm25Rank("filter", {"the “filter” is clean", "no match here"}, 10).size(), size_t(1));
    }

    void refusalsAreSentences() {
        DocumentRequest r;
        r.libraryPath = test::tmpPath("no-such-library.sqlite");
        try {
            ground(r, {{"user", "x"}}, *tokenizer_, 512);
            QFAIL("a missing library was accepted");
        } catch (const Error& e) {
            QVERIFY(std::string(e.what()).find("There is no document library at") == 0);
        }
        QVERIFY(!fs::exists(r.libraryPath)); // and none was created
        {
            // Another program's SQLite database is refused, and left as it was (no library tables
            // written into it, its journal mode unchanged).
            const std::string other = test::tmpPath("other-program.sqlite");
            fs::remove(other);
            {
                retrieval::Db db(other);
                db.exec("CREATE TABLE notes(text TEXT)");
            }
            r.libraryPath = other;
            for (int call = 0; call < 2; ++call) {
                try {
                    if (call == 0)
                        ground(r, {{"user", "x"}}, *tokenizer_, 512);
                    else
                        searchPassages(r, "x", tokenizer_.get(), 5);
                    QFAIL("a database that is not a library was accepted");
                } catch (const Error& e) {
                    QCOMPARE(QString(e.what()),
                             QString::fromStdString(other + " is not a SmolDesk document library; make one "
                                                            "with docs index."));
                }
            }
            retrieval::Db db(other);
            retrieval::Stmt tables(db, "SELECT COUNT(*) FROM sqlite_master");
            QVERIFY(tables.step());
            QCOMPARE(tables.integer(0), int64_t{1});
            retrieval::Stmt mode(db, "PRAGMA journal_mode");
            QVERIFY(mode.step());
            QCOMPARE(QString::fromStdString(mode.text(0)), QString("delete"));
        }
        r.libraryPath.clear();
        r.files = {test::dataPath("models/smollm3-tiny.gguf")};
        QVERIFY_THROWS_EXCEPTION(Error, ground(r, {{"user", "x"}}, *tokenizer_, 512));
    }

    void chatTurnReportsItsSources() {
        runtime::LoadOptions o;
        o.path = test::dataPath("models/smollm3-tiny.gguf");
        o.contextLength = 1024;
        o.threads = 1;
        o.backend = runtime::BackendChoice::Cpu;
        auto session = runtime::Session::load(o);
        runtime::ChatPrompt chatPrompt(session->file(), session->tokenizer());
        grammar::GrammarCache grammars;
        runtime::ChatTurnRequest request;
        request.prompt.messages = {{"user", "How do I reset the boiler?"}};
        request.documents.libraryPath = library_;
        request.documents.maxPassages = 2;
        runtime::ChatTurn turn(*session, chatPrompt, grammars, request);
        QCOMPARE(int(turn.documents().mode), int(Grounding::Mode::Passages));
        const std::string prompt = session->tokenizer().decode(turn.prompt().tokens, true);
        QVERIFY2(prompt.find("[1] boiler.md, Boiler manual > Resetting") != std::string::npos,
                 prompt.c_str());
        QVERIFY(prompt.find("hold the reset button for 10 seconds") <
                prompt.find("How do I reset the boiler?"));
        std::vector<Source> reported;
        int textEvents = 0;
        runtime::ChatTurnEvents events;
        events.onDocuments = [&](const Grounding& g) {
            QCOMPARE(textEvents, 0); // before any text
            reported = g.sources;
        };
        events.onText = [&](const std::string&, const std::string&, int) { ++textEvents; };
        runtime::GenerateParams gp;
        gp.maxTokens = 3;
        gp.sampling.temperature = 0;
        turn.run(gp, events, nullptr);
        QCOMPARE(reported.size(), turn.documents().sources.size());
        QCOMPARE(fileName(reported.at(0).file), std::string("boiler.md"));
        QCOMPARE(reported.at(0).heading, std::string("Boiler manual > Resetting"));
        // Without documents, nothing is reported and the prompt is the question alone.
        runtime::ChatTurnRequest plain;
        plain.prompt.messages = request.prompt.messages;
        runtime::ChatTurn bare(*session, chatPrompt, grammars, plain);
        QCOMPARE(int(bare.documents().mode), int(Grounding::Mode::None));
        QVERIFY(bare.prompt().tokens.size() < turn.prompt().tokens.size());
    }

    void pdfPagesAreCited() {
        // A PDF reader as the app installs one (Qt PDF), here a stand-in whose "PDF" is page texts
        // separated by form feeds: the page a passage comes from is known by construction.
        retrieval::setPdfTextReader([](std::string_view bytes) {
            std::vector<std::string> pages(1);
            for (char c : bytes)
                if (c == '\f')
                    pages.emplace_back();
                else
                    pages.back().push_back(c);
            return pages;
        });
        const fs::path root = test::tmpPath("grounding-pdf");
        fs::remove_all(root);
        fs::create_directories(root / "docs");
        const std::string pdf = (root / "docs/heat-pump.pdf").string();
        std::ofstream(pdf, std::ios::binary)
            << "Heat pump HP-7 installation guide.\n\nUnpack the unit and keep it upright.\f"
               "Wiring: the outdoor unit takes a 16 A circuit of its own.\f"
               "Maintenance: clean the air filter every three months and rinse it in lukewarm water.\f"
               "Warranty: five years when the unit is serviced yearly.";
        auto bertFile = gguf::File::open(test::dataPath("embed/bert-tiny.gguf"));
        compute::CpuBackend cpu(1);
        retrieval::Embedder bert(*bertFile, cpu);
        const std::string db = (root / "library.sqlite").string();
        retrieval::LibraryIndex(db).index({(root / "docs").string()}, bert, "bert-tiny");
        DocumentRequest r;
        r.libraryPath = db;
        r.maxPassages = 1;
        const Grounding g = ground(r, {{"user", "How often do I clean the air filter?"}}, *tokenizer_, 400);
        QCOMPARE(int(g.mode), int(Grounding::Mode::Passages));
        QCOMPARE(g.sources.size(), size_t(1));
        QCOMPARE(g.sources[0].page, 3);
        QVERIFY2(g.text.find("[1] heat-pump.pdf, page 3, line 1") != std::string::npos, g.text.c_str());
        QVERIFY(sourcesJson(g.sources).find("\"page\": 3") != std::string::npos);
        // Whole, the pages are marked; read_document reads one page.
        const Grounding whole = ground(r, {{"user", "Summarise"}}, *tokenizer_, 4096);
        QCOMPARE(int(whole.mode), int(Grounding::Mode::Whole));
        QVERIFY(whole.text.find("(page 2)\nWiring") != std::string::npos);
        DocumentTools tools(r, *tokenizer_);
        const std::string page4 =
            tools.run({"c", "read_document", "{\"file\": \"heat-pump.pdf\", \"page\": 4}"});
        QVERIFY2(page4.find("[1] heat-pump.pdf, page 4") == 0, page4.c_str());
        QVERIFY(page4.find("Warranty") != std::string::npos && page4.find("Wiring") == std::string::npos);
        retrieval::setPdfTextReader({});
        fs::remove_all(root);
    }

    void documentTools() {
        DocumentRequest r;
        r.libraryPath = library_;
        DocumentTools tools(r, *tokenizer_);
        tools.setNextNumber(3);
        const std::string found =
            tools.run({"c1", "search_documents", "{\"query\": \"lemonade sugar\", \"top\": 2}"});
        QVERIFY2(found.find("[3] recipes.md, Recipes > Lemonade") == 0, found.c_str());
        QVERIFY(found.find("add 100 g of sugar") != std::string::npos);
        QCOMPARE(tools.sources().front().number, 3);

        const int tomatoes = lineOf("garden.txt", "Tomatoes want deep watering");
        const std::string lines =
            tools.run({"c2", "read_document",
                       "{\"file\": \"garden.txt\", \"line_begin\": " + std::to_string(tomatoes) +
                           ", \"line_end\": " + std::to_string(tomatoes + 1) + "}"});
        QVERIFY2(lines.find("Tomatoes want deep watering") != std::string::npos, lines.c_str());
        QVERIFY(lines.find("Compost") == std::string::npos);
        const std::string whole = tools.run(
            {"c3", "read_document",
             "{\"file\": \"" + (fs::path(library_).parent_path() / "docs/garden.txt").string() + "\"}"});
        QVERIFY(whole.find("Seedlings") != std::string::npos &&
                whole.find("wrung-out sponge") != std::string::npos);

        QVERIFY(tools.run({"c4", "read_document", "{\"file\": \"/etc/passwd\"}"})
                    .find("There is no document named") == 0);
        QVERIFY(tools.run({"c5", "read_document", "[1]"}).find("not a JSON object") != std::string::npos);
        QVERIFY(tools.run({"c6", "search_documents", "{}"}).find("needs a query") != std::string::npos);
        QVERIFY(tools.run({"c7", "read_document", "{nope"}).find("failed") != std::string::npos);

        // Attached files alone: searched by BM25, read by name; the library's files are not theirs.
        DocumentRequest attached;
        attached.files = {corpusFile("recipes.md")};
        DocumentTools own(attached, *tokenizer_);
        const std::string pancakes = own.run({"c8", "search_documents", "{\"query\": \"pancake batter\"}"});
        QVERIFY2(pancakes.find("[1] recipes.md, Recipes > Pancakes") == 0, pancakes.c_str());
        QVERIFY(own.run({"c9", "read_document", "{\"file\": \"recipes.md\"}"}).find("Squeeze four lemons") !=
                std::string::npos);
        QVERIFY(
            own.run({"c10", "read_document", "{\"file\": \"garden.txt\"}"}).find("There is no document") ==
            0);

        // The definitions are JSON the template can render, appended to other tools.
        const jinja::Value both = jinja::parseJson(
            DocumentTools::withDocumentTools("[{\"type\": \"function\", \"function\": {\"name\": \"x\", "
                                             "\"parameters\": {\"type\": \"object\"}}}]"));
        QCOMPARE(both.items().size(), size_t(3));
        QCOMPARE(DocumentTools::withDocumentTools(" [ ] "), DocumentTools::toolsJson());
        QCOMPARE(chat::toolSpecsFromJson(DocumentTools::toolsJson()).size(), size_t(2));
    }
};

QTEST_GUILESS_MAIN(TestGrounding)
#include "test_grounding.moc"
