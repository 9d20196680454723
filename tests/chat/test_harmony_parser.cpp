// HarmonyParser on gpt-oss output: the assistant turns of Python jinja2's renders of the gpt-oss
// template (what the model is trained to write after `<|start|>assistant`) must give back the
// conversation's own `thinking`, `content` and tool call, however the text is cut into pieces,
// and also when it arrives as real o200k tokens decoded the way the engine streams them.
#include "chat/chat_formatter.h"
#include "chat/harmony_parser.h"
#include "gguf/file.h"
#include "test_data.h"
#include "text/tokenizer.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

using namespace smoldesk;
using smoldesk::test::dataPath;
using smoldesk::test::readText;

namespace {

struct Parsed {
    std::string thought, answer;
    int thoughtsEnded = 0;
    std::vector<chat::ToolCallMessage> calls;
    void add(chat::ParsedDelta d) {
        thought += d.thought;
        answer += d.answer;
        thoughtsEnded += d.thoughtEnded;
        for (auto& c : d.toolCalls) calls.push_back(std::move(c));
    }
};

Parsed parsePieces(const std::vector<std::string>& pieces) {
    chat::HarmonyParser p;
    Parsed out;
    for (const std::string& piece : pieces) out.add(p.push(piece));
    out.add(p.flush());
    return out;
}

Parsed parseSplitAt(const std::string& text, size_t cut) {
    return parsePieces({text.substr(0, cut), text.substr(cut)});
}

Parsed parseInPiecesOf(const std::string& text, size_t size) {
    std::vector<std::string> pieces;
    for (size_t i = 0; i < text.size(); i += size) pieces.push_back(text.substr(i, size));
    return parsePieces(pieces);
}

// What the model wrote for the last assistant turn of a no-generation-prompt render: the text
// after the generation prompt `<|start|>assistant` that follows the last user message.
std::string recordedOutput(const std::string& render) {
    const size_t user = render.rfind("<|start|>user");
    const size_t start = render.find("<|start|>assistant", user);
    if (user == std::string::npos || start == std::string::npos) qFatal("no assistant turn in the render");
    std::string out = render.substr(start + std::string("<|start|>assistant").size());
    // Generation stops at <|call|>; the tool's answer that follows in the render is not output.
    const size_t call = out.find("<|call|>");
    if (call != std::string::npos) out.resize(call + std::string("<|call|>").size());
    return out;
}

QJsonObject conversation(const char* name) {
    static const QJsonObject doc =
        QJsonDocument::fromJson(
            QByteArray::fromStdString(readText(dataPath("jinja/templates/conversations.json"))))
            .object();
    return doc.value("conversations").toObject().value(name).toObject();
}

QJsonObject lastAssistant(const QJsonObject& conv) {
    QJsonObject last;
    for (const QJsonValue& m : conv.value("messages").toArray())
        if (m.toObject().value("role") == "assistant") last = m.toObject();
    return last;
}

std::string render(const char* conversation) {
    return readText(dataPath(std::string("jinja/templates/expected/openai-gpt-oss-120b__") + conversation +
                             "__nogen.txt"));
}

// Checks one parse against the conversation's last assistant turn.
QString mismatch(const Parsed& p, const QJsonObject& turn, const QString& where) {
    const QString thought = turn.value("thinking").toString();
    if (QString::fromStdString(p.thought) != thought)
        return where + ": thought '" + QString::fromStdString(p.thought) + "' expected '" + thought + "'";
    const QJsonArray calls = turn.value("tool_calls").toArray();
    if (calls.isEmpty()) {
        if (QString::fromStdString(p.answer) != turn.value("content").toString())
            return where + ": answer '" + QString::fromStdString(p.answer) + "'";
        if (!p.calls.empty()) return where + ": unexpected tool call";
    } else {
        if (!p.answer.empty()) return where + ": answer '" + QString::fromStdString(p.answer) + "'";
        if (p.calls.size() != 1) return where + ": " + QString::number(p.calls.size()) + " tool calls";
        const QJsonObject fn = calls[0].toObject().value("function").toObject();
        const auto& c = p.calls[0];
        if (QString::fromStdString(c.recipient) != "functions." + fn.value("name").toString())
            return where + ": recipient " + QString::fromStdString(c.recipient);
        if (c.channel != "commentary" || c.contentType != "json")
            return where + ": channel/type " + QString::fromStdString(c.channel + "/" + c.contentType);
        if (QJsonDocument::fromJson(QByteArray::fromStdString(c.arguments)).object() !=
            fn.value("arguments").toObject())
            return where + ": arguments " + QString::fromStdString(c.arguments);
    }
    if (p.thoughtsEnded != (thought.isEmpty() ? 0 : 1))
        return where + ": thought ended " + QString::number(p.thoughtsEnded) + " times";
    return {};
}

} // namespace

class TestHarmonyParser : public QObject {
    Q_OBJECT
  private slots:
    void recordedTurns_data() {
        QTest::addColumn<QString>("name");
        for (const char* name : {"assistant_thinking", "tool_call_thinking", "assistant_reasoning_content"})
            QTest::newRow(name) << QString(name);
    }

    // Split at every byte position, and in pieces of every size.
    void recordedTurns() {
        QFETCH(QString, name);
        const QJsonObject turn = lastAssistant(conversation(name.toUtf8().constData()));
        const std::string full = recordedOutput(render(name.toUtf8().constData()));
        QVERIFY(full.find("<|channel|>") != std::string::npos);
        // The engine stops before <|return|> and <|call|>: both with and without them.
        std::string stopped = full;
        for (std::string end : {"<|return|>", "<|call|>"})
            if (stopped.size() > end.size() &&
                stopped.compare(stopped.size() - end.size(), end.size(), end) == 0)
                stopped.resize(stopped.size() - end.size());
        QVERIFY(stopped != full);
        for (const std::string& text : {full, stopped}) {
            for (size_t cut = 0; cut <= text.size(); ++cut) {
                const QString m = mismatch(parseSplitAt(text, cut), turn, "cut at " + QString::number(cut));
                if (!m.isEmpty()) QFAIL(qPrintable(m));
            }
            for (size_t size = 1; size <= text.size(); ++size) {
                const QString m =
                    mismatch(parseInPiecesOf(text, size), turn, "pieces of " + QString::number(size));
                if (!m.isEmpty()) QFAIL(qPrintable(m));
            }
        }
    }

    // The same text as o200k tokens streamed through the detokenizer without special rendering,
    // as the engine does: the harmony markers must show, and the parse must not change.
    void recordedTurnsAsTokens() {
        auto file = gguf::File::open(dataPath("text/gpt-oss-vocab.gguf"));
        auto tok = text::Tokenizer::fromGguf(*file);
        for (const char* name : {"assistant_thinking", "tool_call_thinking", "assistant_reasoning_content"}) {
            const std::string output = recordedOutput(render(name));
            const auto ids = tok->encode(output, false, true);
            text::StreamingDetokenizer detok(*tok, false, true);
            std::vector<std::string> pieces;
            for (int32_t id : ids) {
                if (tok->isEndOfGeneration(id)) break; // where the engine stops
                pieces.push_back(detok.push(id));
            }
            pieces.push_back(detok.flush());
            const QString m = mismatch(parsePieces(pieces), lastAssistant(conversation(name)), name);
            if (!m.isEmpty()) QFAIL(qPrintable(m));
        }
    }

    void answerOnly() {
        const std::string text = "<|channel|>final<|message|>Hello <|en is not a marker.<|return|>";
        for (size_t size = 1; size <= text.size(); ++size) {
            const Parsed p = parseInPiecesOf(text, size);
            QCOMPARE(p.answer, std::string("Hello <|en is not a marker."));
            QVERIFY(p.thought.empty());
            QCOMPARE(p.thoughtsEnded, 0);
        }
    }

    // A commentary message without recipient is a preamble the user sees; the stray
    // `<|channel|>commentary` gpt-oss-20b sometimes writes before analysis is ignored.
    void preambleAndStrayChannel() {
        const std::string text = "<|channel|>commentary<|channel|>analysis<|message|>think<|end|>"
                                 "<|start|>assistant<|channel|>commentary<|message|>Let me check.<|end|>"
                                 "<|start|>assistant to=functions.lookup<|channel|>commentary "
                                 "<|constrain|>json<|message|>{\"q\":1}<|call|>";
        for (size_t size = 1; size <= text.size(); ++size) {
            const Parsed p = parseInPiecesOf(text, size);
            QCOMPARE(p.thought, std::string("think"));
            QCOMPARE(p.answer, std::string("Let me check."));
            QCOMPARE(p.calls.size(), size_t(1));
            QCOMPARE(p.calls[0].recipient, std::string("functions.lookup"));
            QCOMPARE(p.calls[0].contentType, std::string("json"));
            QCOMPARE(p.calls[0].arguments, std::string("{\"q\":1}"));
        }
    }

    // End markers between messages (rendered when special tokens are shown) are not text.
    void endMarkersBetweenMessages() {
        const std::string text =
            "<|channel|>analysis<|message|>a<|end|><|end|><|start|>assistant<|channel|>final"
            "<|message|>b<|return|><|return|>";
        for (size_t size = 1; size <= text.size(); ++size) {
            const Parsed p = parseInPiecesOf(text, size);
            QCOMPARE(p.thought, std::string("a"));
            QCOMPARE(p.answer, std::string("b"));
        }
    }

    // A model that ignores the format: its text is the answer, never lost.
    void notHarmonyAtAll() {
        for (size_t size : {1, 2, 5, 100}) {
            QCOMPARE(parseInPiecesOf("Just an answer <|channel|>", size).answer,
                     std::string("Just an answer <|channel|>"));
            QCOMPARE(parseInPiecesOf("\nHi", size).answer, std::string("\nHi"));
        }
    }

    void inThoughtWhileAnalysing() {
        chat::HarmonyParser p;
        QVERIFY(!p.inThought());
        p.push("<|channel|>analysis<|mess");
        QVERIFY(!p.inThought());
        p.push("age|>a");
        QVERIFY(p.inThought());
        QVERIFY(p.hadThought());
        QTest::qWait(20);
        const auto d = p.push("b<|end|><|start|>assistant<|channel|>final<|message|>c");
        QVERIFY(d.thoughtEnded);
        QVERIFY(!p.inThought());
        const double t = p.thoughtSeconds();
        QVERIFY(t >= 0.015 && t < 5.0);
        QTest::qWait(20);
        QCOMPARE(p.thoughtSeconds(), t);
    }

    // A prompt that ends in the analysis header continues a thought.
    void startsInThought() {
        QVERIFY(chat::ChatFormatter::promptOpensThought("<|start|>assistant<|channel|>analysis<|message|>"));
        QVERIFY(!chat::ChatFormatter::promptOpensThought("<|start|>assistant"));
        chat::HarmonyParser p(true);
        QVERIFY(p.inThought());
        Parsed out;
        out.add(p.push("more<|end|><|start|>assistant<|channel|>final<|message|>done"));
        out.add(p.flush());
        QCOMPARE(out.thought, std::string("more"));
        QCOMPARE(out.answer, std::string("done"));
        QCOMPARE(out.thoughtsEnded, 1);
    }

    // What the engine writes when the thinking budget is spent closes the thought exactly.
    void budgetCloseText() {
        chat::HarmonyParser p;
        Parsed out;
        out.add(p.push("<|channel|>analysis<|message|>long thought"));
        out.add(p.push(chat::thoughtCloseText(chat::OutputFormat::Harmony)));
        out.add(p.push("answer"));
        out.add(p.flush());
        QCOMPARE(out.thought, std::string("long thought"));
        QCOMPARE(out.answer, std::string("answer"));
    }
};

QTEST_GUILESS_MAIN(TestHarmonyParser)
#include "test_harmony_parser.moc"
