// Sampler and stop-string matcher.
#include "runtime/sampler.h"
#include "runtime/stop_matcher.h"

#include <QtTest>

#include <cmath>
#include <map>

using namespace smoldesk::runtime;

class TestSampler : public QObject {
    Q_OBJECT
  private slots:
    void greedyIsArgmax() {
        SamplingParams p;
        p.temperature = 0;
        Sampler s(p);
        std::vector<float> logits = {0.1f, 3.0f, -1.0f, 2.9f};
        QCOMPARE(s.sample(logits), 1);
        QCOMPARE(argmax(logits), 1);
    }
    void topKOneIsGreedy() {
        SamplingParams p;
        p.temperature = 1.5f;
        p.topK = 1;
        p.seed = 9;
        Sampler s(p);
        for (int i = 0; i < 50; ++i) QCOMPARE(s.sample(std::vector<float>{0.0f, 1.0f, 0.5f}), 1);
    }
    void seedMakesRunsReproducible() {
        SamplingParams p;
        p.temperature = 1.0f;
        p.topK = 0;
        p.topP = 1.0f;
        p.minP = 0.0f;
        p.seed = 1234;
        std::vector<float> logits(50);
        for (size_t i = 0; i < logits.size(); ++i) logits[i] = std::sin(float(i));
        Sampler a(p), b(p);
        std::vector<int> ra, rb;
        for (int i = 0; i < 200; ++i) {
            ra.push_back(a.sample(logits));
            rb.push_back(b.sample(logits));
        }
        QCOMPARE(ra, rb);
        p.seed = 1235;
        Sampler c(p);
        std::vector<int> rc;
        for (int i = 0; i < 200; ++i) rc.push_back(c.sample(logits));
        QVERIFY(rc != ra);
    }
    void temperatureOneFollowsSoftmax() {
        SamplingParams p;
        p.temperature = 1.0f;
        p.topK = 0;
        p.topP = 1.0f;
        p.minP = 0.0f;
        p.seed = 77;
        Sampler s(p);
        std::vector<float> logits = {std::log(0.5f), std::log(0.3f), std::log(0.2f)};
        std::map<int, int> counts;
        const int n = 20000;
        for (int i = 0; i < n; ++i) counts[s.sample(logits)]++;
        QVERIFY(std::fabs(counts[0] / double(n) - 0.5) < 0.02);
        QVERIFY(std::fabs(counts[1] / double(n) - 0.3) < 0.02);
        QVERIFY(std::fabs(counts[2] / double(n) - 0.2) < 0.02);
    }
    void topPAndMinPCut() {
        SamplingParams p;
        p.temperature = 1.0f;
        p.topK = 0;
        p.topP = 0.75f; // keeps 0.5 and 0.3
        p.minP = 0.0f;
        p.seed = 3;
        Sampler s(p);
        std::vector<float> logits = {std::log(0.5f), std::log(0.3f), std::log(0.2f)};
        for (int i = 0; i < 2000; ++i) QVERIFY(s.sample(logits) != 2);
        p.topP = 1.0f;
        p.minP = 0.7f; // keeps tokens with p >= 0.35
        Sampler m(p);
        for (int i = 0; i < 2000; ++i) QCOMPARE(m.sample(logits), 0);
    }
    void repeatPenaltyDiscouragesRecentTokens() {
        SamplingParams p;
        p.temperature = 0;
        p.repeatPenalty = 2.0f;
        Sampler s(p);
        s.accept(1);
        QCOMPARE(s.sample(std::vector<float>{1.0f, 1.5f, 0.0f}), 0); // 1.5 / 2 < 1.0
    }
    void nanLogitsNeverWin() {
        SamplingParams p;
        p.temperature = 0.8f;
        p.seed = 5;
        Sampler s(p);
        for (int i = 0; i < 100; ++i) QCOMPARE(s.sample(std::vector<float>{NAN, 0.0f, NAN}), 1);
    }
    void stopStringsSplitAcrossPieces() {
        StopMatcher m({"</answer>", "User:"});
        std::string shown;
        for (const char* piece : {"The result", " is 4.", "</ans", "wer> and more"}) shown += m.push(piece);
        QVERIFY(m.stopped());
        QCOMPARE(QString::fromStdString(shown), QString("The result is 4."));
        StopMatcher n({"User:"});
        shown = n.push("Use");
        QCOMPARE(QString::fromStdString(shown), QString()); // could still become "User:"
        shown += n.push("ful");
        QVERIFY(!n.stopped());
        shown += n.flush();
        QCOMPARE(QString::fromStdString(shown), QString("Useful"));
    }
};

QTEST_GUILESS_MAIN(TestSampler)
#include "test_sampler.moc"
