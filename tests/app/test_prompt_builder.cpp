// PromptBuilder on gpt-oss's vocab file (its real harmony template): the Think switch and the
// per-model "think hard" setting become the template's reasoning effort, and the output is
// read by the harmony parser.
#include "prompt_builder.h"

#include "gguf/file.h"
#include "test_data.h"
#include "text/tokenizer.h"

#include <QTest>

using namespace smoldesk;
using namespace smoldesk::app;

class TestPromptBuilder : public QObject {
    Q_OBJECT

  private slots:
    void gptOssThinkMapsToReasoningEffort() {
        auto file = gguf::File::open(test::dataPath("text/gpt-oss-vocab.gguf"));
        auto tok = text::Tokenizer::fromGguf(*file);
        PromptBuilder builder(*file, *tok);
        QCOMPARE(builder.mode(), PromptMode::OwnTemplate);
        QVERIFY(builder.supportsThinking());
        QVERIFY(builder.supportsReasoningEffort());
        const QList<ChatTurn> turns{{QStringLiteral("user"), QStringLiteral("Hi")}};
        const auto prompt = [&](bool think, bool hard) {
            const BuiltPrompt p =
                builder.build(turns, think, PromptBuilder::reasoningEffortFor(QString(), think, hard));
            if (p.outputFormat != chat::OutputFormat::Harmony) qFatal("not read as harmony");
            return QString::fromStdString(tok->decode(p.tokens, true));
        };
        QVERIFY(prompt(false, false).contains("\nReasoning: low\n"));
        QVERIFY(prompt(false, true).contains("\nReasoning: low\n")); // think hard only raises "on"
        QVERIFY(prompt(true, false).contains("\nReasoning: medium\n"));
        QVERIFY(prompt(true, true).contains("\nReasoning: high\n"));
        QVERIFY(prompt(true, true).endsWith("<|start|>assistant"));
        // An effort the API asked for wins over the switch.
        QCOMPARE(PromptBuilder::reasoningEffortFor(QStringLiteral("low"), true, true), QStringLiteral("low"));
    }
};

QTEST_GUILESS_MAIN(TestPromptBuilder)
#include "test_prompt_builder.moc"
