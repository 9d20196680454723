// smoldesk-cli end to end: the commands a user types, their output and exit codes.
#include "program_run.h"
#include "gguf/file.h"
#include "gguf/writer.h"
#include "golden.h"
#include "require_all.h"
#include "test_data.h"
#include "tiny_model.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include <cstring>

using namespace smoldesk;

namespace {
using Result = test::ProgramRun;
Result cli(const QStringList& args, const QByteArray& input = {}, const QStringList& env = {}) {
    return test::runProgram(SMOLDESK_CLI, args, input, env);
}
QString data(const std::string& rel) {
    return QString::fromStdString(test::dataPath(rel));
}
QString demo() {
    return QString::fromStdString(test::demoModelPath());
}
} // namespace

class TestCli : public QObject {
    Q_OBJECT
  private slots:
    void inspect() {
        Result r = cli({"inspect", data("models/smollm3-tiny.gguf")});
        QCOMPARE(r.code, 0);
        for (const char* needle : {"architecture:  smollm3 (SmolLM3)", "block_count", "tokenizer:     llama",
                                   "chat template: absent", "tensors:       74", "Q4_K        48",
                                   "Q6_K         9", "8996416 bytes"})
            QVERIFY2(r.out.contains(needle), needle);
    }
    // The i-quant fixture through `dequantize`, read back with our GGUF reader: every tensor F32
    // and bit-identical to ggml's own dequantization (quant-blocks-iq-dequant.gguf), metadata kept.
    void dequantizeMatchesGgml() {
        const QString out = QString(SMOLDESK_TEST_TMP) + "/dequantized.gguf";
        Result r = cli({"dequantize", data("quant/quant-blocks-iq.gguf"), out});
        QVERIFY2(r.code == 0, r.err.constData());
        QVERIFY2(r.out.contains("13 of 14 tensors dequantized to F32"), r.out.constData());
        const auto got = gguf::File::open(out.toStdString());
        const auto want = gguf::File::open(test::dataPath("quant/quant-blocks-iq-dequant.gguf"));
        QCOMPARE(got->tensors().size(), want->tensors().size());
        for (const gguf::TensorInfo& w : want->tensors()) {
            const gguf::TensorInfo* g = got->findTensor(w.name);
            QVERIFY2(g, w.name.c_str());
            QCOMPARE(g->type, quant::Type::F32);
            QCOMPARE(g->ne, w.ne);
            QVERIFY2(std::memcmp(g->data, w.data, w.nBytes) == 0, w.name.c_str());
        }
        QVERIFY(got->has("quant_blocks.imatrix_rule")); // metadata copied
        QCOMPARE(got->getUInt("general.file_type").value_or(99), 0u);

        // A type SmolDesk cannot dequantize: one sentence, exit code 2, no output file left.
        test::TinyModelSpec spec;
        spec.edit = [](gguf::Writer& w) {
            w.addTensor("extra", quant::Type::Q1_0, {128}, std::vector<uint8_t>(18));
        };
        const QString bad = QString::fromStdString(test::writeTinyModel(spec, "cli_q1_0.gguf"));
        const QString badOut = QString(SMOLDESK_TEST_TMP) + "/q1_0-dequantized.gguf";
        r = cli({"dequantize", bad, badOut});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains("Tensor 'extra' has type Q1_0, which SmolDesk cannot dequantize."),
                 r.err.constData());
        QVERIFY(!QFile::exists(badOut) && !QFile::exists(badOut + ".part"));
    }

    void badFilesExitWithCode2AndOneSentence_data() {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QString>("needle");
        QTest::newRow("empty") << QByteArray() << "empty";
        QTest::newRow("not gguf") << QByteArray("hello world, not a model") << "not a GGUF file";
        QFile model(demo());
        QVERIFY(model.open(QIODevice::ReadOnly));
        QTest::newRow("truncated") << model.read(5000) << "truncated";
    }
    void badFilesExitWithCode2AndOneSentence() {
        QFETCH(QByteArray, bytes);
        QFETCH(QString, needle);
        std::string path = test::tmpPath("bad.gguf");
        test::writeBytes(path, std::vector<uint8_t>(bytes.begin(), bytes.end()));
        for (QStringList args : {QStringList{"inspect", QString::fromStdString(path)},
                                 QStringList{"run", "-m", QString::fromStdString(path), "-p", "x"}}) {
            Result r = cli(args);
            QCOMPARE(r.code, 2);
            QVERIFY2(r.err.contains(needle.toUtf8()), r.err.constData());
            QCOMPARE(r.err.count('\n'), 1);
        }
        Result missing = cli({"inspect", "/nonexistent.gguf"});
        QCOMPARE(missing.code, 2);
        QVERIFY(missing.err.contains("does not exist"));
    }
    void usageErrorsExitWithCode1() {
        QCOMPARE(cli({"frobnicate"}).code, 1);
        QCOMPARE(cli({"run", "-m", demo()}).code, 1);
        QCOMPARE(cli({"run", "-m", demo(), "-p", "x", "--temp", "hot"}).code, 1);
    }
    // Issue 39, defect 14: every command refuses an option it does not know, in one sentence and
    // with exit code 1, before it does any work (no model loaded, no file written).
    void unknownOptionsAreRefused_data() {
        QTest::addColumn<QStringList>("args");
        const QString tiny = data("models/smollm3-tiny.gguf");
        const QString tmp = QString(SMOLDESK_TEST_TMP);
        QFile config(tmp + "/bogus-mcp.json");
        QVERIFY(config.open(QIODevice::WriteOnly));
        config.write(R"({"mcpServers":{"x":{"command":"true"}}})");
        config.close();
        QFile context(tmp + "/bogus-context.json");
        QVERIFY(context.open(QIODevice::WriteOnly));
        context.write(R"({"messages":[]})");
        context.close();
        const QString out = tmp + "/bogus-output";
        QTest::newRow("inspect") << QStringList{"inspect", demo()};
        QTest::newRow("run") << QStringList{"run", "-m", demo(), "-p", "x", "-n", "1"};
        QTest::newRow("logits") << QStringList{"logits", "-m", tiny, "--tokens", "1", "-o", out};
        QTest::newRow("chat") << QStringList{"chat", "-m", demo()};
        QTest::newRow("chat remote") << QStringList{"chat", "--endpoint", "http://127.0.0.1:9", "--model",
                                                    "x"};
        QTest::newRow("serve") << QStringList{"serve", "-m", demo()};
        QTest::newRow("mcp") << QStringList{"mcp", "list", "--config", config.fileName()};
        QTest::newRow("bench") << QStringList{"bench", "-m", demo(), "-p", "8", "-n", "1", "-r", "1"};
        QTest::newRow("resume") << QStringList{"resume", "-m", demo(), "--history", "8", "--turn", "2"};
        QTest::newRow("synth") << QStringList{"synth", "-o", out, "--vocab", demo()};
        QTest::newRow("dequantize") << QStringList{"dequantize", demo(), out};
        QTest::newRow("selftest") << QStringList{"selftest"};
        QTest::newRow("tokenize") << QStringList{"tokenize", "-m", demo(), "hello"};
        QTest::newRow("detokenize") << QStringList{"detokenize", "-m", demo(), "1"};
        QTest::newRow("template") << QStringList{"template", "-m", tiny, "--context", context.fileName()};
    }
    void unknownOptionsAreRefused() {
        QFETCH(QStringList, args);
        const QString out = QString(SMOLDESK_TEST_TMP) + "/bogus-output";
        QFile::remove(out);
        Result r = cli(args + QStringList{"--bogus", "2"});
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains("Unknown option --bogus"), r.err.constData());
        QVERIFY2(r.err.count('\n') == 1, r.err.constData()); // one sentence: no device line, no load
        QVERIFY(r.out.isEmpty());
        QVERIFY(!QFile::exists(out));
    }
    // An option given twice is named as such, not as unknown.
    void repeatedOptionIsNamed() {
        Result r = cli({"run", "-m", demo(), "-p", "x", "--temp", "0", "--temp", "1"});
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains("Option --temp is given more than once."), r.err.constData());
    }
    void runStreamsTheGoldenStory() {
        Result r = cli({"run", "-m", demo(), "-p", "Once upon a time", "-n", "48", "--temp", "0", "-t", "2"});
        QCOMPARE(r.code, 0);
        QCOMPARE(QString::fromUtf8(r.out),
                 QString("Once upon a time, there was a little girl named Lily. She loved to play outside in "
                         "the park. One day, she saw a big, red ball. She wanted to play with it,\n"));
        QVERIFY(r.err.contains("tokens/s"));
    }
    // Issue 38: --spec on run, chat, bench and serve; a bad mode is refused in one sentence, and
    // so is a draft model with another vocabulary (serve too, where the worker loads the draft).
    void specOptionIsTakenEverywhere_data() {
        QTest::addColumn<QStringList>("args");
        QTest::newRow("run") << QStringList{"run", "-m", demo(), "-p", "x", "-n", "1"};
        QTest::newRow("chat") << QStringList{"chat", "-m", demo()};
        QTest::newRow("bench") << QStringList{"bench", "-m", demo(), "-f", demo(), "-n", "1", "-r", "1"};
        QTest::newRow("serve") << QStringList{"serve", "-m", demo()};
    }
    void specOptionIsTakenEverywhere() {
        QFETCH(QStringList, args);
        Result r = cli(args + QStringList{"--spec", "fast"});
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains("--spec takes off, ngram or auto, not 'fast'."), r.err.constData());
        QCOMPARE(r.err.count('\n'), 1);
        r = cli(args + QStringList{"--spec", "draft:" + data("models/llama-2-tiny-random.gguf")});
        QCOMPARE(r.code, 1);
        const QByteArray want = "The draft model has 32000 tokens but the model has 512; a "
                                "draft model needs the same vocabulary.";
        QVERIFY2(r.err.contains(want), r.err.constData());
    }
    // The same story with proposals verified, and the speed line says how many were accepted (the
    // prompt repeats itself, so that the n-gram statistics have something to propose from).
    void runWithSpeculationTellsTheSameStory() {
        const QString opening =
            "Once upon a time, there was a little girl. Once upon a time, there was a little";
        Result r = cli(
            {"run", "-m", demo(), "-p", opening, "-n", "48", "--temp", "0", "-t", "2", "--spec", "ngram"});
        QCOMPARE(r.code, 0);
        QCOMPARE(QString::fromUtf8(r.out),
                 opening +
                     " girl named Lily. She loved to play with her toys and her friends. One day, Lily's "
                     "mommy told her that they were going to the park to play with.\n");
        QVERIFY2(r.err.contains("proposals accepted"), r.err.constData());
        // The demo model as its own draft: the same story again.
        const QByteArray story = r.out;
        r = cli({"run", "-m", demo(), "-p", opening, "-n", "48", "--temp", "0", "-t", "2", "--spec",
                 "draft:" + demo()});
        QCOMPARE(r.code, 0);
        QCOMPARE(r.out, story);
        QVERIFY2(r.err.contains("proposals accepted"), r.err.constData());
        const QString prompt = QString(SMOLDESK_TEST_TMP) + "/spec-prompt.txt";
        QFile f(prompt);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("Lily and Ben. Lily and Ben went to the park. Lily and Ben");
        f.close();
        r = cli({"bench", "-m", demo(), "-f", prompt, "-n", "32", "-r", "1", "--spec", "ngram",
                 "--spec-ceiling", "-t", "2"});
        QCOMPARE(r.code, 0);
        QVERIFY2(r.out.contains("output with speculation: identical"), r.out.constData());
        QVERIFY2(r.out.contains("ceiling (all right, k=7)"), r.out.constData());
    }
    void logitsMatchTheGolden() {
        test::Golden g = test::loadGolden("smollm3-tiny-P1");
        QStringList ids;
        for (int32_t id : g.tokens) ids << QString::number(id);
        for (const char* mode : {"", "--one-by-one"}) {
            std::string out = test::tmpPath("p1.f32");
            QStringList args{"logits", "-m", data("models/smollm3-tiny.gguf"), "--tokens", ids.join(','),
                             "--all",  "-o", QString::fromStdString(out)};
            if (*mode) args << mode;
            Result r = cli(args);
            QCOMPARE(r.code, 0);
            auto d = test::compareLogits(test::readF32(out), g.logits, g.nVocab);
            QVERIFY2(d.meanAbs < 0.1 && d.minCosine > 0.997, d.describe().c_str());
        }
        std::string last = test::tmpPath("last.f32");
        QCOMPARE(cli({"logits", "-m", data("models/smollm3-tiny.gguf"), "--tokens", ids.join(','), "-o",
                      QString::fromStdString(last)})
                     .code,
                 0);
        QCOMPARE(test::readF32(last).size(), size_t(g.nVocab));
    }
    void chatStreamsAndKeepsContext() {
        Result r = cli({"chat", "-m", demo(), "-n", "8", "--temp", "0", "--system",
                        "Tell stories about a little girl, her dog and the big tree in the park."},
                       "Once upon a time\nThe end\n/exit\n");
        QCOMPARE(r.code, 0);
        // The demo file has no template and no ChatML tokens: it continues the text (as the app does).
        QVERIFY2(r.err.contains("continues your words"), r.err.constData());
        QVERIFY2(!r.err.contains("ChatML"), r.err.constData());
        // The second turn reuses the first turn's cached prefix.
        QRegularExpression reused("\\((\\d+) reused\\)");
        auto it = reused.globalMatch(QString::fromUtf8(r.err));
        QVERIFY(it.hasNext());
        QCOMPARE(it.next().captured(1).toInt(), 0);
        QVERIFY(it.hasNext());
        QVERIFY2(it.next().captured(1).toInt() > 20, r.err.constData());
        QCOMPARE(r.err.count("tokens at"), 2);
    }
    // A template-less model is never wrapped in ChatML: `chat`'s first answer is exactly `run`'s
    // continuation of the same words, whose tokens are llama.cpp's golden prompt.
    void chatContinuesATemplateLessModel() {
        Result chat = cli({"chat", "-m", demo(), "-n", "12", "--temp", "0"}, "Once upon a time\n/exit\n");
        QCOMPARE(chat.code, 0);
        Result run = cli({"run", "-m", demo(), "-p", "Once upon a time", "-n", "12", "--temp", "0"});
        QCOMPARE(run.code, 0);
        const QByteArray continuation = run.out.trimmed().mid(int(std::strlen("Once upon a time")));
        QVERIFY2(continuation.size() > 10, run.out.constData());
        QVERIFY2(chat.out.contains(continuation), (chat.out + " vs " + continuation).constData());
        QVERIFY(!chat.out.contains("im_start"));
    }
    // `chat --mcp`: the model's call goes to a real MCP server from npm (server-everything), after
    // the user's yes at the terminal; a no leaves the tool unrun and tells the model so.
    void chatCallsToolsThroughMcp() {
        const std::string server =
            test::npmPackageFile("@modelcontextprotocol/server-everything/dist/index.js");
        if (server.empty())
            SMOLDESK_SKIP_OR_FAIL(
                "@modelcontextprotocol/server-everything is not installed (packaging/install-deps.sh).");
        const QString node = QStandardPaths::findExecutable("node");
        if (node.isEmpty()) SMOLDESK_SKIP_OR_FAIL("node is not installed (packaging/install-deps.sh).");
        const std::string config = test::tmpPath("cli_mcp.json");
        const QJsonObject everything{{"command", node}, {"args", QJsonArray{QString::fromStdString(server)}}};
        QFile file(QString::fromStdString(config));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(
            QJsonDocument(QJsonObject{{"mcpServers", QJsonObject{{"everything", everything}}}}).toJson());
        file.close();
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString model =
            QString::fromStdString(test::writeTinyModelWithSmolLM3Template(dir.path().toStdString()));
        const QStringList args{"chat",
                               "-m",
                               model,
                               "--mcp",
                               QString::fromStdString(config),
                               "--tool-choice",
                               "get-sum",
                               "-n",
                               "200",
                               "--temp",
                               "1",
                               "--seed",
                               "3",
                               "--no-think",
                               "--ctx",
                               "8192"};
        // Yes: the server adds the two numbers the model chose, and the model reads the result.
        Result yes = cli(args, "What is 2 plus 3?\ny\n/exit\n");
        QVERIFY2(yes.code == 0, (yes.out + yes.err).constData());
        QRegularExpression call("\\[tool call\\] everything/get-sum (\\{.*\\})\n");
        const QRegularExpressionMatch m = call.match(QString::fromUtf8(yes.out));
        QVERIFY2(m.hasMatch(), (yes.out + yes.err).constData());
        const QJsonObject a = QJsonDocument::fromJson(m.captured(1).toUtf8()).object();
        QVERIFY2(a.contains("a") && a.contains("b"), qPrintable(m.captured(1)));
        const QString sum = QString::number(a.value("a").toDouble() + a.value("b").toDouble());
        QVERIFY2(yes.out.contains("[tool result] The sum of "), yes.out.constData());
        QVERIFY2(yes.out.contains(sum.toUtf8()), (yes.out + " / expected " + sum.toUtf8()).constData());
        QVERIFY2(yes.err.contains("Run the tool everything/get-sum with"), yes.err.constData());
        QCOMPARE(yes.err.count("tokens at"), 2); // the answer after the result
        // No: nothing runs, and the model reads why.
        Result no = cli(args, "What is 2 plus 3?\nn\n/exit\n");
        QVERIFY2(no.code == 0, (no.out + no.err).constData());
        QVERIFY2(no.out.contains("[tool result] The user did not allow this call."), no.out.constData());
        QVERIFY(!no.out.contains("The sum of"));
        // --yes without tools is refused with a sentence.
        Result bad = cli({"chat", "-m", demo(), "--yes"}, "/exit\n");
        QCOMPARE(bad.code, 1);
        QVERIFY2(bad.err.contains("needs --mcp"), bad.err.constData());
    }
    void tokenizeRoundTrip() {
        Result t = cli({"tokenize", "-m", demo(), "--bos", "--", "Once upon a time"});
        QCOMPARE(t.code, 0);
        QCOMPARE(t.out.trimmed(), QByteArray("1 403 407 261 378"));
        Result d = cli({"detokenize", "-m", demo(), "403", "407", "261", "378"});
        QCOMPARE(d.code, 0);
        QVERIFY(d.out.contains("Once upon a time"));
    }
    void gpuFallbackIsExplained() {
        // No Vulkan driver at all: the CPU runs the model and the reason is shown.
        Result r = cli({"run", "-m", demo(), "-p", "Once upon a time", "-n", "8", "--temp", "0"}, {},
                       {"VK_ICD_FILENAMES=/nonexistent.json", "VK_DRIVER_FILES=/nonexistent.json"});
        QCOMPARE(r.code, 0);
        QVERIFY2(r.err.contains("note: ") && r.err.contains("device: CPU"), r.err.constData());
        QVERIFY2(r.out.startsWith("Once upon a time, there was a little girl"), r.out.constData());
        // Auto never picks a CPU-type Vulkan device (lavapipe) by itself.
        Result autoPick = cli({"run", "-m", demo(), "-p", "Once", "-n", "2", "--temp", "0"});
        QVERIFY2(autoPick.err.contains("device: CPU"), autoPick.err.constData());
    }
    void vulkanBackendRunsTheGoldenStory() {
        Result r = cli(
            {"run", "-m", demo(), "-p", "Once upon a time", "-n", "48", "--temp", "0", "--backend", "vulkan"},
            {}, {"SMOLDESK_VK_DEVICE=llvmpipe"});
        if (r.err.contains("no driver") || r.err.contains("no Vulkan") || r.err.contains("no device"))
            SMOLDESK_SKIP_OR_FAIL(("no Vulkan device on this machine: " + r.err.trimmed()).constData());
        QCOMPARE(r.code, 0);
        QVERIFY2(r.err.contains("(Vulkan)"), r.err.constData());
        QCOMPARE(QString::fromUtf8(r.out),
                 QString("Once upon a time, there was a little girl named Lily. She loved to play outside in "
                         "the park. One day, she saw a big, red ball. She wanted to play with it,\n"));
    }
    void selftestChecksEveryKernelAndTheDemoModel() {
        // The CPU backend as the subject (the GPU runs are in test_vulkan_selftest): every row
        // passes, the JSON lists each kernel, and the demo model matches llama.cpp's logits.
        Result r = cli({"selftest", "--backend", "cpu", "--json"}, {}, {"SMOLDESK_SELFTEST_TYPES="});
        QVERIFY2(r.code == 0, r.err.constData());
        const QJsonObject o = QJsonDocument::fromJson(r.out).object();
        QVERIFY(o.value("passed").toBool());
        const QJsonArray rows = o.value("results").toArray();
        QVERIFY2(rows.size() > 150, qPrintable(QString::number(rows.size())));
        QStringList kernels;
        for (const auto& row : rows) kernels << row.toObject().value("kernel").toString();
        for (const char* k :
             {"Q6_K matrix-vector (1 token)", "Q4_K matrix-matrix (40 tokens)", "IQ4_XS embedding",
              "attention, decode at 300", "RoPE NeoX, YaRN factor 32 at 300",
              "Q4_K SwiGLU down projection (9 tokens)", "RMS norm, 3×2048"})
            QVERIFY2(kernels.contains(QString::fromUtf8(k)), k);
        QVERIFY(kernels.last().startsWith("stories260K logits against llama.cpp"));
        QVERIFY2(r.err.contains("0 failed"), r.err.constData());
    }
    void selftestCatchesAnInjectedFault() {
        Result r = cli({"selftest", "--backend", "cpu"}, {},
                       {"SMOLDESK_SELFTEST_FAULT=Q4_K matrix-vector (1 token)"});
        QCOMPARE(r.code, 4);
        QVERIFY2(r.out.contains("FAIL Q4_K matrix-vector (1 token)"), r.out.constData());
        QCOMPARE(r.out.count("FAIL"), 1);
        QVERIFY2(r.err.contains("The GPU driver computed wrong results for Q4_K matrix products"),
                 r.err.constData());
        // Without a driver the check says so in one sentence instead of testing the CPU.
        Result none = cli({"selftest"}, {},
                          {"VK_ICD_FILENAMES=/nonexistent.json", "VK_DRIVER_FILES=/nonexistent.json"});
        QCOMPARE(none.code, 4);
        QVERIFY2(none.err.startsWith("The Vulkan backend cannot run here: "), none.err.constData());
    }
    void benchJsonPairsEachDecodeRunWithABandwidthReading() {
        Result r =
            cli({"bench", "-m", data("models/smollm3-tiny.gguf"), "-p", "8", "-n", "8", "-r", "3", "--json"});
        QCOMPARE(r.code, 0);
        QJsonParseError error;
        const QJsonObject o = QJsonDocument::fromJson(r.out, &error).object();
        QVERIFY2(error.error == QJsonParseError::NoError, qPrintable(error.errorString()));
        QCOMPARE(o["decode_tokens_per_s_runs"].toArray().size(), 3);
        const QJsonArray bandwidth = o["bandwidth_gb_per_s_runs"].toArray();
        QCOMPARE(bandwidth.size(), 3);
        double best = 0;
        for (const auto& b : bandwidth) {
            QVERIFY(b.toDouble() > 0.1);
            best = std::max(best, b.toDouble());
        }
        // The fastest single pass is at least the fastest sustained reading.
        QVERIFY(o["bandwidth_best_pass_gb_per_s"].toDouble() >= best * 0.999);
        // Limit = median bandwidth ÷ bytes per decode token (weights, plus the KV cache read); a
        // dense model reads all of its weights.
        QCOMPARE(o["weight_bytes_per_token"].toDouble(), o["weight_bytes"].toDouble());
        const double bytesPerToken =
            o["weight_bytes_per_token"].toDouble() + o["kv_bytes_per_token"].toDouble() * (0 + 1 + 8 / 2.0);
        QVERIFY(qAbs(o["decode_limit_tokens_per_s"].toDouble() -
                     o["bandwidth_gb_per_s"].toDouble() * 1e9 / bytesPerToken) <
                1e-3 * o["decode_limit_tokens_per_s"].toDouble());
        const double pct = o["decode_pct_of_limit"].toDouble(),
                     pctBest = o["decode_pct_of_best_pass"].toDouble();
        // Every sustained reading is at most the fastest pass, so the share of it is the smaller.
        QVERIFY(pct > 0 && pctBest > 0 && pctBest <= pct * (1 + 1e-9));
        // The probe's 1 GiB buffer is allocated after the peak of the model's own runs is taken.
        QVERIFY(o["peak_rss_bytes"].toDouble() < 512e6);
    }
    // A mixture of experts reads its shared weights and its experts' share per token.
    void benchCountsTheExpertsShare() {
        const std::string model = test::dataPath("models/arch/qwen3moe-tiny-Q4_K_M.gguf");
        Result r =
            cli({"bench", "-m", QString::fromStdString(model), "-p", "4", "-n", "2", "-r", "1", "--json"});
        QCOMPARE(r.code, 0);
        const QJsonObject o = QJsonDocument::fromJson(r.out).object();
        const auto file = gguf::File::open(model);
        double all = 0, shared = 0, experts = 0;
        for (const auto& t : file->tensors()) {
            all += static_cast<double>(t.nBytes);
            (t.name.find("_exps.") != std::string::npos ? experts : shared) += static_cast<double>(t.nBytes);
        }
        QVERIFY(experts > 0);
        QCOMPARE(o["weight_bytes"].toDouble(), all);
        // 2 of 8 experts per token (the tiny model's expert_used_count / expert_count).
        QVERIFY(qAbs(o["weight_bytes_per_token"].toDouble() - (shared + experts * 2 / 8)) < 64);
    }
    void unsupportedArchitecture() {
        test::TinyModelSpec spec;
        spec.edit = [](gguf::Writer& w) {
            w.set("general.architecture", gguf::WriteValue::string("mamba2"));
        };
        Result r =
            cli({"run", "-m", QString::fromStdString(test::writeTinyModel(spec, "gemma.gguf")), "-p", "hi"});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains("Architecture 'mamba2' is not supported (supported: smollm3, llama, qwen2, "
                                "qwen3, gemma3, phi3, qwen3moe, gpt-oss)."),
                 r.err.constData());
    }
};

QTEST_GUILESS_MAIN(TestCli)
#include "test_cli.moc"
