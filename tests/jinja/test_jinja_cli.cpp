// `smoldesk-cli template` end to end: renders a fixture case byte for byte (from a template
// file and from a GGUF's tokenizer.chat_template), and exits with code 3 plus the template's
// message on stderr when the template raises.
#include "fixture_context.h"
#include "gguf/writer.h"
#include "jinja/template.h"
#include "program_run.h"
#include "test_data.h"

#include <QtTest>

using namespace smoldesk;
using smoldesk::test::dataPath;
using smoldesk::test::readText;

class JinjaCli : public QObject {
    Q_OBJECT
  private slots:
    void rendersFixtureFromTemplateFile();
    void rendersFromGgufWithSpecialTokens();
    void templateErrorExitsWith3();
    void usageErrors();
};

namespace {

using Run = test::ProgramRun;

Run runCli(const QStringList& args) {
    return test::runProgram(SMOLDESK_CLI, QStringList{"template"} + args, {}, {}, 30000);
}

// Writes the context of a fixture case as JSON, returns its path.
QString writeContext(const std::string& templateName, const std::string& conversation,
                     const std::string& variant, bool withSpecialTokens = true) {
    const std::string dir = dataPath("jinja/templates/");
    jinja::Value doc = jinja::parseJson(readText(dir + "conversations.json"));
    jinja::Value ctx = test::buildFixtureContext(doc, templateName, conversation, variant);
    if (!withSpecialTokens) {
        jinja::Value trimmed = jinja::Value::object();
        for (const auto& [k, v] : ctx.dictData().entries())
            if (k.str() != "bos_token" && k.str() != "eos_token") trimmed.mutableDict().set(k, v);
        ctx = trimmed;
    }
    std::string path = test::tmpPath(templateName + "-" + conversation + "-" + variant + ".json");
    std::string json = jinja::toJson(ctx, 1);
    test::writeBytes(path, std::vector<uint8_t>(json.begin(), json.end()));
    return QString::fromStdString(path);
}

} // namespace

void JinjaCli::rendersFixtureFromTemplateFile() {
    const std::string dir = dataPath("jinja/templates/");
    QString ctx = writeContext("HuggingFaceTB-SmolLM3-3B", "tool_call", "gen_xml-tools");
    Run r = runCli({"--template", QString::fromStdString(dir + "HuggingFaceTB-SmolLM3-3B.jinja"), "--context",
                    ctx, "--now", "2026-01-15T12:00:00"});
    QCOMPARE(r.code, 0);
    QVERIFY(r.err.isEmpty());
    std::string expected = readText(dir + "expected/HuggingFaceTB-SmolLM3-3B__tool_call__gen_xml-tools.txt");
    QCOMPARE(r.out, QByteArray::fromStdString(expected));
}

void JinjaCli::rendersFromGgufWithSpecialTokens() {
    const std::string dir = dataPath("jinja/templates/");
    gguf::Writer w;
    w.set("general.architecture", gguf::WriteValue::string("llama"));
    w.set("tokenizer.chat_template",
          gguf::WriteValue::string(readText(dir + "meta-llama-Llama-3.1-8B-Instruct.jinja")));
    w.set("tokenizer.ggml.tokens", gguf::WriteValue::strings({"<unk>", "<|begin_of_text|>", "<|eot_id|>"}));
    w.set("tokenizer.ggml.bos_token_id", gguf::WriteValue::u32(1));
    w.set("tokenizer.ggml.eos_token_id", gguf::WriteValue::u32(2));
    std::string model = test::tmpPath("template.gguf");
    w.write(model);
    QString ctx = writeContext("meta-llama-Llama-3.1-8B-Instruct", "tool_call", "gen", false);
    Run r = runCli({"-m", QString::fromStdString(model), "--context", ctx});
    QCOMPARE(r.code, 0);
    std::string expected = readText(dir + "expected/meta-llama-Llama-3.1-8B-Instruct__tool_call__gen.txt");
    QCOMPARE(r.out, QByteArray::fromStdString(expected));
}

void JinjaCli::templateErrorExitsWith3() {
    const std::string dir = dataPath("jinja/templates/");
    QString ctx = writeContext("google-gemma-2-2b-it", "system_user", "gen");
    Run r =
        runCli({"--template", QString::fromStdString(dir + "google-gemma-2-2b-it.jinja"), "--context", ctx});
    QCOMPARE(r.code, 3);
    QVERIFY(r.out.isEmpty());
    QCOMPARE(r.err, QByteArray("System role not supported\n"));

    std::string bad = test::tmpPath("bad.jinja");
    std::string text = "{% for x in messages %}\n{{ x.content + none }}{% endfor %}";
    test::writeBytes(bad, std::vector<uint8_t>(text.begin(), text.end()));
    r = runCli({"--template", QString::fromStdString(bad), "--context", ctx});
    QCOMPARE(r.code, 3);
    QCOMPARE(r.err,
             QByteArray("line 2, column 4: TypeError: can only concatenate str (not \"NoneType\") to str\n"));
}

void JinjaCli::usageErrors() {
    QCOMPARE(runCli({"--context", "x.json"}).code, 1);
    std::string notJson = test::tmpPath("not.json");
    test::writeBytes(notJson, {'[', '1', ']'});
    Run r =
        runCli({"--template", QString::fromStdString(notJson), "--context", QString::fromStdString(notJson)});
    QCOMPARE(r.code, 1);
}

QTEST_GUILESS_MAIN(JinjaCli)
#include "test_jinja_cli.moc"
