// ChatPrompt on gpt-oss's vocab file (its real harmony template): the Think switch and the
// per-model "think hard" setting become the template's reasoning effort, and the output is
// read by the harmony parser.
#include "worker/model_facts.h"
#include "worker/turn_request.h"

#include "gguf/file.h"
#include "runtime/chat_prompt.h"
#include "test_data.h"
#include "text/tokenizer.h"
#include "tiny_model.h"

#include <QTest>

using namespace smoldesk;
using namespace smoldesk::app;

class TestPromptBuilder : public QObject {
    Q_OBJECT

  private slots:
    void gptOssThinkMapsToReasoningEffort() {
        auto file = gguf::File::open(test::dataPath("text/gpt-oss-vocab.gguf"));
        auto tok = text::Tokenizer::fromGguf(*file);
        runtime::ChatPrompt builder(*file, *tok);
        QCOMPARE(builder.mode(), PromptMode::OwnTemplate);
        QVERIFY(builder.supportsThinking());
        QVERIFY(builder.supportsReasoningEffort());
        const QList<ChatTurn> turns{{QStringLiteral("user"), QStringLiteral("Hi")}};
        const auto prompt = [&](bool think, bool hard) {
            runtime::PromptRequest request;
            request.messages = chatMessages(turns);
            request.enableThinking = think;
            request.reasoningEffort = reasoningEffortFor(QString(), think, hard).toStdString();
            const runtime::BuiltPrompt p = builder.build(request);
            if (p.outputFormat != chat::OutputFormat::Harmony) qFatal("not read as harmony");
            return QString::fromStdString(tok->decode(p.tokens, true));
        };
        QVERIFY(prompt(false, false).contains("\nReasoning: low\n"));
        QVERIFY(prompt(false, true).contains("\nReasoning: low\n")); // think hard only raises "on"
        QVERIFY(prompt(true, false).contains("\nReasoning: medium\n"));
        QVERIFY(prompt(true, true).contains("\nReasoning: high\n"));
        QVERIFY(prompt(true, true).endsWith("<|start|>assistant"));
        // An effort the API asked for wins over the switch.
        QCOMPARE(reasoningEffortFor(QStringLiteral("low"), true, true), QStringLiteral("low"));
    }

    // The model panel says before loading that such a model thinks at an effort, always.
    void modelFactsTellReasoningEffort() {
        for (const char* name : {"openai-gpt-oss-120b", "HuggingFaceTB-SmolLM3-3B"}) {
            test::TinyModelSpec spec;
            const std::string tmpl =
                test::readText(test::dataPath(std::string("jinja/templates/") + name + ".jinja"));
            spec.edit = [&](gguf::Writer& w) {
                w.set("tokenizer.chat_template", gguf::WriteValue::string(tmpl));
            };
            const bool harmony = std::string(name).starts_with("openai");
            const ModelFacts f = readModelFacts(QString::fromStdString(
                test::writeTinyModel(spec, std::string("app_prompt_builder_") + name + ".gguf")));
            QVERIFY(f.templateKnown);
            QVERIFY(f.supportsThinking);
            QCOMPARE(f.reasoningEffort, harmony);
            QCOMPARE(factsToVariant(f, 0, 8LL << 30).value("reasoningEffort").toBool(), harmony);
        }
    }
};

QTEST_GUILESS_MAIN(TestPromptBuilder)
#include "test_prompt_builder.moc"
