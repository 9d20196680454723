// `smoldesk-cli serve`: its options, a greedy answer equal to `smoldesk-cli run`'s (an independent
// path through the engine), and the official OpenAI JavaScript client streaming from it.
#include "server_fixture.h"

#include "gguf/file.h"
#include "gguf/writer.h"
#include "program_run.h"
#include "require_all.h"
#include "test_data.h"
#include "tiny_model.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>

using namespace smoldesk::test;

namespace {

using Finished = ProgramRun;

Finished runCli(const QStringList& args) {
    return runProgram(QStringLiteral(SMOLDESK_CLI), args, {}, {}, 60000);
}

// A running `smoldesk-cli serve`; stopped with SIGTERM at the end.
class ServeProcess {
  public:
    explicit ServeProcess(const QStringList& args) {
        process_.start(QStringLiteral(SMOLDESK_CLI), QStringList{"serve", "--port", "0", "-t", "1"} + args);
        process_.waitForStarted();
    }
    ~ServeProcess() {
        process_.terminate();
        if (!process_.waitForFinished(10000)) process_.kill();
    }
    // The base URL from "Serving MODEL at URL"; empty when it did not say so in time.
    QString waitForUrl() {
        QElapsedTimer t;
        t.start();
        while (t.elapsed() < 30000 && process_.state() == QProcess::Running) {
            process_.waitForReadyRead(100);
            out_ += process_.readAllStandardOutput();
            const qsizetype at = out_.indexOf(" at http://");
            if (at >= 0 && out_.indexOf('\n', at) > 0)
                return QString::fromUtf8(out_.mid(at + 4, out_.indexOf('\n', at) - at - 4)).trimmed();
        }
        return {};
    }
    int exitAfterTerminate() {
        process_.terminate();
        return process_.waitForFinished(10000) && process_.exitStatus() == QProcess::NormalExit
                   ? process_.exitCode()
                   : -1;
    }
    QProcess& process() { return process_; }

  private:
    QProcess process_;
    QByteArray out_;
};

QString openaiModule() {
    return QString::fromStdString(npmPrefix()) + "/node_modules/openai";
}

// Why the official openai client cannot run here (Node.js or the npm package missing), or empty.
QByteArray openaiClientMissing() {
    if (QStandardPaths::findExecutable(QStringLiteral("node")).isEmpty())
        return "Node.js is not installed (packaging/install-deps.sh installs it).";
    if (!QFileInfo::exists(openaiModule() + "/package.json"))
        return "The openai npm package is not installed (packaging/install-deps.sh installs it under "
               "~/.cache/smoldesk-npm, or set SMOLDESK_NPM_PREFIX).";
    return {};
}

struct ClientRun {
    bool succeeded = false; // finished in time with exit code 0
    QByteArray err;
    QJsonObject out; // the JSON object the script prints
};

// Runs one of the openai client scripts (tests/server/openai_*.cjs) against a server started
// with --api-key test-key.
ClientRun runOpenaiScript(const char* script, const QString& base, const QString& model, int timeoutMs) {
    QProcess client;
    client.start(QStandardPaths::findExecutable(QStringLiteral("node")),
                 {QString::fromUtf8(script), openaiModule(), base, "test-key", model});
    ClientRun r;
    const bool finished = client.waitForFinished(timeoutMs);
    r.err = client.readAllStandardError();
    if (!finished) r.err += "\n(the client did not finish in time)";
    r.succeeded = finished && client.exitStatus() == QProcess::NormalExit && client.exitCode() == 0;
    r.out = QJsonDocument::fromJson(client.readAllStandardOutput()).object();
    return r;
}

QString tinyModelWithSmolLM3Template(const QString& dir) {
    return QString::fromStdString(smoldesk::test::writeTinyModelWithSmolLM3Template(dir.toStdString()));
}

} // namespace

class TestServerCli : public QObject {
    Q_OBJECT
  private slots:
    void refusesBadOptions() {
        const QString model = QString::fromStdString(demoModelPath());
        Finished f = runCli({"serve", "-m", model, "--host", "0.0.0.0"});
        QCOMPARE(f.code, 1);
        QVERIFY2(f.err.contains("API key"), f.err.constData());
        f = runCli({"serve"});
        QCOMPARE(f.code, 1);
        QVERIFY2(f.err.contains("-m FILE"), f.err.constData());
        f = runCli({"serve", "-m", "/nonexistent/model.gguf"});
        QCOMPARE(f.code, 2);
        QVERIFY2(f.err.contains("does not exist"), f.err.constData());
        f = runCli({"serve", "-m", model, "--port", "70000"});
        QCOMPARE(f.code, 1);
    }

    // The non-streamed greedy answer equals what `smoldesk-cli run` writes for the same prompt.
    void greedyAnswerMatchesRun() {
        const QString model = QString::fromStdString(demoModelPath());
        const QString prompt = QStringLiteral("Once upon a time, there was a little girl");
        const Finished run =
            runCli({"run", "-m", model, "-p", prompt, "-n", "24", "--temp", "0", "--raw", "-t", "1"});
        QCOMPARE(run.code, 0);
        QVERIFY(run.out.startsWith(prompt.toUtf8()));
        const QString expected =
            QString::fromUtf8(run.out.mid(prompt.toUtf8().size())).chopped(1); // run ends with "\n"

        ServeProcess serve({"-m", model});
        const QString base = serve.waitForUrl();
        QVERIFY2(base.startsWith(QLatin1String("http://127.0.0.1:")), qPrintable(base));
        const QByteArray body =
            QJsonDocument(QJsonObject{{"prompt", prompt}, {"max_tokens", 24}, {"temperature", 0}})
                .toJson(QJsonDocument::Compact);
        const HttpResult r = runCurl({"-H", "Content-Type: application/json", "--data-binary",
                                      QString::fromUtf8(body), base + "/completions"});
        QCOMPARE(r.status, 200);
        const QString text = r.json().value("choices").toArray().at(0).toObject().value("text").toString();
        QCOMPARE(text, expected);
        QCOMPARE(serve.exitAfterTerminate(), 0); // SIGTERM: a clean stop
    }

    void openaiJavaScriptClientStreams() {
        if (const QByteArray why = openaiClientMissing(); !why.isEmpty())
            SMOLDESK_SKIP_OR_FAIL(why.constData());

        ServeProcess serve(
            {"-m", QString::fromStdString(dataPath("models/smollm3-tiny.gguf")), "--api-key", "test-key"});
        const QString base = serve.waitForUrl();
        QVERIFY(!base.isEmpty());
        const ClientRun client = runOpenaiScript(SMOLDESK_OPENAI_STREAM_SCRIPT, base, "smollm3-tiny", 60000);
        QVERIFY2(client.succeeded, client.err.constData());
        const QJsonObject& got = client.out;
        QVERIFY2(got.value("chunks").toInt() >= 3, qPrintable(QJsonDocument(got).toJson()));
        QVERIFY(!got.value("content").toString().isEmpty());
        QCOMPARE(got.value("finish").toString(), QStringLiteral("length"));
        QCOMPARE(got.value("usage").toObject().value("completion_tokens").toInt(), 12);
        QCOMPARE(got.value("models").toArray().at(0).toString(), QStringLiteral("smollm3-tiny"));

        // The same greedy request without streaming gives the same text.
        const QByteArray body =
            R"({"model":"smollm3-tiny","messages":[{"role":"user","content":"Once upon a time"}],"max_tokens":12,"temperature":0})";
        const HttpResult plain =
            runCurl({"-H", "Content-Type: application/json", "-H", "Authorization: Bearer test-key",
                     "--data-binary", QString::fromUtf8(body), base + "/chat/completions"});
        QCOMPARE(plain.status, 200);
        QCOMPARE(plain.json()
                     .value("choices")
                     .toArray()
                     .at(0)
                     .toObject()
                     .value("message")
                     .toObject()
                     .value("content")
                     .toString(),
                 got.value("content").toString());
    }

    // POST /v1/embeddings through the official client, next to a chat model: floats, base64 and
    // the client's default (base64 it decodes itself) give identical vectors, which match llama.cpp's
    // llama-embedding (tests/data/embed, normalised); token-array input; errors in OpenAI's shape.
    void openaiJavaScriptClientEmbeddings() {
        if (const QByteArray why = openaiClientMissing(); !why.isEmpty())
            SMOLDESK_SKIP_OR_FAIL(why.constData());
        ServeProcess serve({"-m", QString::fromStdString(demoModelPath()), "--embedding-model",
                            QString::fromStdString(dataPath("embed/bert-tiny.gguf")), "--api-key",
                            "test-key"});
        const QString base = serve.waitForUrl();
        QVERIFY(!base.isEmpty());
        const ClientRun client = runOpenaiScript(SMOLDESK_OPENAI_EMBEDDINGS_SCRIPT, base, "bert-tiny", 60000);
        QVERIFY2(client.succeeded, client.err.constData());
        const QJsonObject& got = client.out;
        const QJsonObject golden =
            QJsonDocument::fromJson(
                QByteArray::fromStdString(readText(dataPath("embed/bert-tiny.embd.json"))))
                .object()
                .value("runs")
                .toArray()
                .at(1) // file pooling (CLS), normalised, one prompt at a time
                .toObject();
        const QJsonArray floats = got.value("float").toArray(), base64 = got.value("base64").toArray();
        QCOMPARE(floats.size(), 2);
        QVERIFY(got.value("base64IsString").toBool());
        QCOMPARE(floats, base64); // the base64 bytes are the same float32 values
        QCOMPARE(got.value("default").toArray().at(0), floats.at(0));
        QCOMPARE(got.value("tokens").toArray().at(0), floats.at(0)); // [CLS] hello world [SEP] as ids
        for (int i = 0; i < 2; ++i) {
            const QJsonArray v = floats.at(i).toArray(),
                             want = golden.value("embeddings").toArray().at(i).toArray();
            QCOMPARE(v.size(), 32);
            double ab = 0, aa = 0, bb = 0, maxAbs = 0;
            for (qsizetype k = 0; k < v.size(); ++k) {
                const double x = v[k].toDouble(), y = want[k].toDouble();
                ab += x * y, aa += x * x, bb += y * y, maxAbs = std::max(maxAbs, std::fabs(x - y));
            }
            QVERIFY2(ab / std::sqrt(aa * bb) >= 0.9999 && maxAbs <= 2e-3,
                     qPrintable(QString::number(maxAbs)));
        }
        QCOMPARE(got.value("indices").toArray(), (QJsonArray{0, 1}));
        QCOMPARE(got.value("object").toString(), QStringLiteral("list"));
        QCOMPARE(got.value("usage").toObject().value("prompt_tokens").toInt(), 4 + 12);
        const QJsonObject errors = got.value("errors").toObject();
        const auto expectError = [&](const char* name, int status, const char* code) {
            const QJsonObject e = errors.value(name).toObject();
            QVERIFY2(
                e.value("status").toInt() == status && e.value("code").toString() == code,
                qPrintable(QString::fromUtf8(name) + ": " + QJsonDocument(e).toJson(QJsonDocument::Compact)));
        };
        expectError("wrongModel", 404, "model_not_found");
        expectError("emptyInput", 400, "invalid_value");
        expectError("badFormat", 400, "invalid_value");
        expectError("tooLong", 400, "context_length_exceeded");
        QCOMPARE(got.value("models").toArray(), (QJsonArray{"stories260K", "bert-tiny"}));
    }

    // A json_schema response_format through the official client: answers parse and follow the
    // schema, plain and streamed alike; a schema with an unsupported keyword is a 400 naming it.
    void openaiJavaScriptClientJsonSchema() {
        if (const QByteArray why = openaiClientMissing(); !why.isEmpty())
            SMOLDESK_SKIP_OR_FAIL(why.constData());
        ServeProcess serve(
            {"-m", QString::fromStdString(dataPath("models/smollm3-tiny.gguf")), "--api-key", "test-key"});
        const QString base = serve.waitForUrl();
        QVERIFY(!base.isEmpty());
        const ClientRun client =
            runOpenaiScript(SMOLDESK_OPENAI_JSON_SCHEMA_SCRIPT, base, "smollm3-tiny", 120000);
        QVERIFY2(client.succeeded, client.err.constData());
        const QJsonObject& got = client.out;
        QVERIFY2(got.value("valid").toInt() >= 4, qPrintable(QJsonDocument(got).toJson()));
        QVERIFY2(got.value("refused").toString().startsWith("400") &&
                     got.value("refused").toString().contains("'not'"),
                 qPrintable(got.value("refused").toString()));
    }

    // A tool round trip through the official client (openai_tools.cjs): tool_choice required and
    // named give valid calls, the client runs them and sends the results back, plain and streamed;
    // bad tool_choice and schemas are 400s naming the field.
    void openaiJavaScriptClientTools() {
        if (const QByteArray why = openaiClientMissing(); !why.isEmpty())
            SMOLDESK_SKIP_OR_FAIL(why.constData());
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        ServeProcess serve({"-m", tinyModelWithSmolLM3Template(dir.path()), "--api-key", "test-key"});
        const QString base = serve.waitForUrl();
        QVERIFY(!base.isEmpty());
        const ClientRun client =
            runOpenaiScript(SMOLDESK_OPENAI_TOOLS_SCRIPT, base, "smollm3-tiny-tools", 150000);
        QVERIFY2(client.succeeded, client.err.constData());
        const QJsonObject& got = client.out;
        const QByteArray shown = QJsonDocument(got).toJson(QJsonDocument::Compact);
        qInfo("openai_tools.cjs: %s", shown.constData());
        QVERIFY2(got.value("plain").toInt() == 2 && got.value("streamed").toInt() == 2, shown.constData());
        QVERIFY2(got.value("finals").toInt() == 4 && got.value("named").toInt() == 1, shown.constData());
        const QJsonArray refused = got.value("refused").toArray();
        QCOMPARE(refused.size(), 4);
        const char* fields[] = {"tool_choice", "tool_choice.function.name", "tools[0].function.parameters",
                                "tools[0].function.name"};
        for (int i = 0; i < 4; ++i)
            QVERIFY2(refused.at(i).toString().startsWith("400") &&
                         refused.at(i).toString().contains(fields[i]),
                     qPrintable(refused.at(i).toString()));
    }

    // Images through the official client (openai_vision.cjs, tests/data/vision's tiny SmolVLM-shaped
    // text model and mmproj): the image adds its 20 positions and 13 marker tokens to the prompt;
    // remote URLs, broken base64 and bytes that are no image are 400s in one sentence; a model
    // without an mmproj refuses an image the same way.
    void openaiJavaScriptClientImages() {
        if (const QByteArray why = openaiClientMissing(); !why.isEmpty())
            SMOLDESK_SKIP_OR_FAIL(why.constData());
        const QString vision = QString::fromStdString(dataPath("vision"));
        ServeProcess serve({"-m", vision + "/smolvlm-text-tiny.gguf", "--mmproj",
                            vision + "/smolvlm-tiny-tiles-mmproj.gguf", "--api-key", "test-key"});
        const QString base = serve.waitForUrl();
        QVERIFY(!base.isEmpty());
        qputenv("SMOLDESK_TEST_IMAGE", (vision + "/wide-70x40.png").toLocal8Bit()); // the script reads it
        const ClientRun client =
            runOpenaiScript(SMOLDESK_OPENAI_VISION_SCRIPT, base, "smolvlm-text-tiny", 120000);
        QVERIFY2(client.succeeded, client.err.constData());
        const QJsonObject& got = client.out;
        const QByteArray shown = QJsonDocument(got).toJson(QJsonDocument::Compact);
        qInfo("openai_vision.cjs: %s", shown.constData());
        // 2x2 tiles and the overview of 4 positions each; markers: 4 x 2 row/column, one newline,
        // "\n\n" + <fake_token_around_image> + <global-img>, and the closing <fake_token_around_image>.
        QCOMPARE(got.value("withImage").toInt() - got.value("textOnly").toInt(), 20 + 13);
        QVERIFY2(got.value("followUp").toInt() > got.value("withImage").toInt(), shown.constData());
        const QJsonObject errors = got.value("errors").toObject();
        const auto expect = [&](const char* name, const char* words) {
            const QJsonObject e = errors.value(name).toObject();
            QVERIFY2(
                e.value("status").toInt() == 400 && e.value("message").toString().contains(words),
                qPrintable(QString::fromUtf8(name) + ": " + QJsonDocument(e).toJson(QJsonDocument::Compact)));
        };
        expect("remote", "does not fetch remote images");
        expect("badBase64", "base64 data is not valid");
        expect("notImage", "not an image SmolDesk can read");

        // A model without an mmproj (none next to the demo model) says it cannot see images.
        ServeProcess blind({"-m", QString::fromStdString(demoModelPath()), "--api-key", "test-key"});
        const QString blindBase = blind.waitForUrl();
        QVERIFY(!blindBase.isEmpty());
        QProcess curl;
        QFile image(vision + "/tiny-32.png");
        QVERIFY(image.open(QIODevice::ReadOnly));
        const QByteArray body =
            QByteArray(
                "{\"model\":\"stories260K\",\"max_tokens\":2,\"messages\":[{\"role\":\"user\",\"content\":[{"
                "\"type\":\"image_url\",\"image_url\":{\"url\":\"data:image/png;base64,") +
            image.readAll().toBase64() + "\"}}]}]}";
        curl.start("curl",
                   {"-s", "-H", "Authorization: Bearer test-key", "-H", "Content-Type: application/json",
                    "--data-binary", "@-", blindBase + "/chat/completions"});
        curl.write(body);
        curl.closeWriteChannel();
        QVERIFY(curl.waitForFinished(60000));
        const QByteArray answer = curl.readAllStandardOutput();
        QVERIFY2(answer.contains("This model cannot see images"), answer.constData());
    }
};

QTEST_GUILESS_MAIN(TestServerCli)
#include "test_server_cli.moc"
