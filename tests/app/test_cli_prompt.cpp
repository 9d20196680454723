// Issue 34: the CLI's `chat` and the app build byte-identical prompts, for every fixture template,
// with and without tools, thinking on and off, and for a base model without a template. The app's
// side is its worker's conversion (turn_request.h) into the core chat turn; the CLI's is the
// program itself (`chat --verbose-prompt` prints the token ids of each prompt).
#include "worker/turn_request.h"

#include "program_run.h"
#include "require_all.h"
#include "runtime/session.h"
#include "test_data.h"
#include "tiny_model.h"

#include "gguf/writer.h"

#include <QDir>
#include <QFile>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

using namespace smoldesk;
using namespace smoldesk::app;

namespace {

const char* kTools =
    R"([{"type": "function", "function": {"name": "get_weather", "description": "The weather in a city.",
"parameters": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}}}])";

// The ids the CLI printed for its first prompt.
QList<int> cliPromptTokens(const QStringList& args, QString* why) {
    const test::ProgramRun r =
        test::runProgram(SMOLDESK_CLI, args, "What is the weather in Paris?\n/exit\n", {}, 60000);
    const QString err = QString::fromUtf8(r.err);
    const QRegularExpressionMatch m = QRegularExpression("prompt tokens:([ 0-9]*)\n").match(err);
    if (r.code != 0 || !m.hasMatch()) {
        *why = err;
        return {};
    }
    QList<int> ids;
    for (const QString& id : m.captured(1).split(' ', Qt::SkipEmptyParts)) ids.append(id.toInt());
    return ids;
}

} // namespace

class TestCliPrompt : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    int compared_ = 0, refused_ = 0; // prompts compared token for token; refused by both

    void compare(const QString& model, const std::string& label) {
        runtime::LoadOptions o;
        o.path = model.toStdString();
        o.backend = runtime::BackendChoice::Cpu;
        o.threads = 1;
        o.contextLength = 4096;
        auto session = runtime::Session::load(o);
        const runtime::ChatPrompt chatPrompt(session->file(), session->tokenizer());
        grammar::GrammarCache grammars;
        const QString toolsFile = dir_.filePath("tools.json");
        for (bool think : {false, true})
            for (bool tools : {false, true}) {
                GenerationRequest request; // as the chat sends it
                request.turns = {{QStringLiteral("system"), QStringLiteral("You answer briefly.")},
                                 {QStringLiteral("user"), QStringLiteral("What is the weather in Paris?")}};
                request.enableThinking = think;
                if (tools) request.toolsJson = QString::fromUtf8(kTools);
                QList<int> app;
                std::string appError;
                try {
                    const runtime::ChatTurn turn(*session, chatPrompt, grammars, chatTurnRequest(request));
                    for (int32_t id : turn.prompt().tokens) app.append(id);
                } catch (const std::exception& e) {
                    appError = e.what(); // the template refuses: the CLI must refuse the same way
                }
                QStringList args{"chat",
                                 "-m",
                                 model,
                                 "--ctx",
                                 "4096",
                                 "-n",
                                 "1",
                                 "--temp",
                                 "0",
                                 "--system",
                                 "You answer briefly.",
                                 "--verbose-prompt",
                                 think ? "--think" : "--no-think"};
                if (tools) args << "--tools" << toolsFile;
                QString why;
                const QList<int> cli = cliPromptTokens(args, &why);
                const std::string what =
                    label + (think ? ", think" : ", no think") + (tools ? ", tools" : "");
                if (!appError.empty()) {
                    QVERIFY2(cli.isEmpty() && why.contains(QString::fromStdString(appError)),
                             (what + ": " + appError + " / " + why.toStdString()).c_str());
                    ++refused_;
                    continue;
                }
                QVERIFY2(!cli.isEmpty(), (what + ": " + why.toStdString()).c_str());
                QVERIFY2(cli == app, what.c_str());
                ++compared_;
            }
    }

  private slots:
    void initTestCase() {
        QVERIFY(dir_.isValid());
        QFile f(dir_.filePath("tools.json"));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(kTools);
    }

    void everyFixtureTemplate_data() {
        QTest::addColumn<QString>("name");
        const QDir templates(QString::fromStdString(test::dataPath("jinja/templates")));
        const QStringList files = templates.entryList({"*.jinja"}, QDir::Files, QDir::Name);
        QVERIFY(files.size() >= 16);
        for (const QString& file : files) QTest::newRow(qPrintable(file)) << file;
    }
    void everyFixtureTemplate() {
        QFETCH(QString, name);
        test::TinyModelSpec spec;
        spec.nCtx = 4096;
        const std::string source = test::readText(test::dataPath("jinja/templates/" + name.toStdString()));
        spec.edit = [&](gguf::Writer& w) {
            w.set("tokenizer.chat_template", gguf::WriteValue::string(source));
        };
        compare(QString::fromStdString(test::writeTinyModel(spec, "app_cli_prompt.gguf")),
                name.toStdString());
    }

    // No template, no ChatML tokens: plain continuation on both sides, never ChatML.
    void baseModelWithoutTemplate() { compare(QString::fromStdString(test::demoModelPath()), "demo"); }

    // The comparisons ran: a template that refused everything would leave nothing compared.
    void mostPromptsWereCompared() {
        qInfo("%d prompts identical, %d refused by both", compared_, refused_);
        QVERIFY(compared_ >= 60);
    }
};

QTEST_GUILESS_MAIN(TestCliPrompt)
#include "test_cli_prompt.moc"
