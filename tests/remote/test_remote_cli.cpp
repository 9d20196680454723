// `smoldesk-cli chat --endpoint URL --model NAME`: the stdin dialogue against `smoldesk-cli serve`
// (a second process), the same greedy answer as the server gives over HTTP, and a refused key, a
// dead endpoint and a bad address each ending non-zero with one sentence.
#include "program_run.h"
#include "remote_fixture.h"
#include "test_data.h"

using namespace smoldesk;
using namespace smoldesk::test;

namespace {

using CliRun = ProgramRun;

// The server under test may be this process's child: the event loop turns while waiting.
CliRun chat(const QStringList& args, const QByteArray& input, const QStringList& env = {}) {
    return runProgram(QStringLiteral(SMOLDESK_CLI), QStringList{"chat"} + args, input, env, 60000,
                      Wait::EventLoop);
}

int lines(const QByteArray& text) {
    return int(text.trimmed().split('\n').size());
}

} // namespace

class TestRemoteCli : public QObject {
    Q_OBJECT
    ServeServer serve_;
    QString model_;

  private slots:
    void initTestCase() {
        QVERIFY(serve_.start(QString::fromStdString(dataPath("models/smollm3-tiny.gguf")),
                             {"--api-key", "cli-key"}));
        QString failure;
        model_ = listModels({QStringLiteral("serve"), serve_.baseUrl(), QStringLiteral("cli-key")}, &failure)
                     .value(0);
        QVERIFY2(!model_.isEmpty(), qPrintable(failure));
    }

    void dialogueMatchesTheServersAnswer() {
        const QString base = serve_.baseUrl().toString();
        const CliRun r = chat({"--endpoint", base, "--api-key", "cli-key", "--model", model_, "-n", "10",
                               "--temp", "0", "--system", "Be brief."},
                              "Hello\nHow are you?\n");
        QVERIFY2(r.code == 0, r.err.constData());
        QVERIFY2(r.err.contains("remote model: " + model_.toUtf8()), r.err.constData());
        QCOMPARE(r.err.count("tokens at"), 2); // one stats line per answer
        // The first answer equals the library client's for the same request.
        app::GenerationRequest req = userTurn(QStringLiteral("Hello"), 10);
        req.turns.prepend({QStringLiteral("system"), QStringLiteral("Be brief.")});
        req.sampling.topP = 0.95;
        req.sampling.topK = 40;
        req.sampling.minP = 0.05;
        const ChatOutcome direct =
            runChat({QStringLiteral("s"), serve_.baseUrl(), QStringLiteral("cli-key")}, model_, req);
        QCOMPARE(direct.failure, QString());
        QVERIFY2(r.out.startsWith(direct.content.toUtf8()), r.out.constData());

        // The key from the environment instead of the command line.
        QCOMPARE(
            chat({"--endpoint", base, "--model", model_, "-n", "4"}, "Hi\n", {"SMOLDESK_API_KEY=cli-key"})
                .code,
            0);
    }

    void failuresAreOneSentenceAndNonZero() {
        const QString base = serve_.baseUrl().toString();
        CliRun r = chat({"--endpoint", base, "--api-key", "wrong", "--model", model_}, "Hi\n");
        QCOMPARE(r.code, 4);
        QVERIFY2(r.err.contains("refused the API key"), r.err.constData());
        QCOMPARE(lines(r.err), 1);
        QVERIFY(!r.err.contains("wrong"));

        // A port nothing listens on: this server's, after it stopped.
        ServeServer dead;
        QVERIFY(dead.start(QString::fromStdString(dataPath("models/smollm3-tiny.gguf"))));
        const QString deadUrl = dead.baseUrl().toString();
        dead.process().stop();
        r = chat({"--endpoint", deadUrl, "--model", model_}, "Hi\n");
        QCOMPARE(r.code, 4);
        QVERIFY2(r.err.contains("Nothing answers at"), r.err.constData());
        QCOMPARE(lines(r.err), 1);

        r = chat({"--endpoint", "gopher://x", "--model", model_}, "");
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains("not an endpoint address"), r.err.constData());
        r = chat({"--endpoint", base}, "");
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains("--model NAME"), r.err.constData());
    }

    void misbehavingServerMidDialogue() {
        MisbehavingServer bad;
        const QString why = bad.start();
        if (!why.isEmpty()) SMOLDESK_SKIP_OR_FAIL(qPrintable(why));
        const CliRun r = chat(
            {"--endpoint", bad.baseUrl().toString(), "--api-key", "good-key", "--model", "busy"}, "Hi\n");
        QCOMPARE(r.code, 4);
        QVERIFY2(r.err.contains("try again in 7 seconds"), r.err.constData());
        const CliRun thought = chat(
            {"--endpoint", bad.baseUrl().toString(), "--api-key", "good-key", "--model", "stream"}, "Hi\n");
        QCOMPARE(thought.code, 0);
        QVERIFY2(thought.out.contains("[thinking] Let me think."), thought.out.constData());
        QVERIFY2(thought.out.contains("Hello, world."), thought.out.constData());
        QVERIFY2(thought.err.contains("[11 prompt tokens, 5 tokens"), thought.err.constData());
    }
};

QTEST_GUILESS_MAIN(TestRemoteCli)
#include "test_remote_cli.moc"
