// ThinkingParser: thought and answer split correctly whatever the piece boundaries.
#include "chat/thinking_parser.h"

#include <QtTest>

using smoldesk::chat::ParsedDelta;
using smoldesk::chat::ThinkingParser;

namespace {
struct Split {
    std::string thought, answer;
    int endedCount = 0;
};
Split feed(const std::string& text, size_t piece, bool startsInThought = false) {
    ThinkingParser p(startsInThought);
    Split out;
    for (size_t i = 0; i < text.size(); i += piece) {
        ParsedDelta d = p.push(text.substr(i, piece));
        out.thought += d.thought;
        out.answer += d.answer;
        out.endedCount += d.thoughtEnded;
    }
    ParsedDelta d = p.flush();
    out.thought += d.thought;
    out.answer += d.answer;
    return out;
}
} // namespace

class TestThinkingParser : public QObject {
    Q_OBJECT
  private slots:
    void everyPieceSize() {
        const std::string text =
            "<think>\nLet me add 2 and 2. </thin is not a tag.\n</think>\n\nThe answer is **4**.";
        for (size_t piece = 1; piece <= text.size(); ++piece) {
            Split s = feed(text, piece);
            QCOMPARE(QString::fromStdString(s.thought),
                     QString("\nLet me add 2 and 2. </thin is not a tag.\n"));
            QCOMPARE(QString::fromStdString(s.answer), QString("The answer is **4**."));
            QCOMPARE(s.endedCount, 1);
        }
    }
    void noThought() {
        for (size_t piece : {1, 3, 100}) {
            Split s = feed("Hello <think> is just text here", piece);
            QCOMPARE(QString::fromStdString(s.answer), QString("Hello <think> is just text here"));
            QVERIFY(s.thought.empty());
        }
    }
    void leadingWhitespaceBeforeTheTag() {
        Split s = feed("\n\n<think>x</think>y", 2);
        QCOMPARE(QString::fromStdString(s.thought), QString("x"));
        QCOMPARE(QString::fromStdString(s.answer), QString("y"));
    }
    void startsInThoughtLikeDeepSeekR1() {
        Split s = feed("Okay, the user wants…\n</think>\n\nHi!", 4, true);
        QCOMPARE(QString::fromStdString(s.thought), QString("Okay, the user wants…\n"));
        QCOMPARE(QString::fromStdString(s.answer), QString("Hi!"));
    }
    void unfinishedThoughtIsFlushedAsThought() {
        Split s = feed("<think>still thinking </thi", 5);
        QCOMPARE(QString::fromStdString(s.thought), QString("still thinking </thi"));
        QVERIFY(s.answer.empty());
    }
    void emptyThoughtFromNoThinkPrefill() {
        Split s = feed("<think>\n\n</think>\nAnswer", 1);
        QCOMPARE(QString::fromStdString(s.thought), QString("\n\n"));
        QCOMPARE(QString::fromStdString(s.answer), QString("Answer"));
    }
    void timing() {
        ThinkingParser p;
        p.push("<think>a");
        QTest::qWait(30);
        p.push("b</think>c");
        const double t = p.thoughtSeconds();
        QVERIFY(t >= 0.02 && t < 5.0);
        QTest::qWait(30);
        QCOMPARE(p.thoughtSeconds(), t); // frozen once the thought ended
    }
};

QTEST_GUILESS_MAIN(TestThinkingParser)
#include "test_thinking_parser.moc"
