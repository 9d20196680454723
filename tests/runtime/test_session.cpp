// Session: prefix reuse, cancellation, stop conditions and the thinking budget, on real tiny models.
#include "chat/thinking_parser.h"
#include "common/error.h"
#include "golden.h"
#include "runtime/session.h"
#include "test_data.h"
#include "tiny_model.h"

#include <QtTest>

#include <algorithm>
#include <atomic>

using namespace smoldesk;
using namespace smoldesk::runtime;

namespace {
std::unique_ptr<Session> openDemo(int ctx = 256) {
    LoadOptions o;
    o.path = test::demoModelPath();
    o.contextLength = ctx;
    o.threads = 2;
    return Session::load(o);
}
std::unique_ptr<Session> openTiny() {
    LoadOptions o;
    o.path = test::dataPath("models/smollm3-tiny.gguf");
    o.contextLength = 256;
    o.threads = 2;
    return Session::load(o);
}
GenerateParams greedy(int n) {
    GenerateParams g;
    g.maxTokens = n;
    g.sampling.temperature = 0;
    return g;
}
} // namespace

class TestSession : public QObject {
    Q_OBJECT
  private slots:
    // On the CPU, progress covers reading the pages (first half) and the repacking of the
    // weights (second half): forward only, to 1; a cancel while repacking ends the load.
    void loadProgressCoversRepackingAndCancels() {
        LoadOptions o;
        o.path = test::dataPath("models/smollm3-tiny.gguf");
        o.contextLength = 256;
        o.threads = 2;
        o.backend = BackendChoice::Cpu;
        std::vector<float> seen;
        o.progress = [&](float f) {
            seen.push_back(f);
            return true;
        };
        auto s = Session::load(o);
        QVERIFY(seen.size() >= 20);
        for (size_t i = 1; i < seen.size(); ++i) QVERIFY(seen[i] >= seen[i - 1]);
        const size_t inSecondHalf =
            size_t(std::count_if(seen.begin(), seen.end(), [](float f) { return f > 0.5f; }));
        QVERIFY2(inSecondHalf >= 10, qPrintable(QString::number(inSecondHalf))); // a step per weight
        QCOMPARE(seen.back(), 1.0f);

        seen.clear();
        o.progress = [&](float f) {
            seen.push_back(f);
            return f < 0.75f;
        };
        try {
            Session::load(o);
            QFAIL("the load was not cancelled");
        } catch (const Error& e) {
            QCOMPARE(int(e.code()), int(ErrorCode::Cancelled));
        }
        QVERIFY(seen.back() >= 0.75f && seen.back() < 1.0f);
    }

    void generatesTheGoldenStory() {
        auto s = openDemo();
        std::vector<int32_t> prompt = s->tokenizer().encode("Once upon a time", true, true);
        std::string text;
        std::vector<int32_t> ids;
        auto stats = s->generate(prompt, greedy(48), [&](const TokenEvent& ev) {
            text += ev.text;
            if (ev.id >= 0) ids.push_back(ev.id);
            return true;
        });
        QCOMPARE(ids, test::loadGolden("stories260K-once-decode").generated);
        QCOMPARE(QString::fromStdString(text),
                 QString(", there was a little girl named Lily. She loved to play outside in the park. "
                         "One day, she saw a big, red ball. She wanted to play with it,"));
        QCOMPARE(stats.generatedTokens, 48);
        QCOMPARE(int(stats.stopReason), int(StopReason::MaxTokens));
        QVERIFY(stats.decodeTokensPerSecond() > 0 && stats.promptMs > 0);
    }

    void continuationKeepsTheLeadingSpace() {
        // "Once" is continued by "▁upon": the space belongs in the streamed text.
        auto s = openDemo();
        std::string text;
        s->generate(s->tokenizer().encode("Once", true, true), greedy(3), [&](const TokenEvent& ev) {
            text += ev.text;
            return true;
        });
        QCOMPARE(QString::fromStdString(text), QString(" upon a time"));
    }

    void followUpReusesThePrefix() {
        auto s = openDemo();
        std::vector<int32_t> first = s->tokenizer().encode("Once upon a time", true, true);
        std::vector<int32_t> generated;
        s->generate(first, greedy(10), [&](const TokenEvent& ev) {
            if (ev.id >= 0) generated.push_back(ev.id);
            return true;
        });
        // The follow-up shares the prompt and the generated tokens.
        std::vector<int32_t> follow = first;
        follow.insert(follow.end(), generated.begin(), generated.end());
        std::vector<int32_t> more = s->tokenizer().encode(" The end.", false, false);
        follow.insert(follow.end(), more.begin(), more.end());
        auto stats = s->generate(follow, greedy(5), {});
        QCOMPARE(stats.reusedTokens,
                 int(first.size() + generated.size()) - 1); // the last sampled token was never fed
        // Logits after reuse equal a fresh evaluation.
        std::vector<float> reused = s->evaluate(follow);
        s->reset();
        std::vector<float> fresh = s->evaluate(follow);
        auto d = test::compareLogits(reused, fresh, s->hparams().nVocab);
        QVERIFY2(d.maxAbs < 1e-4, d.describe().c_str());
    }

    void stopTakesEffectWithinOneToken() {
        auto s = openDemo();
        std::atomic<bool> cancel{false};
        std::vector<int32_t> prompt = s->tokenizer().encode("Once upon a time", true, true);
        int afterStop = 0, seen = 0;
        auto stats = s->generate(
            prompt, greedy(100),
            [&](const TokenEvent& ev) {
                if (ev.id < 0) return true;
                if (cancel) ++afterStop;
                if (++seen == 5) cancel = true; // the user presses Stop while token 5 is shown
                return true;
            },
            &cancel);
        QCOMPARE(afterStop, 0);
        QCOMPARE(stats.generatedTokens, 5);
        QCOMPARE(int(stats.stopReason), int(StopReason::Cancelled));
    }

    void cancelDuringPromptProcessing() {
        auto s = openDemo();
        std::atomic<bool> cancel{true};
        std::vector<int32_t> prompt(100, 300);
        prompt[0] = 1;
        auto stats = s->generate(prompt, greedy(10), {}, &cancel);
        QCOMPARE(int(stats.stopReason), int(StopReason::Cancelled));
        QCOMPARE(stats.generatedTokens, 0);
        // The session is still usable afterwards.
        cancel = false;
        QCOMPARE(s->generate(prompt, greedy(3), {}, &cancel).generatedTokens, 3);
    }

    void stopStringEndsTheAnswer() {
        auto s = openDemo();
        GenerateParams g = greedy(60);
        g.stopStrings = {"Lily"};
        std::string text;
        auto stats =
            s->generate(s->tokenizer().encode("Once upon a time", true, true), g, [&](const TokenEvent& ev) {
                text += ev.text;
                return true;
            });
        QCOMPARE(int(stats.stopReason), int(StopReason::StopString));
        QCOMPARE(QString::fromStdString(text), QString(", there was a little girl named "));
    }

    void contextFullStopsCleanly() {
        auto s = openDemo(12);
        auto stats = s->generate(s->tokenizer().encode("Once upon a time", true, true), greedy(50), {});
        QCOMPARE(int(stats.stopReason), int(StopReason::ContextFull));
        QCOMPARE(int(s->cachedTokens().size()), 12);
    }

    void thinkingBudgetClosesTheThought() {
        // smollm3-tiny has random weights: it never closes a thought by itself.
        auto s = openTiny();
        std::vector<int32_t> prompt = {2, 293, 407, 151, 155, 246};
        GenerateParams g = greedy(20);
        g.startsInThought = true;
        g.thinkingBudget = 5;
        std::string text;
        auto stats = s->generate(prompt, g, [&](const TokenEvent& ev) {
            text += ev.text;
            return true;
        });
        QVERIFY(stats.thinkingBudgetHit);
        QCOMPARE(stats.thoughtTokens, 5);
        chat::ThinkingParser parser(true);
        chat::ParsedDelta d = parser.push(text);
        QVERIFY2(d.thoughtEnded, text.c_str());
        QVERIFY(text.find("</think>\n") != std::string::npos);
        QCOMPARE(stats.generatedTokens, 20);
        // Without a budget the thought never ends.
        GenerateParams open = greedy(20);
        open.startsInThought = true;
        auto unlimited = s->generate(prompt, open, {});
        QVERIFY(!unlimited.thinkingBudgetHit);
        QCOMPARE(unlimited.thoughtTokens, 20);
    }

    // The same through the harmony parser: the engine ends the analysis message and opens the
    // final one. smollm3-tiny's vocab has no harmony tokens, so the markers go through as text,
    // which the parser reads the same way.
    void thinkingBudgetClosesAHarmonyThought() {
        auto s = openTiny();
        std::vector<int32_t> prompt = {2, 293, 407, 151, 155, 246};
        GenerateParams g = greedy(40);
        g.startsInThought = true;
        g.outputFormat = chat::OutputFormat::Harmony;
        g.thinkingBudget = 5;
        std::string text;
        auto stats = s->generate(prompt, g, [&](const TokenEvent& ev) {
            text += ev.text;
            return true;
        });
        QVERIFY(stats.thinkingBudgetHit);
        QCOMPARE(stats.thoughtTokens, 5);
        QVERIFY2(text.find("<|end|><|start|>assistant<|channel|>final<|message|>") != std::string::npos,
                 text.c_str());
        auto parser = chat::makeOutputParser(chat::OutputFormat::Harmony, true);
        chat::ParsedDelta d = parser->push(text);
        QVERIFY(d.thoughtEnded);
        QVERIFY(!parser->inThought());
        QVERIFY(!d.thought.empty());
    }

    void endOfGenerationStops() {
        // Find the third greedy token of a random tiny model, then declare that token EOS.
        test::TinyModelSpec spec;
        LoadOptions o;
        std::vector<int32_t> prompt = {1, 100, 200};
        std::vector<int32_t> ids;
        for (spec.seed = 21; spec.seed < 60; ++spec.seed) { // a seed whose first three greedy tokens differ
            o.path = test::writeTinyModel(spec, "eog-a.gguf");
            ids.clear();
            Session::load(o)->generate(prompt, greedy(3), [&](const TokenEvent& ev) {
                if (ev.id >= 0) ids.push_back(ev.id);
                return true;
            });
            if (ids.size() == 3 && ids[2] != ids[0] && ids[2] != ids[1] && ids[2] > 2) break;
        }
        QVERIFY(spec.seed < 60);
        const int32_t eos = ids[2];
        spec.edit = [eos](gguf::Writer& w) {
            w.set("tokenizer.ggml.eos_token_id", gguf::WriteValue::u32(uint32_t(eos)));
        };
        o.path = test::writeTinyModel(spec, "eog-b.gguf");
        auto s = Session::load(o);
        QVERIFY(s->tokenizer().isEndOfGeneration(eos));
        std::vector<int32_t> seen;
        auto stats = s->generate(prompt, greedy(50), [&](const TokenEvent& ev) {
            if (ev.id >= 0) seen.push_back(ev.id);
            return true;
        });
        QCOMPARE(int(stats.stopReason), int(StopReason::EndOfGeneration));
        QCOMPARE(seen, std::vector<int32_t>(ids.begin(), ids.begin() + 2)); // EOS itself is not shown
        GenerateParams through = greedy(5);
        through.stopAtEndOfGeneration = false;
        QCOMPARE(s->generate(prompt, through, {}).generatedTokens, 5);
    }
};

QTEST_GUILESS_MAIN(TestSession)
#include "test_session.moc"
