// Constrained generation on the tiny models (random weights, so every token the mask allows is
// plausible): for many schemas and seeds, each complete output must validate with
// python3-jsonschema, an independent implementation. Also: a GBNF grammar bounds the output
// exactly, the thought of a thinking prompt stays free, and the prompt echo stays out.
#include "require_all.h"
#include "test_data.h"

#include "common/error.h"
#include "grammar/gbnf_parser.h"
#include "grammar/grammar_cache.h"
#include "runtime/session.h"
#include "jinja/template.h"

#include <QtTest>

#include <filesystem>
#include <fstream>

using namespace smoldesk;
using namespace smoldesk::runtime;

namespace {

std::unique_ptr<Session> open(const std::string& rel) {
    LoadOptions o;
    o.path = test::dataPath(rel);
    o.contextLength = 1024;
    o.threads = 2;
    o.backend = BackendChoice::Cpu;
    return Session::load(o);
}

struct Output {
    std::string text;
    StopReason stop;
    int tokens;
};

Output generate(Session& s, std::shared_ptr<grammar::GrammarTables> g, uint64_t seed, int maxTokens,
                bool startsInThought = false, int budget = -1, bool stopAtEnd = true,
                std::string trigger = {}, bool lazy = false) {
    GenerateParams gp;
    gp.grammarTrigger = std::move(trigger);
    gp.grammarLazy = lazy;
    gp.maxTokens = maxTokens;
    gp.sampling.seed = seed;
    gp.sampling.temperature = 1.0f;
    gp.sampling.topK = 50; // a full sort of a 32k vocabulary each step would slow the test down
    gp.sampling.topP = 1.0f;
    gp.sampling.minP = 0.0f;
    gp.grammar = std::move(g);
    gp.startsInThought = startsInThought;
    gp.thinkingBudget = budget;
    gp.stopAtEndOfGeneration = stopAtEnd;
    const auto& tok = s.tokenizer();
    const auto prompt = tok.encode("Answer in JSON.", tok.addBosByDefault(), false);
    Output out;
    const auto stats = s.generate(prompt, gp, [&](const TokenEvent& ev) {
        out.text += ev.text;
        return true;
    });
    out.stop = stats.stopReason;
    out.tokens = stats.generatedTokens;
    return out;
}

} // namespace

class TestGrammarGeneration : public QObject {
    Q_OBJECT
  private slots:
    void outputsValidateWithJsonschema();
    void gbnfBoundsTheOutput();
    void thoughtStaysFree();
    void lazyGrammarHoldsAfterItsTrigger();
    void forcedTriggerOpensTheAnswer();
};

void TestGrammarGeneration::outputsValidateWithJsonschema() {
    const QString script = QFINDTESTDATA("validate_outputs.py");
    QProcess probe;
    probe.start("python3", {"-c", "import jsonschema"});
    if (!probe.waitForFinished(30000) || probe.exitStatus() != QProcess::NormalExit || probe.exitCode() != 0)
        SMOLDESK_SKIP_OR_FAIL("python3 with the jsonschema module is not installed (python3-jsonschema, "
                              "packaging/install-deps.sh)");
    const std::string dir = test::dataPath("grammar/schemas");
    std::vector<std::string> schemaFiles;
    for (const auto& e : std::filesystem::directory_iterator(dir)) schemaFiles.push_back(e.path().string());
    std::sort(schemaFiles.begin(), schemaFiles.end());
    QVERIFY(schemaFiles.size() >= 8);

    const std::string outPath = test::tmpPath("grammar_outputs.jsonl");
    std::ofstream out(outPath, std::ios::binary);
    int complete = 0, truncated = 0;
    grammar::GrammarCache cache;
    for (const char* model :
         {"models/smollm3-tiny.gguf", "models/llama-2-tiny-random.gguf", "models/arch/qwen3-tiny.gguf"}) {
        auto s = open(model);
        for (const auto& file : schemaFiles) {
            const std::string schema = test::readText(file);
            auto tables = cache.get({grammar::GrammarSource::Kind::JsonSchema, schema}, s->vocabTrie());
            for (uint64_t seed = 1; seed <= 4; ++seed) {
                const Output o = generate(*s, tables, seed, 250);
                if (o.stop == StopReason::MaxTokens) {
                    ++truncated; // a prefix of a valid document; nothing to validate
                    continue;
                }
                QVERIFY2(o.stop == StopReason::EndOfGeneration || o.stop == StopReason::GrammarComplete,
                         stopReasonName(o.stop));
                ++complete;
                jinja::Value line = jinja::Value::object();
                line.set("schema", jinja::parseJson(schema));
                line.set("output", jinja::Value(o.text));
                line.set("where", jinja::Value(std::string(model) + " " +
                                               std::filesystem::path(file).filename().string() + " seed " +
                                               std::to_string(seed)));
                out << jinja::toJson(line) << "\n";
            }
        }
    }
    out.close();
    std::printf("%d complete outputs, %d cut at the token limit\n", complete, truncated);
    QVERIFY2(complete >= 80, qPrintable(QString("only %1 outputs completed").arg(complete)));
    QProcess p;
    p.start("python3", {script, QString::fromStdString(outPath)});
    QVERIFY(p.waitForFinished(60000));
    const QByteArray report = p.readAllStandardOutput() + p.readAllStandardError();
    std::printf("%s", report.constData());
    QVERIFY2(p.exitCode() == 0, report.constData());
}

void TestGrammarGeneration::gbnfBoundsTheOutput() {
    auto s = open("models/smollm3-tiny.gguf");
    auto tables =
        std::make_shared<grammar::GrammarTables>(std::make_shared<const grammar::Grammar>(grammar::parseGbnf(
                                                     R"(root ::= ("yes" | "no") " " [0-9]{2})")),
                                                 s->vocabTrie());
    const QRegularExpression re("^(yes|no) [0-9]{2}$");
    for (uint64_t seed = 1; seed <= 20; ++seed) {
        const Output o = generate(*s, tables, seed, 50);
        QVERIFY2(re.match(QString::fromStdString(o.text)).hasMatch(), o.text.c_str());
        QVERIFY(o.stop == StopReason::GrammarComplete || o.stop == StopReason::EndOfGeneration);
    }
}

// A prompt that opened <think>: the thought is free text, the budget closes it, and the answer
// after </think> follows the grammar.
void TestGrammarGeneration::thoughtStaysFree() {
    auto s = open("models/smollm3-tiny.gguf");
    auto tables =
        std::make_shared<grammar::GrammarTables>(std::make_shared<const grammar::Grammar>(grammar::parseGbnf(
                                                     R"(root ::= "{\"ok\": " ("true" | "false") "}")")),
                                                 s->vocabTrie());
    int freeThoughts = 0;
    for (uint64_t seed = 1; seed <= 8; ++seed) {
        const Output o =
            generate(*s, tables, seed, 80, true, 6, false); // an end token inside the thought is text
        const size_t end = o.text.find("</think>");
        QVERIFY2(end != std::string::npos, o.text.c_str());
        const std::string thought = o.text.substr(0, end);
        std::string answer = o.text.substr(end + 8);
        answer.erase(0, answer.find_first_not_of(" \n"));
        QVERIFY2(answer == "{\"ok\": true}" || answer == "{\"ok\": false}", o.text.c_str());
        if (thought.find("{\"ok\"") == std::string::npos && !thought.empty()) ++freeThoughts;
    }
    QCOMPARE(freeThoughts, 8); // the thought was not held to the grammar
}

// tool_choice auto: free text until the trigger, then the grammar, then free text again. With the
// trigger "e" (which random text writes often) every "e(" must go on as the grammar says; without
// the grammar random text never writes "e(" followed by two digits. A trigger in the thought does
// nothing.
void TestGrammarGeneration::lazyGrammarHoldsAfterItsTrigger() {
    auto s = open("models/smollm3-tiny.gguf");
    auto tables = std::make_shared<grammar::GrammarTables>(
        std::make_shared<const grammar::Grammar>(grammar::parseGbnf(R"g(root ::= "(" [0-9] [0-9] ")")g")),
        s->vocabTrie());
    const QRegularExpression call("e\\([0-9][0-9]\\)");
    int calls = 0, freeAfter = 0;
    for (uint64_t seed = 1; seed <= 6; ++seed) {
        const Output o = generate(*s, tables, seed, 120, false, -1, true, "e", true);
        const QString text = QString::fromStdString(o.text);
        QVERIFY2(o.stop != StopReason::GrammarComplete, o.text.c_str()); // lazy: never ends the answer
        const int opened = static_cast<int>(text.count(QStringLiteral("e(")));
        const int complete = static_cast<int>(text.count(call));
        // Every call is whole, except one the token limit cut.
        QVERIFY2(complete == opened || (complete == opened - 1 && o.stop == StopReason::MaxTokens),
                 o.text.c_str());
        calls += complete;
        const qsizetype last = text.lastIndexOf(call);
        if (last >= 0 && last + 5 < text.size()) ++freeAfter;
    }
    QVERIFY2(calls >= 3, qPrintable(QString("only %1 calls").arg(calls)));
    QVERIFY(freeAfter >= 1); // the answer went on freely after a call

    // In a thought (closed by the budget) the trigger does nothing.
    for (uint64_t seed = 1; seed <= 4; ++seed) {
        const Output o = generate(*s, tables, seed, 60, true, 20, false, "e", true);
        const size_t end = o.text.find("</think>");
        QVERIFY2(end != std::string::npos, o.text.c_str());
        QVERIFY2(o.text.substr(0, end).find("e(") == std::string::npos, o.text.c_str());
    }
}

// tool_choice required: the engine writes the trigger, and the grammar follows it to the end.
void TestGrammarGeneration::forcedTriggerOpensTheAnswer() {
    auto s = open("models/smollm3-tiny.gguf");
    auto tables = std::make_shared<grammar::GrammarTables>(
        std::make_shared<const grammar::Grammar>(grammar::parseGbnf(R"g(root ::= "(" [0-9] ")")g")),
        s->vocabTrie());
    const QRegularExpression re("^ ?<x>\\([0-9]\\)$"); // SPM vocabularies put a space before the text
    for (uint64_t seed = 1; seed <= 6; ++seed) {
        const Output o = generate(*s, tables, seed, 40, false, -1, true, "<x>", false);
        QVERIFY2(re.match(QString::fromStdString(o.text)).hasMatch(), o.text.c_str());
        QCOMPARE(o.stop, StopReason::GrammarComplete);
    }
}

QTEST_GUILESS_MAIN(TestGrammarGeneration)
#include "test_grammar_generation.moc"
